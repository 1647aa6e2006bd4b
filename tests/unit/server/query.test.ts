import { describe, expect, it, beforeAll } from 'vitest';
import { compileQuery, parseQuery, compileSort, compileFilters, parseParams, ALERT_FIELDS } from '../../../server/query.ts';
import { ApiError } from '../../../server/errors.ts';
import { makeCtx, send } from './helpers.ts';
import type { AppContext } from '../../../server/context.ts';

let ctx: AppContext;

/** Resource/event pairs matching a q= query, sorted. */
function match(q: string): string[] {
  const f = compileQuery(q);
  return (ctx.db.prepare(`SELECT resource || '/' || event AS k FROM alerts WHERE ${f.sql} ORDER BY k`).all(...f.params) as { k: string }[]).map((r) => r.k);
}

beforeAll(() => {
  ctx = makeCtx();
  send(ctx, { resource: 'web01', event: 'HighCPU', severity: 'critical', text: 'CPU at 97% on web01', tags: ['watch:alice', 'dc1'], attributes: { region: 'eu-west-1' }, service: ['Web', 'Platform'] });
  send(ctx, { resource: 'web010', event: 'DiskFull', severity: 'major', text: 'Disk full on web010', tags: ['dc2'], attributes: { region: 'us-east-1' } });
  send(ctx, { resource: 'db01', event: 'ReplicationLag', severity: 'warning', environment: 'Development', text: 'Lag 95s', service: ['Database'] });
  send(ctx, { resource: 'db02', event: 'SlowQuery', severity: 'minor', text: 'Slow query (2.3s)', group: 'Performance', timeout: 600 });
});

describe('q= query language', () => {
  it('field:word matches contains, case-insensitive, like the real server (ILIKE %word%)', () => {
    expect(match('resource:web01')).toEqual(['web01/HighCPU', 'web010/DiskFull']);
    expect(match('event:highcpu')).toEqual(['web01/HighCPU']);
  });

  it('field:"phrase" matches the exact value', () => {
    expect(match('resource:"web01"')).toEqual(['web01/HighCPU']);
  });

  it('a bare word or phrase searches the text field', () => {
    expect(match('DiskFull')).toEqual([]);
    expect(match('disk')).toEqual(['web010/DiskFull']);
    expect(match('"slow query (2.3s)"')).toEqual(['db02/SlowQuery']);
  });

  it('AND, OR, NOT with parentheses and the symbolic forms', () => {
    expect(match('severity:critical AND environment:Production')).toEqual(['web01/HighCPU']);
    expect(match('severity:critical && environment:Development')).toEqual([]);
    expect(match('resource:db01 OR resource:db02')).toEqual(['db01/ReplicationLag', 'db02/SlowQuery']);
    expect(match('resource:db01 || event:HighCPU')).toEqual(['db01/ReplicationLag', 'web01/HighCPU']);
    expect(match('NOT environment:Production')).toEqual(['db01/ReplicationLag']);
    expect(match('!environment:Production')).toEqual(['db01/ReplicationLag']);
    expect(match('(resource:web01 OR resource:db02) AND NOT severity:major')).toEqual(['db02/SlowQuery', 'web01/HighCPU']);
  });

  it('adjacent terms are OR-ed, like the real grammar', () => {
    expect(match('resource:db01 resource:db02')).toEqual(['db01/ReplicationLag', 'db02/SlowQuery']);
  });

  it('-term excludes and +term requires', () => {
    expect(match('resource:web -event:DiskFull')).toContain('web01/HighCPU');
    expect(match('+resource:db02')).toEqual(['db02/SlowQuery']);
  });

  it('tags:"watch:alice" finds alerts watched by alice (the console watch filter)', () => {
    expect(match('tags:"watch:alice"')).toEqual(['web01/HighCPU']);
    expect(match('tags:"watch:bob"')).toEqual([]);
  });

  it('wildcards and /regex/ work, also on list fields (a 500 on the real server)', () => {
    expect(match('resource:web0?')).toEqual(['web01/HighCPU', 'web010/DiskFull']);
    expect(match('tags:watch*')).toEqual(['web01/HighCPU']);
    expect(match('resource:/^db0[12]$/')).toEqual(['db01/ReplicationLag', 'db02/SlowQuery']);
    expect(match('service:Database')).toEqual(['db01/ReplicationLag']);
  });

  it('field:(a OR b) applies the field to the sub-query', () => {
    expect(match('resource:("db01" OR "db02")')).toEqual(['db01/ReplicationLag', 'db02/SlowQuery']);
  });

  it('ranges and one-sided comparisons on numbers', () => {
    expect(match('timeout:[0 TO 1000]')).toEqual(['db02/SlowQuery']);
    expect(match('timeout:{600 TO *]')).toEqual(['db01/ReplicationLag', 'web01/HighCPU', 'web010/DiskFull']);
    expect(match('timeout:<=600')).toEqual(['db02/SlowQuery']);
  });

  it('attributes by attributes.name, the Alerta _.name form, the console _name form, and _exists_', () => {
    expect(match('attributes.region:eu')).toEqual(['web01/HighCPU']);
    expect(match('_.region:"us-east-1"')).toEqual(['web010/DiskFull']);
    expect(match('_region:"us-east-1"')).toEqual(['web010/DiskFull']);
    expect(match('_exists_:region')).toEqual(['web01/HighCPU', 'web010/DiskFull']);
  });

  it('wildcards, regular expressions and ranges work on attributes too (their parameters were out of order)', () => {
    expect(match('attributes.region:eu*')).toEqual(['web01/HighCPU']);
    expect(match('_region:/^us-/')).toEqual(['web010/DiskFull']);
    expect(match('_region:[a TO f]')).toEqual(['web01/HighCPU']);
    expect(match('_region:{eu-west-1 TO *]')).toEqual(['web010/DiskFull']);
    expect(match('_region:>=u')).toEqual(['web010/DiskFull']);
  });

  it('group and camelCase fields map to their columns', () => {
    expect(match('group:Performance')).toEqual(['db02/SlowQuery']);
    expect(match('previousSeverity:indeterminate AND trendIndication:moreSevere')).toHaveLength(4);
  });

  it('LIKE wildcards in user text are literal', () => {
    expect(match('text:"_"')).toEqual([]);
    expect(match('text:"%"')).toEqual(['web01/HighCPU']);
    expect(match('text:97%')).toEqual(['web01/HighCPU']);
  });

  it.each(['resource:(', '(a OR b', 'a AND', '"unterminated', 'timeout:[1 TO', 'nosuchfield:x', 'timeout:abc', 'resource:/[/'])(
    'refuses %s with 400 "Failed to parse query string."',
    (q) => {
      try {
        compileQuery(q);
        expect.unreachable(`${q} should not parse`);
      } catch (e) {
        expect(e).toBeInstanceOf(ApiError);
        expect((e as ApiError).code).toBe(400);
        expect((e as ApiError).message).toBe('Failed to parse query string.');
        expect(Array.isArray((e as ApiError).errors)).toBe(true);
      }
    },
  );

  it('parses precedence: AND binds tighter than OR', () => {
    expect(JSON.stringify(parseQuery('a OR b AND c'))).toContain('"t":"or"');
    const ast = parseQuery('a OR b AND c') as { t: string; r: { t: string } };
    expect(ast.t).toBe('or');
    expect(ast.r.t).toBe('and');
  });
});

describe('sort-by', () => {
  it('uses each field natural direction and - to reverse', () => {
    expect(compileSort(['severity', 'lastReceiveTime'], ALERT_FIELDS).sql).toBe('severity_code ASC, last_receive_time DESC');
    expect(compileSort(['-createTime'], ALERT_FIELDS).sql).toBe('create_time ASC');
    expect(compileSort(['-resource'], ALERT_FIELDS).sql).toBe('resource DESC');
  });

  it('refuses an unknown sort key with 400', () => {
    expect(() => compileSort(['timeoutLeft'], ALERT_FIELDS)).toThrow("Sorting by 'timeoutLeft' field not supported.");
  });
});

describe('URL filters on attributes', () => {
  it('attributes.x=~a&attributes.x=b matches any of the values (its parameters were out of order, a 500)', () => {
    const f = compileFilters(parseParams('attributes.region=~EU-WEST&attributes.region=us-east-1'), ALERT_FIELDS, new Set());
    const rows = ctx.db.prepare(`SELECT resource FROM alerts WHERE ${f[0]!.sql} ORDER BY resource`).all(...f[0]!.params) as { resource: string }[];
    expect(rows.map((r) => r.resource)).toEqual(['web01', 'web010']);
  });
});

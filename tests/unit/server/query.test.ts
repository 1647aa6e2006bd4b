import { describe, expect, it, beforeAll } from 'vitest';
import { compileQuery, compileSort, compileFilters, parseParams, ALERT_FIELDS } from '../../../server/query.ts';
import { ApiError } from '../../../server/errors.ts';
import { exactTerm, excludeTerm } from '../../../src/core/query-values.ts';
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

/** The answer a q= gets: the matching resource/event pairs, or the error the server sends. */
function answer(q: string): string[] | { code: number; errors: unknown } {
  try {
    return match(q);
  } catch (e) {
    if (e instanceof ApiError) return { code: e.code, errors: e.errors };
    throw e;
  }
}

describe('q= answers as Alerta 9.1.0 answers (checked against the real server)', () => {
  it('field:word is ILIKE %word%: contains, any case, and % and _ are wildcards', () => {
    expect(match('resource:web01')).toEqual(['web01/HighCPU', 'web010/DiskFull']);
    expect(match('event:highcpu')).toEqual(['web01/HighCPU']);
    expect(match('text:97%')).toEqual(['web01/HighCPU']);
    expect(match('text:C_U')).toEqual(['web01/HighCPU']);
  });

  it('field:"phrase" is a case-insensitive regular expression between word boundaries', () => {
    expect(match('resource:"web01"')).toEqual(['web01/HighCPU']);
    expect(match('resource:"WEB01"')).toEqual(['web01/HighCPU']);
    expect(match('text:"on web01"')).toEqual(['web01/HighCPU']);
    // its regex characters are live: (2.3s) is a group, so the parentheses themselves are not matched
    expect(match('"slow query (2.3s)"')).toEqual([]);
    expect(match('"slow query \\(2\\.3s"')).toEqual(['db02/SlowQuery']);
    // a phrase ending in punctuation never matches: the word boundary after it needs a word character
    expect(match('"slow query \\(2\\.3s\\)"')).toEqual([]);
  });

  it('a word or phrase on service, tags or correlate is an exact element match', () => {
    expect(match('tags:"watch:alice"')).toEqual(['web01/HighCPU']);
    expect(match('tags:dc1')).toEqual(['web01/HighCPU']);
    expect(match('tags:dc')).toEqual([]);
    expect(match('service:Database')).toEqual(['db01/ReplicationLag']);
  });

  it('AND binds tighter than OR, a flat chain keeps its first two operands, OR NOT is AND NOT', () => {
    expect(match('severity:critical AND environment:Production')).toEqual(['web01/HighCPU']);
    expect(match('resource:db01 || event:HighCPU')).toEqual(['db01/ReplicationLag', 'web01/HighCPU']);
    expect(match('resource:db01 OR resource:db02 OR resource:web01')).toEqual(['db01/ReplicationLag', 'db02/SlowQuery']);
    expect(match('resource:db01 resource:db02 resource:web01')).toEqual(['db01/ReplicationLag', 'db02/SlowQuery']);
    expect(match('(resource:db01 OR resource:db02) OR resource:web01')).toHaveLength(4);
    expect(match('resource:db OR NOT severity:minor')).toEqual(['db01/ReplicationLag']);
    expect(match('NOT environment:Production')).toEqual(['db01/ReplicationLag']);
    expect(match('!environment:Production')).toEqual(['db01/ReplicationLag']);
  });

  it('the rest after what the parser can read is ignored', () => {
    expect(match('resource:db01)')).toEqual(['db01/ReplicationLag']);
    expect(match('resource:db01 "unclosed')).toEqual(['db01/ReplicationLag']);
    expect(match('resource:db01 café')).toEqual(['db01/ReplicationLag']);
  });

  it('wildcards are lower-case [a-z0-9] around one * or ?, between word boundaries', () => {
    expect(match('resource:web0?')).toEqual(['web01/HighCPU']);
    expect(match('resource:web*')).toEqual(['web01/HighCPU', 'web010/DiskFull']);
    // Web* is the word Web OR a bare * (everything)
    expect(match('resource:Web*')).toHaveLength(4);
  });

  it('ranges compare in the column type; attributes by _.name and attributes.name; _exists_', () => {
    expect(match('timeout:[0 TO 1000]')).toEqual(['db02/SlowQuery']);
    expect(match('timeout:{600 TO *]')).toEqual(['db01/ReplicationLag', 'web01/HighCPU', 'web010/DiskFull']);
    expect(match('timeout:<=600')).toEqual(['db02/SlowQuery']);
    expect(match('create_time:>2000-01-01')).toHaveLength(4);
    expect(match('create_time:<Jan-01-2000')).toEqual([]);
    expect(match('repeat:[f TO t]')).toHaveLength(4);
    expect(match('attributes.region:eu')).toEqual(['web01/HighCPU']);
    expect(match('_.region:"us-east-1"')).toEqual(['web010/DiskFull']);
    expect(match('_.region:(eu OR us)')).toEqual(['web01/HighCPU', 'web010/DiskFull']);
    expect(match('_exists_:region')).toEqual(['web01/HighCPU', 'web010/DiskFull']);
  });

  it.each([
    ['resource:(', "Expected ['OR' | '||'] term, found end of text  (at char 10), (line:1, col:11)"],
    ['"unterminated', 'Expected [\'OR\' | \'||\'] term, found \'"\'  (at char 0), (line:1, col:1)'],
    ['(a OR b', "Expected ['OR' | '||'] term, found end of text  (at char 7), (line:1, col:8)"],
    ['x:""', "Search term did not match query syntax: ['x', '']  (at char 0), (line:1, col:1)"],
  ])('refuses %s with 400 "Failed to parse query string." and pyparsing\'s message', (q, message) => {
    expect(answer(q)).toEqual({ code: 400, errors: [[`pyparsing.exceptions.ParseException: ${message}\n`]] });
  });

  it.each([
    ['createTime:x', 'column "createTime" does not exist'],
    ['_region:x', 'column "_region" does not exist'],
    ['_.region:eu*', 'column "_" does not exist'],
    ['tags:watch*', 'operator does not exist: text[] ~* unknown'],
    ['timeout:abc', 'operator does not exist: integer ~~* unknown'],
    ['timeout:[a TO b]', 'invalid input syntax for type integer: "a"'],
    ['timeout:>99999999999', 'value "99999999999" is out of range for type integer'],
    ['tags:[a TO b]', 'malformed array literal: "a"'],
    ['repeat:>=o', 'invalid input syntax for type boolean: "o"'],
    ['create_time:>xyz', 'invalid input syntax for type timestamp: "xyz"'],
    ['attributes.tags:x', 'op ANY/ALL (array) requires array on right side'],
    ['timeout.x:y', 'cannot cast type integer to jsonb'],
    ['resource.x:y', 'invalid input syntax for type json'],
    ['-event:DiskFull', 'operator does not exist: - text'],
    ['+_exists_:x', 'operator does not exist: + jsonb'],
    ['-tags:x', 'operator is not unique: - unknown'],
    ['-timeout:>5', 'operator does not exist: - boolean'],
    ['resource:/[/', 'invalid regular expression: brackets [] not balanced'],
    ['resource:"a(b"', 'invalid regular expression: parentheses () not balanced'],
  ])('answers %s with 400 and the database message the real server sends with its 500', (q, message) => {
    expect(answer(q)).toEqual({ code: 400, errors: [`${message}\n`] });
  });

  it('nesting past Python recursion limit (a 500 on the real server) is a 400 with its message', () => {
    expect(answer(`${'('.repeat(12)}resource:db01${')'.repeat(12)}`)).toEqual(['db01/ReplicationLag']);
    expect(answer(`${'('.repeat(13)}resource:db01${')'.repeat(13)}`)).toEqual({ code: 400, errors: ['maximum recursion depth exceeded\n'] });
  });
});

describe('exact terms (src/core/query-values.ts) find exactly their value', () => {
  it.each([
    ['resource', 'web01'],
    ['resource', 'db02'],
    ['text', 'CPU at 97% on web01'],
    ['text', 'Slow query (2.3s)'],
    ['text', 'Lag 95s'],
    ['_.region', 'eu-west-1'],
    ['tags', 'watch:alice'],
    ['service', 'Platform'],
    ['group', 'Performance'],
  ])('%s = %s', (field, value) => {
    const term = exactTerm(field, value);
    expect(term).not.toBeNull();
    const rows = match(term!);
    expect(rows).toHaveLength(1);
  });

  it('a value with quotes, backslashes, tabs and brackets, and its NOT', () => {
    send(ctx, { resource: 'odd"\\t[x]', event: 'Odd', severity: 'minor', text: '(a) "b" \\n\tc.' });
    expect(match(exactTerm('resource', 'odd"\\t[x]')!)).toEqual(['odd"\\t[x]/Odd']);
    expect(match(exactTerm('text', '(a) "b" \\n\tc.')!)).toEqual(['odd"\\t[x]/Odd']);
    expect(match(excludeTerm('resource', 'odd"\\t[x]')!)).not.toContain('odd"\\t[x]/Odd');
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

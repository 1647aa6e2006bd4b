import { describe, expect, it } from 'vitest';
import {
  countParams,
  indicatorHighestSeverity,
  indicatorPairs,
  indicatorSeverityCounts,
} from '../../../src/core/indicators.ts';
import type { IndicatorQuery } from '../../../src/core/types.ts';

describe('countParams: the three accepted query forms (list of pairs, object, query string)', () => {
  it('list of pairs', () => {
    expect(countParams([['environment', 'Production']]).toString()).toBe('environment=Production');
    expect(countParams([['environment', 'Production']], [['status', 'open']]).toString()).toBe(
      'environment=Production&status=open',
    );
  });

  it('object', () => {
    expect(countParams({ q: 'event:Heartbeat' }).toString()).toBe('q=event%3AHeartbeat');
    expect(countParams({ service: ['Web', 'App'], environment: 'Production' }).toString()).toBe(
      'service=Web&service=App&environment=Production',
    );
  });

  it('query string', () => {
    expect(countParams('group=Misc').toString()).toBe('group=Misc');
    expect(countParams('?q=resource:web01&status=open&status=ack').getAll('status')).toEqual(['open', 'ack']);
    expect(countParams('q=a%20b+c').get('q')).toBe('a b c');
  });

  it('the open-status companion request adds status=open last', () => {
    expect(countParams('group=Misc', [['status', 'open']]).toString()).toBe('group=Misc&status=open');
  });

  it('tolerates malformed config without throwing', () => {
    const bad = [['ok', 'x'], 'junk', [1, 2], ['n', 5], ['nil', null]] as unknown as IndicatorQuery;
    expect(countParams(bad).toString()).toBe('ok=x&n=5');
    expect(countParams({ a: null, b: { c: 1 } } as unknown as IndicatorQuery).toString()).toBe('');
    expect(countParams('').toString()).toBe('');
    expect(indicatorPairs(null)).toEqual([]);
  });
});

describe('indicatorSeverityCounts', () => {
  const severities = ['critical', 'major', 'minor', 'warning', 'indeterminate', 'informational'];

  it('one tile per configured severity, in order, zero where the sparse map has none', () => {
    expect(indicatorSeverityCounts(severities, { major: 5, critical: 9, normal: 4 })).toEqual([
      { severity: 'critical', count: 9 },
      { severity: 'major', count: 5 },
      { severity: 'minor', count: 0 },
      { severity: 'warning', count: 0 },
      { severity: 'indeterminate', count: 0 },
      { severity: 'informational', count: 0 },
    ]);
  });

  it('treats missing or bad counts as zero', () => {
    expect(indicatorSeverityCounts(['critical'], undefined)).toEqual([{ severity: 'critical', count: 0 }]);
    expect(indicatorSeverityCounts(['critical'], { critical: Number.NaN })).toEqual([{ severity: 'critical', count: 0 }]);
  });
});

describe('indicatorHighestSeverity', () => {
  const codes = { critical: 1, major: 2, minor: 3, warning: 4 };

  it('is the most severe severity that has alerts', () => {
    expect(indicatorHighestSeverity(['warning', 'major', 'critical'], { warning: 3, major: 1 }, codes)).toBe('major');
    expect(indicatorHighestSeverity(['warning', 'critical'], { critical: 2, warning: 3 }, codes)).toBe('critical');
  });

  it('is null when nothing is counted', () => {
    expect(indicatorHighestSeverity(['critical'], {}, codes)).toBeNull();
  });

  it('ranks severities unknown to the alarm model last', () => {
    expect(indicatorHighestSeverity(['custom', 'minor'], { custom: 4, minor: 1 }, codes)).toBe('minor');
    expect(indicatorHighestSeverity(['custom'], { custom: 4 }, codes)).toBe('custom');
  });
});

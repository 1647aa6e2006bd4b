import { describe, expect, it } from 'vitest';
import { TIME_RANGES, customRange, presetOf, resolveRange } from '../../../src/core/date-range.ts';

const NOW = new Date('2024-01-15T10:50:00.000Z');

describe('TIME_RANGES', () => {
  it('offers Latest, 1 hour, 6 hours, 12 hours and a custom range, in that order', () => {
    expect(TIME_RANGES.map((r) => [r.id, r.labelKey, r.range])).toEqual([
      ['latest', 'Latest', [null, null]],
      ['1h', 'Hour', [-3600, null]],
      ['6h', 'SixHours', [-21600, null]],
      ['12h', 'TwelveHours', [-43200, null]],
      ['custom', 'SelectRange', [0, 0]],
    ]);
  });
});

describe('presetOf', () => {
  it('recognises each preset', () => {
    expect(presetOf([null, null])).toBe('latest');
    expect(presetOf([-3600, null])).toBe('1h');
    expect(presetOf([-21600, null])).toBe('6h');
    expect(presetOf([-43200, null])).toBe('12h');
  });

  it('anything else is custom, including the pick-dates state and other offsets', () => {
    expect(presetOf([0, 0])).toBe('custom');
    expect(presetOf([1705312200, 1705398600])).toBe('custom');
    expect(presetOf([-7200, null])).toBe('custom');
    expect(presetOf([-3600, 1705398600])).toBe('custom');
  });
});

describe('resolveRange', () => {
  it('absolute epoch seconds become ISO-8601 UTC with milliseconds', () => {
    expect(resolveRange([1705312200, 1705398600], NOW)).toEqual({
      from: '2024-01-15T09:50:00.000Z',
      to: '2024-01-16T09:50:00.000Z',
    });
  });

  it('negative values are offsets before now, recomputed for each now', () => {
    expect(resolveRange([-3600, null], NOW)).toEqual({ from: '2024-01-15T09:50:00.000Z', to: null });
    expect(resolveRange([-3600, null], new Date('2024-01-15T10:50:05.000Z')).from).toBe('2024-01-15T09:50:05.000Z');
    expect(resolveRange([-43200, -60], NOW)).toEqual({
      from: '2024-01-14T22:50:00.000Z',
      to: '2024-01-15T10:49:00.000Z',
    });
  });

  it('null and 0 bounds are open', () => {
    expect(resolveRange([null, null], NOW)).toEqual({ from: null, to: null });
    expect(resolveRange([0, 0], NOW)).toEqual({ from: null, to: null });
  });

  it('values no date can hold are treated as open rather than throwing', () => {
    expect(resolveRange([Number.NaN, 1e20], NOW)).toEqual({ from: null, to: null });
    expect(resolveRange([Number.POSITIVE_INFINITY, null], NOW)).toEqual({ from: null, to: null });
  });
});

describe('customRange', () => {
  it('stores picked dates as whole epoch seconds', () => {
    expect(customRange(new Date('2024-01-15T09:50:00.900Z'), new Date('2024-01-16T09:50:00.000Z'))).toEqual([
      1705312200, 1705398600,
    ]);
  });

  it('leaves a missing or invalid date open', () => {
    expect(customRange(null, new Date('nope'))).toEqual([null, null]);
  });

  it('round-trips through resolveRange', () => {
    const range = customRange(new Date('2024-03-01T00:00:00.000Z'), new Date('2024-03-02T12:00:00.000Z'));
    expect(resolveRange(range, NOW)).toEqual({ from: '2024-03-01T00:00:00.000Z', to: '2024-03-02T12:00:00.000Z' });
  });
});

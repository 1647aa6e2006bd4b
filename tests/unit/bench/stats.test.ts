import { describe, expect, it } from 'vitest';
import { growthPct, median, round, summarize } from '../../../tests/bench/stats.ts';

describe('bench statistics', () => {
  it('takes the middle sample of an odd count, whatever the order', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([3])).toBe(3);
  });

  it('averages the two middle samples of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('summarises samples as median, min, max and the number of runs', () => {
    expect(summarize([12.345, 10.001, 30.5, 11.2, 10.5])).toEqual({ median: 11.2, min: 10, max: 30.5, runs: 5 });
  });

  it('rounds to the decimals asked for, counts to whole numbers', () => {
    expect(summarize([1.26, 1.24, 1.25], 1)).toEqual({ median: 1.3, min: 1.2, max: 1.3, runs: 3 });
    expect(summarize([0, 2, 1], 0)).toEqual({ median: 1, min: 0, max: 2, runs: 3 });
  });

  it('leaves out samples a phase could not measure instead of reporting NaN', () => {
    expect(summarize([Number.NaN, 4, Number.POSITIVE_INFINITY, 6])).toEqual({ median: 5, min: 4, max: 6, runs: 2 });
    expect(summarize([Number.NaN])).toBeNull();
    expect(summarize([])).toBeNull();
    expect(median([])).toBeNaN();
  });

  it('reports growth in percent, negative when the heap shrank', () => {
    expect(growthPct(100, 104)).toBe(4);
    expect(growthPct(200, 190)).toBe(-5);
    expect(growthPct(0, 10)).toBeNaN();
  });

  it('never reports a negative zero', () => {
    expect(Object.is(round(-0.0001), 0)).toBe(true);
  });
});

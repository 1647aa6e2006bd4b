import { describe, expect, it } from 'vitest';
import { backoffDelay, retryCeilingMs } from '../../../src/core/backoff.ts';

const opts = { baseMs: 5000, capMs: 60_000, minMs: 5000 };

describe('backoffDelay', () => {
  it('the first retry waits exactly the refresh interval when base equals min', () => {
    expect(backoffDelay(0, { ...opts, random: () => 0 })).toBe(5000);
    expect(backoffDelay(0, { ...opts, random: () => 0.999 })).toBe(5000);
  });

  it('the ceiling doubles with each attempt (full jitter up to it)', () => {
    const top = (attempt: number) => backoffDelay(attempt, { ...opts, random: () => 1 });
    expect([top(0), top(1), top(2), top(3)]).toEqual([5000, 10_000, 20_000, 40_000]);
  });

  it('the ceiling stops at the cap', () => {
    expect(backoffDelay(4, { ...opts, random: () => 1 })).toBe(60_000);
    expect(backoffDelay(50, { ...opts, random: () => 1 })).toBe(60_000);
    expect(backoffDelay(5000, { ...opts, random: () => 1 })).toBe(60_000);
  });

  it('jitter spreads delays uniformly between the minimum and the ceiling', () => {
    expect(backoffDelay(2, { ...opts, random: () => 0.5 })).toBe(12_500);
    expect(backoffDelay(2, { ...opts, random: () => 0 })).toBe(5000);
  });

  it('never goes below the minimum, even when base or cap are smaller', () => {
    expect(backoffDelay(0, { baseMs: 100, capMs: 200, minMs: 5000, random: () => 0.7 })).toBe(5000);
    for (let attempt = 0; attempt < 20; attempt++) {
      for (const r of [0, 0.1, 0.5, 0.9, 0.999999]) {
        const d = backoffDelay(attempt, { ...opts, random: () => r });
        expect(d).toBeGreaterThanOrEqual(5000);
        expect(d).toBeLessThanOrEqual(Math.min(60_000, 5000 * 2 ** attempt));
      }
    }
  });

  it('uses Math.random by default and stays in range', () => {
    for (let i = 0; i < 200; i++) {
      const d = backoffDelay(3, opts);
      expect(d).toBeGreaterThanOrEqual(5000);
      expect(d).toBeLessThanOrEqual(40_000);
    }
  });

  it('clamps nonsense instead of throwing', () => {
    expect(backoffDelay(-3, { ...opts, random: () => 1 })).toBe(5000);
    expect(backoffDelay(Number.NaN, { ...opts, random: () => 1 })).toBe(5000);
    expect(backoffDelay(1, { ...opts, random: () => 7 })).toBe(10_000);
    expect(backoffDelay(1, { ...opts, random: () => Number.NaN })).toBe(5000);
    expect(backoffDelay(1, { baseMs: Number.NaN, capMs: Number.NaN, minMs: 1000, random: () => 1 })).toBe(2000);
  });
});

describe('retryCeilingMs: the longest wait between retries while the API is silent', () => {
  it('at the default 5 s interval it is 15 s, not a minute', () => {
    expect(retryCeilingMs(5000)).toBe(15_000);
  });

  it('is three intervals, within 15 s and 60 s', () => {
    expect(retryCeilingMs(1000)).toBe(15_000);
    expect(retryCeilingMs(10_000)).toBe(30_000);
    expect(retryCeilingMs(20_000)).toBe(60_000);
    expect(retryCeilingMs(45_000)).toBe(60_000);
  });

  it('never below the interval itself, and sane for bad input', () => {
    expect(retryCeilingMs(120_000)).toBe(120_000);
    expect(retryCeilingMs(Number.NaN)).toBe(15_000);
    expect(retryCeilingMs(-5)).toBe(15_000);
  });

  it('after a 30 s failover at the default interval, the next retry comes within 15 s of its end', () => {
    // the retries of the failover's 30 s, each at the longest wait: the last starts at most 15 s after the end
    let t = 0;
    for (let attempt = 0; t < 30_000; attempt++) t += backoffDelay(attempt, { baseMs: 5000, capMs: retryCeilingMs(5000), minMs: 5000, random: () => 0.9999 });
    expect(t - 30_000).toBeLessThanOrEqual(15_000);
  });
});

import { describe, expect, it } from 'vitest';
import { effectiveFreshness, liveLimitMs, pollTimeoutMs } from '../../../src/core/freshness.ts';

describe('poll timeouts and the live limit', () => {
  it('a poll may take a few seconds past the interval, never less than 8 s', () => {
    expect(pollTimeoutMs(5_000)).toBe(10_000);
    expect(pollTimeoutMs(60_000)).toBe(65_000);
    expect(pollTimeoutMs(1_000)).toBe(8_000);
    expect(pollTimeoutMs(Number.NaN)).toBe(8_000);
  });

  it('data is live for two intervals plus the timeout after the last good answer, then stale', () => {
    const t0 = 1_000_000;
    expect(liveLimitMs(5_000)).toBe(20_000);
    expect(effectiveFreshness('live', t0, t0 + 19_999, 5_000)).toBe('live');
    expect(effectiveFreshness('live', t0, t0 + 20_001, 5_000)).toBe('stale');
    expect(effectiveFreshness('live', null, t0, 5_000)).toBe('stale');
  });

  it('every other state is shown as the worker reported it', () => {
    for (const f of ['loading', 'stale', 'offline', 'signed-out'] as const) expect(effectiveFreshness(f, 0, 10 ** 12, 5_000)).toBe(f);
  });
});

import { describe, expect, it } from 'vitest';
import {
  CACHED_COPY_REFRESH_MS,
  cachedCopyDue,
  connectionProblem,
  effectiveFreshness,
  liveLimitMs,
  pollTimeoutMs,
  roughAgeSeconds,
  secondsUntil,
} from '../../../src/core/freshness.ts';

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

describe('when the offline copy of a view or an opened alert is written', () => {
  const t0 = Date.parse('2026-11-23T10:00:00Z');
  it('writes the first copy, and a copy whose alerts or counts changed', () => {
    expect(cachedCopyDue(false, null, t0)).toBe(true);
    expect(cachedCopyDue(true, t0, t0 + 1000)).toBe(true);
  });
  it('does not rewrite an unchanged view at every poll, but refreshes its age once a minute', () => {
    expect(CACHED_COPY_REFRESH_MS).toBe(60_000);
    expect(cachedCopyDue(false, t0, t0 + 1000)).toBe(false);
    expect(cachedCopyDue(false, t0, t0 + 59_999)).toBe(false);
    expect(cachedCopyDue(false, t0, t0 + 60_000)).toBe(true);
  });
  it('writes again when the clock went back (the last write seems to be in the future)', () => {
    expect(cachedCopyDue(false, t0, t0 - 5_000)).toBe(true);
  });
});

describe('the age on the freshness line', () => {
  it('is worded "just now" for 10 s, then in tens of seconds, then in whole minutes', () => {
    expect([0, 9, 10, 19, 20, 59, 60, 119, 120, 3599].map(roughAgeSeconds)).toEqual([0, 0, 10, 10, 20, 50, 60, 60, 120, 3540]);
  });
});

describe('what the freshness line says is wrong with the connection', () => {
  const silent = { kind: 'network' as const, message: 'No answer within 10 s', noAnswer: true };
  const refused = { kind: 'network' as const, message: 'Failed to fetch' };

  it('a silent API while the device is online is "not answering", not "offline"', () => {
    expect(connectionProblem('offline', silent, true)).toBe('not-answering');
    expect(connectionProblem('stale', silent, true)).toBe('not-answering');
  });

  it('a refused connection while the device is online is "unreachable"', () => {
    expect(connectionProblem('offline', refused, true)).toBe('unreachable');
  });

  it('only a device without a network is "offline"', () => {
    expect(connectionProblem('offline', silent, false)).toBe('offline');
    expect(connectionProblem('offline', refused, false)).toBe('offline');
  });

  it('a 5xx or an unreadable answer is a server error', () => {
    expect(connectionProblem('offline', { kind: 'http', message: 'Bad Gateway', code: 502 }, true)).toBe('server-error');
    expect(connectionProblem('offline', { kind: 'malformed', message: 'not JSON' }, true)).toBe('server-error');
  });

  it('live, loading, or stale after a refusal (4xx) is not a connection problem', () => {
    expect(connectionProblem('live', null, true)).toBeNull();
    expect(connectionProblem('loading', null, false)).toBeNull();
    expect(connectionProblem('stale', { kind: 'forbidden', message: 'Missing scope', code: 403 }, true)).toBeNull();
  });

  it('counts whole seconds down to the next attempt, never below zero', () => {
    expect(secondsUntil(10_500, 1000)).toBe(10);
    expect(secondsUntil(10_000, 1000)).toBe(9);
    expect(secondsUntil(500, 1000)).toBe(0);
    expect(secondsUntil(null, 1000)).toBeNull();
    expect(secondsUntil(undefined, 1000)).toBeNull();
  });
});

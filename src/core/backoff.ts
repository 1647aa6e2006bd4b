// Retry delays while the API is unreachable: exponential backoff with full jitter, so a fleet of consoles that lost
// the network together does not come back in lockstep, and never faster than the normal refresh interval.

export interface BackoffOptions {
  /** delay ceiling of the first retry (attempt 0) */
  baseMs: number;
  /** the ceiling never grows beyond this */
  capMs: number;
  /** never retry sooner than this (the refresh interval) */
  minMs: number;
  /** uniform in [0, 1); injectable for tests */
  random?: () => number;
}

function finiteOr(n: number, fallback: number): number {
  return Number.isFinite(n) ? n : fallback;
}

/**
 * Delay before retry number `attempt` (0 = first retry): uniform in [minMs, max(minMs, min(capMs, baseMs * 2^attempt))],
 * rounded to whole milliseconds. Bad inputs (NaN, negatives, a random() outside [0, 1)) are clamped, never thrown.
 */
export function backoffDelay(attempt: number, opts: BackoffOptions): number {
  const minMs = Math.max(0, finiteOr(opts.minMs, 0));
  const baseMs = Math.max(0, finiteOr(opts.baseMs, minMs));
  const capMs = Math.max(0, finiteOr(opts.capMs, Number.MAX_SAFE_INTEGER));
  const n = Math.max(0, Math.floor(finiteOr(attempt, 0)));
  // 2^n overflows to Infinity for large n; min() with the cap keeps the ceiling finite.
  const ceiling = Math.max(minMs, Math.min(capMs, baseMs * 2 ** Math.min(n, 1023)));
  const r = Math.min(Math.max(finiteOr((opts.random ?? Math.random)(), 0), 0), 1);
  return Math.round(minMs + r * (ceiling - minMs));
}

/** The slowest retry of a console with a short refresh interval: a 30 s failover is noticed within seconds of its end. */
export const RETRY_CEILING_MIN_MS = 15_000;
/** However long the interval, retries never wait longer than this (unless the interval itself is longer). */
export const RETRY_CEILING_MAX_MS = 60_000;
/** The ceiling is this many refresh intervals (within the two bounds above). */
export const RETRY_CEILING_INTERVALS = 3;

/**
 * The longest wait between two retries of the polls while the API does not answer: three refresh intervals, at
 * least 15 s and at most a minute (never less than the interval itself). At the default 5 s interval, 15 s: a console
 * is back at most 15 s plus one request after the API is, not 70 s. The delays are drawn uniformly between the
 * interval and this ceiling (backoffDelay), so a fleet of consoles spreads its retries instead of arriving together,
 * and since no retry comes sooner than the interval, the fleet never asks more often than it polls when all is well:
 * the ceiling does not need to grow with the number of consoles to protect the server.
 */
export function retryCeilingMs(intervalMs: number): number {
  const interval = Number.isFinite(intervalMs) && intervalMs > 0 ? intervalMs : 0;
  return Math.max(interval, Math.min(RETRY_CEILING_MAX_MS, Math.max(RETRY_CEILING_MIN_MS, RETRY_CEILING_INTERVALS * interval)));
}

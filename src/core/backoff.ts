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

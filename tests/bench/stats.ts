// The statistics of the benchmark: every figure is reported as the median of repeated runs with its spread, so one
// noisy run on a busy 2-core machine neither hides nor invents a regression.

export interface Stat {
  median: number;
  min: number;
  max: number;
  /** how many samples the figure summarises */
  runs: number;
}

/** Median of the samples (mean of the middle two for an even count); NaN for none. */
export function median(samples: readonly number[]): number {
  const sorted = finite(samples).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Median, min, max and count of the finite samples, rounded to `decimals`. Non-finite samples (a phase that could not
 * measure) are left out rather than poisoning the figure; null when nothing is left.
 */
export function summarize(samples: readonly number[], decimals = 2): Stat | null {
  const values = finite(samples);
  if (values.length === 0) return null;
  return {
    median: round(median(values), decimals),
    min: round(Math.min(...values), decimals),
    max: round(Math.max(...values), decimals),
    runs: values.length,
  };
}

export function round(value: number, decimals = 2): number {
  const f = 10 ** decimals;
  const r = Math.round(value * f) / f;
  return Object.is(r, -0) ? 0 : r;
}

/** Relative growth in percent from `before` to `after` (negative when it shrank). */
export function growthPct(before: number, after: number): number {
  if (!(before > 0)) return Number.NaN;
  return ((after - before) / before) * 100;
}

function finite(samples: readonly number[]): number[] {
  return samples.filter((s) => typeof s === 'number' && Number.isFinite(s));
}

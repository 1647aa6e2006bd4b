// The alert status indicator panel: GET /alerts/count queries and the per-severity tiles.
// Config `indicators.queries[].query` comes in three forms, all accepted:
//   list of pairs  [["environment","Production"]]   object  {"q":"event:Heartbeat"}   query string  "group=Misc"
import type { CountMap, IndicatorQuery } from './types.ts';

function appendValue(pairs: [string, string][], key: string, value: unknown): void {
  if (value === null || value === undefined || key === '') return;
  if (Array.isArray(value)) {
    for (const v of value) appendValue(pairs, key, v);
    return;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') pairs.push([key, String(value)]);
}

/** An indicator query in any accepted form as ordered key/value pairs (also usable as an /alerts route query). */
export function indicatorPairs(query: IndicatorQuery | null | undefined): [string, string][] {
  const pairs: [string, string][] = [];
  if (typeof query === 'string') {
    for (const [k, v] of new URLSearchParams(query.trim().replace(/^\?/, ''))) appendValue(pairs, k, v);
  } else if (Array.isArray(query)) {
    for (const pair of query as unknown[]) {
      if (Array.isArray(pair) && typeof pair[0] === 'string') appendValue(pairs, pair[0], pair[1]);
    }
  } else if (query !== null && typeof query === 'object') {
    for (const [k, v] of Object.entries(query)) appendValue(pairs, k, v);
  }
  return pairs;
}

/** Parameters of GET /alerts/count for an indicator, plus extra pairs (the panel adds status=open for its second count). */
export function countParams(query: IndicatorQuery, extra: [string, string][] = []): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of [...indicatorPairs(query), ...extra]) params.append(k, v);
  return params;
}

export interface SeverityCount {
  severity: string;
  count: number;
}

/** The tiles of one indicator: one per configured severity, in config order, 0 where the sparse map has none. */
export function indicatorSeverityCounts(severities: readonly string[], counts: CountMap | null | undefined): SeverityCount[] {
  return severities.map((severity) => {
    const n = counts?.[severity];
    return { severity, count: typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0 };
  });
}

/**
 * The most severe of the configured severities that has alerts (lowest code in config `severity`), for the tile's
 * colour; null when all are zero. Severities missing from the code map rank last.
 */
export function indicatorHighestSeverity(
  severities: readonly string[],
  counts: CountMap | null | undefined,
  codes: Record<string, number>,
): string | null {
  let best: string | null = null;
  let bestCode = Number.POSITIVE_INFINITY;
  for (const { severity, count } of indicatorSeverityCounts(severities, counts)) {
    if (count === 0) continue;
    const code = codes[severity];
    const rank = typeof code === 'number' && Number.isFinite(code) ? code : Number.MAX_SAFE_INTEGER;
    if (best === null || rank < bestCode) {
      best = severity;
      bestCode = rank;
    }
  }
  return best;
}

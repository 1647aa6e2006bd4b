// The alerts screen's tabs: ALL, then one per environment in name order, each with its count. The counts come from
// /environments (asked with the list's filters but not its environment), except the tab the list shows: its count is
// the list's own total, known from every answer of the list, so it never lags the "1–20 of N" beside it (the tab
// counts are asked for less often, and the first rows do not wait for them).
import type { EnvironmentCount } from './types.ts';
import { compareNames } from './names.ts';

export interface EnvironmentTab {
  /** null: ALL */
  env: string | null;
  /** null while not known (the first rows came before the tab counts) */
  count: number | null;
}

export function environmentTabs(
  environments: readonly EnvironmentCount[],
  opts: {
    /** the environment of the list (null: ALL) */
    selected: string | null;
    /** configured environments shown even without alerts (the showAllowedEnvs preference), or null */
    allowed: readonly string[] | null;
    /** the list's total when the list on screen answers the selected tab, else null */
    listTotal: number | null;
  },
): EnvironmentTab[] {
  const counts = new Map<string, number>();
  for (const e of environments) if (e.environment) counts.set(e.environment, (counts.get(e.environment) ?? 0) + e.count);
  for (const env of opts.allowed ?? []) if (env && !counts.has(env)) counts.set(env, 0);
  // The selected environment is a tab even when it has no alerts right now.
  if (opts.selected && !counts.has(opts.selected)) counts.set(opts.selected, 0);
  // No counts while the list has alerts: they have not come yet (an answer with none would list the environments).
  const listTotal = opts.listTotal !== null && Number.isFinite(opts.listTotal) && opts.listTotal >= 0 ? opts.listTotal : null;
  const known = environments.length > 0 || !(listTotal && listTotal > 0);
  // ALL sums every count, alerts without an environment included; with an environment's list on screen, that
  // environment's count is its list's total, so ALL never says less than the tab beside it.
  let sum = environments.reduce((total, e) => total + e.count, 0);
  if (opts.selected && listTotal !== null) sum += listTotal - (counts.get(opts.selected) ?? 0);
  const countOf = (env: string | null, fromCounts: number): number | null =>
    env === opts.selected && listTotal !== null ? listTotal : known ? fromCounts : null;
  return [
    { env: null, count: countOf(null, sum) },
    ...[...counts.entries()].sort((a, b) => compareNames(a[0], b[0])).map(([env, count]) => ({ env, count: countOf(env, count) })),
  ];
}

// Query parameters of GET /alerts and GET /environments.
// The order and encoding are the old console's, so server logs and caches look the same; its bugs are fixed:
// `kiosk` and view-owned keys from the route never reach the API, the text and watch filters are searched
// server-side through `q`, and table-only columns map to valid server sort keys.
import type { AlertFilter, AlertsView, Config } from './types.ts';
import { resolveRange } from './date-range.ts';
import { defaultFilter, serverSortKey } from './alerts-view.ts';
import { allOf } from './query-join.ts';
import { containsTerm, exactTerm } from './query-values.ts';

/** Route keys that never reach the API: `kiosk` is a display flag, the rest are set from the view itself. */
export const RESERVED_ROUTE_KEYS: ReadonlySet<string> = new Set([
  'kiosk',
  'environment',
  'status',
  'customer',
  'service',
  'group',
  'sort-by',
  'show-history',
  'page',
  'page-size',
  'from-date',
  'to-date',
]);

function sortByValues(view: AlertsView, config: Pick<Config, 'sort_by'>): string[] {
  const { sortBy, descending } = view.sort;
  if (sortBy && sortBy !== 'default') {
    const key = serverSortKey(sortBy);
    if (key !== null) {
      // timeoutLeft ascending = least time left = oldest receive first = the reverse of lastReceiveTime's nature.
      const reverse = sortBy === 'timeoutLeft' ? !descending : descending;
      return [reverse ? `-${key}` : key];
    }
  }
  const configured = config.sort_by;
  if (Array.isArray(configured)) return configured.filter((k) => typeof k === 'string' && k !== '');
  return typeof configured === 'string' && configured !== '' ? [configured] : [];
}

/**
 * The `q` clause for the free-text filter: a case-insensitive "contains" on the server's default field (`text`),
 * whatever the text holds (see containsTerm). Null when nothing searchable is left.
 */
export function textFilterClause(text: string): string | null {
  return containsTerm(text.trim());
}

/**
 * The `q` clause that keeps alerts watched by a user: `tags:"watch:<user>"`, an exact tag (the `tag=` filter gives
 * 500 on the real server). Alerta 9.1 cannot search for a tag holding a double quote or a line break (its phrases
 * have no escape): for such a name the clause matches nothing, never another user's alerts.
 */
export function watchClause(username: string): string {
  return exactTerm('tags', `watch:${username}`) ?? NOTHING;
}

/** A clause no alert matches (an attribute both present and absent). */
const NOTHING = '(_exists_:watch AND NOT _exists_:watch)';

/** The user's queries and the filters' clauses joined so that the real server reads every one (see allOf). */
function combineQ(userQueries: string[], extra: string[]): string | null {
  return allOf([...userQueries, ...extra]);
}

function filterClauses(view: AlertsView): string[] {
  const clauses: string[] = [];
  const text = view.filter.text ? textFilterClause(view.filter.text) : null;
  if (text) clauses.push(text);
  if (view.watchedBy) clauses.push(watchClause(view.watchedBy));
  return clauses;
}

/** Route pairs (minus reserved keys), with every q merged into one at the first q's place (or first). */
function routeAndQ(params: URLSearchParams, view: AlertsView): void {
  const userQs = view.query.filter(([k]) => k === 'q').map(([, v]) => v);
  const q = combineQ(userQs, filterClauses(view));
  let qWritten = false;
  const routePairs = view.query.filter(([k]) => !RESERVED_ROUTE_KEYS.has(k));
  if (q !== null && !routePairs.some(([k]) => k === 'q')) {
    params.append('q', q);
    qWritten = true;
  }
  for (const [key, value] of routePairs) {
    if (key === 'q') {
      if (!qWritten && q !== null) params.append('q', q);
      qWritten = true;
      continue;
    }
    params.append(key, value);
  }
}

function appendList(params: URLSearchParams, key: string, values: string[] | null): void {
  if (!Array.isArray(values)) return;
  for (const v of values) if (typeof v === 'string' && v !== '') params.append(key, v);
}

function appendFilterLists(params: URLSearchParams, filter: AlertFilter): void {
  appendList(params, 'status', filter.status);
  appendList(params, 'customer', filter.customer);
  appendList(params, 'service', filter.service);
  appendList(params, 'group', filter.group);
}

function appendDates(params: URLSearchParams, filter: AlertFilter, now: Date): void {
  const range = Array.isArray(filter.dateRange) ? filter.dateRange : [null, null];
  const { from, to } = resolveRange([range[0] ?? null, range[1] ?? null], now);
  if (from) params.append('from-date', from);
  if (to) params.append('to-date', to);
}

/** Parameters of GET /alerts for a view, in the old console's order. */
export function alertsParams(view: AlertsView, config: Pick<Config, 'sort_by'>, now: Date): URLSearchParams {
  const params = new URLSearchParams();
  routeAndQ(params, view);
  if (view.filter.environment) params.append('environment', view.filter.environment);
  appendFilterLists(params, view.filter);
  for (const key of sortByValues(view, config)) params.append('sort-by', key);
  if (view.showHistory) params.append('show-history', 'true');
  params.append('page', String(positiveInt(view.page, 1)));
  params.append('page-size', String(positiveInt(view.rowsPerPage, 20)));
  appendDates(params, view.filter, now);
  return params;
}

/** Parameters of GET /environments (tab counts): the same filter without environment, sort and paging. */
export function environmentsParams(view: AlertsView, now: Date): URLSearchParams {
  const params = setFilterParams(view);
  appendDates(params, view.filter, now);
  return params;
}

/**
 * The filter of a view without its environment, sort, paging and time range: what selects the alerts of its set
 * (src/core/alert-sync.ts), which adds the time range itself, intersected with its own cursors.
 */
export function setFilterParams(view: AlertsView): URLSearchParams {
  const params = new URLSearchParams();
  routeAndQ(params, view);
  appendFilterLists(params, view.filter);
  return params;
}

/** The sort-by values a view sends (its column, else the config's sort_by), as the API reads them. */
export function sortParams(view: AlertsView, config: Pick<Config, 'sort_by'>): string[] {
  return sortByValues(view, config);
}

/**
 * Parameters of GET /alerts/count for the open alerts of a view (the app badge and notifications count open alerts
 * only, whatever statuses the list shows): the view's filter with its environment, and status=open.
 */
export function openCountParams(view: AlertsView, now: Date): URLSearchParams {
  const params = new URLSearchParams();
  routeAndQ(params, view);
  if (view.filter.environment) params.append('environment', view.filter.environment);
  appendFilterLists(params, { ...view.filter, status: ['open'] });
  appendDates(params, view.filter, now);
  return params;
}

function positiveInt(n: number, fallback: number): number {
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : fallback;
}

/** The view a fresh alert list starts with, as in the old console: config filter, default sort, page 1. */
export function defaultView(config: Config, rowsPerPage: number): AlertsView {
  return {
    query: [],
    filter: defaultFilter(config),
    sort: { sortBy: 'default', descending: false },
    page: 1,
    rowsPerPage: positiveInt(rowsPerPage, 20),
    showHistory: false,
    watchedBy: null,
  };
}

/**
 * The page to show when the one asked for no longer exists (alerts closed or deleted meanwhile, a bigger page size):
 * the last page that has alerts. An empty result has one (empty) page.
 */
export function lastPage(total: number, rowsPerPage: number): number {
  if (!Number.isFinite(total) || total <= 0) return 1;
  return Math.max(1, Math.ceil(total / Math.max(1, rowsPerPage)));
}

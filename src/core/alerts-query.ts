// Query parameters of GET /alerts and GET /environments.
// The order and encoding are the old console's, so server logs and caches look the same; its bugs are fixed:
// `kiosk` and view-owned keys from the route never reach the API, the text and watch filters are searched
// server-side through `q`, and table-only columns map to valid server sort keys.
import type { AlertFilter, AlertsView, Config } from './types.ts';
import { resolveRange } from './date-range.ts';
import { allOf, containsTerm, exactTerm } from './query-values.ts';

/** Default status filter when the config sets none (the old console's). */
export const DEFAULT_STATUS_FILTER: readonly string[] = ['open', 'ack'];

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

/** Columns the server can sort by as they are (the column names that are alert fields). */
const SERVER_SORT_FIELDS = new Set([
  'id',
  'resource',
  'event',
  'environment',
  'severity',
  'correlate',
  'status',
  'service',
  'group',
  'value',
  'text',
  'tags',
  'attributes',
  'origin',
  'type',
  'createTime',
  'timeout',
  'rawData',
  'customer',
  'duplicateCount',
  'repeat',
  'previousSeverity',
  'trendIndication',
  'receiveTime',
  'lastReceiveId',
  'lastReceiveTime',
  'updateTime',
]);

/** Time keys the server sorts newest first by nature; a `-` prefix gives oldest first (Alerta's sort rules). */
const NEWEST_FIRST_KEYS = new Set(['createTime', 'receiveTime', 'lastReceiveTime', 'updateTime']);

/**
 * The server sort key for a table column (without direction).
 * `duration` (time since receiveTime) sorts by receiveTime: shortest duration = newest receive.
 * `timeoutLeft` has no server key; lastReceiveTime is exact whenever alerts share one timeout and are
 * neither acked nor shelved (the usual list), and close otherwise.
 * `note` (last note) has no server key at all: null (the caller falls back to the default sort).
 * Unknown column names are custom attribute columns (as in the old console) and sort as `attributes.<name>`.
 */
export function serverSortKey(column: string): string | null {
  if (column === 'duration') return 'receiveTime';
  if (column === 'timeoutLeft') return 'lastReceiveTime';
  if (column === 'note' || column === '') return null;
  if (SERVER_SORT_FIELDS.has(column) || column.startsWith('attributes.')) return column;
  return `attributes.${column}`;
}

/**
 * True when the server returns this column's "ascending" (no `-`) order newest first; the UI uses it to draw the
 * sort arrow the right way round (the old console's arrows looked inverted on time columns).
 * timeoutLeft is the exception the other way: ascending (least time left first) needs the OLDEST receive first.
 */
export function sortIsNewestFirst(column: string, descending: boolean): boolean {
  const key = serverSortKey(column);
  if (key === null || !NEWEST_FIRST_KEYS.has(key)) return false;
  const newestFirstAscending = column !== 'timeoutLeft';
  return descending ? !newestFirstAscending : newestFirstAscending;
}

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
  const params = new URLSearchParams();
  routeAndQ(params, view);
  appendFilterLists(params, view.filter);
  appendDates(params, view.filter, now);
  return params;
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

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = canonical(v);
    }
    return out;
  }
  return value;
}

/** A stable identity of the view for caches and change detection: same view, same key, whatever the key order. */
export function viewKey(view: AlertsView): string {
  return JSON.stringify(canonical(view));
}

function stringList(value: unknown): string[] | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v !== '');
  return undefined;
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function dateBound(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value !== 0 ? Math.trunc(value) : null;
}

/** The filter a fresh list starts with: config `filter` over the defaults (status open+ack unless configured). */
export function defaultFilter(config: Pick<Config, 'filter'>): AlertFilter {
  const f: Record<string, unknown> = config.filter && typeof config.filter === 'object' ? config.filter : {};
  const status = stringList(f['status']);
  const range = Array.isArray(f['dateRange']) ? f['dateRange'] : [];
  return {
    environment: optionalString(f['environment']),
    text: optionalString(f['text']),
    status: status === undefined ? [...DEFAULT_STATUS_FILTER] : status,
    customer: stringList(f['customer']) ?? null,
    service: stringList(f['service']) ?? null,
    group: stringList(f['group']) ?? null,
    dateRange: [dateBound(range[0]), dateBound(range[1])],
  };
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

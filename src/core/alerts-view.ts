// What identifies a view of the alert list and how it starts: its default filter, its key for caches, and the sort
// rules the list's header needs. Apart from the request parameters (alerts-query.ts), which join queries with the
// query parser: the page needs these at its first paint, the parameters only the data worker needs.
import type { AlertFilter, AlertsView, Config } from './types.ts';

/**
 * Default status filter when the config sets none (the old console's); the same as config.ts's. Kept here as a copy:
 * importing it makes the bundler put the query parser in the shell's chunk (8 KB more before the first row).
 */
export const DEFAULT_STATUS_FILTER: readonly string[] = ['open', 'ack'];

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

// Alert list columns from config `columns` (the old console's column names, server sort keys from Alerta's query
// builder).
import type { Config } from './types.ts';
import { DEFAULT_COLUMNS } from './config.ts';

export type ColumnKind =
  | 'shortId'
  | 'text'
  | 'severity'
  | 'status'
  | 'list'
  | 'html'
  | 'tags'
  | 'attributes'
  | 'type'
  | 'date'
  | 'timeout'
  | 'timeoutLeft'
  | 'number'
  | 'boolean'
  | 'duration'
  | 'note'
  | 'attribute';

export interface ColumnDef {
  /** the name used in config `columns` and in the URL hash sort key */
  name: string;
  /** i18n key of the header; null for a custom attribute column (use `header`) */
  headerKey: string | null;
  /** literal header text of a custom attribute column */
  header: string | null;
  kind: ColumnKind;
  /** value of `sort-by` on the API, or null when the server cannot sort by it */
  sortKey: string | null;
  /** the server sorts this key newest first by default (time columns) */
  newestFirst: boolean;
  /** for attribute columns: the attribute name */
  attribute?: string;
}

type Builtin = [name: string, headerKey: string, kind: ColumnKind, sortable: boolean];

const BUILTIN: readonly Builtin[] = [
  // Alerta cannot sort by id (it is a prefix filter), and the computed columns do not exist on the server.
  ['id', 'AlertId', 'shortId', false],
  ['resource', 'Resource', 'text', true],
  ['event', 'Event', 'text', true],
  ['environment', 'Environment', 'text', true],
  ['severity', 'Severity', 'severity', true],
  ['correlate', 'Correlate', 'list', true],
  ['status', 'Status', 'status', true],
  ['service', 'Service', 'list', true],
  ['group', 'Group', 'text', true],
  ['value', 'Value', 'html', true],
  ['text', 'Description', 'html', true],
  ['tags', 'Tags', 'tags', true],
  ['attributes', 'Attributes', 'attributes', false],
  ['origin', 'Origin', 'text', true],
  ['type', 'Type', 'type', true],
  ['createTime', 'CreateTime', 'date', true],
  ['receiveTime', 'ReceiveTime', 'date', true],
  ['lastReceiveTime', 'LastReceiveTime', 'date', true],
  ['updateTime', 'UpdateTime', 'date', true],
  ['timeout', 'Timeout', 'timeout', true],
  ['timeoutLeft', 'TimeoutLeft', 'timeoutLeft', false],
  ['customer', 'Customer', 'text', true],
  ['duplicateCount', 'Dupl', 'number', true],
  ['repeat', 'Repeat', 'boolean', true],
  ['previousSeverity', 'PrevSeverity', 'severity', true],
  ['duration', 'Duration', 'duration', false],
  ['lastReceiveId', 'LastReceiveId', 'shortId', true],
  ['note', 'LastNote', 'note', false],
];

const NEWEST_FIRST = new Set(['createTime', 'receiveTime', 'lastReceiveTime', 'updateTime']);

/** Alert fields that are deliberately not offered as columns. */
const UNSUPPORTED = new Set(['rawData', 'trendIndication', 'history', 'href']);

const BY_NAME = new Map(
  BUILTIN.map(([name, headerKey, kind, sortable]): [string, ColumnDef] => [
    name,
    Object.freeze({ name, headerKey, header: null, kind, sortKey: sortable ? name : null, newestFirst: NEWEST_FIRST.has(name) }),
  ]),
);

/** Names of the built-in columns, for a column picker. */
export const BUILTIN_COLUMN_NAMES: readonly string[] = Object.freeze(BUILTIN.map((b) => b[0]));

/** `exceptionAlert` → `Exception Alert`, `cpuUtilisation` → `Cpu Utilisation`. */
export function splitCamel(s: string): string {
  return s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase());
}

/** First 8 characters, the short id Alerta also accepts in `GET /alert/{id}`. */
export function shortId(id: string | null | undefined): string {
  return (id ?? '').slice(0, 8);
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The definition of one column name; an unknown name is a custom attribute column. */
export function columnDef(name: string): ColumnDef | null {
  const builtin = BY_NAME.get(name);
  if (builtin) return builtin;
  if (UNSUPPORTED.has(name) || !name.trim()) return null;
  const attribute = name.startsWith('attributes.') ? name.slice('attributes.'.length) : name;
  if (!attribute) return null;
  return {
    name,
    headerKey: null,
    header: capitalize(attribute),
    kind: 'attribute',
    sortKey: `attributes.${attribute}`,
    newestFirst: false,
    attribute,
  };
}

/**
 * The columns of the alert list, in config order. An empty list falls back to the server defaults (a config
 * with `columns: []` would otherwise show an empty table); the customer column is shown only with customer
 * views (the old console showed an empty Customer header); duplicates are listed once.
 */
export function resolveColumns(config: Partial<Pick<Config, 'columns' | 'customer_views'>>): ColumnDef[] {
  const names = Array.isArray(config.columns) && config.columns.length > 0 ? config.columns : DEFAULT_COLUMNS;
  const seen = new Set<string>();
  const out: ColumnDef[] = [];
  for (const name of names) {
    if (typeof name !== 'string' || seen.has(name)) continue;
    seen.add(name);
    if (name === 'customer' && !config.customer_views) continue;
    const def = columnDef(name);
    if (def) out.push(def);
  }
  return out;
}

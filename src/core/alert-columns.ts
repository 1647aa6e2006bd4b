// The columns of the real server's alerts table, as q= names them. Apart from the query parser
// (query-syntax.ts), so that what only needs a column's type (a value click's term, the list) does not carry it.

/** Column types of the real server's alerts table (alerta/sql/schema.sql): q= field names are these names. */
export type PgType = 'text' | 'text[]' | 'jsonb' | 'integer' | 'boolean' | 'timestamp without time zone' | 'history[]';
export const ALERT_COLUMNS: Readonly<Record<string, PgType>> = {
  id: 'text',
  resource: 'text',
  event: 'text',
  environment: 'text',
  severity: 'text',
  correlate: 'text[]',
  status: 'text',
  service: 'text[]',
  group: 'text',
  value: 'text',
  text: 'text',
  tags: 'text[]',
  attributes: 'jsonb',
  origin: 'text',
  type: 'text',
  create_time: 'timestamp without time zone',
  timeout: 'integer',
  raw_data: 'text',
  customer: 'text',
  duplicate_count: 'integer',
  repeat: 'boolean',
  previous_severity: 'text',
  trend_indication: 'text',
  receive_time: 'timestamp without time zone',
  last_receive_id: 'text',
  last_receive_time: 'timestamp without time zone',
  update_time: 'timestamp without time zone',
  history: 'history[]',
};

/** The type of a column, or null when the alerts table has no such column. */
export function columnType(name: string): PgType | null {
  return Object.hasOwn(ALERT_COLUMNS, name) ? (ALERT_COLUMNS[name] as PgType) : null;
}

/** The real server's list columns: a word or phrase on them is an exact element match (=ANY). */
export const LIST_COLUMNS: ReadonlySet<string> = new Set(['correlate', 'service', 'tags']);

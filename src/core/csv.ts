// "Download as CSV" of the alert list (the old export's format: BOM, quoted, Alerts_<env>.csv), with the old export's
// bugs fixed: every row has its own attribute values, an empty list gives a header-only file, and cells cannot smuggle
// spreadsheet formulas.
//
// Format: UTF-8 BOM, CRLF after every line, `,` separator. Columns: correlate, service, tags (joined with ','), one
// attributes.<name> column per attribute name found in ANY row (sorted), the other alert fields in the API's
// (alphabetical) key order, rawData last; history is dropped.
// Values: every data cell is quoted, inner quotes doubled. Numbers are written with a '.' decimal point whatever the
// UI locale (the old export used the browser's separator, which broke re-import); booleans as TRUE/FALSE, which
// spreadsheets read as booleans; null/missing as an empty cell (the old export wrote the text "null"); attribute
// lists joined with ',' like the list fields; nested attribute objects as JSON.
// Formula injection (OWASP "CSV Injection"): a text cell starting with = + - @ tab or CR (or their full-width forms)
// gets a leading '. This includes text that merely looks like a negative number ("-5" in a string field), as OWASP
// advises, because "-2+3+cmd|..." starts the same way; values that are numbers in the API (timeout,
// duplicateCount, numeric attributes) are never altered: a JSON number cannot carry a formula.
import type { Alert } from './types.ts';

const LIST_COLUMNS = ['correlate', 'service', 'tags'] as const;

/** Alert fields that never become a plain column: lists and attributes are expanded, history dropped, rawData last. */
const SPECIAL = new Set<string>([...LIST_COLUMNS, 'attributes', 'history', 'rawData']);

/** The alert fields of the API, so the header is complete even for an empty list. */
const KNOWN_FIELDS = [
  'createTime', 'customer', 'duplicateCount', 'environment', 'event', 'group', 'href', 'id', 'lastReceiveId',
  'lastReceiveTime', 'origin', 'previousSeverity', 'receiveTime', 'repeat', 'resource', 'severity', 'status', 'text',
  'timeout', 'trendIndication', 'type', 'updateTime', 'value',
];

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

function codePointSort(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function quote(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

function plain(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'bigint') return value.toString();
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** One data cell: numbers and booleans as they are, everything else neutralised; always quoted. */
function cell(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return quote(plain(value));
  if (Array.isArray(value)) return quote(neutralise(value.map(plain).join(',')));
  return quote(neutralise(plain(value)));
}

/** Header names are plain identifiers except attribute names, which come from the data: escape only when needed. */
function headerCell(name: string): string {
  const safe = neutralise(name);
  return safe !== name || /[",\r\n]|^\s|\s$/.test(safe) ? quote(safe) : safe;
}

function attributesOf(alert: Alert): Record<string, unknown> {
  const attrs = (alert as { attributes?: unknown }).attributes;
  return attrs !== null && typeof attrs === 'object' && !Array.isArray(attrs) ? (attrs as Record<string, unknown>) : {};
}

/** The CSV file for these alerts (BOM included). An empty list gives the header row alone. */
export function alertsToCsv(alerts: Alert[]): string {
  const rows = Array.isArray(alerts) ? alerts.filter((a) => a !== null && typeof a === 'object') : [];
  const attributeNames = new Set<string>();
  const fields = new Set<string>(KNOWN_FIELDS);
  for (const alert of rows) {
    for (const name of Object.keys(attributesOf(alert))) attributeNames.add(name);
    for (const key of Object.keys(alert)) if (!SPECIAL.has(key)) fields.add(key);
  }
  const attrColumns = [...attributeNames].sort(codePointSort);
  const fieldColumns = [...fields].sort(codePointSort);

  const header = [...LIST_COLUMNS, ...attrColumns.map((n) => `attributes.${n}`), ...fieldColumns, 'rawData'];
  const lines = [header.map(headerCell).join(',')];
  for (const alert of rows) {
    const record = alert as unknown as Record<string, unknown>;
    const attrs = attributesOf(alert);
    const cells = [
      ...LIST_COLUMNS.map((c) => cell(Array.isArray(record[c]) ? record[c] : (record[c] ?? []))),
      ...attrColumns.map((n) => cell(Object.prototype.hasOwnProperty.call(attrs, n) ? attrs[n] : null)),
      ...fieldColumns.map((c) => cell(record[c])),
      cell(record['rawData']),
    ];
    lines.push(cells.join(','));
  }
  return `\uFEFF${lines.map((l) => `${l}\r\n`).join('')}`;
}

/** `Alerts_<environment or ALL>.csv`; whitespace becomes _, and characters file systems refuse become _. */
export function csvFilename(environment: string | null): string {
  const name = (environment ?? '').trim() || 'ALL';
  // eslint-disable-next-line no-control-regex
  const safe = name.replace(/\s/g, '_').replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, '_').slice(0, 100);
  return `Alerts_${safe}.csv`;
}

// Writing a value into a query so that Alerta 9.1.0 finds exactly that value: the term a click on a value adds,
// and the suggestions' quoting (joining queries needs the parser: query-join.ts). The real parser has no escape
// character inside quotes and turns a phrase into a case-insensitive regular expression between word boundaries
// (\y...\y), so a phrase must escape regex characters (as \uXXXX, which no later step rewrites: a backslash before
// t, n, f or r would become whitespace) and anchor the value to be exact; service, tags and correlate compare a
// phrase with each element as it is.
import { columnType, LIST_COLUMNS } from './alert-columns.ts';

const WORD_CHARS = /^[!#-'+,\-0-9;<@-Z_`a-z}-~$%]+$/;
/** A field name the parser reads as one word (printable ASCII without its special characters). */
const FIELD_WORD = /^[!#-'+,\-0-9;@-Z_`a-z$%]+$/;

const u = (ch: string) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** The value as regex text for a phrase: metacharacters, quotes, backslashes and controls spelled \uXXXX. */
export function regexText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[.^$*+?()[\]{}|\\"\u0000-\u001f\u007f]/g, u);
}

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}_]/u.test(ch);

/**
 * The field part of a term: a column name, or `_.name` for an attribute (name as one query word). Null when the
 * name cannot be written (an attribute with spaces, dots or other special characters).
 */
export function queryField(field: string): string | null {
  if (field.startsWith('_.')) return FIELD_WORD.test(field.slice(2)) ? field : null;
  return columnType(field) ? field : null;
}

/**
 * The term that finds alerts whose field holds exactly this value (case aside, as every text search on Alerta is
 * case-insensitive), e.g. resource:"^web01$"; null when Alerta cannot express it (a list element holding a double
 * quote or a line break, an attribute name it cannot read).
 */
export function exactTerm(field: string, value: string): string | null {
  const f = queryField(field);
  if (f === null || value === '') return null;
  if (LIST_COLUMNS.has(f)) {
    if (/["\n\r]|\\[tnfr]/.test(value)) return null;
    return `${f}:"${value}"`;
  }
  const type = columnType(f);
  if (type !== null && type !== 'text') return null;
  const body = `^${regexText(value)}$`;
  // The server wraps the phrase in \y...\y: a value that starts or ends with a word character is anchored as is;
  // otherwise two alternatives that can never match (\y\Y) take those word boundaries.
  const plain = isWordChar(value[0]) && isWordChar(value[value.length - 1]);
  return `${f}:"${plain ? body : `\\Y|${body}|\\Y`}"`;
}

/** The term that keeps alerts whose field is not this value. */
export function excludeTerm(field: string, value: string): string | null {
  const t = exactTerm(field, value);
  return t === null ? null : `NOT ${t}`;
}

/** A value as a word when the parser reads it as one (suggestions insert these bare), else null. */
export function bareWord(value: string): string | null {
  return WORD_CHARS.test(value) && !/^(AND|OR|NOT|TO)$/.test(value) ? value : null;
}

/**
 * The term that finds the value anywhere in the default field (`text`), case aside: the free-text filter. Any
 * character can be carried (quotes, backslashes, controls, other scripts), as \uXXXX where the phrase could not.
 */
export function containsTerm(value: string): string | null {
  return value === '' ? null : `"\\Y|${regexText(value)}|\\Y"`;
}

// ---------------------------------------------------------------- an alert row's values (suggestions and value filters)

export interface RowLike {
  resource: string;
  event: string;
  environment: string;
  severity: string;
  status: string;
  service: readonly string[];
  group: string;
  tags: readonly string[];
  origin: string;
  customer: string | null;
  type: string;
  attributes: Readonly<Record<string, unknown>>;
}

/** Attribute values a suggestion can carry: short text, numbers and booleans. */
export function attributeText(v: unknown): string | null {
  if (typeof v === 'string') return v.length > 0 && v.length <= 200 ? v : null;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

/** A value of an alert a filter can be made of: the query field and the value as the alert holds it. */
export interface ValueFilterTarget {
  field: string;
  value: string;
}

/**
 * The values of a list column in an alert that a filter can be made of: one for a plain column, each element of a
 * service or tags cell, none for columns Alerta cannot search exactly (dates, counts, text with markup).
 */
export function cellValues(column: { name: string; kind: string; attribute?: string }, alert: RowLike & { previousSeverity?: string }): ValueFilterTarget[] {
  const one = (field: string, v: unknown): ValueFilterTarget[] =>
    typeof v === 'string' && v !== '' && exactTerm(field, v) !== null ? [{ field, value: v }] : [];
  if (column.kind === 'attribute' && column.attribute) return one(`_.${column.attribute}`, attributeText(alert.attributes?.[column.attribute]));
  switch (column.name) {
    case 'resource':
    case 'event':
    case 'environment':
    case 'severity':
    case 'status':
    case 'group':
    case 'origin':
    case 'customer':
    case 'type':
      return one(column.name, (alert as unknown as Record<string, unknown>)[column.name]);
    case 'previousSeverity':
      return one('previous_severity', alert.previousSeverity);
    case 'service':
    case 'tags':
      return [...new Set(alert[column.name])].flatMap((v) => one(column.name, v));
    default:
      return [];
  }
}

/** The query field of a list column, and its value in an alert, when a click on it can filter (one value only). */
export function cellFilter(column: { name: string; kind: string; attribute?: string }, alert: RowLike & { previousSeverity?: string }): ValueFilterTarget | null {
  // a list cell stands for one value only when it holds one
  const values = cellValues(column, alert);
  return values.length === 1 && !(LIST_COLUMNS.has(column.name) && alert[column.name as 'service' | 'tags'].length !== 1) ? values[0]! : null;
}

/** Every value of the alert's columns a filter can be made of, in column order, each once (a row's value menu). */
export function rowValues(columns: readonly { name: string; kind: string; attribute?: string }[], alert: RowLike & { previousSeverity?: string }): (ValueFilterTarget & { column: string })[] {
  const seen = new Set<string>();
  const out: (ValueFilterTarget & { column: string })[] = [];
  for (const column of columns) {
    for (const v of cellValues(column, alert)) {
      const key = `${v.field}\u0000${v.value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ ...v, column: column.name });
    }
  }
  return out;
}

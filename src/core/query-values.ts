// Writing a value into a query so that Alerta 9.1.0 finds exactly that value: the term a click on a value adds,
// and the suggestions' quoting. The real parser has no escape character inside quotes and turns a phrase into a
// case-insensitive regular expression between word boundaries (\y...\y), so a phrase must escape regex characters
// (as \uXXXX, which no later step rewrites: a backslash before t, n, f or r would become whitespace) and anchor the
// value to be exact; service, tags and correlate compare a phrase with each element as it is.
import { columnType, LIST_COLUMNS, parseQuery } from './query-syntax.ts';

const WORD_CHARS = /^[!#-'+,\-0-9;<@-Z_`a-z}-~$%]+$/;
/** A field name the parser reads as one word (printable ASCII without its special characters). */
const FIELD_WORD = /^[!#-'+,\-0-9;@-Z_`a-z$%]+$/;

const u = (ch: string) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** The value as regex text for a phrase: metacharacters, quotes, backslashes and controls spelled \uXXXX. */
function regexText(value: string): string {
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

/**
 * A query as one operand of AND/OR: itself when the parser reads it as one term, a group, a NOT or a modifier,
 * else in parentheses. Only the part the real server reads is kept (it ignores what follows the first thing it
 * cannot parse, and would then ignore everything joined after it too); a query it refuses is kept as it is.
 */
export function asOperand(q: string): string {
  const p = parseQuery(q);
  if (!p.ok) return `(${q})`;
  const read = p.text.slice(0, p.end).trim();
  const t = p.ast.t;
  return t === 'term' || t === 'sub' || t === 'not' || t === 'mod' ? read : `(${read})`;
}

/**
 * Joins queries so the real server reads every one of them. Its parser keeps only the first two operands of a flat
 * chain (`a AND b AND c` is `a AND b`), so they are joined in pairs, as a balanced tree: nesting grows with log2 of
 * the count (the server fails past about 12 nested parentheses).
 */
function joinAll(queries: readonly string[], op: 'AND' | 'OR'): string | null {
  const qs = queries.map((q) => q.trim()).filter((q) => q !== '');
  const join = (from: number, to: number): string => {
    if (to - from === 1) return qs[from]!;
    const mid = (from + to) >> 1;
    return `${asOperand(join(from, mid))} ${op} ${asOperand(join(mid, to))}`;
  };
  return qs.length === 0 ? null : join(0, qs.length);
}

/** All of the queries must match (null when none is given). */
export function allOf(queries: readonly string[]): string | null {
  return joinAll(queries, 'AND');
}

/** Any of the queries may match (null when none is given). */
export function anyOf(queries: readonly string[]): string | null {
  return joinAll(queries, 'OR');
}

/**
 * The term that finds alerts whose field is exactly one of the values: one anchored alternation on a text column
 * (no nesting however many values), exact element terms joined in pairs on a list column. Values the field cannot
 * express are left out; null when none is left.
 */
export function exactAnyTerm(field: string, values: readonly string[]): string | null {
  const vs = [...new Set(values.filter((v) => v !== ''))];
  if (vs.length <= 1 || LIST_COLUMNS.has(field)) {
    return anyOf(vs.map((v) => exactTerm(field, v)).filter((t): t is string => t !== null));
  }
  const f = queryField(field);
  const type = f === null ? null : f.startsWith('_.') ? 'text' : columnType(f);
  if (f === null || type !== 'text') return null;
  return `${f}:"\\Y|^(?:${vs.map(regexText).join('|')})$|\\Y"`;
}

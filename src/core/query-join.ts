// Joining queries so that Alerta 9.1.0 reads every one of them, and a value click's term added to a search. It needs
// the query parser (query-syntax.ts), which the first screen does without: the terms themselves are in query-values.ts.
import { columnType, LIST_COLUMNS } from './alert-columns.ts';
import { parseQuery } from './query-syntax.ts';
import { exactTerm, excludeTerm, queryField, regexText } from './query-values.ts';

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

/** The search with `field` = `value` added (or excluded, with NOT): null when Alerta cannot express the value. */
export function withValueFilter(q: string, field: string, value: string, exclude: boolean): string | null {
  const add = exclude ? excludeTerm(field, value) : exactTerm(field, value);
  if (add === null) return null;
  const current = q.trim();
  if (current === '') return add;
  if (current === add) return current;
  return allOf([current, add]);
}


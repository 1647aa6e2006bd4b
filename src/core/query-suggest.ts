// What the search box suggests for the word under the caret (docs/search.md, "Suggestions"): field names, then the
// values of the field being typed (with their counts where the API gives one), and the operators AND, OR, NOT
// after a complete term. A chosen value is written so the real server finds exactly it: a bare word where that
// word can only match this value among the known ones, else the exact term of query-values.ts.
import { ALERT_COLUMNS, columnType, LIST_COLUMNS } from './alert-columns.ts';
import { attributeText, bareWord, exactTerm, queryField, type RowLike } from './query-values.ts';

export type { RowLike };
import { compareNames } from './names.ts';

export interface ValueCount {
  value: string;
  /** alerts with this value, as the API counted them; null when only the page's rows showed it */
  count: number | null;
}

/** Known values per query field (`resource`, `service`, `_.region`...). */
export type SuggestionValues = Readonly<Record<string, readonly ValueCount[]>>;

export interface Suggestion {
  kind: 'field' | 'value' | 'operator';
  /** what the list shows: the field name, the value or the operator */
  label: string;
  /** the field of a value */
  field: string | null;
  count: number | null;
  /** the text that replaces [from, to) */
  insert: string;
  from: number;
  to: number;
}

/** The word under the caret. */
export interface CaretWord {
  from: number;
  to: number;
  /** the field before a colon in this word, else null */
  field: string | null;
  /** what is typed of the value (after the colon and an opening quote) or of the word, up to the caret */
  partial: string;
}

/** The fields the search is most often about, first in the list; the other columns follow alphabetically. */
export const MAIN_FIELDS: readonly string[] = [
  'resource', 'event', 'environment', 'severity', 'status', 'service', 'group', 'tags', 'origin', 'customer', 'value', 'text', 'type',
];
const OTHER_FIELDS = Object.keys(ALERT_COLUMNS).filter((c) => !MAIN_FIELDS.includes(c) && c !== 'attributes' && c !== 'history').sort();
const ALL_FIELDS = [...MAIN_FIELDS, ...OTHER_FIELDS, '_exists_'];
const OPERATORS = ['AND', 'OR', 'NOT'] as const;
/** Suggestions shown at most: a list that fits a phone's screen above its keyboard. */
export const MAX_SUGGESTIONS = 10;

const isBreak = (ch: string | undefined) => ch === undefined || /[\s()"]/.test(ch);

/** The word under the caret: a field:value term (an open or closed phrase too), or a bare word. */
export function wordAt(text: string, caret: number): CaretWord {
  const before = text.slice(0, caret);
  // Phrases have no escape character: an odd number of quotes before the caret means it is inside one.
  const quotes = before.split('"').length - 1;
  if (quotes % 2 === 1) {
    const open = before.lastIndexOf('"');
    let from = open;
    let field: string | null = null;
    if (text[open - 1] === ':') {
      let s = open - 1;
      while (s > 0 && !isBreak(text[s - 1])) s--;
      field = text.slice(s, open - 1);
      from = s;
    }
    const close = text.indexOf('"', caret);
    return { from, to: close === -1 ? caret : close + 1, field, partial: text.slice(open + 1, caret) };
  }
  let from = caret;
  while (from > 0 && !isBreak(text[from - 1])) from--;
  let to = caret;
  while (to < text.length && !isBreak(text[to])) to++;
  const word = text.slice(from, caret);
  const colon = word.indexOf(':');
  if (colon > 0) return { from, to, field: word.slice(0, colon), partial: word.slice(colon + 1) };
  return { from, to, field: null, partial: word };
}

/** Whether the text before `at` ends with a complete term (so an operator may follow). */
function afterTerm(text: string, at: number): boolean {
  const before = text.slice(0, at).trimEnd();
  if (before === '' || before.endsWith('(') || /[:!]$/.test(before)) return false;
  if (/(^|[\s(])(AND|OR|NOT|&&|\|\|)$/.test(before)) return false;
  return true;
}

const fold = (s: string) => s.toLowerCase();

/**
 * The values of a list folded to lower case, computed once per list: the lists are kept between keystrokes, and
 * folding every known value again at each key was a good part of a keystroke's cost.
 */
const foldedLists = new WeakMap<readonly ValueCount[], readonly string[]>();
function foldedOf(items: readonly ValueCount[]): readonly string[] {
  let folded = foldedLists.get(items);
  if (!folded) foldedLists.set(items, (folded = items.map((v) => fold(v.value))));
  return folded;
}

/**
 * Starts-with before contains; then the larger count; then by name: the first `limit` of that order (as a stable
 * sort of every match would give), kept while scanning instead of sorting every match.
 */
function rank(partial: string, items: readonly ValueCount[], limit: number): ValueCount[] {
  const p = fold(partial);
  const folded = foldedOf(items);
  const order = (a: { v: ValueCount; s: number }, b: { v: ValueCount; s: number }) =>
    a.s - b.s || (b.v.count ?? -1) - (a.v.count ?? -1) || compareNames(a.v.value, b.v.value);
  const top: { v: ValueCount; s: number }[] = [];
  if (limit <= 0) return [];
  for (let i = 0; i < items.length; i++) {
    const f = folded[i]!;
    const s = p === '' || f.startsWith(p) ? 0 : f.includes(p) ? 1 : -1;
    if (s < 0) continue;
    const c = { v: items[i]!, s };
    // an equal one keeps its place after those before it, as in a stable sort
    if (top.length === limit && order(c, top[limit - 1]!) >= 0) continue;
    let at = top.length;
    while (at > 0 && order(c, top[at - 1]!) < 0) at--;
    top.splice(at, 0, c);
    if (top.length > limit) top.pop();
  }
  return top.map((x) => x.v);
}

/**
 * The term for `field` = `value`: `field:value` when the server reads the bare word as exactly this value among
 * the known ones (list columns compare elements exactly; text columns search the word anywhere, with % and _ as
 * wildcards, so it must not be part of another known value), else the exact term; null when Alerta cannot express it.
 */
export function valueTerm(field: string, value: string, known: readonly ValueCount[] = []): string | null {
  const f = queryField(field);
  if (f === null || value === '') return null;
  const word = bareWord(value);
  if (word !== null) {
    if (LIST_COLUMNS.has(f)) return `${f}:${word}`;
    const type = f.startsWith('_.') ? 'text' : columnType(f);
    const lower = fold(value);
    if (type === 'text' && !/[%_]/.test(value) && !foldedOf(known).some((k) => k !== lower && k.includes(lower))) return `${f}:${word}`;
  }
  return exactTerm(f, value);
}

/**
 * The suggestions for the word under the caret. `values` holds what the API and the page know per field;
 * `attributes` the attribute names seen on the page.
 */
export function suggest(text: string, caret: number, values: SuggestionValues, attributes: readonly string[] = [], limit = MAX_SUGGESTIONS): Suggestion[] {
  const w = wordAt(text, caret);
  const out: Suggestion[] = [];
  if (w.field !== null) {
    const field = w.field;
    const known = values[field] ?? [];
    for (const v of rank(w.partial, known, limit)) {
      const insert = valueTerm(field, v.value, known);
      if (insert !== null) out.push({ kind: 'value', label: v.value, field, count: v.count, insert, from: w.from, to: w.to });
    }
    return out;
  }
  const p = fold(w.partial);
  const operatorOk = afterTerm(text, w.from);
  if (operatorOk) {
    for (const op of OPERATORS) {
      if (op !== w.partial && op.toLowerCase().startsWith(p)) out.push({ kind: 'operator', label: op, field: null, count: null, insert: op, from: w.from, to: w.to });
    }
    // after a term with nothing typed, the operators are what comes next
    if (p === '') return out;
  } else if ('not'.startsWith(p) && w.partial !== 'NOT') {
    out.push({ kind: 'operator', label: 'NOT', field: null, count: null, insert: 'NOT', from: w.from, to: w.to });
  }
  const attributeFields = attributes.map((a) => `_.${a}`).filter((a) => queryField(a) !== null);
  const fields = [...ALL_FIELDS, ...attributeFields];
  const starts = fields.filter((f) => fold(f).startsWith(p));
  const contains = p === '' ? [] : fields.filter((f) => !fold(f).startsWith(p) && fold(f).includes(p));
  for (const f of [...starts, ...contains]) {
    out.push({ kind: 'field', label: f, field: f, count: null, insert: `${f}:`, from: w.from, to: w.to });
  }
  // A word that names no field yet: the values holding it, in any field (typing "web" offers resource:web01).
  if (p.length >= 2) {
    const found: Suggestion[] = [];
    for (const field of [...MAIN_FIELDS, ...attributeFields]) {
      const known = values[field] ?? [];
      for (const v of rank(w.partial, known, limit)) {
        const insert = valueTerm(field, v.value, known);
        if (insert !== null) found.push({ kind: 'value', label: v.value, field, count: v.count, insert, from: w.from, to: w.to });
      }
    }
    const starting = (s: Suggestion) => (fold(s.label).startsWith(p) ? 0 : 1);
    found.sort((a, b) => starting(a) - starting(b) || (b.count ?? -1) - (a.count ?? -1) || compareNames(a.label, b.label));
    // the fields keep a few places when values are plenty, the values the rest
    const fieldsShown = out.slice(0, Math.max(3, limit - found.length));
    return [...fieldsShown, ...found].slice(0, limit);
  }
  return out.slice(0, limit);
}

/** The text after a suggestion is taken, and where the caret goes: after a field's colon, or after a space. */
export function applySuggestion(text: string, s: Suggestion): { text: string; caret: number } {
  const head = text.slice(0, s.from) + s.insert;
  const rest = text.slice(s.to);
  if (s.kind === 'field') return { text: head + rest, caret: head.length };
  // the caret goes past one space after the term, written when none follows
  return /^\s/.test(rest) ? { text: head + rest, caret: head.length + 1 } : { text: `${head} ${rest}`, caret: head.length + 1 };
}

// ---------------------------------------------------------------- the values, from the API's answers and the rows

/** Adds up counts of the same value (the API counts per environment), largest first. */
export function sumByValue(items: Iterable<{ value: string; count: number | null }>): ValueCount[] {
  const sums = new Map<string, number | null>();
  for (const { value, count } of items) {
    if (typeof value !== 'string' || value === '') continue;
    const had = sums.get(value);
    sums.set(value, count === null ? (had ?? null) : (had ?? 0) + count);
  }
  return [...sums].map(([value, count]) => ({ value, count })).sort((a, b) => (b.count ?? -1) - (a.count ?? -1) || compareNames(a.value, b.value));
}

/** The fields the page's rows add values to, with how each reads from an alert. */
const ROW_FIELDS: Readonly<Record<string, (a: RowLike) => unknown>> = {
  resource: (a) => a.resource,
  event: (a) => a.event,
  environment: (a) => a.environment,
  severity: (a) => a.severity,
  status: (a) => a.status,
  service: (a) => a.service,
  group: (a) => a.group,
  tags: (a) => a.tags,
  origin: (a) => a.origin,
  customer: (a) => a.customer,
  type: (a) => a.type,
};

/**
 * The values of every alert of a set (src/core/alert-sync.ts), counted as the API counts them: each alert once per
 * value of a field (an alert in two services counts once for each), attribute values under `_.name`. A grouped list
 * knows its whole view, so its suggestions are its own values with their exact counts, with no request.
 */
export function valuesOfAlerts(alerts: Iterable<RowLike>): SuggestionValues {
  const counts = new Map<string, Map<string, number>>();
  const add = (field: string, v: string) => {
    let m = counts.get(field);
    if (!m) counts.set(field, (m = new Map()));
    m.set(v, (m.get(v) ?? 0) + 1);
  };
  for (const alert of alerts) {
    for (const [field, read] of Object.entries(ROW_FIELDS)) {
      const v = read(alert);
      const list = Array.isArray(v) ? new Set(v) : [v];
      for (const x of list) if (typeof x === 'string' && x !== '') add(field, x);
    }
    for (const [name, raw] of Object.entries(alert.attributes ?? {})) {
      if (queryField(`_.${name}`) === null) continue;
      const v = attributeText(raw);
      if (v !== null) add(`_.${name}`, v);
    }
  }
  const out: Record<string, ValueCount[]> = {};
  for (const [field, m] of counts) out[field] = sumByValue([...m].map(([value, count]) => ({ value, count })));
  return out;
}

/**
 * What the API knows joined with what the page's rows hold: a value only the rows show is added without a count;
 * attribute names and their values come from the rows alone. Returns the values and the attribute names.
 */
export function withRows(api: SuggestionValues, rows: readonly RowLike[]): { values: SuggestionValues; attributes: string[] } {
  const values: Record<string, ValueCount[]> = {};
  for (const [field, list] of Object.entries(api)) values[field] = [...list];
  const seen = new Map<string, Set<string>>();
  const add = (field: string, v: string) => {
    let s = seen.get(field);
    if (!s) {
      s = new Set((values[field] ?? []).map((x) => x.value));
      seen.set(field, s);
    }
    if (s.has(v)) return;
    s.add(v);
    (values[field] ??= []).push({ value: v, count: null });
  };
  const attributes = new Set<string>();
  for (const row of rows) {
    for (const [field, read] of Object.entries(ROW_FIELDS)) {
      const v = read(row);
      for (const x of Array.isArray(v) ? v : [v]) if (typeof x === 'string' && x !== '') add(field, x);
    }
    for (const [name, raw] of Object.entries(row.attributes ?? {})) {
      if (queryField(`_.${name}`) === null) continue;
      attributes.add(name);
      const v = attributeText(raw);
      if (v !== null) add(`_.${name}`, v);
    }
  }
  return { values, attributes: [...attributes].sort(compareNames) };
}

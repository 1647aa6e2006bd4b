// Alerta's query language (`q=`), read exactly as Alerta 9.1.0 reads it. The real server parses q with pyparsing
// (alerta/database/backends/postgres/queryparser.py), and its grammar has quirks a user never guesses; this module
// reproduces them so the console can warn before sending and server/ can answer what the real server answers.
// docs/search.md lists them with examples. In short:
//   - the parse stops at the first thing it cannot read and the rest is silently ignored (`foo)` is `foo`);
//   - words are printable ASCII without =><(){}[]^"~*?:\/.&| ; anything else (accents, emoji) only inside quotes;
//   - `a OR b OR c` and `a b c` keep only the first two operands (pyparsing groups a flat chain, the server reads
//     [0..2]); `a OR NOT b` becomes `a AND NOT b`; AND binds tighter than OR; NOT and ! are prefix operators;
//   - `+x` and `-x` reach the database as arithmetic (a 500 there);
//   - a wildcard is only [a-z0-9]* with one * or ?, lower case (`Web*` is `Web` OR `*`);
//   - phrases have no escape character; \t \n \f \r inside them become whitespace;
//   - field names are column names as they are (`createTime` is not a column, `create_time` is);
//   - Python's recursion limit ends deep nesting (about 12 parentheses) with a 500.
// The parser is a packrat-free PEG equivalent of pyparsing's infixNotation for this grammar (the look-ahead it
// does before each operator level accepts exactly what a greedy loop accepts), and it records where pyparsing
// would report a failure, so the 400 message names the same character.

import { LIST_COLUMNS } from './alert-columns.ts';

/** A field before a colon: `name`, or `attr.name` (the server uses `_` and `attributes` for the attributes map). */
export interface QueryField {
  attr: string | null;
  name: string;
  from: number;
  to: number;
}

export type QueryValue =
  | { k: 'word'; v: string }
  | { k: 'phrase'; v: string }
  /** v is the server's regex form: ? -> .?, * -> .* */
  | { k: 'wildcard'; v: string; raw: string }
  | { k: 'regex'; v: string }
  | { k: 'range'; lo: string; hi: string; loInc: boolean; hiInc: boolean }
  | { k: 'cmp'; op: '>' | '>=' | '<' | '<='; v: string };

export type QueryNode =
  | { t: 'term'; field: QueryField | null; value: QueryValue; from: number; to: number }
  | { t: 'sub'; field: QueryField | null; e: QueryNode; from: number; to: number }
  /** A flat chain as written: the server reads operands[0] and operands[1] only. ops[i] sits between i and i+1. */
  | { t: 'and' | 'or'; operands: QueryNode[]; ops: QueryOp[]; from: number; to: number }
  | { t: 'not'; e: QueryNode; op: QueryOp; from: number; to: number }
  | { t: 'mod'; sign: '+' | '-'; e: QueryNode; from: number; to: number };

/** An operator as written: `AND`, `&&`, `OR`, `||`, `NOT`, `!`, or '' for the implicit OR between two terms. */
export interface QueryOp {
  text: string;
  from: number;
  to: number;
}

export type QueryParse =
  | {
      ok: true;
      ast: QueryNode;
      /** Where the server stops reading (in the tab-expanded text); anything after it is ignored. */
      end: number;
      /** The text the server parses: tabs expanded to 8-column stops, as pyparsing does. */
      text: string;
      /** Python call depth the real parser reaches (see RECURSION_LIMIT). */
      depth: number;
    }
  | { ok: false; loc: number; text: string; depth: number };

/** Characters a word may not hold (queryparser.py special_characters). */
const SPECIAL = '=><(){}[]^"~*?:\\/.&|';

function isWordChar(c: number): boolean {
  return c >= 33 && c <= 126 && !SPECIAL.includes(String.fromCharCode(c));
}

/** pyparsing Keyword's identifier characters: a keyword must not touch one on either side. */
function isIdentChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

/** Python's str.expandtabs(): tabs to the next multiple of 8 columns, restarting after \n or \r. */
export function expandTabs(s: string): string {
  if (!s.includes('\t')) return s;
  let out = '';
  let col = 0;
  for (const ch of s) {
    if (ch === '\t') {
      const n = 8 - (col % 8);
      out += ' '.repeat(n);
      col += n;
    } else {
      out += ch;
      col = ch === '\n' || ch === '\r' ? 0 : col + 1;
    }
  }
  return out;
}

// Python frames the real parser uses: measured on Alerta 9.1.0 (pyparsing 3.0.9, Python 3.11) with a profiler;
// each nesting adds its cost along the path, and Flask's own frames take the rest of Python's limit of 1000.
// A query needing more than RECURSION_LIMIT frames is a 500 'maximum recursion depth exceeded' there
// (12 nested parentheses pass, 13 fail; 52 NOTs in a row pass, 53 fail).
const DEPTH_BASE = 87;
const DEPTH_PAREN = 72;
const DEPTH_UNARY = 17;
const DEPTH_CHAIN = 5;
export const RECURSION_LIMIT = 974;

type R<T> = { ok: true; end: number; v: T } | { ok: false; loc: number };

const fail = (loc: number): { ok: false; loc: number } => ({ ok: false, loc });

/** Reads q the way Alerta 9.1.0 does. Never throws; linear in the length of q. */
export function parseQuery(q: string): QueryParse {
  const s = expandTabs(q);
  const n = s.length;
  let depth = DEPTH_BASE;
  let maxDepth = depth;
  const enter = (cost: number) => {
    depth += cost;
    if (depth > maxDepth) maxDepth = depth;
  };
  // Past the limit the real parser has already failed; stop descending so a hostile query cannot exhaust this stack.
  const tooDeep = () => maxDepth > RECURSION_LIMIT;

  const skip = (p: number): number => {
    while (p < n && isSpace(s.charCodeAt(p))) p++;
    return p;
  };

  const word = (p0: number): R<string> => {
    const p = skip(p0);
    let e = p;
    while (e < n && isWordChar(s.charCodeAt(e))) e++;
    return e > p ? { ok: true, end: e, v: s.slice(p, e) } : fail(p);
  };

  const literal = (p0: number, lit: string): R<string> => {
    const p = skip(p0);
    return s.startsWith(lit, p) ? { ok: true, end: p + lit.length, v: lit } : fail(p);
  };

  const keyword = (p0: number, kw: string): R<string> => {
    const p = skip(p0);
    if (!s.startsWith(kw, p)) return fail(p);
    const after = p + kw.length;
    if (after < n && isIdentChar(s.charCodeAt(after))) return fail(p);
    if (p > 0 && isIdentChar(s.charCodeAt(p - 1))) return fail(p);
    return { ok: true, end: after, v: kw };
  };

  /** QuotedString(quote): no escape character, no line breaks inside. */
  const quoted = (p0: number, quote: string): R<string> => {
    const p = skip(p0);
    if (s[p] !== quote) return fail(p);
    let e = p + 1;
    while (e < n && s[e] !== quote && s[e] !== '\n' && s[e] !== '\r') e++;
    if (e >= n || s[e] !== quote) return fail(p);
    let v = s.slice(p + 1, e);
    if (v.includes('\\')) v = v.replace(/\\t/g, '\t').replace(/\\n/g, '\n').replace(/\\f/g, '\f').replace(/\\r/g, '\r');
    return { ok: true, end: e + 1, v };
  };

  /** Regex [a-z0-9]*[?*][a-z0-9]* */
  const wildcard = (p0: number): R<string> => {
    const p = skip(p0);
    let e = p;
    const alnum = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    while (e < n && alnum(s.charCodeAt(e))) e++;
    if (e >= n || (s[e] !== '*' && s[e] !== '?')) return fail(p);
    e++;
    while (e < n && alnum(s.charCodeAt(e))) e++;
    return { ok: true, end: e, v: s.slice(p, e) };
  };

  const bound = (p0: number): R<string> => {
    const w = word(p0);
    if (w.ok) return w;
    const a = literal(p0, '*');
    return a.ok ? a : fail(Math.max(w.loc, a.loc));
  };

  const range = (p0: number): R<QueryValue> => {
    const open = literal(p0, '[');
    const openB = open.ok ? open : literal(p0, '{');
    if (!openB.ok) return fail(open.ok ? 0 : Math.max(open.loc, openB.loc));
    const lo = bound(openB.end);
    if (!lo.ok) return lo;
    const to = keyword(lo.end, 'TO');
    if (!to.ok) return to;
    const hi = bound(to.end);
    if (!hi.ok) return hi;
    const close = literal(hi.end, ']');
    const closeB = close.ok ? close : literal(hi.end, '}');
    if (!closeB.ok) return fail(Math.max(close.ok ? 0 : close.loc, closeB.loc));
    return { ok: true, end: closeB.end, v: { k: 'range', lo: lo.v, hi: hi.v, loInc: openB.v === '[', hiInc: closeB.v === ']' } };
  };

  const oneSided = (p0: number): R<QueryValue> => {
    let op: R<string> = fail(skip(p0));
    for (const lit of ['>=', '>', '<=', '<']) {
      op = literal(p0, lit);
      if (op.ok) break;
    }
    if (!op.ok) return op;
    const b = word(op.end);
    if (!b.ok) return b;
    return { ok: true, end: b.end, v: { k: 'cmp', op: op.v as '>' | '>=' | '<' | '<=', v: b.v } };
  };

  /** term = range | one_sided_range | regex | wildcard | phrase | single_term (first that matches). */
  const term = (p: number): R<QueryValue> => {
    let loc = -1;
    const r = range(p);
    if (r.ok) return r;
    loc = Math.max(loc, r.loc);
    const o = oneSided(p);
    if (o.ok) return o;
    loc = Math.max(loc, o.loc);
    const re = quoted(p, '/');
    if (re.ok) return { ok: true, end: re.end, v: { k: 'regex', v: re.v } };
    loc = Math.max(loc, re.loc);
    const w = wildcard(p);
    if (w.ok) return { ok: true, end: w.end, v: { k: 'wildcard', raw: w.v, v: w.v.replace(/\?/g, '.?').replace(/\*/g, '.*') } };
    loc = Math.max(loc, w.loc);
    const ph = quoted(p, '"');
    if (ph.ok) return { ok: true, end: ph.end, v: { k: 'phrase', v: ph.v } };
    loc = Math.max(loc, ph.loc);
    const st = word(p);
    if (st.ok) return { ok: true, end: st.end, v: { k: 'word', v: st.v } };
    return fail(Math.max(loc, st.loc));
  };

  /** Optional(Optional(word + '.') + word + ':') */
  const fieldPrefix = (p: number): { field: QueryField; end: number } | null => {
    let attr: string | null = null;
    let at = p;
    const a = word(p);
    if (a.ok) {
      const dot = literal(a.end, '.');
      if (dot.ok) {
        attr = a.v;
        at = dot.end;
      }
    }
    const name = attr === null ? a : word(at);
    if (!name.ok) return null;
    const colon = literal(name.end, ':');
    if (!colon.ok) return null;
    const from = skip(p);
    return { field: { attr, name: name.v, from, to: name.end }, end: colon.end };
  };

  /** '(' query ')' */
  const group = (p: number): R<QueryNode> => {
    const lp = literal(p, '(');
    if (!lp.ok) return lp;
    if (tooDeep()) return fail(lp.end);
    enter(DEPTH_PAREN);
    const inner = orLevel(lp.end);
    depth -= DEPTH_PAREN;
    if (!inner.ok) return inner;
    const rp = literal(inner.end, ')');
    if (!rp.ok) return rp;
    return { ok: true, end: rp.end, v: inner.v };
  };

  const clause = (p: number): R<QueryNode> => {
    const prefix = fieldPrefix(p);
    const at = prefix ? prefix.end : p;
    const field = prefix ? prefix.field : null;
    const from = prefix ? prefix.field.from : skip(p);
    const t = term(at);
    if (t.ok) return { ok: true, end: t.end, v: { t: 'term', field, value: t.v, from, to: t.end } };
    const g = group(at);
    if (g.ok) return { ok: true, end: g.end, v: { t: 'sub', field, e: g.v, from, to: g.end } };
    return fail(Math.max(t.loc, g.loc));
  };

  /** base = clause | '(' query ')' (the second only differs when a field was read before a failing group). */
  const base = (p: number): R<QueryNode> => {
    const c = clause(p);
    if (c.ok) return c;
    const g = group(p);
    if (g.ok) return { ok: true, end: g.end, v: { t: 'sub', field: null, e: g.v, from: skip(p), to: g.end } };
    return fail(Math.max(c.loc, g.loc));
  };

  /** Right-associative prefix operator level: (op level) | next. */
  const prefixLevel = (p: number, ops: (p: number) => R<string>, next: (p: number) => R<QueryNode>, self: (p: number) => R<QueryNode>, make: (op: QueryOp, e: QueryNode, from: number, to: number) => QueryNode): R<QueryNode> => {
    let loc1: number;
    const op = ops(p);
    if (op.ok) {
      if (tooDeep()) return fail(op.end);
      enter(DEPTH_UNARY);
      const e = self(op.end);
      depth -= DEPTH_UNARY;
      if (e.ok) {
        const from = op.end - op.v.length;
        return { ok: true, end: e.end, v: make({ text: op.v, from, to: op.end }, e.v, from, e.end) };
      }
      loc1 = e.loc;
    } else loc1 = op.loc;
    const b = next(p);
    if (b.ok) return b;
    return fail(Math.max(loc1, b.loc));
  };

  const modOp = (p: number): R<string> => {
    const plus = literal(p, '+');
    if (plus.ok) return plus;
    const minus = literal(p, '-');
    return minus.ok ? minus : fail(Math.max(plus.loc, minus.loc));
  };

  const notOp = (p: number): R<string> => {
    const k = keyword(p, 'NOT');
    if (k.ok) return k;
    const b = literal(p, '!');
    return b.ok ? b : fail(Math.max(k.loc, b.loc));
  };

  const modLevel = (p: number): R<QueryNode> =>
    prefixLevel(p, modOp, base, modLevel, (op, e, from, to) => ({ t: 'mod', sign: op.text as '+' | '-', e, from, to }));

  const notLevel = (p: number): R<QueryNode> =>
    prefixLevel(p, notOp, modLevel, notLevel, (op, e, from, to) => ({ t: 'not', e, op: { ...op, text: op.text }, from, to }));

  /** Left-associative binary level: next (op next)*, kept flat as pyparsing groups it. */
  const chainLevel = (p: number, t: 'and' | 'or', op: (p: number) => R<string> | null, next: (p: number) => R<QueryNode>): R<QueryNode> => {
    const first = next(p);
    if (!first.ok) return first;
    const operands = [first.v];
    const ops: QueryOp[] = [];
    let end = first.end;
    for (;;) {
      const o = op(end);
      const at = o && o.ok ? o.end : end;
      if (o && !o.ok && t === 'and') break;
      // the third and later operands are read a few Python frames deeper (measured)
      const extra = operands.length >= 2 ? DEPTH_CHAIN : 0;
      enter(extra);
      const nx = next(at);
      depth -= extra;
      if (!nx.ok) break;
      const opFrom = o && o.ok ? o.end - o.v.length : skip(end);
      ops.push(o && o.ok ? { text: o.v, from: opFrom, to: o.end } : { text: '', from: opFrom, to: opFrom });
      operands.push(nx.v);
      end = nx.end;
    }
    if (operands.length === 1) return first;
    // the attempt at a further operand after the last one goes a few frames deeper too
    if (depth + DEPTH_CHAIN > maxDepth) maxDepth = depth + DEPTH_CHAIN;
    return { ok: true, end, v: { t, operands, ops, from: operands[0]!.from, to: end } };
  };

  const andOp = (p: number): R<string> => {
    const k = keyword(p, 'AND');
    if (k.ok) return k;
    const a = literal(p, '&&');
    return a.ok ? { ok: true, end: a.end, v: '&&' } : fail(Math.max(k.loc, a.loc));
  };

  const orOp = (p: number): R<string> | null => {
    const k = keyword(p, 'OR');
    if (k.ok) return k;
    const a = literal(p, '||');
    return a.ok ? a : null; // Optional(OR): absent is the implicit OR
  };

  const andLevel = (p: number): R<QueryNode> => chainLevel(p, 'and', andOp, notLevel);

  function orLevel(p: number): R<QueryNode> {
    return chainLevel(p, 'or', orOp, andLevel);
  }

  const r = orLevel(0);
  return r.ok ? { ok: true, ast: r.v, end: r.end, text: s, depth: maxDepth } : { ok: false, loc: r.loc, text: s, depth: maxDepth };
}

// ---------------------------------------------------------------- what the server reads

/** The operands the server uses of a chain: the first two (see the header). */
export function readOperands(n: QueryNode & { t: 'and' | 'or' }): [QueryNode, QueryNode] {
  return [n.operands[0]!, n.operands[1]!];
}

/** The operator the server applies to a chain: OR whose second operand is a NOT is AND (SearchOr in queryparser.py). */
export function effectiveOp(n: QueryNode & { t: 'and' | 'or' }): 'and' | 'or' {
  return n.t === 'or' && n.operands[1]!.t === 'not' ? 'and' : n.t;
}

// ---------------------------------------------------------------- pyparsing's error text

const FOUND_WORD = new RegExp(
  '^(?:[0-9A-Za-z\\u00AA\\u00B2\\u00B3\\u00B5\\u00B9\\u00BA\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F\\u0370-\\u0374\\u0376\\u0377\\u037A-\\u037D\\u037F\\u0386\\u0388-\\u038A\\u038C\\u038E-\\u03A1\\u03A3-\\u03E1\\u03F0-\\u03F5\\u03F7-\\u0481\\u048A-\\u052F\\u1C80-\\u1C88\\u1D26-\\u1D2B\\u1D5E\\u1D60\\u1D66-\\u1D6A\\u1D78\\u1F00-\\u1F15\\u1F18-\\u1F1D\\u1F20-\\u1F45\\u1F48-\\u1F4D\\u1F50-\\u1F57\\u1F59\\u1F5B\\u1F5D\\u1F5F-\\u1F7D\\u1F80-\\u1FB4\\u1FB6-\\u1FBC\\u1FBE\\u1FC2-\\u1FC4\\u1FC6-\\u1FCC\\u1FD0-\\u1FD3\\u1FD6-\\u1FDB\\u1FE0-\\u1FEC\\u1FF2-\\u1FF4\\u1FF6-\\u1FFC\\uA640-\\uA66E\\uA67F-\\uA69D\\uAB65]{1,16})',
);

/** Python's repr() of a short string, as %r prints it. */
export function pythonRepr(v: string): string {
  const quote = v.includes("'") && !v.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of v) {
    const c = ch.codePointAt(0)!;
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 32 || c === 127) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else if (c >= 0x80 && c <= 0xa0) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out + quote;
}

/** The character count Python gives a position (code points, where JavaScript counts UTF-16 units). */
export function pyIndex(s: string, i: number): number {
  let n = 0;
  for (let j = 0; j < i; j++) {
    const c = s.charCodeAt(j);
    if (c < 0xdc00 || c > 0xdfff || j === 0 || s.charCodeAt(j - 1) < 0xd800 || s.charCodeAt(j - 1) > 0xdbff) n++;
  }
  return n;
}

/**
 * The error line the real server puts in its 400 answer for a query it cannot parse (pyparsing 3.0.9's
 * ParseException text, which the captured answers hold), e.g.
 * `pyparsing.exceptions.ParseException: Expected ['OR' | '||'] term, found end of text  (at char 10), (line:1, col:11)`.
 */
export function parseErrorText(text: string, loc: number): string {
  let found: string;
  if (text === '') found = '';
  else if (loc >= text.length) found = ', found end of text';
  else {
    const m = FOUND_WORD.exec(text.slice(loc));
    const cp = String.fromCodePoint(text.codePointAt(loc)!);
    found = `, found ${pythonRepr(m ? m[0] : cp)}`.replace(/\\\\/g, '\\');
  }
  const ploc = pyIndex(text, loc);
  const line = (text.slice(0, loc).match(/\n/g)?.length ?? 0) + 1;
  const col = loc > 0 && loc < text.length && text[loc - 1] === '\n' ? 1 : ploc - pyIndex(text, text.lastIndexOf('\n', loc - 1) + 0) + (text.lastIndexOf('\n', loc - 1) < 0 ? 1 : 0);
  return `pyparsing.exceptions.ParseException: Expected ['OR' | '||'] term${found}  (at char ${ploc}), (line:${line}, col:${col})\n`;
}

// ---------------------------------------------------------------- the conditions the server builds

/** A column of the real server's alerts table, or a key of a JSON column read as text (`"attributes"::jsonb ->> key`). */
export type CondColumn = { column: string } | { json: string; key: string };

/**
 * What the real server's SQL asks of each row, operator by operator (queryparser.py to_sql): the same tree whatever
 * the database. `default` stands for the column a sub-query's field gives its default-field terms.
 */
export type Cond =
  | { c: 'and' | 'or'; l: Cond; r: Cond }
  | { c: 'not'; e: Cond }
  /** `+ expr` / `- expr`: arithmetic on a condition, which the database refuses. */
  | { c: 'mod'; sign: '+' | '-'; e: Cond }
  /** A sub-query: `default` inside it means col (null: the enclosing default). */
  | { c: 'sub'; col: CondColumn | null; e: Cond }
  | { c: 'exists'; key: string }
  | { c: 'any'; column: string; v: string }
  | { c: 'ilike'; col: CondColumn | 'default'; pattern: string }
  | { c: 'match'; col: CondColumn | 'default'; pattern: string }
  | { c: 'range'; col: CondColumn | 'default'; lo: { op: '>' | '>='; v: string } | null; hi: { op: '<' | '<='; v: string } | null }
  | { c: 'cmp'; col: CondColumn | 'default'; op: '>' | '>=' | '<' | '<='; v: string }
  /**
   * An empty phrase or regex (`""`, `//`): pyparsing 3.0.9 drops the empty value, so to_sql matches no branch and
   * the server answers 400 'Search term did not match query syntax: [tokens]'. tokens is that list as Python prints it.
   */
  | { c: 'empty'; tokens: string };

/** field[0] of a clause: its attr part when it has one, else its name. */
const head = (f: QueryField) => f.attr ?? f.name;

function termCond(field: QueryField | null, value: QueryValue): Cond {
  if ((value.k === 'phrase' || value.k === 'regex') && value.v === '') {
    const parts = field ? [...(field.attr !== null ? [field.attr] : []), field.name] : ['__default_field__'];
    return { c: 'empty', tokens: `[${[...parts, ''].map(pythonRepr).join(', ')}]` };
  }
  const col: CondColumn | 'default' = field ? { column: head(field) } : 'default';
  switch (value.k) {
    case 'word':
      if (field?.name === '_exists_') return { c: 'exists', key: value.v };
      if (field && LIST_COLUMNS.has(field.name)) return { c: 'any', column: head(field), v: value.v };
      if (field?.attr) return { c: 'ilike', col: { json: field.attr.replace(/_/g, 'attributes'), key: field.name }, pattern: `%${value.v}%` };
      return { c: 'ilike', col, pattern: `%${value.v}%` };
    case 'phrase':
      if (field && LIST_COLUMNS.has(head(field))) return { c: 'any', column: head(field), v: value.v };
      if (field?.attr) return { c: 'match', col: { json: field.attr.replace(/_/g, 'attributes'), key: field.name }, pattern: `\\y${value.v}\\y` };
      return { c: 'match', col, pattern: `\\y${value.v}\\y` };
    case 'wildcard':
      return { c: 'match', col, pattern: `\\y${value.v}\\y` };
    case 'regex':
      return { c: 'match', col, pattern: value.v };
    case 'range':
      return {
        c: 'range',
        col,
        lo: value.lo === '*' ? null : { op: value.loInc ? '>=' : '>', v: value.lo },
        hi: value.hi === '*' ? null : { op: value.hiInc ? '<=' : '<', v: value.hi },
      };
    case 'cmp':
      return { c: 'cmp', col, op: value.op, v: value.v };
  }
}

/** The conditions the real server builds from a parsed query (the dropped operands are gone, OR NOT is AND). */
export function serverConditions(n: QueryNode): Cond {
  switch (n.t) {
    case 'term':
      return termCond(n.field, n.value);
    case 'sub': {
      const f = n.field;
      const col: CondColumn | null = !f ? null : f.attr ? { json: f.attr === '_' ? 'attributes' : f.attr, key: f.name } : { column: f.name };
      return { c: 'sub', col, e: serverConditions(n.e) };
    }
    case 'not':
      return { c: 'not', e: serverConditions(n.e) };
    case 'mod':
      return { c: 'mod', sign: n.sign, e: serverConditions(n.e) };
    case 'and':
    case 'or': {
      const [l, r] = readOperands(n);
      return { c: effectiveOp(n), l: serverConditions(l), r: serverConditions(r) };
    }
  }
}

// The config's clipboard_template, rendered without a template engine that can reach code.
//
// The old console rendered it with Nunjucks (`nunjucks.renderString(template, alert)`), so existing configs name the
// alert's fields at the top level (`[{{environment | upper}}] {{text}}`); `alert.x` works too. Nunjucks compiles
// templates to JavaScript and lets them walk prototypes (`{{ x.constructor.constructor('...')() }}` runs code), and
// weighs 200 KB. This renderer interprets a small Jinja subset instead: values are looked up only among the own
// properties of the alert's plain data, nothing can be called except the filters listed in FILTERS, and anything it
// does not understand is copied as literal text. It never throws.
//
// Differences from Nunjucks, on purpose: the output is plain text (no HTML escaping: it goes to the clipboard, not a
// page); an empty list or object is false in `if` (as in Jinja, which is what templates written for the Python server
// assume); `default` also replaces null (the API sends null for a missing customer or raw data); objects print as JSON
// instead of "[object Object]".

/** Upper bounds that keep a hostile or careless template from freezing the page. */
const MAX_LOOP_ITERATIONS = 100_000;
const MAX_OUTPUT_CHARS = 1_000_000;
const MAX_NESTING = 64;

const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']);

// ---- values ----------------------------------------------------------------------------------------------------

type Value = unknown;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A property of template data: own data properties of arrays and plain objects only. */
function member(obj: Value, key: Value): Value {
  if (typeof key === 'number') {
    if (Array.isArray(obj) && Number.isInteger(key)) return safeValue(obj[key < 0 ? obj.length + key : key]);
    if (typeof obj === 'string' && Number.isInteger(key)) return obj.charAt(key < 0 ? obj.length + key : key);
    key = String(key);
  }
  if (typeof key !== 'string' || FORBIDDEN_KEYS.has(key)) return undefined;
  if ((Array.isArray(obj) || typeof obj === 'string') && key === 'length') return obj.length;
  if (Array.isArray(obj) && /^\d+$/.test(key)) return safeValue(obj[Number(key)]);
  if (!isPlainObject(obj) || !Object.prototype.hasOwnProperty.call(obj, key)) return undefined;
  const desc = Object.getOwnPropertyDescriptor(obj, key);
  // A getter would run code: only plain data properties are read.
  if (!desc || !('value' in desc)) return undefined;
  return safeValue(desc.value);
}

/** Functions and exotic objects never enter a template's world. */
function safeValue(v: Value): Value {
  if (typeof v === 'function' || typeof v === 'symbol') return undefined;
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && !isPlainObject(v)) return undefined;
  return v;
}

function isMissing(v: Value): boolean {
  return v === undefined || v === null;
}

/** Jinja truthiness: empty strings, lists and objects, 0, none and false are false. */
function truthy(v: Value): boolean {
  if (Array.isArray(v)) return v.length > 0;
  if (isPlainObject(v)) return Object.keys(v).length > 0;
  return Boolean(v);
}

function toText(v: Value): string {
  if (isMissing(v)) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (Array.isArray(v)) return v.map(toText).join(',');
  if (isPlainObject(v)) return json(v);
  return '';
}

function json(v: Value, indent?: number): string {
  try {
    return JSON.stringify(v, null, indent) ?? '';
  } catch {
    return '';
  }
}

function toNumber(v: Value): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return NaN;
}

// ---- filters (the only things a template can "call") ------------------------------------------------------------

type Filter = (value: Value, args: Value[]) => Value;

function optInt(v: Value, fallback: number): number {
  const n = toNumber(v);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

const FILTERS: ReadonlyMap<string, Filter> = new Map<string, Filter>([
  ['upper', (v) => toText(v).toUpperCase()],
  ['lower', (v) => toText(v).toLowerCase()],
  ['capitalize', (v) => {
    const s = toText(v);
    return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
  }],
  ['title', (v) => toText(v).toLowerCase().replace(/(^|[\s\-_([{])(\p{L})/gu, (_m, sep: string, c: string) => sep + c.toUpperCase())],
  ['trim', (v) => toText(v).trim()],
  ['string', (v) => toText(v)],
  ['default', (v, [fallback, orFalsy]) => (isMissing(v) || (truthy(orFalsy) && !truthy(v)) ? fallback : v)],
  ['join', (v, [sep, attr]) => {
    const separator = isMissing(sep) ? '' : toText(sep);
    if (!Array.isArray(v)) return toText(v);
    return v.map((item) => toText(isMissing(attr) ? item : member(item, attr))).join(separator);
  }],
  ['replace', (v, [from, to, count]) => {
    const s = toText(v);
    const a = toText(from);
    const b = toText(to);
    let max = isMissing(count) ? Infinity : optInt(count, Infinity);
    if (a === '') return s;
    let out = '';
    let i = 0;
    while (max > 0) {
      const at = s.indexOf(a, i);
      if (at < 0) break;
      out += s.slice(i, at) + b;
      i = at + a.length;
      max -= 1;
    }
    return out + s.slice(i);
  }],
  ['truncate', (v, [length, killwords, end]) => {
    const s = toText(v);
    const n = Math.max(0, optInt(length, 255));
    if (s.length <= n) return s;
    const tail = isMissing(end) ? '...' : toText(end);
    if (truthy(killwords)) return s.slice(0, n) + tail;
    let cut = s.lastIndexOf(' ', n);
    if (cut <= 0) cut = n;
    return s.slice(0, cut) + tail;
  }],
  ['length', (v) => (Array.isArray(v) || typeof v === 'string' ? v.length : isPlainObject(v) ? Object.keys(v).length : 0)],
  ['first', (v) => (Array.isArray(v) ? safeValue(v[0]) : typeof v === 'string' ? v.charAt(0) : undefined)],
  ['last', (v) => (Array.isArray(v) ? safeValue(v[v.length - 1]) : typeof v === 'string' ? v.charAt(v.length - 1) : undefined)],
  ['dump', (v, [indent]) => json(v, isMissing(indent) ? undefined : Math.min(10, Math.max(0, optInt(indent, 0))))],
  ['urlencode', (v) => encodeURIComponent(toText(v))],
]);
// Jinja's short name for default.
(FILTERS as Map<string, Filter>).set('d', FILTERS.get('default') as Filter);
(FILTERS as Map<string, Filter>).set('count', FILTERS.get('length') as Filter);

// ---- expressions ------------------------------------------------------------------------------------------------

type Expr =
  | { k: 'lit'; v: Value }
  | { k: 'name'; name: string }
  | { k: 'member'; obj: Expr; key: Expr }
  | { k: 'pairs'; obj: Expr; which: 'items' | 'keys' | 'values' }
  | { k: 'filter'; value: Expr; name: string; args: Expr[] }
  | { k: 'not'; e: Expr }
  | { k: 'neg'; e: Expr }
  | { k: 'bin'; op: string; a: Expr; b: Expr }
  | { k: 'test'; e: Expr; test: string; negate: boolean }
  | { k: 'cond'; test: Expr; then: Expr; else: Expr | null }
  | { k: 'list'; items: Expr[] };

type Tok = { t: 'name' | 'num' | 'str' | 'op'; v: string };

class SyntaxFail extends Error {}

const NAME_RE = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUM_RE = /\d+(\.\d+)?/y;
const OP_RE = /==|!=|<=|>=|[<>|.,()[\]~+\-*/%=]/y;

function matchAt(re: RegExp, src: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(src);
}

function lex(src: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src.charAt(i);
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    const name = matchAt(NAME_RE, src, i);
    if (name) {
      toks.push({ t: 'name', v: name[0] });
      i += name[0].length;
      continue;
    }
    const num = matchAt(NUM_RE, src, i);
    if (num) {
      toks.push({ t: 'num', v: num[0] });
      i += num[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      let out = '';
      let j = i + 1;
      for (; j < src.length && src[j] !== c; j += 1) {
        if (src[j] === '\\' && j + 1 < src.length) {
          j += 1;
          const e = src[j];
          out += e === 'n' ? '\n' : e === 't' ? '\t' : e === 'r' ? '\r' : e;
        } else out += src[j];
      }
      if (j >= src.length) throw new SyntaxFail('unterminated string');
      toks.push({ t: 'str', v: out });
      i = j + 1;
      continue;
    }
    const op = matchAt(OP_RE, src, i);
    if (!op) throw new SyntaxFail(`unexpected ${c}`);
    toks.push({ t: 'op', v: op[0] });
    i += op[0].length;
  }
  return toks;
}

class ExprParser {
  private i = 0;
  private depth = 0;
  constructor(private toks: Tok[]) {}

  static parse(src: string): Expr {
    const p = new ExprParser(lex(src));
    const e = p.expr();
    if (p.i !== p.toks.length) throw new SyntaxFail('trailing tokens');
    return e;
  }

  /** A for-loop header: `x in expr` or `k, v in expr`. */
  static parseFor(src: string): { vars: string[]; iter: Expr } {
    const p = new ExprParser(lex(src));
    const vars = [p.ident()];
    while (p.isOp(',')) {
      p.i += 1;
      vars.push(p.ident());
    }
    if (vars.length > 2 || !p.isName('in')) throw new SyntaxFail('bad for');
    p.i += 1;
    const iter = p.expr();
    if (p.i !== p.toks.length) throw new SyntaxFail('trailing tokens');
    return { vars, iter };
  }

  /** `name = expr` */
  static parseSet(src: string): { name: string; value: Expr } {
    const p = new ExprParser(lex(src));
    const name = p.ident();
    if (!p.isOp('=')) throw new SyntaxFail('bad set');
    p.i += 1;
    const value = p.expr();
    if (p.i !== p.toks.length) throw new SyntaxFail('trailing tokens');
    return { name, value };
  }

  private peek(): Tok | undefined {
    return this.toks[this.i];
  }
  private isOp(v: string): boolean {
    const t = this.peek();
    return !!t && t.t === 'op' && t.v === v;
  }
  private isName(v: string): boolean {
    const t = this.peek();
    return !!t && t.t === 'name' && t.v === v;
  }
  private expectOp(v: string) {
    if (!this.isOp(v)) throw new SyntaxFail(`expected ${v}`);
    this.i += 1;
  }
  private ident(): string {
    const t = this.peek();
    if (!t || t.t !== 'name' || KEYWORDS.has(t.v)) throw new SyntaxFail('expected a name');
    this.i += 1;
    return t.v;
  }

  private enter() {
    this.depth += 1;
    if (this.depth > MAX_NESTING) throw new SyntaxFail('too deep');
  }

  expr(): Expr {
    this.enter();
    let e = this.or();
    if (this.isName('if')) {
      this.i += 1;
      const test = this.or();
      let otherwise: Expr | null = null;
      if (this.isName('else')) {
        this.i += 1;
        otherwise = this.expr();
      }
      e = { k: 'cond', test, then: e, else: otherwise };
    }
    this.depth -= 1;
    return e;
  }

  private or(): Expr {
    let a = this.and();
    while (this.isName('or')) {
      this.i += 1;
      a = { k: 'bin', op: 'or', a, b: this.and() };
    }
    return a;
  }

  private and(): Expr {
    let a = this.not();
    while (this.isName('and')) {
      this.i += 1;
      a = { k: 'bin', op: 'and', a, b: this.not() };
    }
    return a;
  }

  private not(): Expr {
    if (this.isName('not')) {
      this.i += 1;
      this.enter();
      const e: Expr = { k: 'not', e: this.not() };
      this.depth -= 1;
      return e;
    }
    return this.compare();
  }

  private compare(): Expr {
    let a = this.concat();
    for (;;) {
      const t = this.peek();
      if (t && t.t === 'op' && ['==', '!=', '<', '>', '<=', '>='].includes(t.v)) {
        this.i += 1;
        a = { k: 'bin', op: t.v, a, b: this.concat() };
      } else if (this.isName('in')) {
        this.i += 1;
        a = { k: 'bin', op: 'in', a, b: this.concat() };
      } else if (this.isName('not') && this.toks[this.i + 1]?.t === 'name' && this.toks[this.i + 1]?.v === 'in') {
        this.i += 2;
        a = { k: 'not', e: { k: 'bin', op: 'in', a, b: this.concat() } };
      } else if (this.isName('is')) {
        this.i += 1;
        let negate = false;
        if (this.isName('not')) {
          this.i += 1;
          negate = true;
        }
        const test = this.peek();
        if (!test || test.t !== 'name' || !TESTS.has(test.v)) throw new SyntaxFail('unknown test');
        this.i += 1;
        a = { k: 'test', e: a, test: test.v, negate };
      } else return a;
    }
  }

  private concat(): Expr {
    let a = this.sum();
    while (this.isOp('~')) {
      this.i += 1;
      a = { k: 'bin', op: '~', a, b: this.sum() };
    }
    return a;
  }

  private sum(): Expr {
    let a = this.product();
    while (this.isOp('+') || this.isOp('-')) {
      const op = (this.peek() as Tok).v;
      this.i += 1;
      a = { k: 'bin', op, a, b: this.product() };
    }
    return a;
  }

  private product(): Expr {
    let a = this.unary();
    while (this.isOp('*') || this.isOp('/') || this.isOp('%')) {
      const op = (this.peek() as Tok).v;
      this.i += 1;
      a = { k: 'bin', op, a, b: this.unary() };
    }
    return a;
  }

  private unary(): Expr {
    if (this.isOp('-')) {
      this.i += 1;
      this.enter();
      const e: Expr = { k: 'neg', e: this.unary() };
      this.depth -= 1;
      return e;
    }
    return this.filtered();
  }

  private filtered(): Expr {
    let e = this.postfix();
    while (this.isOp('|')) {
      this.i += 1;
      const name = this.ident();
      if (!FILTERS.has(name)) throw new SyntaxFail(`unknown filter ${name}`);
      const args: Expr[] = [];
      if (this.isOp('(')) {
        this.i += 1;
        if (!this.isOp(')')) {
          args.push(this.expr());
          while (this.isOp(',')) {
            this.i += 1;
            args.push(this.expr());
          }
        }
        this.expectOp(')');
      }
      e = { k: 'filter', value: e, name, args };
    }
    return e;
  }

  private postfix(): Expr {
    let e = this.primary();
    for (;;) {
      if (this.isOp('.')) {
        this.i += 1;
        const t = this.peek();
        if (!t || (t.t !== 'name' && t.t !== 'num')) throw new SyntaxFail('expected a field');
        this.i += 1;
        // `.items()`, `.keys()`, `.values()`: the Jinja way to loop over a mapping; the only "calls" allowed.
        if (t.t === 'name' && (t.v === 'items' || t.v === 'keys' || t.v === 'values') && this.isOp('(')) {
          this.i += 1;
          this.expectOp(')');
          e = { k: 'pairs', obj: e, which: t.v };
          continue;
        }
        e = { k: 'member', obj: e, key: { k: 'lit', v: t.t === 'num' ? Number(t.v) : t.v } };
      } else if (this.isOp('[')) {
        this.i += 1;
        const key = this.expr();
        this.expectOp(']');
        e = { k: 'member', obj: e, key };
      } else if (this.isOp('(')) {
        // Any other call is refused: the whole tag is then copied as text.
        throw new SyntaxFail('calls are not allowed');
      } else return e;
    }
  }

  private primary(): Expr {
    const t = this.peek();
    if (!t) throw new SyntaxFail('unexpected end');
    if (t.t === 'num') {
      this.i += 1;
      return { k: 'lit', v: Number(t.v) };
    }
    if (t.t === 'str') {
      this.i += 1;
      return { k: 'lit', v: t.v };
    }
    if (t.t === 'op' && t.v === '(') {
      this.i += 1;
      const e = this.expr();
      this.expectOp(')');
      return e;
    }
    if (t.t === 'op' && t.v === '[') {
      this.i += 1;
      const items: Expr[] = [];
      if (!this.isOp(']')) {
        items.push(this.expr());
        while (this.isOp(',')) {
          this.i += 1;
          items.push(this.expr());
        }
      }
      this.expectOp(']');
      return { k: 'list', items };
    }
    if (t.t === 'name') {
      if (t.v === 'true' || t.v === 'True') return this.take({ k: 'lit', v: true });
      if (t.v === 'false' || t.v === 'False') return this.take({ k: 'lit', v: false });
      if (t.v === 'none' || t.v === 'None' || t.v === 'null') return this.take({ k: 'lit', v: null });
      return { k: 'name', name: this.ident() };
    }
    throw new SyntaxFail(`unexpected ${t.v}`);
  }

  private take(e: Expr): Expr {
    this.i += 1;
    return e;
  }
}

const KEYWORDS: ReadonlySet<string> = new Set(['and', 'or', 'not', 'in', 'is', 'if', 'else', 'true', 'false', 'True', 'False', 'none', 'None', 'null']);
const TESTS: ReadonlySet<string> = new Set(['defined', 'undefined', 'none', 'string', 'number', 'sequence', 'mapping']);

// ---- template structure -------------------------------------------------------------------------------------------

type Node =
  | { k: 'text'; text: string }
  | { k: 'out'; expr: Expr }
  | { k: 'if'; branches: { test: Expr; body: Node[] }[]; otherwise: Node[] }
  | { k: 'for'; vars: string[]; iter: Expr; body: Node[]; otherwise: Node[] }
  | { k: 'set'; name: string; value: Expr };

type Piece =
  | { k: 'text'; text: string }
  | { k: 'out'; body: string; raw: string }
  | { k: 'tag'; body: string; raw: string };

/** Where a tag opened at `from` ends (index after the closer), skipping closers inside quoted strings. */
function findClose(src: string, from: number, closer: string): number {
  let quote: string | null = null;
  for (let i = from; i < src.length; i += 1) {
    const c = src[i];
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (src.startsWith(closer, i)) return i + closer.length;
  }
  return -1;
}

const OPEN_RE = /\{[{%#]/g;

function split(src: string): Piece[] {
  const pieces: Piece[] = [];
  let text = '';
  let stripNext = false;
  const pushText = (s: string) => {
    text += stripNext ? s.replace(/^\s+/, '') : s;
    stripNext = false;
  };
  let i = 0;
  while (i < src.length) {
    OPEN_RE.lastIndex = i;
    const found = OPEN_RE.exec(src);
    if (!found) {
      pushText(src.slice(i));
      break;
    }
    const at = found.index;
    pushText(src.slice(i, at));
    const kind = src[at + 1];
    const closer = kind === '{' ? '}}' : kind === '%' ? '%}' : '#}';
    const end = kind === '#' ? (src.indexOf('#}', at + 2) < 0 ? -1 : src.indexOf('#}', at + 2) + 2) : findClose(src, at + 2, closer);
    if (end < 0) {
      // An unclosed tag is text, like everything the renderer does not understand.
      pushText(src.slice(at));
      break;
    }
    const raw = src.slice(at, end);
    let inner = raw.slice(2, -2);
    const lstrip = inner.startsWith('-');
    const rstrip = inner.endsWith('-') && inner.length > (lstrip ? 1 : 0);
    if (lstrip) inner = inner.slice(1);
    if (rstrip) inner = inner.slice(0, -1);
    if (lstrip) text = text.replace(/\s+$/, '');
    if (text) pieces.push({ k: 'text', text });
    text = '';
    i = end;
    if (kind === '%' && /^\s*raw\s*$/.test(inner)) {
      // {% raw %} ... {% endraw %}: the content is copied verbatim.
      const re = /\{%-?\s*endraw\s*-?%\}/g;
      re.lastIndex = end;
      const m = re.exec(src);
      if (m) {
        pieces.push({ k: 'text', text: src.slice(end, m.index) });
        i = m.index + m[0].length;
        stripNext = m[0].endsWith('-%}');
        continue;
      }
    }
    if (kind === '{') pieces.push({ k: 'out', body: inner, raw });
    else if (kind === '%') pieces.push({ k: 'tag', body: inner.trim(), raw });
    stripNext = rstrip;
  }
  if (text) pieces.push({ k: 'text', text });
  return pieces;
}

function keyword(body: string): { word: string; rest: string } {
  const m = /^([a-z]+)\b\s*([\s\S]*)$/.exec(body);
  return m ? { word: m[1] ?? '', rest: m[2] ?? '' } : { word: '', rest: body };
}

const CLOSER_WORDS: ReadonlySet<string> = new Set(['elif', 'elseif', 'else', 'endif', 'endfor']);

const IF_STOPS: readonly string[] = ['elif', 'elseif', 'else', 'endif'];
const FOR_STOPS: readonly string[] = ['else', 'endfor'];

/**
 * How often, at most, the parser may look at each piece of a template: an opening tag whose end never comes is
 * turned back into text and what follows it parsed again, and a template of many such tags would be read again and
 * again (`{% if x %}` 2,000 times took 127 ms, 500 times 11 ms). Past this budget the rest of the template is text.
 */
const PARSE_VISITS_PER_PIECE = 8;

class TemplateParser {
  private i = 0;
  private unclosed = new Set<number>();
  private visits = 0;
  private readonly budget: number;
  constructor(private pieces: Piece[]) {
    this.budget = PARSE_VISITS_PER_PIECE * pieces.length + 4096;
  }

  parseAll(): Node[] {
    const nodes: Node[] = [];
    while (this.i < this.pieces.length) {
      const r = this.block(nodes, null, 0);
      if (r) nodes.push({ k: 'text', text: r.raw }); // a stray elif/else/endif/endfor: text
    }
    return nodes;
  }

  /**
   * Parses pieces into `into` until one of `stops` (returned, consumed) or the end (null). An opening tag whose end
   * never comes is turned back into text, with what followed it parsed as ordinary content.
   */
  private block(into: Node[], stops: readonly string[] | null, depth: number): { word: string; rest: string; raw: string } | null {
    while (this.i < this.pieces.length) {
      if (++this.visits > this.budget) {
        // Read enough: the rest is text, as written (each enclosing block then fails once and does the same).
        for (; this.i < this.pieces.length; this.i++) {
          const p = this.pieces[this.i] as Piece;
          into.push({ k: 'text', text: p.k === 'text' ? p.text : p.raw });
        }
        return null;
      }
      const at = this.i;
      const p = this.pieces[at] as Piece;
      this.i += 1;
      if (p.k === 'text') {
        into.push({ k: 'text', text: p.text });
        continue;
      }
      if (p.k === 'out') {
        into.push(this.output(p));
        continue;
      }
      const { word, rest } = keyword(p.body);
      if (stops ? stops.includes(word) : CLOSER_WORDS.has(word)) return { word, rest, raw: p.raw };
      if ((word === 'if' || word === 'for') && depth < MAX_NESTING && !this.unclosed.has(at)) {
        const node = word === 'if' ? this.ifBlock(rest, depth) : this.forBlock(rest, depth);
        if (node) {
          into.push(node);
          continue;
        }
        // Not closed, or a header we cannot read: the tag is text and parsing resumes right after it. Whether a block
        // starting here closes does not depend on what encloses it, so the answer is remembered (no re-parsing storm).
        this.unclosed.add(at);
        this.i = at + 1;
      } else if (word === 'set') {
        try {
          const { name, value } = ExprParser.parseSet(rest);
          into.push({ k: 'set', name, value });
          continue;
        } catch {
          // text, below
        }
      }
      into.push({ k: 'text', text: p.raw });
    }
    return null;
  }

  private output(p: { body: string; raw: string }): Node {
    try {
      return { k: 'out', expr: ExprParser.parse(p.body) };
    } catch {
      return { k: 'text', text: p.raw };
    }
  }

  private ifBlock(header: string, depth: number): Node | null {
    let test: Expr;
    try {
      test = ExprParser.parse(header);
    } catch {
      return null;
    }
    const branches: { test: Expr; body: Node[] }[] = [];
    let body: Node[] = [];
    let stop = this.block(body, IF_STOPS, depth + 1);
    branches.push({ test, body });
    while (stop && (stop.word === 'elif' || stop.word === 'elseif')) {
      try {
        test = ExprParser.parse(stop.rest);
      } catch {
        return null;
      }
      body = [];
      stop = this.block(body, IF_STOPS, depth + 1);
      branches.push({ test, body });
    }
    const otherwise: Node[] = [];
    if (stop && stop.word === 'else') stop = this.block(otherwise, ['endif'], depth + 1);
    if (!stop || stop.word !== 'endif') return null;
    return { k: 'if', branches, otherwise };
  }

  private forBlock(header: string, depth: number): Node | null {
    let parsed: { vars: string[]; iter: Expr };
    try {
      parsed = ExprParser.parseFor(header);
    } catch {
      return null;
    }
    const body: Node[] = [];
    let stop = this.block(body, FOR_STOPS, depth + 1);
    const otherwise: Node[] = [];
    if (stop && stop.word === 'else') stop = this.block(otherwise, ['endfor'], depth + 1);
    if (!stop || stop.word !== 'endfor') return null;
    return { k: 'for', vars: parsed.vars, iter: parsed.iter, body, otherwise };
  }
}

// ---- evaluation ----------------------------------------------------------------------------------------------------

class Scope {
  private vars = new Map<string, Value>();
  constructor(
    private parent: Scope | null,
    private root: Record<string, unknown> | null = null,
  ) {}
  child(): Scope {
    return new Scope(this);
  }
  set(name: string, v: Value) {
    this.vars.set(name, v);
  }
  get(name: string): Value {
    if (this.vars.has(name)) return this.vars.get(name);
    if (this.parent) return this.parent.get(name);
    if (this.root) return name === 'alert' ? this.root : member(this.root, name);
    return undefined;
  }
}

class Budget extends Error {}

class Renderer {
  private out = '';
  private iterations = 0;

  run(nodes: Node[], scope: Scope): string {
    try {
      this.nodes(nodes, scope);
    } catch (error) {
      if (!(error instanceof Budget)) throw error;
    }
    return this.out.slice(0, MAX_OUTPUT_CHARS);
  }

  private emit(s: string) {
    this.out += s;
    if (this.out.length > MAX_OUTPUT_CHARS) throw new Budget();
  }

  private nodes(nodes: Node[], scope: Scope) {
    for (const n of nodes) {
      switch (n.k) {
        case 'text':
          this.emit(n.text);
          break;
        case 'out':
          this.emit(toText(this.eval(n.expr, scope)));
          break;
        case 'set':
          scope.set(n.name, this.eval(n.value, scope));
          break;
        case 'if': {
          const hit = n.branches.find((b) => truthy(this.eval(b.test, scope)));
          this.nodes(hit ? hit.body : n.otherwise, scope);
          break;
        }
        case 'for':
          this.loop(n, scope);
          break;
      }
    }
  }

  private loop(n: Extract<Node, { k: 'for' }>, scope: Scope) {
    const it = this.eval(n.iter, scope);
    let rows: Value[][];
    if (Array.isArray(it)) rows = it.map((v) => (n.vars.length === 2 && Array.isArray(v) ? [v[0], v[1]] : [safeValue(v)]));
    else if (isPlainObject(it)) rows = Object.keys(it).filter((k) => !FORBIDDEN_KEYS.has(k)).map((k) => [k, member(it, k)]);
    else if (typeof it === 'string') rows = Array.from(it).map((c) => [c]);
    else rows = [];
    if (rows.length === 0) {
      this.nodes(n.otherwise, scope);
      return;
    }
    rows.forEach((row, index) => {
      this.iterations += 1;
      if (this.iterations > MAX_LOOP_ITERATIONS) throw new Budget();
      const inner = scope.child();
      n.vars.forEach((name, i) => inner.set(name, row[i]));
      inner.set('loop', {
        index: index + 1,
        index0: index,
        revindex: rows.length - index,
        revindex0: rows.length - index - 1,
        first: index === 0,
        last: index === rows.length - 1,
        length: rows.length,
      });
      this.nodes(n.body, inner);
    });
  }

  private eval(e: Expr, scope: Scope): Value {
    switch (e.k) {
      case 'lit':
        return e.v;
      case 'name':
        return FORBIDDEN_KEYS.has(e.name) ? undefined : scope.get(e.name);
      case 'list':
        return e.items.map((x) => this.eval(x, scope));
      case 'member':
        return member(this.eval(e.obj, scope), this.eval(e.key, scope));
      case 'pairs': {
        const obj = this.eval(e.obj, scope);
        if (!isPlainObject(obj)) return [];
        const keys = Object.keys(obj).filter((k) => !FORBIDDEN_KEYS.has(k));
        if (e.which === 'keys') return keys;
        if (e.which === 'values') return keys.map((k) => member(obj, k));
        return keys.map((k) => [k, member(obj, k)]);
      }
      case 'filter': {
        const f = FILTERS.get(e.name);
        return f ? f(this.eval(e.value, scope), e.args.map((a) => this.eval(a, scope))) : undefined;
      }
      case 'not':
        return !truthy(this.eval(e.e, scope));
      case 'neg':
        return -toNumber(this.eval(e.e, scope));
      case 'cond':
        return truthy(this.eval(e.test, scope)) ? this.eval(e.then, scope) : e.else ? this.eval(e.else, scope) : undefined;
      case 'test':
        return e.negate !== runTest(e.test, this.eval(e.e, scope));
      case 'bin':
        return this.binary(e.op, e.a, e.b, scope);
    }
  }

  private binary(op: string, ae: Expr, be: Expr, scope: Scope): Value {
    if (op === 'and') {
      const a = this.eval(ae, scope);
      return truthy(a) ? this.eval(be, scope) : a;
    }
    if (op === 'or') {
      const a = this.eval(ae, scope);
      return truthy(a) ? a : this.eval(be, scope);
    }
    const a = this.eval(ae, scope);
    const b = this.eval(be, scope);
    switch (op) {
      case '~':
        return toText(a) + toText(b);
      case '+':
        return typeof a === 'string' || typeof b === 'string' ? toText(a) + toText(b) : toNumber(a) + toNumber(b);
      case '-':
        return toNumber(a) - toNumber(b);
      case '*':
        return toNumber(a) * toNumber(b);
      case '/':
        return toNumber(a) / toNumber(b);
      case '%':
        return toNumber(a) % toNumber(b);
      case '==':
        return looseEqual(a, b);
      case '!=':
        return !looseEqual(a, b);
      case '<':
      case '>':
      case '<=':
      case '>=':
        return compare(op, a, b);
      case 'in':
        if (Array.isArray(b)) return b.some((x) => looseEqual(x, a));
        if (typeof b === 'string') return b.includes(toText(a));
        if (isPlainObject(b)) return typeof a === 'string' && !FORBIDDEN_KEYS.has(a) && Object.prototype.hasOwnProperty.call(b, a);
        return false;
    }
    return undefined;
  }
}

function looseEqual(a: Value, b: Value): boolean {
  if (isMissing(a) && isMissing(b)) return true;
  if (typeof a === 'number' && typeof b === 'string') return a === Number(b) && b.trim() !== '';
  if (typeof a === 'string' && typeof b === 'number') return Number(a) === b && a.trim() !== '';
  return a === b;
}

function compare(op: string, a: Value, b: Value): boolean {
  const both = typeof a === 'string' && typeof b === 'string';
  const x = both ? a : toNumber(a);
  const y = both ? b : toNumber(b);
  if (op === '<') return x < y;
  if (op === '>') return x > y;
  if (op === '<=') return x <= y;
  return x >= y;
}

function runTest(test: string, v: Value): boolean {
  switch (test) {
    case 'defined':
      return v !== undefined;
    case 'undefined':
      return v === undefined;
    case 'none':
      return v === null;
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number';
    case 'sequence':
      return Array.isArray(v) || typeof v === 'string';
    case 'mapping':
      return isPlainObject(v);
  }
  return false;
}

/**
 * Renders a clipboard template against one alert. The alert's fields are reachable by name (`{{ resource }}`, as in
 * the old console) and through `alert` (`{{ alert.resource }}`); nothing else is. Never throws: syntax it does not
 * understand is copied as written.
 */
export function renderClipboardTemplate(template: string, alert: object): string {
  try {
    // A structured copy of plain data: whatever the caller passes, the template sees only JSON values.
    const data = JSON.parse(json(alert) || '{}') as unknown;
    const root = isPlainObject(data) ? data : {};
    const nodes = new TemplateParser(split(String(template ?? ''))).parseAll();
    return new Renderer().run(nodes, new Scope(null, root));
  } catch {
    // Only a bug could land here; the user still gets their template's text rather than an exception.
    return String(template ?? '');
  }
}

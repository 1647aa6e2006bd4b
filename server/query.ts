// The alert query language and URL filters, compiled to SQLite.
// q= follows the real server's Lucene-like grammar (alerta/database/backends/postgres/queryparser.py):
//   field:word        contains, case-insensitive       field:"phrase"   exact value
//   field:wild*card   regex match                      field:/regex/    regex match
//   field:[a TO b]    inclusive range ({} exclusive)   field:>=x        one-sided range
//   a AND b, a && b, a OR b, a || b, a b (implicit OR), NOT a, !a, -a, +a, ( ... ), field:( ... )
//   a bare term searches the text field; _exists_:name tests for an attribute.
// List fields (service, tags, correlate) match when any element matches, so tags:"watch:alice" finds watched alerts.
import { ApiError } from './errors.ts';
import { isValidRegex } from './db.ts';

export type FieldKind = 'text' | 'number' | 'bool' | 'list' | 'attr';

export interface FieldDef {
  sql: string;
  kind: FieldKind;
  /** natural sort direction: 1 ascending, -1 newest first; 0 = not sortable */
  dir: 1 | -1 | 0;
  /** expression used for sorting, when it differs from sql */
  sortSql?: string;
}

const STATUS_SORT = `CASE status WHEN 'open' THEN 'A' WHEN 'assign' THEN 'B' WHEN 'ack' THEN 'C' WHEN 'shelved' THEN 'D' WHEN 'blackout' THEN 'E' WHEN 'closed' THEN 'F' WHEN 'expired' THEN 'G' WHEN 'unknown' THEN 'H' ELSE 'Z' END`;

/** Alert fields by their API (camelCase) name. */
export const ALERT_FIELDS: Record<string, FieldDef> = {
  id: { sql: 'id', kind: 'text', dir: 0 },
  resource: { sql: 'resource', kind: 'text', dir: 1 },
  event: { sql: 'event', kind: 'text', dir: 1 },
  environment: { sql: 'environment', kind: 'text', dir: 1 },
  severity: { sql: 'severity', kind: 'text', dir: 1, sortSql: 'severity_code' },
  correlate: { sql: 'correlate', kind: 'list', dir: 1 },
  status: { sql: 'status', kind: 'text', dir: 1, sortSql: STATUS_SORT },
  service: { sql: 'service', kind: 'list', dir: 1 },
  group: { sql: 'grp', kind: 'text', dir: 1 },
  value: { sql: 'value', kind: 'text', dir: 1 },
  text: { sql: 'text', kind: 'text', dir: 1 },
  tags: { sql: 'tags', kind: 'list', dir: 1 },
  tag: { sql: 'tags', kind: 'list', dir: 0 },
  attributes: { sql: 'attributes', kind: 'attr', dir: 1 },
  origin: { sql: 'origin', kind: 'text', dir: 1 },
  type: { sql: 'type', kind: 'text', dir: 1 },
  createTime: { sql: 'create_time', kind: 'text', dir: -1 },
  timeout: { sql: 'timeout', kind: 'number', dir: 1 },
  rawData: { sql: 'raw_data', kind: 'text', dir: 1 },
  customer: { sql: 'customer', kind: 'text', dir: 1 },
  duplicateCount: { sql: 'duplicate_count', kind: 'number', dir: 1 },
  repeat: { sql: 'repeat', kind: 'bool', dir: 1 },
  previousSeverity: { sql: 'previous_severity', kind: 'text', dir: 1 },
  trendIndication: { sql: 'trend_indication', kind: 'text', dir: 1 },
  receiveTime: { sql: 'receive_time', kind: 'text', dir: -1 },
  lastReceiveId: { sql: 'last_receive_id', kind: 'text', dir: 1 },
  lastReceiveTime: { sql: 'last_receive_time', kind: 'text', dir: -1 },
  updateTime: { sql: 'update_time', kind: 'text', dir: -1 },
};

/** Snake-case aliases accepted in q= (the real server's queries run against Postgres column names). */
const Q_ALIASES: Record<string, string> = {
  event_type: 'type',
  create_time: 'createTime',
  receive_time: 'receiveTime',
  last_receive_time: 'lastReceiveTime',
  last_receive_id: 'lastReceiveId',
  update_time: 'updateTime',
  duplicate_count: 'duplicateCount',
  previous_severity: 'previousSeverity',
  trend_indication: 'trendIndication',
  raw_data: 'rawData',
};

export interface SqlFragment {
  sql: string;
  params: unknown[];
}

// ---------------------------------------------------------------- q= parser

type Node =
  | { t: 'and' | 'or'; l: Node; r: Node }
  | { t: 'not'; e: Node }
  | { t: 'term'; field: string | null; term: Term }
  | { t: 'sub'; field: string | null; e: Node };

type Term =
  | { k: 'word'; v: string }
  | { k: 'phrase'; v: string }
  | { k: 'wildcard'; v: string }
  | { k: 'regex'; v: string }
  | { k: 'range'; lo: string; hi: string; loInc: boolean; hiInc: boolean }
  | { k: 'cmp'; op: '>' | '>=' | '<' | '<='; v: string };

type Tok =
  | { k: 'lp' | 'rp' | 'and' | 'or' | 'not' | 'colon' | 'plus' | 'minus' | 'lb' | 'rb' | 'lc' | 'rc' | 'to'; pos: number }
  | { k: 'word'; v: string; pos: number }
  | { k: 'phrase'; v: string; pos: number }
  | { k: 'regex'; v: string; pos: number }
  | { k: 'cmp'; v: '>' | '>=' | '<' | '<='; pos: number };

export class QueryParseError extends Error {}

const WORD_STOP = new Set([' ', '\t', '\n', '\r', '(', ')', '"', ':', '[', ']', '{', '}']);

function tokenize(q: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  // after a field's colon, a value may itself contain colons (watch:alice); track that state
  let afterColon = false;
  while (i < q.length) {
    const c = q[i] as string;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      afterColon = false;
      continue;
    }
    const pos = i;
    if (c === '(') { toks.push({ k: 'lp', pos }); i++; afterColon = false; continue; }
    if (c === ')') { toks.push({ k: 'rp', pos }); i++; afterColon = false; continue; }
    if (c === '[') { toks.push({ k: 'lb', pos }); i++; continue; }
    if (c === ']') { toks.push({ k: 'rb', pos }); i++; continue; }
    if (c === '{') { toks.push({ k: 'lc', pos }); i++; continue; }
    if (c === '}') { toks.push({ k: 'rc', pos }); i++; continue; }
    if (c === ':') { toks.push({ k: 'colon', pos }); i++; afterColon = true; continue; }
    if (c === '"') {
      let j = i + 1;
      let v = '';
      while (j < q.length && q[j] !== '"') {
        if (q[j] === '\\' && j + 1 < q.length) { v += q[j + 1]; j += 2; continue; }
        v += q[j];
        j++;
      }
      if (j >= q.length) throw new QueryParseError(`Expected '"' at char ${q.length}, found end of text`);
      toks.push({ k: 'phrase', v, pos });
      i = j + 1;
      afterColon = false;
      continue;
    }
    if (c === '/' && afterColon) {
      const j = q.indexOf('/', i + 1);
      if (j < 0) throw new QueryParseError(`Expected '/' at char ${q.length}, found end of text`);
      toks.push({ k: 'regex', v: q.slice(i + 1, j), pos });
      i = j + 1;
      afterColon = false;
      continue;
    }
    if (c === '&' && q[i + 1] === '&') { toks.push({ k: 'and', pos }); i += 2; continue; }
    if (c === '|' && q[i + 1] === '|') { toks.push({ k: 'or', pos }); i += 2; continue; }
    if (c === '!' && q[i + 1] !== '=') { toks.push({ k: 'not', pos }); i++; continue; }
    if ((c === '>' || c === '<') && afterColon) {
      const op = (q[i + 1] === '=' ? `${c}=` : c) as '>' | '>=' | '<' | '<=';
      toks.push({ k: 'cmp', v: op, pos });
      i += op.length;
      continue;
    }
    if ((c === '+' || c === '-') && !afterColon) {
      const prev = toks[toks.length - 1];
      const startsClause = !prev || ['lp', 'and', 'or', 'not', 'word', 'phrase', 'rp', 'regex', 'rb', 'rc'].includes(prev.k);
      if (startsClause && i + 1 < q.length && !WORD_STOP.has(q[i + 1] as string)) {
        toks.push({ k: c === '+' ? 'plus' : 'minus', pos });
        i++;
        continue;
      }
    }
    let j = i;
    let v = '';
    while (j < q.length) {
      const d = q[j] as string;
      if (d === ':' && afterColon) { v += d; j++; continue; }
      if (WORD_STOP.has(d)) break;
      if (d === '\\' && j + 1 < q.length) { v += q[j + 1]; j += 2; continue; }
      v += d;
      j++;
    }
    i = j;
    const upper = v.toUpperCase();
    if (!afterColon && upper === 'AND') toks.push({ k: 'and', pos });
    else if (!afterColon && upper === 'OR') toks.push({ k: 'or', pos });
    else if (!afterColon && upper === 'NOT') toks.push({ k: 'not', pos });
    else if (upper === 'TO') toks.push({ k: 'to', pos });
    else toks.push({ k: 'word', v, pos });
    afterColon = false;
  }
  return toks;
}

class Parser {
  private i = 0;
  constructor(private readonly toks: Tok[], private readonly src: string) {}

  parse(): Node {
    if (this.toks.length === 0) throw new QueryParseError('Expected a search term, found end of text');
    const n = this.parseOr();
    if (this.i < this.toks.length) this.fail('end of text');
    return n;
  }

  private peek(): Tok | undefined {
    return this.toks[this.i];
  }

  private fail(expected: string): never {
    const t = this.peek();
    const where = t ? `'${this.src.slice(t.pos, t.pos + 10)}' (at char ${t.pos})` : 'end of text';
    throw new QueryParseError(`Expected ${expected}, found ${where}`);
  }

  private startsClause(t: Tok | undefined): boolean {
    return !!t && ['lp', 'not', 'plus', 'minus', 'word', 'phrase'].includes(t.k);
  }

  private parseOr(): Node {
    let l = this.parseAnd();
    for (;;) {
      const t = this.peek();
      if (t?.k === 'or') {
        this.i++;
        l = { t: 'or', l, r: this.parseAnd() };
      } else if (this.startsClause(t)) {
        l = { t: 'or', l, r: this.parseAnd() };
      } else return l;
    }
  }

  private parseAnd(): Node {
    let l = this.parseNot();
    while (this.peek()?.k === 'and') {
      this.i++;
      l = { t: 'and', l, r: this.parseNot() };
    }
    return l;
  }

  private parseNot(): Node {
    if (++this.notDepth > MAX_DEPTH * 4) throw new QueryParseError('Too many NOT operators in a row');
    try {
      return this.parseNotInner();
    } finally {
      this.notDepth--;
    }
  }

  private notDepth = 0;

  private parseNotInner(): Node {
    const t = this.peek();
    if (t?.k === 'not') {
      this.i++;
      return { t: 'not', e: this.parseNot() };
    }
    if (t?.k === 'minus') {
      this.i++;
      return { t: 'not', e: this.parseNot() };
    }
    if (t?.k === 'plus') {
      this.i++;
      return this.parseNot();
    }
    return this.parseClause();
  }

  private depth = 0;

  private parseClause(): Node {
    let field: string | null = null;
    const t = this.peek();
    const next = this.toks[this.i + 1];
    if (t?.k === 'word' && next?.k === 'colon') {
      field = t.v;
      this.i += 2;
    }
    const u = this.peek();
    if (!u) this.fail('a search term');
    if (u.k === 'lp') {
      this.i++;
      if (++this.depth > MAX_DEPTH) throw new QueryParseError(`Parentheses nested deeper than ${MAX_DEPTH}`);
      const e = this.parseOr();
      this.depth--;
      if (this.peek()?.k !== 'rp') this.fail("')'");
      this.i++;
      return { t: 'sub', field, e };
    }
    return { t: 'term', field, term: this.parseTerm() };
  }

  private terms = 0;

  private parseTerm(): Term {
    const t = this.peek();
    if (!t) this.fail('a search term');
    if (++this.terms > MAX_TERMS) throw new QueryParseError(`Query has more than ${MAX_TERMS} terms`);
    if (t.k === 'phrase') { this.i++; return { k: 'phrase', v: t.v }; }
    if (t.k === 'regex') { this.i++; return { k: 'regex', v: t.v }; }
    if (t.k === 'cmp') {
      this.i++;
      const b = this.peek();
      if (b?.k !== 'word') this.fail('a bound');
      this.i++;
      return { k: 'cmp', op: t.v, v: b.v };
    }
    if (t.k === 'lb' || t.k === 'lc') {
      this.i++;
      const lo = this.peek();
      if (lo?.k !== 'word') this.fail('a lower bound');
      this.i++;
      if (this.peek()?.k !== 'to') this.fail("'TO'");
      this.i++;
      const hi = this.peek();
      if (hi?.k !== 'word') this.fail('an upper bound');
      this.i++;
      const close = this.peek();
      if (close?.k !== 'rb' && close?.k !== 'rc') this.fail("']' or '}'");
      this.i++;
      return { k: 'range', lo: lo.v, hi: hi.v, loInc: t.k === 'lb', hiInc: close.k === 'rb' };
    }
    if (t.k === 'word') {
      this.i++;
      if (/[*?]/.test(t.v)) return { k: 'wildcard', v: t.v };
      return { k: 'word', v: t.v };
    }
    this.fail('a search term');
  }
}

export const MAX_QUERY_LENGTH = 4000;
const MAX_DEPTH = 64;
/** Terms one q= may have: more would be slow on every row and too deep an expression for SQLite (a 500 before). */
export const MAX_TERMS = 200;

/**
 * Joins SQL conditions with AND or OR as a balanced tree, so a thousand filters nest ten deep instead of a
 * thousand (SQLite refuses expressions deeper than 1000). Keeps their order, so parameters stay in line.
 */
export function balanced(parts: string[], op: 'AND' | 'OR'): string {
  if (parts.length === 0) return op === 'AND' ? '1=1' : '0';
  if (parts.length === 1) return parts[0] as string;
  const mid = Math.ceil(parts.length / 2);
  return `(${balanced(parts.slice(0, mid), op)} ${op} ${balanced(parts.slice(mid), op)})`;
}

export function parseQuery(q: string): Node {
  if (q.length > MAX_QUERY_LENGTH) throw new QueryParseError(`Query is longer than ${MAX_QUERY_LENGTH} characters`);
  return new Parser(tokenize(q), q).parse();
}

const likeEscape = (v: string): string => v.replace(/[\\%_]/g, (m) => `\\${m}`);
const escapeRegex = (v: string): string => v.replace(/[.+^${}()|[\]\\]/g, '\\$&');

/** A wildcard as a lower-case RE2 pattern for the wildcard() SQL function: * is any text, ? at most one character. */
function wildcardToRegex(v: string): string {
  return escapeRegex(v.toLowerCase()).replace(/\*/g, '.*').replace(/\?/g, '.?');
}

function resolveField(name: string): { def: FieldDef; attr?: string } {
  if (name.startsWith('attributes.')) {
    return { def: { sql: 'attributes', kind: 'attr', dir: 1 }, attr: name.slice('attributes.'.length) };
  }
  if (name.startsWith('_.') && name.length > 2) {
    // Alerta's query syntax for custom attributes: _.region:"eu-west-1"
    return { def: { sql: 'attributes', kind: 'attr', dir: 1 }, attr: name.slice(2) };
  }
  if (name.startsWith('_') && name.length > 1 && name !== '_exists_') {
    // the console writes custom attributes as _name
    return { def: { sql: 'attributes', kind: 'attr', dir: 1 }, attr: name.slice(1) };
  }
  const key = ALERT_FIELDS[name] ? name : Q_ALIASES[name];
  const def = key ? ALERT_FIELDS[key] : undefined;
  if (!def || def.kind === 'attr') throw new QueryParseError(`Unknown field '${name}'`);
  return { def };
}

/** JSON path of an attribute. Names with quotes or backslashes cannot be expressed safely and are refused. */
function attrPath(name: string): string {
  if (name === '' || /["\\]/.test(name)) throw new ApiError(`Invalid attribute name '${name}'`, 400);
  return `$."${name}"`;
}

function compileTerm(fieldName: string, term: Term, params: unknown[]): string {
  if (fieldName === '_exists_') {
    const v = term.k === 'range' || term.k === 'cmp' ? '' : term.v;
    params.push(attrPath(v));
    return `json_type(attributes, ?) IS NOT NULL`;
  }
  const { def, attr } = resolveField(fieldName);
  // The column, as SQL: an attribute is json_extract(attributes, ?) whose path is a parameter, bound each time the
  // expression is written out, so the parameters stay in the order of their placeholders.
  const column = (): string => {
    if (attr === undefined) return def.sql;
    params.push(attrPath(attr));
    return 'json_extract(attributes, ?)';
  };
  const numeric = def.kind === 'number' || def.kind === 'bool';
  const cast = (v: string): unknown => {
    if (def.kind === 'bool') return ['true', 't', '1', 'yes', 'y', 'on'].includes(v.toLowerCase()) ? 1 : 0;
    if (numeric) {
      const n = Number(v);
      if (!Number.isFinite(n)) throw new QueryParseError(`Expected a number for ${fieldName}, found '${v}'`);
      return n;
    }
    return v;
  };
  /** The condition on expr(); each branch writes expr() where its placeholders come, before or after the value's. */
  const cmp = (expr: () => string): string => {
    switch (term.k) {
      case 'word': {
        const x = expr();
        if (numeric) { params.push(cast(term.v)); return `${x} = ?`; }
        params.push(`%${likeEscape(term.v)}%`);
        return `${x} LIKE ? ESCAPE '\\'`;
      }
      case 'phrase': {
        const x = expr();
        if (fieldName === 'text' && def.kind === 'text' && attr === undefined) {
          params.push(`%${likeEscape(term.v)}%`);
          return `${x} LIKE ? ESCAPE '\\'`;
        }
        params.push(cast(term.v));
        return `${x} = ?`;
      }
      case 'wildcard':
        params.push(wildcardToRegex(term.v));
        return `wildcard(?, ${expr()})`;
      case 'regex':
        if (term.v.length > 200) throw new QueryParseError('Regular expression longer than 200 characters');
        // RE2 syntax: linear-time matching, so no back-references or look-around
        if (!isValidRegex(term.v)) throw new QueryParseError(`Invalid regular expression /${term.v}/`);
        params.push(term.v);
        return `regexp(?, ${expr()})`;
      case 'range': {
        const parts: string[] = [];
        if (term.lo !== '*') { const x = expr(); params.push(cast(term.lo)); parts.push(`${x} ${term.loInc ? '>=' : '>'} ?`); }
        if (term.hi !== '*') { const x = expr(); params.push(cast(term.hi)); parts.push(`${x} ${term.hiInc ? '<=' : '<'} ?`); }
        return parts.length ? `(${parts.join(' AND ')})` : '1=1';
      }
      case 'cmp': {
        const x = expr();
        params.push(cast(term.v));
        return `${x} ${term.op} ?`;
      }
    }
  };
  if (def.kind === 'list') {
    return `EXISTS (SELECT 1 FROM json_each(${column()}) WHERE ${cmp(() => 'json_each.value')})`;
  }
  return cmp(column);
}

/** The operands of a chain of the same operator (a OR b OR c parses as ((a OR b) OR c)), left to right. */
function chain(n: Node, op: 'and' | 'or', out: Node[] = []): Node[] {
  if (n.t === op) {
    chain(n.l, op, out);
    chain(n.r, op, out);
  } else out.push(n);
  return out;
}

function compileNode(n: Node, defaultField: string, params: unknown[]): string {
  switch (n.t) {
    case 'and':
    case 'or': {
      const parts = chain(n, n.t).map((x) => compileNode(x, defaultField, params));
      return `(${balanced(parts, n.t === 'and' ? 'AND' : 'OR')})`;
    }
    case 'not':
      return `NOT (${compileNode(n.e, defaultField, params)})`;
    case 'sub':
      return `(${compileNode(n.e, n.field ?? defaultField, params)})`;
    case 'term':
      return compileTerm(n.field ?? defaultField, n.term, params);
  }
}

/** Compiles q= to a WHERE fragment. Throws ApiError 400 "Failed to parse query string." like the real server. */
export function compileQuery(q: string, defaultField = 'text'): SqlFragment {
  const params: unknown[] = [];
  try {
    const ast = parseQuery(q);
    return { sql: compileNode(ast, defaultField, params), params };
  } catch (e) {
    if (e instanceof QueryParseError) throw new ApiError('Failed to parse query string.', 400, [[e.message]]);
    throw e;
  }
}

// ---------------------------------------------------------------- URL filters

/** Parameters that are not field filters (alerta/database/backends/postgres/utils.py EXCLUDE_FROM_QUERY). */
export const EXCLUDE_FROM_QUERY = new Set([
  '_', 'callback', 'token', 'api-key', 'q', 'q.df', 'id', 'from-date', 'to-date',
  'sort-by', 'group-by', 'page', 'page-size', 'limit', 'show-raw-data', 'show-history',
]);

export type Params = Map<string, string[]>;

/** Turns a raw query string into ordered name → values, keeping repeats (status=open&status=ack). */
export function parseParams(rawQuery: string): Params {
  const out: Params = new Map();
  const sp = new URLSearchParams(rawQuery);
  for (const [k, v] of sp) {
    const list = out.get(k);
    if (list) list.push(v);
    else out.set(k, [v]);
  }
  return out;
}

export function first(params: Params, name: string): string | undefined {
  return params.get(name)?.[0];
}

/** WHERE fragments for field=value parameters: repeated = any of, ~ = contains, name!=value = not. */
export function compileFilters(params: Params, fields: Record<string, FieldDef>, exclude: Set<string>): SqlFragment[] {
  const out: SqlFragment[] = [];
  for (const [rawName, values] of params) {
    const negate = rawName.endsWith('!');
    const name = negate ? rawName.slice(0, -1) : rawName;
    const base = name.split('.')[0] as string;
    if (exclude.has(base)) continue;
    const def = fields[base];
    if (!def || (def.dir !== 0 && base === 'tags') || (base === 'attributes' && !name.includes('.'))) {
      throw new ApiError(`Invalid filter parameter: ${rawName}`, 400);
    }
    const params: unknown[] = [];
    let expr: string;
    let col = def.sql;
    if (base === 'attributes') {
      params.push(attrPath(name.slice('attributes.'.length)));
      col = 'json_extract(attributes, ?)';
    }
    const cast = (v: string): unknown => {
      if (def.kind === 'bool') return ['true', 't', '1', 'yes', 'y', 'on'].includes(v.toLowerCase()) ? 1 : 0;
      if (def.kind === 'number') {
        const n = Number(v);
        if (!Number.isFinite(n)) throw new ApiError(`Invalid value for ${name}: ${v}`, 400);
        return n;
      }
      return v;
    };
    const contains = values.some((v) => v.startsWith('~'));
    if (def.kind === 'list') {
      if (contains) {
        params.push(values.map((v) => escapeRegex(v.replace(/^~/, '').toLowerCase())).join('|'));
        expr = `EXISTS (SELECT 1 FROM json_each(${col}) WHERE wildcard(?, json_each.value))`;
      } else {
        // a LIKE on the stored JSON text skips most rows cheaply; json_each then checks elements exactly
        const likes = balanced(values.map(() => `${col} LIKE ? ESCAPE '\\'`), 'OR');
        params.push(...values.map((v) => `%${likeEscape(JSON.stringify(v))}%`), ...values);
        expr = `(${likes}) AND EXISTS (SELECT 1 FROM json_each(${col}) WHERE json_each.value IN (${values.map(() => '?').join(',')}))`;
      }
    } else if (values.length === 1) {
      const v = values[0] as string;
      if (v.startsWith('~')) {
        params.push(`%${likeEscape(v.slice(1))}%`);
        expr = `${col} LIKE ? ESCAPE '\\'`;
      } else {
        params.push(cast(v));
        expr = `${col} = ?`;
      }
    } else if (contains) {
      // the pattern's placeholder comes before the column's (an attribute's JSON path), so it goes first
      params.unshift(values.map((v) => escapeRegex(v.replace(/^~/, '').toLowerCase())).join('|'));
      expr = `wildcard(?, ${col})`;
    } else {
      params.push(...values.map(cast));
      expr = `${col} IN (${values.map(() => '?').join(',')})`;
    }
    out.push({ sql: negate ? `NOT (${expr})` : expr, params });
  }
  return out;
}

/** ORDER BY terms for sort-by values; each field has a natural direction and a leading '-' reverses it. */
export function compileSort(sortBy: string[], fields: Record<string, FieldDef>): SqlFragment {
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const raw of sortBy) {
    let name = raw;
    let reverse = 1;
    if (name.startsWith('-')) {
      reverse = -1;
      name = name.slice(1);
    }
    if (name.startsWith('attributes.')) {
      params.push(attrPath(name.slice('attributes.'.length)));
      parts.push(`json_extract(attributes, ?) ${reverse === 1 ? 'ASC' : 'DESC'}`);
      continue;
    }
    const def = fields[name];
    if (!def || def.dir === 0) throw new ApiError(`Sorting by '${name}' field not supported.`, 400);
    parts.push(`${def.sortSql ?? def.sql} ${def.dir * reverse === 1 ? 'ASC' : 'DESC'}`);
  }
  return { sql: parts.join(', '), params };
}

// The search box's check of a query, as the user types: everything the real server would refuse (400), fail on
// (500) or silently read differently from what was written, with where it is and, where one exists, a corrected
// query. Errors keep the query from being sent; warnings are shown but the query goes. Messages are i18n keys
// (src/app/i18n/messages), so each reads in the user's language; docs/search.md explains each case.
import { castLiteral } from './pg-literals.ts';
import { regexProblem } from './pg-regex.ts';
import { columnType, LIST_COLUMNS, type PgType } from './alert-columns.ts';
import { parseQuery, RECURSION_LIMIT, type QueryField, type QueryNode } from './query-syntax.ts';

export type IssueCode =
  | 'QueryUnclosedQuote'
  | 'QueryUnclosedRegex'
  | 'QueryUnclosedParen'
  | 'QueryUnclosedRange'
  | 'QueryStrayParen'
  | 'QueryNonAscii'
  | 'QueryControlChar'
  | 'QueryUnexpected'
  | 'QueryMissingValue'
  | 'QueryMissingField'
  | 'QueryMissingOperand'
  | 'QueryDroppedOperand'
  | 'QueryUnknownField'
  | 'QueryFieldNeedsRange'
  | 'QueryListPattern'
  | 'QueryListInGroup'
  | 'QueryModifier'
  | 'QueryAttrPattern'
  | 'QueryAttrPrefix'
  | 'QueryBadRegex'
  | 'QueryBadBound'
  | 'QueryEmptyPhrase'
  | 'QueryTooDeep'
  | 'QueryUpperWildcard'
  | 'QueryAdjacent'
  | 'QueryLowercaseOperator'
  | 'QueryOrNot';

export interface QueryIssue {
  severity: 'error' | 'warning';
  code: IssueCode;
  /** Span in the query (UTF-16 offsets); the caret column shown is from + 1. */
  from: number;
  to: number;
  /** Values for the message ({field}, {char}, {op}, ...). */
  values: Record<string, string>;
}

export interface QueryCheck {
  issues: QueryIssue[];
  /** False when any issue is an error: the query is not sent. */
  sendable: boolean;
  /** The query rewritten so the server reads what was written (dropped operands grouped), when that helps. */
  fix: string | null;
}

/** Field names people write that are not columns, with the column they mean. */
const COLUMN_FOR: Record<string, string> = {
  createTime: 'create_time',
  receiveTime: 'receive_time',
  lastReceiveTime: 'last_receive_time',
  lastReceiveId: 'last_receive_id',
  updateTime: 'update_time',
  duplicateCount: 'duplicate_count',
  previousSeverity: 'previous_severity',
  trendIndication: 'trend_indication',
  rawData: 'raw_data',
  event_type: 'type',
  tag: 'tags',
  services: 'service',
  env: 'environment',
};

const issue = (severity: QueryIssue['severity'], code: IssueCode, from: number, to: number, values: Record<string, string> = {}): QueryIssue => ({
  severity,
  code,
  from,
  to: Math.max(to, from + 1),
  values,
});

/** The first character that cannot stand where the parse stopped, explained. */
function stopIssue(s: string, at: number): QueryIssue {
  let p = at;
  while (p < s.length && /\s/.test(s[p]!)) p++;
  const cp = s.codePointAt(p);
  const ch = cp === undefined ? '' : String.fromCodePoint(cp);
  const end = p + ch.length;
  const open = scanOpen(s);
  if (open) return open;
  if (p >= s.length) {
    const before = s.slice(0, at).trimEnd();
    if (before.endsWith(':')) return issue('error', 'QueryMissingValue', before.length - 1, before.length);
    return issue('error', 'QueryMissingOperand', Math.max(0, before.length - 1), before.length);
  }
  if (cp !== undefined && (cp < 32 || cp === 127)) return issue('error', 'QueryControlChar', p, end, { code: `U+${cp.toString(16).toUpperCase().padStart(4, '0')}` });
  if (cp !== undefined && cp > 126) return issue('error', 'QueryNonAscii', p, end, { char: ch });
  if (ch === ')') return issue('error', 'QueryStrayParen', p, end);
  if (ch === ':') return issue('error', 'QueryMissingField', p, end);
  return issue('error', 'QueryUnexpected', p, end, { char: ch });
}

/** An opening quote, regex slash, parenthesis or range bracket left open. */
function scanOpen(s: string): QueryIssue | null {
  const parens: number[] = [];
  let i = 0;
  let afterColon = false;
  while (i < s.length) {
    const ch = s[i]!;
    if (ch === '"' || (ch === '/' && afterColon)) {
      const close = s.indexOf(ch, i + 1);
      const line = s.slice(i + 1, close < 0 ? s.length : close);
      if (close < 0 || /[\n\r]/.test(line)) return issue('error', ch === '"' ? 'QueryUnclosedQuote' : 'QueryUnclosedRegex', i, i + 1);
      i = close + 1;
      afterColon = false;
      continue;
    }
    if (ch === '(') parens.push(i);
    else if (ch === ')') {
      if (parens.length === 0) return issue('error', 'QueryStrayParen', i, i + 1);
      parens.pop();
    } else if ((ch === '[' || ch === '{') && afterColon) {
      const close = /[\]}]/.exec(s.slice(i + 1));
      if (!close) return issue('error', 'QueryUnclosedRange', i, i + 1);
    }
    afterColon = ch === ':' || (afterColon && /\s/.test(ch));
    i++;
  }
  return parens.length > 0 ? issue('error', 'QueryUnclosedParen', parens[parens.length - 1]!, parens[parens.length - 1]! + 1) : null;
}

interface Ctx {
  issues: QueryIssue[];
  s: string;
  now: Date;
}

/** The column (and its type) a term is compared with, and whether it is an attribute read as text. */
function columnOf(field: QueryField | null, inherited: { name: string; type: PgType | null; attr: boolean } | null) {
  if (!field) return inherited ?? { name: 'text', type: 'text' as PgType, attr: false };
  if (field.attr !== null) return { name: `${field.attr}.${field.name}`, type: 'text' as PgType, attr: true };
  return { name: field.name, type: columnType(field.name), attr: false };
}

function checkField(ctx: Ctx, field: QueryField): boolean {
  if (field.attr !== null) {
    if (field.attr !== '_' && field.attr !== 'attributes') {
      ctx.issues.push(issue('error', 'QueryAttrPrefix', field.from, field.to, { prefix: field.attr, name: field.name }));
      return false;
    }
    return true;
  }
  if (field.name === '_exists_') return true;
  if (columnType(field.name) === null) {
    const suggestion = COLUMN_FOR[field.name] ?? (field.name.startsWith('_') && field.name.length > 1 ? `_.${field.name.slice(1)}` : '');
    ctx.issues.push(issue('error', 'QueryUnknownField', field.from, field.to, { field: field.name, suggestion }));
    return false;
  }
  return true;
}

function checkTerm(ctx: Ctx, node: QueryNode & { t: 'term' }, inherited: { name: string; type: PgType | null; attr: boolean } | null) {
  const { field, value } = node;
  if (field && !checkField(ctx, field)) return;
  const at = field ? field.to + 1 : node.from;
  const span = [at, node.to] as const;
  if ((value.k === 'phrase' || value.k === 'regex') && value.v === '') {
    ctx.issues.push(issue('error', 'QueryEmptyPhrase', ...span));
    return;
  }
  if (field?.name === '_exists_' && field.attr === null) {
    if (value.k !== 'word') ctx.issues.push(issue('error', 'QueryFieldNeedsRange', ...span, { field: '_exists_', kind: 'name' }));
    return;
  }
  const col = columnOf(field, inherited);
  const pattern = value.k === 'wildcard' || value.k === 'regex' || value.k === 'range' || value.k === 'cmp';
  if (field?.attr && pattern) {
    ctx.issues.push(issue('error', 'QueryAttrPattern', field.from, node.to, { field: `${field.attr}.${field.name}` }));
    return;
  }
  const list = col.type === 'text[]';
  if (list) {
    const direct = field !== null && LIST_COLUMNS.has(field.name) && (value.k === 'word' || value.k === 'phrase');
    if (!direct) ctx.issues.push(issue('error', field ? 'QueryListPattern' : 'QueryListInGroup', node.from, node.to, { field: col.name }));
    return;
  }
  const typed = col.type !== 'text' && col.type !== null;
  if (typed && (value.k === 'word' || value.k === 'phrase' || value.k === 'wildcard' || value.k === 'regex')) {
    ctx.issues.push(issue('error', 'QueryFieldNeedsRange', node.from, node.to, { field: col.name, kind: col.type === 'integer' ? 'number' : col.type === 'boolean' ? 'boolean' : col.type === 'timestamp without time zone' ? 'date' : 'other' }));
    return;
  }
  if (value.k === 'phrase' || value.k === 'regex' || value.k === 'wildcard') {
    const re = value.k === 'regex' ? value.v : value.k === 'wildcard' ? value.v : `\\y${value.v}\\y`;
    const problem = regexProblem(re);
    if (problem) ctx.issues.push(issue('error', 'QueryBadRegex', ...span, { reason: problem }));
  }
  if ((value.k === 'range' || value.k === 'cmp') && col.type && col.type !== 'text') {
    const bounds = value.k === 'range' ? [value.lo, value.hi].filter((b) => b !== '*') : [value.v];
    for (const b of bounds) {
      const cast = castLiteral(col.type, b, ctx.now);
      if (!cast.ok) {
        ctx.issues.push(issue('error', 'QueryBadBound', ...span, { field: col.name, value: b, kind: col.type === 'integer' ? 'number' : col.type === 'boolean' ? 'boolean' : 'date' }));
        break;
      }
    }
  }
}

function walk(ctx: Ctx, node: QueryNode, inherited: { name: string; type: PgType | null; attr: boolean } | null, read: boolean): void {
  switch (node.t) {
    case 'term':
      if (read) checkTerm(ctx, node, inherited);
      return;
    case 'sub': {
      let next = inherited;
      if (node.field) {
        if (!checkField(ctx, node.field)) return;
        next = node.field.attr !== null ? { name: `${node.field.attr}.${node.field.name}`, type: 'text', attr: true } : { name: node.field.name, type: columnType(node.field.name), attr: false };
      }
      walk(ctx, node.e, next, read);
      return;
    }
    case 'not':
      walk(ctx, node.e, inherited, read);
      return;
    case 'mod':
      ctx.issues.push(issue('error', 'QueryModifier', node.from, node.from + 1, { sign: node.sign }));
      walk(ctx, node.e, inherited, read);
      return;
    case 'and':
    case 'or': {
      node.operands.forEach((o, i) => walk(ctx, o, inherited, read && i < 2));
      for (let i = 1; i < node.operands.length; i++) {
        const prev = node.operands[i - 1]!;
        const cur = node.operands[i]!;
        const op = node.ops[i - 1]!;
        if (op.text === '' && cur.from === prev.to) {
          const upper = prev.t === 'term' && prev.value.k === 'word' && cur.t === 'term' && cur.value.k === 'wildcard' && cur.field === null;
          ctx.issues.push(issue('error', upper ? 'QueryUpperWildcard' : 'QueryAdjacent', prev.from, cur.to, upper ? { word: `${(prev as { value: { v: string } }).value.v}${cur.t === 'term' && cur.value.k === 'wildcard' ? cur.value.raw : ''}` } : {}));
        }
        if (cur.t === 'term' && cur.field === null && cur.value.k === 'word' && /^(and|or|not)$/i.test(cur.value.v) && i < node.operands.length - 1) {
          ctx.issues.push(issue('warning', 'QueryLowercaseOperator', cur.from, cur.to, { op: cur.value.v, upper: cur.value.v.toUpperCase() }));
        }
      }
      const last = node.operands[node.operands.length - 1]!;
      if (last.t === 'term' && last.field === null && last.value.k === 'word' && /^(AND|OR|NOT)$/.test(last.value.v)) {
        ctx.issues.push(issue('error', 'QueryMissingOperand', last.from, last.to, { op: last.value.v }));
      }
      if (node.operands.length > 2) {
        const dropped = node.operands[2]!;
        ctx.issues.push(issue('error', 'QueryDroppedOperand', dropped.from, node.to, { op: node.t === 'and' ? 'AND' : 'OR' }));
      }
      if (node.t === 'or' && node.operands[1]!.t === 'not' && node.ops[0]!.text !== '') {
        ctx.issues.push(issue('warning', 'QueryOrNot', node.ops[0]!.from, node.operands[1]!.to, {}));
      }
      return;
    }
  }
}

/** The query with every chain of more than two operands grouped in pairs, so the server reads all of them. */
function regroup(s: string, node: QueryNode): string {
  switch (node.t) {
    case 'term':
      return s.slice(node.from, node.to);
    case 'sub': {
      const prefix = node.field ? `${s.slice(node.field.from, node.field.to)}:` : '';
      return `${prefix}(${regroup(s, node.e)})`;
    }
    case 'not':
      return node.op.text === '!' ? `!${regroup(s, node.e)}` : `NOT ${regroup(s, node.e)}`;
    case 'mod':
      return `${node.sign}${regroup(s, node.e)}`;
    case 'and':
    case 'or': {
      const parts = node.operands.map((o) => regroup(s, o));
      const op = node.t === 'and' ? 'AND' : 'OR';
      const pair = (xs: string[]): string => {
        if (xs.length === 1) return xs[0]!;
        if (xs.length === 2) return `${xs[0]} ${op} ${xs[1]}`;
        const mid = Math.ceil(xs.length / 2);
        const l = pair(xs.slice(0, mid));
        const r = pair(xs.slice(mid));
        return `${mid > 1 ? `(${l})` : l} ${op} ${xs.length - mid > 1 ? `(${r})` : r}`;
      };
      if (parts.length <= 2) {
        const explicit = node.ops[0]!.text;
        return `${parts[0]} ${explicit === '' ? '' : `${explicit} `}${parts[1]}`;
      }
      return pair(parts);
    }
  }
}

/** Checks q for the search box. An empty (or blank) query is fine: it is not sent at all. */
export function checkQuery(q: string, now = new Date()): QueryCheck {
  // A tab counts as one space here (the box turns pasted tabs into spaces); the server would expand it to eight.
  const s = q.replace(/\t/g, ' ');
  if (s.trim() === '') return { issues: [], sendable: true, fix: null };
  const issues: QueryIssue[] = [];
  const r = parseQuery(s);
  if (r.depth > RECURSION_LIMIT) {
    issues.push(issue('error', 'QueryTooDeep', 0, s.length));
    return { issues, sendable: false, fix: null };
  }
  if (!r.ok) {
    issues.push(stopIssue(s, r.loc));
    return { issues, sendable: false, fix: null };
  }
  const ctx: Ctx = { issues, s, now };
  walk(ctx, r.ast, null, true);
  if (s.slice(r.end).trim() !== '') issues.push(stopIssue(s, r.end));
  issues.sort((a, b) => a.from - b.from || (a.severity === 'error' ? -1 : 1));
  const sendable = !issues.some((i) => i.severity === 'error');
  const dropped = issues.some((i) => i.code === 'QueryDroppedOperand');
  let fix: string | null = null;
  if (dropped && issues.every((i) => i.code === 'QueryDroppedOperand' || i.severity === 'warning')) {
    const candidate = regroup(s, r.ast);
    if (checkQuery(candidate, now).sendable) fix = candidate;
  }
  return { issues, sendable, fix };
}

/** The message of an issue: its i18n key and the values to put in it. */
export function issueMessage(i: QueryIssue): { key: string; values: Record<string, string> } {
  const cap = (s: string | undefined) => (s ? s[0]!.toUpperCase() + s.slice(1) : 'Other');
  if (i.code === 'QueryFieldNeedsRange') return { key: `QueryFieldNeedsRange${cap(i.values.kind)}`, values: { field: i.values.field ?? '' } };
  if (i.code === 'QueryBadBound') return { key: `QueryBadBound${cap(i.values.kind)}`, values: { field: i.values.field ?? '', value: i.values.value ?? '' } };
  if (i.code === 'QueryUnknownField') return { key: i.code, values: { field: i.values.field ?? '', suggestion: i.values.suggestion || 'none' } };
  return { key: i.code, values: i.values };
}

/** The column a user counts for an offset (1-based, one per character as seen: an emoji is one). */
export function caretColumn(q: string, offset: number): number {
  let n = 1;
  for (let i = 0; i < offset && i < q.length; i++) {
    const c = q.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

/** Queries longer than this are checked off the main thread: a 10,000-character paste takes up to 0.5 s to check, a
 * 256-character chain of words 5 ms, 128 characters about 1.5 ms. */
export const SYNC_CHECK_MAX = 128;

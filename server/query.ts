// The alert query language and URL filters, compiled to SQLite.
// q= is read by src/core/query-syntax.ts exactly as Alerta 9.1.0 reads it, and compiled here to what the real
// server's Postgres SQL does (docs/search.md): field:word is ILIKE '%word%' (% and _ in the word are LIKE wildcards),
// field:"phrase" and wildcards are case-insensitive regular expressions between word boundaries, /regex/ is one as
// it is, a word or phrase on service, tags or correlate is an exact element match, ranges compare in the column's
// type, field names are column names (create_time, not createTime), _.name and attributes.name read an attribute.
import { ApiError, queryError } from './errors.ts';
import { castLiteral } from '../src/core/pg-literals.ts';
import { columnType, type PgType } from '../src/core/alert-columns.ts';
import { parseErrorText, parseQuery, RECURSION_LIMIT, serverConditions, type Cond, type CondColumn } from '../src/core/query-syntax.ts';

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

export interface SqlFragment {
  sql: string;
  params: unknown[];
}

// ---------------------------------------------------------------- q=

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

const likeEscape = (v: string): string => v.replace(/[\\%_]/g, (m) => `\\${m}`);
const escapeRegex = (v: string): string => v.replace(/[.+^${}()|[\]\\]/g, '\\$&');

/** An error of the real server's database, answered 400 with its message (see queryError). */
const dbError = queryError;

/** The SQLite expression of each real column (history has none here: every use of it fails as there). */
const SQLITE_COLUMN: Record<string, string> = { group: 'grp', history: '' };

function pgColumn(name: string): { type: PgType; sql: string } {
  const type = columnType(name);
  if (!type) throw dbError(`column "${name}" does not exist`);
  return { type, sql: SQLITE_COLUMN[name] ?? name };
}

/** A query literal typed for its column, as Postgres casts an unknown literal compared with that column. */
function pgLiteral(type: PgType, v: string, now: Date): unknown {
  const r = castLiteral(type, v, now);
  if (!r.ok) throw dbError(r.message);
  return r.value;
}

/** The SQL of a condition's column and its type; a JSON key reads as text (->>), through pg_json_text(). */
interface SqlCol {
  type: PgType;
  expr: () => string;
}

interface CompileState {
  params: unknown[];
  now: Date;
}

function resolveCol(col: CondColumn | 'default', dflt: CondColumn, st: CompileState): SqlCol {
  const c = col === 'default' ? dflt : col;
  if ('column' in c) {
    const pg = pgColumn(c.column);
    return { type: pg.type, expr: () => pg.sql };
  }
  const pg = pgColumn(c.json);
  if (pg.type !== 'jsonb' && pg.type !== 'text') throw dbError(`cannot cast type ${pg.type} to jsonb`);
  return {
    type: 'text',
    expr: () => {
      st.params.push(c.key);
      return `pg_json_text(${pg.sql}, ?)`;
    },
  };
}

/** The type the first thing of a condition's SQL has: what a leading + or - would be applied to. */
function leadingType(c: Cond, dflt: CondColumn, st: CompileState): string {
  switch (c.c) {
    case 'ilike':
    case 'match': {
      const col = c.col === 'default' ? dflt : c.col;
      if ('json' in col) return pgColumn(col.json).type === 'jsonb' ? 'jsonb' : 'jsonb';
      return resolveCol(col, dflt, st).type;
    }
    case 'exists':
      return 'jsonb';
    case 'any':
      return 'unknown';
    case 'sub':
      return leadingType(c.e, c.col ?? dflt, st);
    case 'mod':
      return leadingType(c.e, dflt, st);
    default:
      return 'boolean';
  }
}

function compileCond(c: Cond, dflt: CondColumn, st: CompileState): string {
  const { params } = st;
  switch (c.c) {
    case 'and':
    case 'or':
      return `(${compileCond(c.l, dflt, st)} ${c.c === 'and' ? 'AND' : 'OR'} ${compileCond(c.r, dflt, st)})`;
    case 'not':
      return `NOT (${compileCond(c.e, dflt, st)})`;
    case 'sub':
      return `(${compileCond(c.e, c.col ?? dflt, st)})`;
    case 'mod': {
      // Postgres checks the operand first (a missing column is reported before the operator)
      compileCond(c.e, dflt, st);
      const type = leadingType(c.e, dflt, st);
      if (type === 'unknown') throw dbError(`operator is not unique: ${c.sign} unknown`);
      throw dbError(`operator does not exist: ${c.sign} ${type}`);
    }
    case 'empty':
      throw new ApiError('Failed to parse query string.', 400, [
        [`pyparsing.exceptions.ParseException: Search term did not match query syntax: ${c.tokens}  (at char 0), (line:1, col:1)\n`],
      ]);
    case 'exists':
      params.push(`$."${c.key}"`);
      return 'json_type(attributes, ?) IS NOT NULL';
    case 'any': {
      const pg = pgColumn(c.column);
      if (pg.type !== 'text[]') throw dbError('op ANY/ALL (array) requires array on right side');
      params.push(c.v);
      return `EXISTS (SELECT 1 FROM json_each(${pg.sql}) WHERE json_each.value = ?)`;
    }
    case 'ilike': {
      const col = resolveCol(c.col, dflt, st);
      if (col.type !== 'text') throw dbError(`operator does not exist: ${col.type} ~~* unknown`);
      const x = col.expr();
      params.push(c.pattern);
      return `${x} LIKE ? ESCAPE '\\'`;
    }
    case 'match': {
      const col = resolveCol(c.col, dflt, st);
      if (col.type !== 'text') throw dbError(`operator does not exist: ${col.type} ~* unknown`);
      params.push(c.pattern);
      return `pg_match(?, ${col.expr()})`;
    }
    case 'range':
    case 'cmp': {
      const col = resolveCol(c.col, dflt, st);
      const sides = c.c === 'cmp' ? [{ op: c.op, v: c.v }] : [c.lo, c.hi];
      const parts = sides.map((side) => {
        if (!side) return '1=1';
        const value = pgLiteral(col.type, side.v, st.now);
        if (col.type === 'jsonb') {
          // an alert's attributes are an object, and jsonb orders objects after every scalar literal
          return side.op.startsWith('>') ? '1=1' : '1=0';
        }
        const x = col.expr();
        params.push(value);
        return `${x} ${side.op} ?`;
      });
      return `(${parts.join(' AND ')})`;
    }
  }
}

/** JSON path of an attribute. Names with quotes or backslashes cannot be expressed safely and are refused. */
function attrPath(name: string): string {
  if (name === '' || /["\\]/.test(name)) throw new ApiError(`Invalid attribute name '${name}'`, 400);
  return `$."${name}"`;
}

/** The default field (q.df) as a column: the real server pastes it into its SQL inside double quotes. */
function defaultColumn(df: string): CondColumn {
  if (df.includes('"')) throw dbError(`syntax error at or near "${df.slice(df.indexOf('"') + 1, df.indexOf('"') + 2) || '"'}"`);
  return { column: df };
}

/**
 * Compiles q= to a WHERE fragment reading it as Alerta 9.1.0 reads it (src/core/query-syntax.ts): 400 'Failed to
 * parse query string.' with pyparsing's message when it cannot be read, and with the database's message when the
 * SQL the real server builds from it fails (a column that does not exist, an operator the column's type lacks, a
 * literal the column cannot take, nesting past Python's limit: a 500 there, see queryError). Invalid regular
 * expressions fail when a row is matched, as Postgres compiles them then.
 */
export function compileQuery(q: string, defaultField = 'text', now = new Date()): SqlFragment {
  const r = parseQuery(q);
  if (r.depth > RECURSION_LIMIT) throw queryError('maximum recursion depth exceeded');
  if (!r.ok) throw new ApiError('Failed to parse query string.', 400, [[parseErrorText(r.text, r.loc)]]);
  const cond = serverConditions(r.ast);
  const st: CompileState = { params: [], now };
  const sql = compileCond(cond, defaultColumn(defaultField), st);
  return { sql, params: st.params };
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

// SQLite storage. One file in WAL mode (or an in-memory db for tests). JSON columns hold lists and maps;
// severity_code is its own column so that the console's default sort (severity, then newest) uses an index.
import { Database } from './sqlite.ts';
import { RE2JS } from 're2js';
import { queryError } from './errors.ts';
import { jsRegexSource, regexProblem } from '../src/core/pg-regex.ts';
import { mkdirSync, rmSync, existsSync } from 'node:fs';
import path from 'node:path';

export type Db = Database;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS alerts (
  pk INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  resource TEXT NOT NULL,
  event TEXT NOT NULL,
  environment TEXT NOT NULL,
  severity TEXT NOT NULL,
  severity_code INTEGER NOT NULL,
  correlate TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL,
  service TEXT NOT NULL DEFAULT '[]',
  grp TEXT NOT NULL,
  value TEXT,
  text TEXT NOT NULL DEFAULT '',
  tags TEXT NOT NULL DEFAULT '[]',
  attributes TEXT NOT NULL DEFAULT '{}',
  origin TEXT NOT NULL DEFAULT '',
  type TEXT NOT NULL DEFAULT 'exceptionAlert',
  create_time TEXT NOT NULL,
  timeout INTEGER NOT NULL,
  raw_data TEXT,
  customer TEXT,
  duplicate_count INTEGER NOT NULL DEFAULT 0,
  repeat INTEGER NOT NULL DEFAULT 0,
  previous_severity TEXT NOT NULL,
  trend_indication TEXT NOT NULL,
  receive_time TEXT NOT NULL,
  last_receive_id TEXT NOT NULL,
  last_receive_time TEXT NOT NULL,
  update_time TEXT NOT NULL,
  -- status to return to when an ack/shelve timeout expires, and when that happens (ISO, NULL = never)
  timeout_status TEXT,
  timeout_at TEXT,
  -- last_receive_time + timeout, when the alert expires if nothing is received (NULL = never)
  expire_at TEXT
);
CREATE INDEX IF NOT EXISTS alerts_dedup ON alerts (environment, resource, event);
CREATE INDEX IF NOT EXISTS alerts_status_sev ON alerts (status, severity_code, last_receive_time DESC);
CREATE INDEX IF NOT EXISTS alerts_sev_lrt ON alerts (severity_code, last_receive_time DESC);
CREATE INDEX IF NOT EXISTS alerts_lrt ON alerts (last_receive_time);
DROP INDEX IF EXISTS alerts_env_counts;
-- covering index for severityCounts/statusCounts and /environments, filtered by status (the console's default view)
CREATE INDEX IF NOT EXISTS alerts_counts ON alerts (status, environment, severity);
CREATE INDEX IF NOT EXISTS alerts_update_time ON alerts (update_time);
CREATE INDEX IF NOT EXISTS alerts_groups ON alerts (environment, grp);
CREATE INDEX IF NOT EXISTS alerts_event ON alerts (event, last_receive_time DESC);
CREATE INDEX IF NOT EXISTS alerts_timeout_at ON alerts (timeout_at) WHERE timeout_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS alerts_expire_at ON alerts (expire_at) WHERE expire_at IS NOT NULL;

CREATE TABLE IF NOT EXISTS history (
  pk INTEGER PRIMARY KEY,
  alert_pk INTEGER NOT NULL REFERENCES alerts(pk) ON DELETE CASCADE,
  id TEXT NOT NULL,
  event TEXT NOT NULL,
  severity TEXT,
  status TEXT,
  value TEXT,
  text TEXT,
  type TEXT NOT NULL,
  update_time TEXT NOT NULL,
  user TEXT,
  timeout INTEGER
);
CREATE INDEX IF NOT EXISTS history_alert ON history (alert_pk, pk);
CREATE INDEX IF NOT EXISTS history_time ON history (update_time);
CREATE INDEX IF NOT EXISTS history_type ON history (type, alert_pk);

CREATE TABLE IF NOT EXISTS notes (
  id TEXT PRIMARY KEY,
  alert_id TEXT NOT NULL,
  text TEXT NOT NULL,
  user TEXT,
  create_time TEXT NOT NULL,
  update_time TEXT,
  customer TEXT
);
CREATE INDEX IF NOT EXISTS notes_alert ON notes (alert_id, create_time);

CREATE TABLE IF NOT EXISTS heartbeats (
  id TEXT PRIMARY KEY,
  origin TEXT NOT NULL,
  tags TEXT NOT NULL DEFAULT '[]',
  attributes TEXT NOT NULL DEFAULT '{}',
  type TEXT NOT NULL,
  create_time TEXT NOT NULL,
  timeout INTEGER NOT NULL,
  max_latency INTEGER NOT NULL,
  receive_time TEXT NOT NULL,
  latency INTEGER NOT NULL DEFAULT 0,
  customer TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS heartbeats_origin ON heartbeats (origin, ifnull(customer, ''));

CREATE TABLE IF NOT EXISTS blackouts (
  id TEXT PRIMARY KEY,
  priority INTEGER NOT NULL,
  environment TEXT NOT NULL,
  service TEXT NOT NULL DEFAULT '[]',
  resource TEXT,
  event TEXT,
  grp TEXT,
  tags TEXT NOT NULL DEFAULT '[]',
  origin TEXT,
  customer TEXT,
  start_time TEXT NOT NULL,
  end_time TEXT NOT NULL,
  duration INTEGER NOT NULL,
  user TEXT,
  create_time TEXT NOT NULL,
  text TEXT
);

CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  login TEXT NOT NULL UNIQUE,
  password TEXT,
  email TEXT NOT NULL,
  status TEXT NOT NULL,
  roles TEXT NOT NULL DEFAULT '[]',
  attributes TEXT NOT NULL DEFAULT '{}',
  create_time TEXT NOT NULL,
  last_login TEXT,
  text TEXT NOT NULL DEFAULT '',
  update_time TEXT NOT NULL,
  email_verified INTEGER NOT NULL DEFAULT 0,
  hash TEXT
);

CREATE TABLE IF NOT EXISTS groups (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  text TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS group_users (
  group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, user_id)
);

CREATE TABLE IF NOT EXISTS customers (
  id TEXT PRIMARY KEY,
  customer TEXT NOT NULL,
  match TEXT NOT NULL UNIQUE
);

CREATE TABLE IF NOT EXISTS perms (
  id TEXT PRIMARY KEY,
  match TEXT NOT NULL UNIQUE,
  scopes TEXT NOT NULL DEFAULT '[]'
);

CREATE TABLE IF NOT EXISTS keys (
  id TEXT PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  user TEXT NOT NULL,
  scopes TEXT NOT NULL DEFAULT '[]',
  text TEXT NOT NULL DEFAULT '',
  expire_time TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  last_used_time TEXT,
  customer TEXT
);

-- one-time tokens for email confirmation and password reset
CREATE TABLE IF NOT EXISTS tokens (
  token TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  user_id TEXT NOT NULL,
  expire_time TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;

/** Opens (and creates) the database. `dir === null` gives a private in-memory database. */
export function openDb(dir: string | null, opts: { fresh?: boolean } = {}): Db {
  let db: Db;
  if (dir === null) {
    db = new Database(':memory:');
  } else {
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'alerta.sqlite');
    if (opts.fresh) {
      for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) rmSync(f);
    }
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  }
  db.pragma('foreign_keys = ON');
  db.pragma('cache_size = -65536');
  db.pragma('temp_store = MEMORY');
  db.exec(SCHEMA);
  registerFunctions(db);
  return db;
}

// ---------------------------------------------------------------- query time budget

/** Thrown by the query functions below when the running request's time budget is spent. */
export class QueryTimeout extends Error {
  constructor(readonly limitMs: number) {
    super(`query took longer than ${limitMs} ms`);
  }
}

// The budget is CPU time of the thread that runs the queries, not the wall clock: on a busy machine an honest query's
// wall clock passes the limit while it waits for a CPU, whereas a query that would freeze the server burns CPU all
// the while. Reading that time (Node 23.9 and later) costs about a microsecond, so it is read at every 32nd check;
// where Node has no such reading, the wall clock serves.
const threadCpuUsage = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.bind(process);
const budgetClockMs = threadCpuUsage ? () => { const used = threadCpuUsage(); return (used.user + used.system) / 1000; } : () => performance.now();
const CHECKS_PER_READING = 32;

// Node runs one statement at a time, so one deadline (budgetClockMs ms) serves the request that is running.
let deadline = Infinity;
let limitMs = 0;
let checks = 0;

/** Runs fn with a time budget for the SQL it runs: wildcard, regex and long q= queries stop with QueryTimeout. */
export function withQueryBudget<T>(ms: number, fn: () => T): T {
  const saved = [deadline, limitMs] as const;
  deadline = ms > 0 ? budgetClockMs() + ms : Infinity;
  limitMs = ms;
  try {
    return fn();
  } finally {
    [deadline, limitMs] = saved;
  }
}

function checkBudget(): void {
  if (deadline === Infinity || ++checks % CHECKS_PER_READING !== 0) return;
  if (budgetClockMs() > deadline) throw new QueryTimeout(limitMs);
}

// ---------------------------------------------------------------- pattern functions

/** Compiled RE2 programs by pattern (RE2 matches in time linear in the input: no catastrophic backtracking). */
function re2Cache(flags: number): (pattern: string) => RE2JS | null {
  const cache = new Map<string, RE2JS | null>();
  return (pattern) => {
    let re = cache.get(pattern);
    if (re === undefined) {
      try {
        re = RE2JS.compile(pattern, flags);
      } catch {
        re = null;
      }
      if (cache.size >= 200) cache.clear();
      cache.set(pattern, re);
    }
    return re;
  };
}

const WORD = '[\\pL\\pN_]';
const NON_WORD = '[^\\pL\\pN_]';

/** The top-level alternatives of a regular expression (| outside brackets and parentheses, not escaped). */
function topAlternatives(p: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') {
      inClass = true;
      if (p[i + 1] === '^') i++;
      if (p[i + 1] === ']') i++;
    } else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === '|' && depth === 0) {
      out.push(p.slice(start, i));
      start = i + 1;
    }
  }
  out.push(p.slice(start));
  return out;
}

/**
 * A Postgres pattern for RE2. Postgres's \y is a Unicode word boundary and RE2's \b an ASCII one, so the \y a phrase
 * or wildcard starts and ends with becomes 'start of text or a non-word character' when a word character follows it
 * (and 'a word character' when one does not), and likewise at the end; a \y elsewhere becomes \b. The server wraps
 * the whole phrase in \y...\y, so with top-level alternatives (`\y\Y|^value$|\Y\y`) the leading \y belongs to the
 * first alternative and the trailing one to the last.
 */
function re2Source(pattern: string): string {
  const alts = topAlternatives(pattern);
  const last = alts.length - 1;
  return alts.map((alt, i) => re2Alternative(alt, i === 0, i === last)).join('|');
}

function re2Alternative(alt: string, first: boolean, last: boolean): string {
  let p = alt;
  let lead = '';
  let tail = '';
  const isWord = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}_]/u.test(ch);
  // \y^ and $\y around a word character are the anchors alone
  if (first && p.startsWith('\\y^') && isWord(p[3])) p = p.slice(2);
  if (last && p.endsWith('$\\y') && !p.endsWith('\\$\\y') && isWord(p[p.length - 4])) p = p.slice(0, -2);
  // the character a \y stands next to: a literal, an escaped punctuation character or a \uXXXX; null for an escape
  // that is a class or an assertion (\Y, \d, ...), a group, a class or a quantifier (\y is then RE2's \b)
  const leadChar = (): string | null => {
    const u = /^\\y\\u([0-9a-fA-F]{4})/.exec(p);
    if (u) return String.fromCharCode(parseInt(u[1]!, 16));
    if (p[2] === '\\') return p[3] !== undefined && !/[\p{L}\p{N}]/u.test(p[3]) ? p[3] : null;
    return p[2] === undefined || '([.'.includes(p[2]) ? null : p[2];
  };
  const tailChar = (): string | null => {
    const u = /\\u([0-9a-fA-F]{4})\\y$/.exec(p);
    if (u) return String.fromCharCode(parseInt(u[1]!, 16));
    const before = p[p.length - 3];
    if (p[p.length - 4] === '\\') return before !== undefined && !/[\p{L}\p{N}]/u.test(before) ? before : null;
    return before === undefined || ')]*?+'.includes(before) ? null : before;
  };
  if (first && p.startsWith('\\y') && p.length > 2) {
    const ch = leadChar();
    if (ch !== null) {
      lead = isWord(ch) ? `(?:^|${NON_WORD})` : `(?:${WORD})`;
      p = p.slice(2);
    }
  }
  if (last && p.endsWith('\\y') && !p.endsWith('\\\\y') && p.length > 2) {
    const ch = tailChar();
    if (ch !== null) {
      tail = isWord(ch) ? `(?:$|${NON_WORD})` : `(?:${WORD})`;
      p = p.slice(0, -2);
    }
  }
  // RE2 spells \uXXXX as \x{XXXX}
  return lead + jsRegexSource(p).replace(/\\u([0-9a-fA-F]{4})/g, '\\x{$1}') + tail;
}

/** JSON as Postgres prints a jsonb value: ', ' between items and ': ' after keys. */
function jsonbText(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(jsonbText).join(', ')}]`;
  if (v !== null && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${jsonbText(x)}`).join(', ')}}`;
  return JSON.stringify(v);
}

function registerFunctions(db: Db): void {
  const insensitive = re2Cache(RE2JS.CASE_INSENSITIVE);
  const sensitive = re2Cache(0);
  // regexp(pattern, value): the query language's /regex/ terms, case-insensitive (Postgres ~* in the real server)
  db.function('regexp', { deterministic: false }, (pattern: unknown, value: unknown) => {
    checkBudget();
    if (typeof pattern !== 'string' || value === null || value === undefined) return 0;
    const re = insensitive(pattern);
    return re !== null && re.test(String(value)) ? 1 : 0;
  });
  // wildcard(pattern, value): wildcards and ~contains lists, compiled to a lower-case pattern of literals, .* and .?;
  // matching it case-sensitively against the lower-cased value is many times faster than RE2's case folding
  db.function('wildcard', { deterministic: false }, (pattern: unknown, value: unknown) => {
    checkBudget();
    if (typeof pattern !== 'string' || value === null || value === undefined) return 0;
    const re = sensitive(pattern);
    return re !== null && re.test(String(value).toLowerCase()) ? 1 : 0;
  });
  // pg_match(pattern, value): Postgres `value ~* pattern` (phrases, wildcards and /regex/ terms of q=). NULL stays
  // NULL (so NOT of it stays false, as in SQL); a pattern Postgres refuses fails when a row is matched, as there.
  const pg = new Map<string, RE2JS | string>();
  db.function('pg_match', { deterministic: false }, (pattern: unknown, value: unknown) => {
    checkBudget();
    if (value === null || value === undefined || typeof pattern !== 'string') return null;
    let re = pg.get(pattern);
    if (re === undefined) {
      const problem = regexProblem(pattern);
      if (problem) re = problem;
      else {
        try {
          re = RE2JS.compile(re2Source(pattern), RE2JS.CASE_INSENSITIVE | RE2JS.DOTALL);
        } catch {
          re = 'invalid regular expression';
        }
      }
      if (pg.size >= 200) pg.clear();
      pg.set(pattern, re);
    }
    if (typeof re === 'string') throw queryError(`invalid regular expression: ${re.replace(/^invalid regular expression$/, 'syntax error')}`);
    return re.test(String(value)) ? 1 : 0;
  });
  // pg_json_text(json, key): Postgres `json::jsonb ->> key`, the text of a key (NULL when absent); a column that does
  // not hold JSON fails as the cast fails there.
  db.function('pg_json_text', { deterministic: false }, (json: unknown, key: unknown) => {
    if (json === null || json === undefined || typeof key !== 'string') return null;
    let v: unknown;
    try {
      v = JSON.parse(String(json));
    } catch {
      throw queryError('invalid input syntax for type json');
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v) || !Object.hasOwn(v, key)) return null;
    const x = (v as Record<string, unknown>)[key];
    if (x === null) return null;
    if (typeof x === 'string') return x;
    return typeof x === 'object' ? jsonbText(x) : String(x);
  });
  // query_budget(): checked every 64th row of q= queries, so long lists of plain terms stop in time too
  db.function('query_budget', { deterministic: false }, () => {
    checkBudget();
    return 1;
  });
}

/** Checkpoints the WAL into the main file and closes, so the folder holds one consistent file. */
export function closeDb(db: Db): void {
  if (!db.open) return;
  try {
    if (!db.memory) db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

export function getMeta(db: Db, key: string): string | null {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value ?? null;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}

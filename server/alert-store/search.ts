// Searching alerts: the WHERE clause from URL parameters, q= and the caller's customer view; severity and status
// counts; page and page size; one page of /alerts in the requested order.
import type { AppContext, Caller } from '../context.ts';
import { timeMetric } from '../context.ts';
import { ApiError } from '../errors.ts';
import {
  ALERT_FIELDS, EXCLUDE_FROM_QUERY, balanced, compileFilters, compileQuery, compileSort, first, type Params, type SqlFragment,
} from '../query.ts';
import { DATE_RANGE, MAX_SECONDS, iso, parseDate } from '../time.ts';
import { historyFor } from './history.ts';
import { customerClause } from './lookup.ts';
import { rowToAlert, type AlertRow, type HistoryRow } from './rows.ts';

export interface Where {
  sql: string;
  params: unknown[];
}

/** WHERE clause for /alerts and its siblings from URL parameters, q= and the caller's customer view. */
export function buildWhere(_ctx: AppContext, params: Params, caller: Caller | null, opts: { exclude?: string[] } = {}): Where {
  const parts: string[] = [];
  const values: unknown[] = [];
  const add = (f: SqlFragment | null): void => {
    if (!f) return;
    parts.push(f.sql);
    values.push(...f.params);
  };
  const q = first(params, 'q');
  // any non-empty q is parsed, as the real server does (a blank one is a 400 there too)
  if (q) {
    // a long q= of plain terms does its work in SQLite, not in the pattern functions: check the time budget
    // every 64th row, before the terms (AND stops at the first false one; the default view never pays for this)
    const f = compileQuery(q, first(params, 'q.df') || 'text');
    add({ sql: `((pk & 63) != 0 OR query_budget()) AND ${f.sql}`, params: f.params });
  }
  add(customerClause(caller));
  for (const name of ['from-date', 'to-date'] as const) {
    const raw = first(params, name);
    if (raw === undefined || raw === '') continue;
    const d = parseDate(raw);
    if (!d) throw new ApiError(`Invalid '${name}' parameter: ${raw} (must be ${DATE_RANGE})`, 400);
    add({ sql: name === 'from-date' ? 'last_receive_time > ?' : 'last_receive_time <= ?', params: [iso(d)] });
  }
  const ids = params.get('id') ?? [];
  if (ids.length) {
    const ors = ids.map(() => '(id LIKE ? OR last_receive_id LIKE ?)');
    add({ sql: `(${balanced(ors, 'OR')})`, params: ids.flatMap((i) => [`${i.replace(/[%_]/g, '')}%`, `${i.replace(/[%_]/g, '')}%`]) });
  }
  const exclude = new Set([...EXCLUDE_FROM_QUERY, ...(opts.exclude ?? [])]);
  for (const f of compileFilters(params, ALERT_FIELDS, exclude)) add(f);
  return { sql: balanced(parts, 'AND'), params: values };
}

export interface Counts {
  total: number;
  severityCounts: Record<string, number>;
  statusCounts: Record<string, number>;
}

export function countAlerts(ctx: AppContext, where: Where): Counts {
  const started = performance.now();
  const rows = ctx.db
    .prepare(`SELECT severity, status, count(*) AS n FROM alerts WHERE ${where.sql} GROUP BY severity, status`)
    .all(...where.params) as { severity: string; status: string; n: number }[];
  const out: Counts = { total: 0, severityCounts: {}, statusCounts: {} };
  for (const r of rows) {
    out.total += r.n;
    out.severityCounts[r.severity] = (out.severityCounts[r.severity] ?? 0) + r.n;
    out.statusCounts[r.status] = (out.statusCounts[r.status] ?? 0) + r.n;
  }
  out.severityCounts = sortKeys(out.severityCounts);
  out.statusCounts = sortKeys(out.statusCounts);
  timeMetric(ctx, 'counts', started);
  return out;
}

export function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function parsePaging(ctx: AppContext, params: Params): { page: number; pageSize: number } {
  const rawPage = first(params, 'page');
  const rawSize = first(params, 'page-size') ?? first(params, 'limit');
  const page = rawPage === undefined || rawPage === '' ? 1 : Number(rawPage);
  const pageSize = rawSize === undefined || rawSize === '' ? ctx.settings.DEFAULT_PAGE_SIZE : Number(rawSize);
  if (!Number.isInteger(page) || page < 1 || page > MAX_SECONDS) throw new ApiError(`Invalid 'page' parameter: ${rawPage}`, 400);
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new ApiError(`Invalid 'page-size' parameter: ${rawSize}`, 400);
  return { page, pageSize: Math.min(pageSize, 100000) };
}

const truthy = (v: string | undefined): boolean => v !== undefined && ['true', 't', '1', 'yes', 'y', 'on', ''].includes(v.toLowerCase());

export function searchAlerts(ctx: AppContext, params: Params, caller: Caller | null, base: string): Record<string, unknown> {
  const started = performance.now();
  const where = buildWhere(ctx, params, caller);
  const sortBy = params.get('sort-by') ?? [];
  const sort = sortBy.length ? compileSort(sortBy, ALERT_FIELDS) : { sql: '', params: [] };
  const { page, pageSize } = parsePaging(ctx, params);
  const counts = countAlerts(ctx, where);
  const pages = Math.ceil(counts.total / pageSize);
  if (counts.total > 0 && page > pages) throw new ApiError(`page out of range: 1-${pages}`, 416);
  const order = sort.sql ? `${sort.sql}, pk` : 'pk';
  const rows = ctx.db
    .prepare(`SELECT * FROM alerts WHERE ${where.sql} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...where.params, ...sort.params, pageSize, (page - 1) * pageSize) as AlertRow[];
  const showHistory = truthy(first(params, 'show-history'));
  const showRaw = truthy(first(params, 'show-raw-data'));
  const history = showHistory ? historyFor(ctx, rows.map((r) => r.pk)) : new Map<number, HistoryRow[]>();
  const alerts = rows.map((r) => rowToAlert(r, base, { history: history.get(r.pk) ?? [], showRaw }));
  let lastTime = iso(ctx.now());
  if (rows.length) lastTime = rows.reduce((m, r) => (r.last_receive_time > m ? r.last_receive_time : m), rows[0]!.last_receive_time);
  timeMetric(ctx, 'queries', started);
  const body: Record<string, unknown> = {
    alerts,
    autoRefresh: ctx.settings.AUTO_REFRESH_ALLOW,
    lastTime,
  };
  if (counts.total === 0) body.message = 'not found';
  Object.assign(body, {
    more: page < pages,
    page,
    pageSize,
    pages,
    severityCounts: counts.severityCounts,
    status: 'ok',
    statusCounts: counts.statusCounts,
    total: counts.total,
  });
  return body;
}

// Summaries of the alerts a search matches: per environment, per service, per group, per tag, the newest history
// entries, and the top-10 reports.
import type { AppContext, Caller } from '../context.ts';
import { ApiError } from '../errors.ts';
import type { Params } from '../query.ts';
import { buildWhere, parsePaging, sortKeys } from './search.ts';
import { parseJson, type AlertRow } from './rows.ts';

export function environments(ctx: AppContext, params: Params, caller: Caller | null): Record<string, unknown>[] {
  const where = buildWhere(ctx, params, caller);
  const rows = ctx.db
    .prepare(
      `SELECT environment, severity, status, count(*) AS n FROM alerts WHERE ${where.sql}
       GROUP BY environment, severity, status ORDER BY environment`,
    )
    .all(...where.params) as { environment: string; severity: string; status: string; n: number }[];
  const byEnv = new Map<string, { count: number; severityCounts: Record<string, number>; statusCounts: Record<string, number> }>();
  for (const r of rows) {
    let e = byEnv.get(r.environment);
    if (!e) byEnv.set(r.environment, (e = { count: 0, severityCounts: {}, statusCounts: {} }));
    e.count += r.n;
    e.severityCounts[r.severity] = (e.severityCounts[r.severity] ?? 0) + r.n;
    e.statusCounts[r.status] = (e.statusCounts[r.status] ?? 0) + r.n;
  }
  return [...byEnv.entries()].map(([environment, e]) => ({
    count: e.count,
    environment,
    severityCounts: sortKeys(e.severityCounts),
    statusCounts: sortKeys(e.statusCounts),
  }));
}

export function services(ctx: AppContext, params: Params, caller: Caller | null): Record<string, unknown>[] {
  const where = buildWhere(ctx, params, caller);
  const rows = ctx.db
    .prepare(
      `SELECT a.environment, j.value AS service, a.severity, a.status, count(*) AS n
       FROM (SELECT environment, service, severity, status FROM alerts WHERE ${where.sql}) a, json_each(a.service) j
       GROUP BY a.environment, j.value, a.severity, a.status ORDER BY a.environment, j.value`,
    )
    .all(...where.params) as { environment: string; service: string; severity: string; status: string; n: number }[];
  const map = new Map<string, { environment: string; service: string; count: number; severityCounts: Record<string, number>; statusCounts: Record<string, number> }>();
  for (const r of rows) {
    const key = `${r.environment}\u0000${r.service}`;
    let e = map.get(key);
    if (!e) map.set(key, (e = { environment: r.environment, service: r.service, count: 0, severityCounts: {}, statusCounts: {} }));
    e.count += r.n;
    e.severityCounts[r.severity] = (e.severityCounts[r.severity] ?? 0) + r.n;
    e.statusCounts[r.status] = (e.statusCounts[r.status] ?? 0) + r.n;
  }
  return [...map.values()].map((e) => ({
    count: e.count,
    environment: e.environment,
    service: e.service,
    severityCounts: sortKeys(e.severityCounts),
    statusCounts: sortKeys(e.statusCounts),
  }));
}

export function alertGroups(ctx: AppContext, params: Params, caller: Caller | null): Record<string, unknown>[] {
  const where = buildWhere(ctx, params, caller);
  return (
    ctx.db
      .prepare(`SELECT count(*) AS count, environment, grp AS "group" FROM alerts WHERE ${where.sql} GROUP BY environment, grp ORDER BY environment, grp`)
      .all(...where.params) as Record<string, unknown>[]
  ).map((r) => ({ count: r.count, environment: r.environment, group: r.group }));
}

export function alertTags(ctx: AppContext, params: Params, caller: Caller | null): Record<string, unknown>[] {
  const where = buildWhere(ctx, params, caller);
  return ctx.db
    .prepare(
      `SELECT count(*) AS count, a.environment, j.value AS tag
       FROM (SELECT environment, tags FROM alerts WHERE ${where.sql}) a, json_each(a.tags) j
       GROUP BY a.environment, j.value ORDER BY a.environment, j.value`,
    )
    .all(...where.params) as Record<string, unknown>[];
}

export function alertHistory(ctx: AppContext, params: Params, caller: Caller | null, base: string): Record<string, unknown>[] {
  const where = buildWhere(ctx, params, caller);
  const { pageSize } = parsePaging(ctx, params);
  const rows = ctx.db
    .prepare(
      `SELECT h.id AS hid, h.event AS hevent, h.severity AS hseverity, h.status AS hstatus, h.value AS hvalue,
         h.text AS htext, h.type AS htype, h.update_time AS hupdate, h.user AS huser, h.timeout AS htimeout, a.*
       FROM history h JOIN (SELECT * FROM alerts WHERE ${where.sql}) a ON a.pk = h.alert_pk
       ORDER BY h.update_time DESC, h.pk DESC LIMIT ?`,
    )
    .all(...where.params, pageSize) as (AlertRow & Record<string, unknown>)[];
  return rows.map((r) => ({
    attributes: parseJson(r.attributes, {}),
    customer: r.customer,
    environment: r.environment,
    event: r.hevent,
    group: r.grp,
    href: `${base}/alert/${r.id}`,
    id: r.id,
    origin: r.origin,
    resource: r.resource,
    service: parseJson(r.service, []),
    severity: r.hseverity,
    status: r.hstatus,
    tags: parseJson(r.tags, []),
    text: r.htext,
    timeout: r.htimeout,
    type: r.htype,
    updateTime: r.hupdate,
    user: r.huser,
    value: r.hvalue,
  }));
}

type TopKind = 'count' | 'flapping' | 'standing';

/**
 * The fields a report may be grouped by (`group-by`), with their column. The real server puts the parameter into its
 * SQL as it is: any other name is an error there (a 500, and an injection), and a 400 here. `group` is refused too:
 * it is an SQL keyword the real server does not quote, so it fails there whatever the data.
 */
const TOPN_GROUP_FIELDS: Readonly<Record<string, string>> = Object.freeze({
  event: 'event', resource: 'resource', environment: 'environment', service: 'service', origin: 'origin',
  customer: 'customer', severity: 'severity', status: 'status',
});

/** The field a report groups by: `event` unless `group-by` names another (its first value, as the real server). */
function topnGroupField(params: Params): string {
  const wanted = params.get('group-by')?.[0];
  if (wanted === undefined || wanted === '') return 'event';
  if (!Object.hasOwn(TOPN_GROUP_FIELDS, wanted)) {
    throw new ApiError(`Invalid 'group-by' parameter: ${wanted.slice(0, 100)} (one of ${Object.keys(TOPN_GROUP_FIELDS).join(', ')})`, 400);
  }
  return wanted;
}

/**
 * Reports: per value of a field (event unless `group-by` says otherwise), the alerts with the most alerts (count),
 * the most severity changes (flapping), or the oldest still open (standing). Counted as the real server counts:
 * one row per alert and service (an alert in two services counts twice, one without a service not at all), groups
 * by size, the largest first (ties by value here; unordered there), at most `page-size` of them (default: the
 * server's page size). Each lists the environments, services and every alert (id and resource, by id) in it.
 * Aggregated in SQL, then the alerts of the listed groups only, so it stays quick at 100,000 alerts.
 */
export function top10(ctx: AppContext, kind: TopKind, params: Params, caller: Caller | null, base: string): Record<string, unknown>[] {
  const field = topnGroupField(params);
  const column = TOPN_GROUP_FIELDS[field]!;
  const where = buildWhere(ctx, params, caller);
  const limit = parsePaging(ctx, params).pageSize;
  // One row per alert and service, with a weight per alert (1, or its number of severity changes). The alerts are
  // filtered before the services are joined: json_each's own columns (id, type, value…) would shadow the alert's.
  const alerts =
    kind === 'flapping'
      ? `SELECT alerts.*, f.n AS weight FROM (SELECT alert_pk, count(*) AS n FROM history WHERE type = 'severity' GROUP BY alert_pk) f
         JOIN alerts ON alerts.pk = f.alert_pk WHERE ${where.sql}`
      : `SELECT *, 1 AS weight FROM alerts NOT INDEXED WHERE ${where.sql}${kind === 'standing' ? " AND status NOT IN ('closed', 'expired')" : ''}`;
  const source = `SELECT a.*, j.value AS svc FROM (${alerts}) a, json_each(a.service) j`;
  const order = kind === 'standing' ? 'oldest ASC, g' : 'count DESC, g';
  const groups = ctx.db
    .prepare(
      `SELECT ${column} AS g, sum(weight) AS count, sum(duplicate_count) AS duplicateCount, min(create_time) AS oldest,
         json_group_array(DISTINCT environment) AS environments, json_group_array(DISTINCT svc) AS services
       FROM (${source}) GROUP BY ${column} ORDER BY ${order} LIMIT ?`,
    )
    .all(...where.params, limit) as { g: string | null; count: number; duplicateCount: number; environments: string; services: string }[];
  if (groups.length === 0) return [];
  // Every alert of the listed groups, by id (the real server's DISTINCT over [id, resource]).
  const members = new Map<string | null, { id: string; resource: string }[]>();
  const listed = groups.filter((g) => g.g !== null).map((g) => g.g);
  const inGroups = [listed.length ? `${column} IN (${listed.map(() => '?').join(',')})` : '', groups.some((g) => g.g === null) ? `${column} IS NULL` : '']
    .filter(Boolean)
    .join(' OR ');
  for (const r of ctx.db
    .prepare(`SELECT DISTINCT ${column} AS g, id, resource FROM (${source}) WHERE ${inGroups} ORDER BY id`)
    .all(...where.params, ...listed) as { g: string | null; id: string; resource: string }[]) {
    const list = members.get(r.g);
    if (list) list.push(r);
    else members.set(r.g, [r]);
  }
  const split = (list: string) => (JSON.parse(list) as string[]).sort();
  return groups.map((g) => ({
    count: g.count,
    duplicateCount: g.duplicateCount,
    environments: split(g.environments),
    [field]: field === 'service' ? (JSON.parse(g.g ?? '[]') as string[]) : g.g,
    resources: (members.get(g.g) ?? []).map((r) => ({ href: `${base}/alert/${r.id}`, id: r.id, resource: r.resource })),
    services: split(g.services),
  }));
}

// Blackout periods: alerts that match an active one are suppressed (POST /alert answers 202).
import { randomUUID } from 'node:crypto';
import type { Router } from '../http.ts';
import type { AppContext, Caller } from '../context.ts';
import { ApiError, notFound } from '../errors.ts';
import { assignCustomer, type IncomingAlert } from '../alert-store/incoming.ts';
import { parsePaging } from '../alert-store/search.ts';
import { DATE_RANGE, MAX_SECONDS, addSeconds, inRange, instant, iso, isSeconds, parseDate } from '../time.ts';

interface BlackoutRow {
  id: string;
  priority: number;
  environment: string;
  service: string;
  resource: string | null;
  event: string | null;
  grp: string | null;
  tags: string;
  origin: string | null;
  customer: string | null;
  start_time: string;
  end_time: string;
  duration: number;
  user: string | null;
  create_time: string;
  text: string | null;
}

/** Compared as instants: a stored six-digit year (from an older version) is in the future, not before 1970. */
function statusOf(b: BlackoutRow, nowMs: number): 'active' | 'pending' | 'expired' {
  if (instant(b.start_time) > nowMs) return 'pending';
  if (!(instant(b.end_time) > nowMs)) return 'expired';
  return 'active';
}

/** Priority as the real server computes it: the more specific the blackout, the higher the number. */
export function blackoutPriority(b: { resource: string | null; event: string | null; service: string[]; group: string | null; tags: string[]; origin: string | null }): number {
  let p = 1;
  if (b.resource && !b.event) p = 2;
  else if (b.service.length) p = 3;
  else if (b.event && !b.resource) p = 4;
  else if (b.group) p = 5;
  else if (b.resource && b.event) p = 6;
  else if (b.tags.length) p = 7;
  if (b.origin) p = 8;
  return p;
}

function toJson(ctx: AppContext, b: BlackoutRow, base: string, remainingAsNumber: boolean): Record<string, unknown> {
  const now = ctx.now();
  const status = statusOf(b, now.getTime());
  const endMs = Date.parse(b.end_time);
  const fromMs = Math.max(now.getTime(), Date.parse(b.start_time));
  const remaining = status === 'expired' ? 0 : Math.max(0, (endMs - fromMs) / 1000);
  return {
    createTime: b.create_time,
    customer: b.customer,
    duration: b.duration,
    endTime: b.end_time,
    environment: b.environment,
    event: b.event,
    group: b.grp,
    href: `${base}/blackout/${b.id}`,
    id: b.id,
    origin: b.origin,
    priority: b.priority,
    // the real server returns a number on create and a decimal string elsewhere; kept as it does
    remaining: remainingAsNumber ? Math.round(remaining) : remaining.toFixed(6),
    resource: b.resource,
    service: JSON.parse(b.service) as string[],
    startTime: b.start_time,
    status,
    tags: JSON.parse(b.tags) as string[],
    text: b.text,
    user: b.user,
  };
}

/** The active blackout an incoming alert falls into, if any. */
export function matchingBlackout(ctx: AppContext, inc: IncomingAlert): BlackoutRow | null {
  const nowMs = ctx.now().getTime();
  const rows = ctx.db
    .prepare('SELECT * FROM blackouts WHERE environment = ? ORDER BY priority DESC')
    .all(inc.environment) as BlackoutRow[];
  for (const b of rows) {
    if (statusOf(b, nowMs) !== 'active') continue;
    if (b.customer && b.customer !== inc.customer) continue;
    if (b.resource && b.resource !== inc.resource) continue;
    if (b.event && b.event !== inc.event) continue;
    if (b.grp && b.grp !== inc.group) continue;
    if (b.origin && b.origin !== inc.origin) continue;
    const service = JSON.parse(b.service) as string[];
    if (service.length && !service.every((s) => inc.service.includes(s))) continue;
    const tags = JSON.parse(b.tags) as string[];
    if (tags.length && !tags.every((t) => inc.tags.includes(t))) continue;
    return b;
  }
  return null;
}

function customerFilter(caller: Caller): { sql: string; params: string[] } {
  if (caller.customers === null) return { sql: '1=1', params: [] };
  if (caller.customers.length === 0) return { sql: '0', params: [] };
  return { sql: `customer IN (${caller.customers.map(() => '?').join(',')})`, params: caller.customers };
}

interface BlackoutInput {
  environment: string;
  service: string[];
  resource: string | null;
  event: string | null;
  group: string | null;
  tags: string[];
  origin: string | null;
  customer: string | null;
  start: Date;
  end: Date;
  duration: number;
  text: string | null;
}

function parseBlackout(ctx: AppContext, body: unknown, existing: BlackoutInput | null): BlackoutInput {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ApiError('Blackout must be a JSON object', 400);
  const b = body as Record<string, unknown>;
  const errors: string[] = [];
  const optStr = (k: string, cur: string | null): string | null => {
    if (!(k in b)) return cur;
    const v = b[k];
    if (v === null || v === '') return null;
    if (typeof v !== 'string') { errors.push(`'${k}' must be a string`); return cur; }
    return v;
  };
  const optList = (k: string, cur: string[]): string[] => {
    if (!(k in b)) return cur;
    const v = b[k];
    if (v === null) return [];
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) { errors.push(`'${k}' must be a list of strings`); return cur; }
    return v as string[];
  };
  const environment = optStr('environment', existing?.environment ?? null);
  if (!environment) throw new ApiError("'environment'", 400, ["Missing mandatory value for 'environment'"]);
  const now = ctx.now();
  const date = (k: string): Date | null => {
    const v = b[k];
    if (v === undefined || v === null || v === '') return null;
    const d = typeof v === 'string' ? parseDate(v) : null;
    if (!d) errors.push(`'${k}' must be ${DATE_RANGE}`);
    return d;
  };
  let start = date('startTime') ?? existing?.start ?? now;
  let end = date('endTime');
  let duration: number;
  if (b.duration !== undefined && b.duration !== null) {
    if (!isSeconds(b.duration, false)) {
      errors.push(`'duration' must be an integer from 1 to ${MAX_SECONDS} (seconds)`);
      duration = ctx.settings.BLACKOUT_DURATION;
    } else duration = b.duration;
    // An edit changes only the times it is sent (as the real server's UPDATE does): its end stays where it was.
    if (!end) end = existing ? existing.end : addSeconds(start, duration);
  } else if (end) {
    duration = Math.round((end.getTime() - start.getTime()) / 1000);
  } else if (existing) {
    end = existing.end;
    start = date('startTime') ?? existing.start;
    duration = Math.round((end.getTime() - start.getTime()) / 1000);
  } else {
    duration = ctx.settings.BLACKOUT_DURATION;
    end = addSeconds(start, duration);
  }
  if (end.getTime() <= start.getTime()) errors.push("'endTime' must be after 'startTime'");
  else if (!inRange(end)) errors.push(`'endTime' must be ${DATE_RANGE} (start plus duration ends later)`);
  const out: BlackoutInput = {
    environment,
    service: optList('service', existing?.service ?? []),
    resource: optStr('resource', existing?.resource ?? null),
    event: optStr('event', existing?.event ?? null),
    group: optStr('group', existing?.group ?? null),
    tags: optList('tags', existing?.tags ?? []),
    origin: optStr('origin', existing?.origin ?? null),
    customer: optStr('customer', existing?.customer ?? null),
    start, end, duration,
    text: optStr('text', existing?.text ?? null),
  };
  if (errors.length) throw new ApiError(errors[0] as string, 400, errors);
  return out;
}

function rowToInput(b: BlackoutRow): BlackoutInput {
  return {
    environment: b.environment, service: JSON.parse(b.service) as string[], resource: b.resource, event: b.event,
    group: b.grp, tags: JSON.parse(b.tags) as string[], origin: b.origin, customer: b.customer,
    start: new Date(b.start_time), end: new Date(b.end_time), duration: b.duration, text: b.text,
  };
}

export function createBlackout(ctx: AppContext, input: BlackoutInput, user: string | null): string {
  const id = randomUUID();
  ctx.db.prepare(
    `INSERT INTO blackouts (id, priority, environment, service, resource, event, grp, tags, origin, customer, start_time,
       end_time, duration, user, create_time, text) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, blackoutPriority(input), input.environment, JSON.stringify(input.service), input.resource, input.event, input.group,
    JSON.stringify(input.tags), input.origin, input.customer, iso(input.start), iso(input.end), input.duration, user,
    iso(ctx.now()), input.text);
  return id;
}

export function registerBlackoutRoutes(r: Router): void {
  r.post('/blackout', { scope: 'write:blackouts' }, ({ ctx, body, caller, base, reply }) => {
    const input = parseBlackout(ctx, body, null);
    input.customer = assignCustomer(input.customer, caller.authenticated ? caller : null);
    const id = createBlackout(ctx, input, caller.login);
    const row = ctx.db.prepare('SELECT * FROM blackouts WHERE id = ?').get(id) as BlackoutRow;
    reply.code(201);
    reply.header('Location', `${base}/blackout/${id}`);
    return { blackout: toJson(ctx, row, base, true), id, status: 'ok' };
  });

  r.get('/blackout/:id', { scope: 'read:blackouts' }, ({ ctx, path, caller, base }) => {
    const cf = customerFilter(caller);
    const row = ctx.db.prepare(`SELECT * FROM blackouts WHERE id = ? AND ${cf.sql}`).get(path.id, ...cf.params) as BlackoutRow | undefined;
    if (!row) throw notFound();
    return { blackout: toJson(ctx, row, base, false), status: 'ok', total: 1 };
  });

  r.get('/blackouts', { scope: 'read:blackouts' }, ({ ctx, caller, base, query }) => {
    const cf = customerFilter(caller);
    const nowMs = ctx.now().getTime();
    let rows = ctx.db.prepare(`SELECT * FROM blackouts WHERE ${cf.sql} ORDER BY start_time, create_time`).all(...cf.params) as BlackoutRow[];
    const wanted = query.get('status') ?? [];
    if (wanted.length) rows = rows.filter((b) => wanted.includes(statusOf(b, nowMs)));
    const env = query.get('environment') ?? [];
    if (env.length) rows = rows.filter((b) => env.includes(b.environment));
    const { page, pageSize } = parsePaging(ctx, query);
    const total = rows.length;
    const pages = Math.ceil(total / pageSize);
    if (total > 0 && page > pages) throw new ApiError(`page out of range: 1-${pages}`, 416);
    return {
      blackouts: rows.slice((page - 1) * pageSize, page * pageSize).map((b) => toJson(ctx, b, base, false)),
      more: page < pages, page, pageSize, pages: Math.max(pages, 1), status: 'ok', total,
    };
  });

  r.put('/blackout/:id', { scope: 'write:blackouts' }, ({ ctx, path, caller, base, body }) => {
    const cf = customerFilter(caller);
    const row = ctx.db.prepare(`SELECT * FROM blackouts WHERE id = ? AND ${cf.sql}`).get(path.id, ...cf.params) as BlackoutRow | undefined;
    if (!row) throw notFound();
    const input = parseBlackout(ctx, body, rowToInput(row));
    input.customer = assignCustomer(input.customer, caller.authenticated ? caller : null);
    ctx.db.prepare(
      `UPDATE blackouts SET priority = ?, environment = ?, service = ?, resource = ?, event = ?, grp = ?, tags = ?, origin = ?,
         customer = ?, start_time = ?, end_time = ?, duration = ?, text = ? WHERE id = ?`,
    ).run(blackoutPriority(input), input.environment, JSON.stringify(input.service), input.resource, input.event, input.group,
      JSON.stringify(input.tags), input.origin, input.customer, iso(input.start), iso(input.end), input.duration, input.text, row.id);
    const updated = ctx.db.prepare('SELECT * FROM blackouts WHERE id = ?').get(row.id) as BlackoutRow;
    return { blackout: toJson(ctx, updated, base, false), status: 'ok' };
  });

  r.delete('/blackout/:id', { scope: 'write:blackouts' }, ({ ctx, path, caller }) => {
    const cf = customerFilter(caller);
    const res = ctx.db.prepare(`DELETE FROM blackouts WHERE id = ? AND ${cf.sql}`).run(path.id, ...cf.params);
    if (res.changes === 0) throw notFound();
    return { status: 'ok' };
  });
}

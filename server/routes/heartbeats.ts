// Heartbeats: senders report in; status is computed on read (expired after timeout, slow above max latency).
import { randomUUID } from 'node:crypto';
import type { Router } from '../http.ts';
import type { AppContext, Caller } from '../context.ts';
import { ApiError, notFound } from '../errors.ts';
import { assignCustomer, type IncomingAlert } from '../alert-store/incoming.ts';
import { parsePaging } from '../alert-store/search.ts';
import { DATE_RANGE, MAX_SECONDS, isSeconds, iso, parseDate } from '../time.ts';
import { first } from '../query.ts';

interface HeartbeatRow {
  id: string;
  origin: string;
  tags: string;
  attributes: string;
  type: string;
  create_time: string;
  timeout: number;
  max_latency: number;
  receive_time: string;
  latency: number;
  customer: string | null;
}

export function heartbeatStatus(h: { since: number; timeout: number; latency: number; maxLatency: number }): string {
  if (h.since > h.timeout) return 'expired';
  if (h.latency > h.maxLatency) return 'slow';
  return 'ok';
}

function toJson(ctx: AppContext, h: HeartbeatRow, base: string): Record<string, unknown> {
  const since = Math.max(0, Math.floor((ctx.now().getTime() - Date.parse(h.receive_time)) / 1000));
  return {
    attributes: JSON.parse(h.attributes) as Record<string, unknown>,
    createTime: h.create_time,
    customer: h.customer,
    href: `${base}/heartbeat/${h.id}`,
    id: h.id,
    latency: h.latency,
    maxLatency: h.max_latency,
    origin: h.origin,
    receiveTime: h.receive_time,
    since,
    status: heartbeatStatus({ since, timeout: h.timeout, latency: h.latency, maxLatency: h.max_latency }),
    tags: JSON.parse(h.tags) as string[],
    timeout: h.timeout,
    type: h.type,
  };
}

export interface HeartbeatInput {
  origin: string;
  tags: string[];
  attributes: Record<string, unknown>;
  type: string;
  createTime: Date | null;
  timeout: number;
  customer: string | null;
}

/** Creates or refreshes the heartbeat of an origin (one per origin and customer, like the real server). */
export function upsertHeartbeat(ctx: AppContext, hb: HeartbeatInput): string {
  const now = ctx.now();
  const created = hb.createTime ?? now;
  const latency = Math.max(0, now.getTime() - created.getTime());
  return ctx.db.transaction(() => {
    const existing = ctx.db
      .prepare("SELECT id FROM heartbeats WHERE origin = ? AND ifnull(customer, '') = ifnull(?, '')")
      .get(hb.origin, hb.customer) as { id: string } | undefined;
    if (existing) {
      ctx.db.prepare(
        'UPDATE heartbeats SET tags = ?, attributes = ?, type = ?, create_time = ?, timeout = ?, receive_time = ?, latency = ? WHERE id = ?',
      ).run(JSON.stringify(hb.tags), JSON.stringify(hb.attributes), hb.type, iso(created), hb.timeout, iso(now), latency, existing.id);
      return existing.id;
    }
    const id = randomUUID();
    ctx.db.prepare(
      `INSERT INTO heartbeats (id, origin, tags, attributes, type, create_time, timeout, max_latency, receive_time, latency, customer)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, hb.origin, JSON.stringify(hb.tags), JSON.stringify(hb.attributes), hb.type, iso(created), hb.timeout,
      ctx.settings.HEARTBEAT_MAX_LATENCY, iso(now), latency, hb.customer);
    return id;
  })();
}

export function receiveHeartbeatFromAlert(ctx: AppContext, inc: IncomingAlert): string {
  return upsertHeartbeat(ctx, {
    origin: inc.origin || inc.resource,
    tags: inc.tags,
    attributes: { environment: inc.environment, group: inc.group, service: inc.service, severity: inc.severity },
    type: 'Heartbeat',
    createTime: inc.createTime,
    timeout: inc.timeout,
    customer: inc.customer,
  });
}

function customerFilter(caller: Caller): { sql: string; params: string[] } {
  if (caller.customers === null) return { sql: '1=1', params: [] };
  if (caller.customers.length === 0) return { sql: '0', params: [] };
  return { sql: `customer IN (${caller.customers.map(() => '?').join(',')})`, params: caller.customers };
}

export function listHeartbeats(ctx: AppContext, caller: Caller, base: string): Record<string, unknown>[] {
  const cf = customerFilter(caller);
  const rows = ctx.db.prepare(`SELECT * FROM heartbeats WHERE ${cf.sql} ORDER BY receive_time DESC`).all(...cf.params) as HeartbeatRow[];
  return rows.map((h) => toJson(ctx, h, base));
}

export function registerHeartbeatRoutes(r: Router): void {
  r.post('/heartbeat', { scope: 'write:heartbeats' }, ({ ctx, body, caller, base, reply }) => {
    const b = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    if (!b) throw new ApiError('Heartbeat must be a JSON object', 400);
    if (typeof b.origin !== 'string' || b.origin.trim() === '') throw new ApiError('Missing mandatory value for "origin"', 400);
    const tags = b.tags ?? [];
    if (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string')) throw new ApiError('"tags" must be a list of strings', 400);
    const attributes = b.attributes ?? {};
    if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)) throw new ApiError('"attributes" must be an object', 400);
    const timeout = b.timeout ?? ctx.settings.HEARTBEAT_TIMEOUT;
    if (!isSeconds(timeout)) throw new ApiError(`"timeout" must be an integer from 0 to ${MAX_SECONDS} (seconds)`, 400);
    let createTime: Date | null = null;
    if (b.createTime !== undefined && b.createTime !== null) {
      createTime = typeof b.createTime === 'string' ? parseDate(b.createTime) : null;
      if (!createTime) throw new ApiError(`"createTime" must be ${DATE_RANGE}`, 400);
    }
    const customer = assignCustomer(typeof b.customer === 'string' && b.customer ? b.customer : null, caller.authenticated ? caller : null);
    const id = upsertHeartbeat(ctx, {
      origin: b.origin.trim(), tags: tags as string[], attributes: attributes as Record<string, unknown>,
      type: typeof b.type === 'string' && b.type ? b.type : 'Heartbeat', createTime, timeout, customer,
    });
    const row = ctx.db.prepare('SELECT * FROM heartbeats WHERE id = ?').get(id) as HeartbeatRow;
    reply.code(201);
    return { heartbeat: toJson(ctx, row, base), id, status: 'ok' };
  });

  r.get('/heartbeat/:id', { scope: 'read:heartbeats' }, ({ ctx, path, caller, base }) => {
    const cf = customerFilter(caller);
    const row = ctx.db.prepare(`SELECT * FROM heartbeats WHERE id = ? AND ${cf.sql}`).get(path.id, ...cf.params) as HeartbeatRow | undefined;
    if (!row) throw notFound();
    return { heartbeat: toJson(ctx, row, base), status: 'ok', total: 1 };
  });

  r.get('/heartbeats', { scope: 'read:heartbeats' }, ({ ctx, caller, base, query }) => {
    const wanted = query.get('status') ?? [];
    let list = listHeartbeats(ctx, caller, base);
    if (wanted.length) list = list.filter((h) => wanted.includes(h.status as string));
    const origin = first(query, 'origin');
    if (origin) list = list.filter((h) => h.origin === origin);
    const { page, pageSize } = parsePaging(ctx, query);
    const total = list.length;
    const pages = Math.ceil(total / pageSize);
    if (total > 0 && page > pages) throw new ApiError(`page out of range: 1-${pages}`, 416);
    return {
      heartbeats: list.slice((page - 1) * pageSize, page * pageSize),
      more: page < pages, page, pageSize, pages: Math.max(pages, 1), status: 'ok', total,
    };
  });

  r.delete('/heartbeat/:id', { scope: 'write:heartbeats' }, ({ ctx, path, caller }) => {
    const cf = customerFilter(caller);
    const res = ctx.db.prepare(`DELETE FROM heartbeats WHERE id = ? AND ${cf.sql}`).run(path.id, ...cf.params);
    if (res.changes === 0) throw notFound();
    return { status: 'ok' };
  });
}

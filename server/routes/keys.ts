// API keys: created with a subset of the creator's scopes; users see their own keys, admin:keys sees all.
import { randomUUID } from 'node:crypto';
import type { Router } from '../http.ts';
import type { AppContext, Caller } from '../context.ts';
import { ApiError, notFound } from '../errors.ts';
import { isAdmin, newApiKey } from '../auth.ts';
import { isInScope } from '../alert-rules.ts';
import { DATE_RANGE, addSeconds, instant, iso, parseDate } from '../time.ts';
import { bodyObject, optString, optStringList, pageOf } from './paging.ts';

interface KeyRow {
  id: string;
  key: string;
  user: string;
  scopes: string;
  text: string;
  expire_time: string;
  count: number;
  last_used_time: string | null;
  customer: string | null;
}

function toJson(ctx: AppContext, k: KeyRow, base: string): Record<string, unknown> {
  const scopes = JSON.parse(k.scopes) as string[];
  return {
    count: k.count,
    customer: k.customer,
    expireTime: k.expire_time,
    href: `${base}/key/${k.key}`,
    id: k.id,
    key: k.key,
    lastUsedTime: k.last_used_time,
    scopes,
    status: instant(k.expire_time) > ctx.now().getTime() ? 'active' : 'expired',
    text: k.text,
    type: scopes.some((s) => s.startsWith('write') || s.startsWith('admin')) ? 'read-write' : 'read-only',
    user: k.user,
  };
}

const seesAll = (ctx: AppContext, caller: Caller): boolean => isAdmin(ctx, caller) || isInScope('admin:keys', caller.scopes) || (!ctx.settings.AUTH_REQUIRED && !caller.authenticated);

function findKey(ctx: AppContext, keyOrId: string, caller: Caller): KeyRow {
  const k = ctx.db.prepare('SELECT * FROM keys WHERE key = ? OR id = ?').get(keyOrId, keyOrId) as KeyRow | undefined;
  if (!k || (!seesAll(ctx, caller) && k.user !== caller.login)) throw notFound();
  return k;
}

function checkScopes(ctx: AppContext, caller: Caller, scopes: string[]): void {
  const have = caller.authenticated || ctx.settings.AUTH_REQUIRED ? caller.scopes : ['admin', 'read', 'write'];
  for (const s of scopes) {
    if (!isInScope(s, have)) throw new ApiError(`Requested scope '${s}' not in existing scopes: ${have.join(',')}`, 403);
  }
}

export function createKey(ctx: AppContext, k: { user: string; scopes: string[]; text: string; expire: Date; customer: string | null; key?: string }): KeyRow {
  const id = randomUUID();
  const key = k.key ?? newApiKey();
  ctx.db.prepare('INSERT INTO keys (id, key, user, scopes, text, expire_time, count, last_used_time, customer) VALUES (?, ?, ?, ?, ?, ?, 0, NULL, ?)')
    .run(id, key, k.user, JSON.stringify(k.scopes), k.text, iso(k.expire), k.customer);
  return ctx.db.prepare('SELECT * FROM keys WHERE id = ?').get(id) as KeyRow;
}

/**
 * The customer a new or updated key gets, as the real server decides it (alerta/utils/api.py assign_customer with
 * permission admin:keys): admin and admin:keys may name any customer; others only one of their own; no customer
 * (absent, null or '') means the caller's only customer, or none for a caller who sees every customer.
 */
function assignKeyCustomer(ctx: AppContext, caller: Caller, wanted: string | undefined): string | null {
  const privileged = isAdmin(ctx, caller) || isInScope('admin:keys', caller.scopes);
  // the real server's g.customers: [] for a caller who sees every customer
  const own = caller.customers ?? [];
  if (wanted) {
    if (privileged || own.includes(wanted)) return wanted;
    throw new ApiError(`not allowed to set customer to '${wanted}'`, 400);
  }
  if (caller.customers === null) return null;
  // a caller who sees no customer at all (CUSTOMER_VIEWS_UNMATCHED 'none') may not make a key that sees them all
  if (own.length === 0) throw new ApiError('no customer allowed for this user', 403);
  if (own.length > 1) throw new ApiError('must define customer as more than one possibility', 400);
  return own[0] as string;
}

function parseExpire(b: Record<string, unknown>): Date | undefined {
  const raw = optString(b, 'expireTime');
  if (raw === undefined) return undefined;
  const d = parseDate(raw);
  if (!d) throw new ApiError(`'expireTime' must be ${DATE_RANGE}`, 400);
  return d;
}

export function registerKeyRoutes(r: Router): void {
  r.post('/key', { scope: 'write:keys' }, ({ ctx, body, caller, base, reply }) => {
    const b = bodyObject(body);
    const scopes = optStringList(b, 'scopes') ?? (caller.authenticated ? caller.scopes : ['read', 'write']);
    checkScopes(ctx, caller, scopes);
    const wantedUser = optString(b, 'user');
    if (wantedUser && wantedUser !== caller.login && !seesAll(ctx, caller)) throw new ApiError('Missing required scope: admin:keys', 403);
    const customer = assignKeyCustomer(ctx, caller, optString(b, 'customer'));
    const row = createKey(ctx, {
      user: wantedUser || caller.login || 'anonymous',
      scopes,
      text: optString(b, 'text') ?? '',
      expire: parseExpire(b) ?? addSeconds(ctx.now(), ctx.settings.API_KEY_EXPIRE_DAYS * 86400),
      customer,
    });
    reply.code(201);
    return { data: toJson(ctx, row, base), key: row.key, status: 'ok' };
  });

  r.get('/key/:key', { scope: 'read:keys' }, ({ ctx, path, caller, base }) => ({ key: toJson(ctx, findKey(ctx, path.key as string, caller), base), status: 'ok', total: 1 }));

  r.get('/keys', { scope: 'read:keys' }, ({ ctx, caller, base, query }) => {
    let rows = ctx.db.prepare('SELECT * FROM keys ORDER BY rowid').all() as KeyRow[];
    if (!seesAll(ctx, caller)) rows = rows.filter((k) => k.user === caller.login);
    const p = pageOf(ctx, query, rows);
    return { keys: p.items.map((k) => toJson(ctx, k, base)), more: p.more, page: p.page, pageSize: p.pageSize, pages: p.pages, status: 'ok', total: p.total };
  });

  r.put('/key/:key', { scope: 'write:keys' }, ({ ctx, path, caller, base, body }) => {
    const k = findKey(ctx, path.key as string, caller);
    const b = bodyObject(body);
    const scopes = optStringList(b, 'scopes');
    if (scopes) checkScopes(ctx, caller, scopes);
    const expire = parseExpire(b);
    // like the real server, every update assigns the customer again (absent means the caller's own, or none)
    const customer = assignKeyCustomer(ctx, caller, optString(b, 'customer'));
    ctx.db.prepare('UPDATE keys SET scopes = ?, text = ?, expire_time = ?, customer = ? WHERE id = ?').run(
      scopes ? JSON.stringify(scopes) : k.scopes, optString(b, 'text') ?? k.text, expire ? iso(expire) : k.expire_time,
      customer, k.id,
    );
    return { key: toJson(ctx, ctx.db.prepare('SELECT * FROM keys WHERE id = ?').get(k.id) as KeyRow, base), status: 'ok' };
  });

  r.delete('/key/:key', { scope: 'write:keys' }, ({ ctx, path, caller }) => {
    const k = findKey(ctx, path.key as string, caller);
    ctx.db.prepare('DELETE FROM keys WHERE id = ?').run(k.id);
    return { status: 'ok' };
  });
}

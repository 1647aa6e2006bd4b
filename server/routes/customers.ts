// Customer mappings (match = a login, an email domain or a group name → customer), used by customer views.
import { randomUUID } from 'node:crypto';
import type { Router } from '../http.ts';
import type { AppContext } from '../context.ts';
import { ApiError, notFound } from '../errors.ts';
import { bodyObject, optString, pageOf } from './paging.ts';

interface CustomerRow {
  id: string;
  customer: string;
  match: string;
}

const toJson = (c: CustomerRow, base: string): Record<string, unknown> => ({
  customer: c.customer, href: `${base}/customer/${c.id}`, id: c.id, match: c.match,
});

export function createCustomer(ctx: AppContext, customer: string, match: string): string {
  if (ctx.db.prepare('SELECT 1 FROM customers WHERE match = ?').get(match)) throw new ApiError(`customer lookup for '${match}' already exists`, 409);
  const id = randomUUID();
  ctx.db.prepare('INSERT INTO customers (id, customer, match) VALUES (?, ?, ?)').run(id, customer, match);
  return id;
}

export function registerCustomerRoutes(r: Router): void {
  r.post('/customer', { scope: 'admin:customers' }, ({ ctx, body, base, reply }) => {
    const b = bodyObject(body);
    const customer = optString(b, 'customer');
    const match = optString(b, 'match');
    const missing = [!customer && 'customer', !match && 'match'].filter(Boolean) as string[];
    if (missing.length) throw new ApiError(`Missing mandatory value for '${missing[0]}'`, 400, missing.map((m) => `Missing mandatory value for '${m}'`));
    const id = createCustomer(ctx, customer as string, match as string);
    reply.code(201);
    return { customer: toJson({ id, customer: customer as string, match: match as string }, base), id, status: 'ok' };
  });

  r.get('/customer/:id', { scope: 'read:customers' }, ({ ctx, path, base, caller }) => {
    const c = ctx.db.prepare('SELECT * FROM customers WHERE id = ?').get(path.id) as CustomerRow | undefined;
    if (!c || (caller.customers !== null && !caller.customers.includes(c.customer))) throw notFound();
    return { customer: toJson(c, base), status: 'ok', total: 1 };
  });

  r.get('/customers', { scope: 'read:customers' }, ({ ctx, base, query, caller }) => {
    let rows = ctx.db.prepare('SELECT * FROM customers ORDER BY customer, match').all() as CustomerRow[];
    if (caller.customers !== null) rows = rows.filter((c) => caller.customers?.includes(c.customer));
    const p = pageOf(ctx, query, rows);
    return { customers: p.items.map((c) => toJson(c, base)), more: p.more, page: p.page, pageSize: p.pageSize, pages: p.pages, status: 'ok', total: p.total };
  });

  r.put('/customer/:id', { scope: 'admin:customers' }, ({ ctx, path, body, base }) => {
    const c = ctx.db.prepare('SELECT * FROM customers WHERE id = ?').get(path.id) as CustomerRow | undefined;
    if (!c) throw notFound();
    const b = bodyObject(body);
    const next = { id: c.id, customer: optString(b, 'customer') || c.customer, match: optString(b, 'match') || c.match };
    if (next.match !== c.match && ctx.db.prepare('SELECT 1 FROM customers WHERE match = ?').get(next.match)) {
      throw new ApiError(`customer lookup for '${next.match}' already exists`, 409);
    }
    ctx.db.prepare('UPDATE customers SET customer = ?, match = ? WHERE id = ?').run(next.customer, next.match, c.id);
    return { customer: toJson(next, base), status: 'ok' };
  });

  r.delete('/customer/:id', { scope: 'admin:customers' }, ({ ctx, path }) => {
    const res = ctx.db.prepare('DELETE FROM customers WHERE id = ?').run(path.id);
    if (res.changes === 0) throw notFound();
    return { status: 'ok' };
  });
}

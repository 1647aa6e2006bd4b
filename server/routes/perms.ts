// Role permissions (a role name → scopes) and the list of known scopes.
import { randomUUID } from 'node:crypto';
import type { Router } from '../http.ts';
import type { AppContext } from '../context.ts';
import { ApiError, notFound } from '../errors.ts';
import { ALL_SCOPES, validateScopes } from '../auth.ts';
import { bodyObject, optString, pageOf } from './paging.ts';

interface PermRow {
  id: string;
  match: string;
  scopes: string;
}

const toJson = (p: PermRow, base: string): Record<string, unknown> => ({
  href: `${base}/perm/${p.id}`, id: p.id, match: p.match, scopes: JSON.parse(p.scopes) as string[],
});

export function upsertPerm(ctx: AppContext, match: string, scopes: string[]): string {
  const existing = ctx.db.prepare('SELECT id FROM perms WHERE match = ?').get(match) as { id: string } | undefined;
  if (existing) {
    ctx.db.prepare('UPDATE perms SET scopes = ? WHERE id = ?').run(JSON.stringify(scopes), existing.id);
    return existing.id;
  }
  const id = randomUUID();
  ctx.db.prepare('INSERT INTO perms (id, match, scopes) VALUES (?, ?, ?)').run(id, match, JSON.stringify(scopes));
  return id;
}

export function registerPermRoutes(r: Router): void {
  r.post('/perm', { scope: 'admin:perms' }, ({ ctx, body, base, reply }) => {
    const b = bodyObject(body);
    const match = optString(b, 'match');
    if (!match) throw new ApiError("Missing mandatory value for 'match'", 400);
    const scopes = validateScopes(b.scopes ?? []);
    if (ctx.db.prepare('SELECT 1 FROM perms WHERE match = ?').get(match)) throw new ApiError(`permission for role '${match}' already exists`, 409);
    const id = upsertPerm(ctx, match, scopes);
    reply.code(201);
    return { id, permission: toJson(ctx.db.prepare('SELECT * FROM perms WHERE id = ?').get(id) as PermRow, base), status: 'ok' };
  });

  r.get('/perm/:id', { scope: 'read:perms' }, ({ ctx, path, base }) => {
    const p = ctx.db.prepare('SELECT * FROM perms WHERE id = ?').get(path.id) as PermRow | undefined;
    if (!p) throw notFound();
    return { permission: toJson(p, base), status: 'ok', total: 1 };
  });

  r.get('/perms', { scope: 'read:perms' }, ({ ctx, base, query }) => {
    const rows = ctx.db.prepare('SELECT * FROM perms ORDER BY rowid').all() as PermRow[];
    const p = pageOf(ctx, query, rows);
    return { more: p.more, page: p.page, pageSize: p.pageSize, pages: p.pages, permissions: p.items.map((x) => toJson(x, base)), status: 'ok', total: p.total };
  });

  r.put('/perm/:id', { scope: 'admin:perms' }, ({ ctx, path, body, base }) => {
    const p = ctx.db.prepare('SELECT * FROM perms WHERE id = ?').get(path.id) as PermRow | undefined;
    if (!p) throw notFound();
    const b = bodyObject(body);
    const match = optString(b, 'match') || p.match;
    const scopes = b.scopes === undefined ? (JSON.parse(p.scopes) as string[]) : validateScopes(b.scopes);
    if (match !== p.match && ctx.db.prepare('SELECT 1 FROM perms WHERE match = ?').get(match)) throw new ApiError(`permission for role '${match}' already exists`, 409);
    ctx.db.prepare('UPDATE perms SET match = ?, scopes = ? WHERE id = ?').run(match, JSON.stringify(scopes), p.id);
    return { permission: toJson(ctx.db.prepare('SELECT * FROM perms WHERE id = ?').get(p.id) as PermRow, base), status: 'ok' };
  });

  r.delete('/perm/:id', { scope: 'admin:perms' }, ({ ctx, path }) => {
    const res = ctx.db.prepare('DELETE FROM perms WHERE id = ?').run(path.id);
    if (res.changes === 0) throw notFound();
    return { status: 'ok' };
  });

  r.get('/scopes', { scope: null }, () => ({ scopes: ALL_SCOPES, status: 'ok', total: ALL_SCOPES.length }));
}

// User groups (basic provider): names, descriptions and members.
import { randomUUID } from 'node:crypto';
import type { Router } from '../http.ts';
import type { AppContext } from '../context.ts';
import { ApiError, notFound } from '../errors.ts';
import { bodyObject, optString, pageOf } from './paging.ts';

interface GroupRow {
  id: string;
  name: string;
  text: string;
  count: number;
}

const SELECT = 'SELECT g.*, (SELECT count(*) FROM group_users gu WHERE gu.group_id = g.id) AS count FROM groups g';

const toJson = (g: GroupRow, base: string): Record<string, unknown> => ({
  count: g.count, href: `${base}/group/${g.id}`, id: g.id, name: g.name, text: g.text,
});

function getGroup(ctx: AppContext, id: string): GroupRow {
  const g = ctx.db.prepare(`${SELECT} WHERE g.id = ?`).get(id) as GroupRow | undefined;
  if (!g) throw notFound();
  return g;
}

export function createGroup(ctx: AppContext, name: string, text: string): string {
  if (ctx.db.prepare('SELECT 1 FROM groups WHERE name = ?').get(name)) throw new ApiError(`group '${name}' already exists`, 409);
  const id = randomUUID();
  ctx.db.prepare('INSERT INTO groups (id, name, text) VALUES (?, ?, ?)').run(id, name, text);
  return id;
}

export function registerGroupRoutes(r: Router): void {
  r.post('/group', { scope: 'admin:groups' }, ({ ctx, body, base, reply }) => {
    const b = bodyObject(body);
    const name = optString(b, 'name');
    if (!name) throw new ApiError("Missing mandatory value for 'name'", 400);
    const id = createGroup(ctx, name, optString(b, 'text') ?? '');
    reply.code(201);
    return { group: toJson(getGroup(ctx, id), base), id, status: 'ok' };
  });

  r.get('/group/:id', { scope: 'read:groups' }, ({ ctx, path, base }) => ({ group: toJson(getGroup(ctx, path.id as string), base), status: 'ok', total: 1 }));

  r.get('/group/:id/users', { scope: 'read:groups' }, ({ ctx, path, base }) => {
    getGroup(ctx, path.id as string);
    const users = ctx.db
      .prepare('SELECT u.id, u.login, u.name, u.status FROM users u JOIN group_users gu ON gu.user_id = u.id WHERE gu.group_id = ? ORDER BY u.login')
      .all(path.id) as { id: string; login: string; name: string; status: string }[];
    return {
      status: 'ok', total: users.length,
      users: users.map((u) => ({ href: `${base}/user/${u.id}`, id: u.id, login: u.login, name: u.name, status: u.status })),
    };
  });

  r.get('/groups', { scope: 'read:groups' }, ({ ctx, base, query }) => {
    const rows = ctx.db.prepare(`${SELECT} ORDER BY g.name`).all() as GroupRow[];
    const p = pageOf(ctx, query, rows);
    return { groups: p.items.map((g) => toJson(g, base)), more: p.more, page: p.page, pageSize: p.pageSize, pages: p.pages, status: 'ok', total: p.total };
  });

  r.put('/group/:id', { scope: 'admin:groups' }, ({ ctx, path, body, base }) => {
    const g = getGroup(ctx, path.id as string);
    const b = bodyObject(body);
    const name = optString(b, 'name') ?? g.name;
    if (name !== g.name && ctx.db.prepare('SELECT 1 FROM groups WHERE name = ?').get(name)) throw new ApiError(`group '${name}' already exists`, 409);
    ctx.db.prepare('UPDATE groups SET name = ?, text = ? WHERE id = ?').run(name, optString(b, 'text') ?? g.text, g.id);
    return { group: toJson(getGroup(ctx, g.id), base), status: 'ok' };
  });

  r.put('/group/:id/user/:userId', { scope: 'admin:groups' }, ({ ctx, path }) => {
    getGroup(ctx, path.id as string);
    if (!ctx.db.prepare('SELECT 1 FROM users WHERE id = ?').get(path.userId)) throw notFound();
    ctx.db.prepare('INSERT OR IGNORE INTO group_users (group_id, user_id) VALUES (?, ?)').run(path.id, path.userId);
    return { status: 'ok' };
  });

  r.delete('/group/:id/user/:userId', { scope: 'admin:groups' }, ({ ctx, path }) => {
    getGroup(ctx, path.id as string);
    const res = ctx.db.prepare('DELETE FROM group_users WHERE group_id = ? AND user_id = ?').run(path.id, path.userId);
    if (res.changes === 0) throw notFound();
    return { status: 'ok' };
  });

  r.delete('/group/:id', { scope: 'admin:groups' }, ({ ctx, path }) => {
    const res = ctx.db.prepare('DELETE FROM groups WHERE id = ?').run(path.id);
    if (res.changes === 0) throw notFound();
    return { status: 'ok' };
  });
}

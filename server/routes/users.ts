// Users (admin) and the caller's own profile and preferences (/user/me, /user/me/attributes).
import { randomUUID } from 'node:crypto';
import type { Router } from '../http.ts';
import type { AppContext, Caller } from '../context.ts';
import { ApiError, notFound } from '../errors.ts';
import { groupsOf, isAdmin, matchingCustomers, type UserRow } from '../auth.ts';
import { hashPassword } from '../passwords.ts';
import { iso } from '../time.ts';
import { bodyObject, optString, optStringList, pageOf } from './paging.ts';

export function userToJson(u: UserRow, base: string): Record<string, unknown> {
  return {
    attributes: JSON.parse(u.attributes) as Record<string, unknown>,
    createTime: u.create_time,
    domain: u.email.includes('@') ? u.email.split('@')[1] : null,
    email: u.email,
    email_verified: u.email_verified === 1,
    href: `${base}/user/${u.id}`,
    id: u.id,
    lastLogin: u.last_login,
    login: u.login,
    name: u.name,
    roles: JSON.parse(u.roles) as string[],
    status: u.status,
    text: u.text,
    updateTime: u.update_time,
  };
}

export interface NewUser {
  name: string;
  login: string;
  email: string;
  roles: string[];
  text: string;
  status?: string;
  emailVerified?: boolean;
  attributes?: Record<string, unknown>;
}

/** Creates a user; a password must come hashed (hashPassword, off the event loop). */
export function createUser(ctx: AppContext, u: NewUser, passwordHash: string | null): string {
  if (ctx.db.prepare('SELECT 1 FROM users WHERE login = ? OR email = ?').get(u.login, u.email)) {
    throw new ApiError('user with that login already exists', 409);
  }
  const id = randomUUID();
  const now = iso(ctx.now());
  ctx.db.prepare(
    `INSERT INTO users (id, name, login, password, email, status, roles, attributes, create_time, last_login, text, update_time, email_verified)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)`,
  ).run(id, u.name, u.login, passwordHash, u.email, u.status ?? 'active',
    JSON.stringify(u.roles), JSON.stringify(u.attributes ?? {}), now, u.text, now, u.emailVerified ? 1 : 0);
  return id;
}

const getUser = (ctx: AppContext, id: string): UserRow | undefined =>
  ctx.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;

function mergeAttributes(current: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

/** The hash of a body's new password, computed off the event loop; undefined when the body sets none. */
async function newPasswordHash(b: Record<string, unknown>): Promise<string | undefined> {
  const password = optString(b, 'password');
  if (password === undefined) return undefined;
  if (password.length < 6) throw new ApiError('Password must be at least 6 characters', 400);
  return hashPassword(password);
}

/**
 * Applies a PUT /user body (a new password comes hashed in passwordHash). Only an admin may change roles, status
 * and verification.
 */
function updateUser(ctx: AppContext, user: UserRow, b: Record<string, unknown>, asAdmin: boolean, passwordHash?: string): void {
  const name = optString(b, 'name');
  const email = optString(b, 'email');
  const login = optString(b, 'login');
  const password = optString(b, 'password');
  const text = optString(b, 'text');
  const roles = optStringList(b, 'roles');
  const status = optString(b, 'status');
  if (status !== undefined && !['active', 'inactive'].includes(status)) throw new ApiError(`Invalid user status '${status}'`, 400);
  if (password !== undefined && password.length < 6) throw new ApiError('Password must be at least 6 characters', 400);
  if (email !== undefined && !/^[^@\s]+@[^@\s]+$/.test(email)) throw new ApiError(`Invalid email address '${email}'`, 400);
  const verified = b.email_verified;
  if (verified !== undefined && typeof verified !== 'boolean') throw new ApiError("'email_verified' must be a boolean", 400);
  const attrs = b.attributes;
  if (attrs !== undefined && (attrs === null || typeof attrs !== 'object' || Array.isArray(attrs))) throw new ApiError("'attributes' must be an object", 400);
  if (!asAdmin && (roles !== undefined || status !== undefined || verified !== undefined)) {
    throw new ApiError('Missing required scope: admin:users', 403);
  }
  const newLogin = login ?? (email !== undefined && user.login === user.email ? email : user.login);
  const emailChanged = email !== undefined && email !== user.email;
  if (newLogin !== user.login || (email !== undefined && email !== user.email)) {
    const clash = ctx.db.prepare('SELECT 1 FROM users WHERE (login = ? OR email = ?) AND id != ?').get(newLogin, email ?? user.email, user.id);
    if (clash) throw new ApiError('user with that login already exists', 409);
  }
  ctx.db.prepare(
    `UPDATE users SET name = ?, login = ?, email = ?, password = ?, text = ?, roles = ?, status = ?, email_verified = ?,
       attributes = ?, update_time = ? WHERE id = ?`,
  ).run(
    name ?? user.name, newLogin, email ?? user.email, password !== undefined && passwordHash ? passwordHash : user.password,
    text ?? user.text, roles !== undefined ? JSON.stringify(roles) : user.roles, status ?? user.status,
    // like the real server, a new e-mail address is not verified (unless an admin says so in the same update)
    verified !== undefined ? (verified ? 1 : 0) : emailChanged ? 0 : user.email_verified,
    attrs !== undefined ? JSON.stringify(mergeAttributes(JSON.parse(user.attributes) as Record<string, unknown>, attrs as Record<string, unknown>)) : user.attributes,
    iso(ctx.now()), user.id,
  );
}

/** What a user may change about itself (PUT /user/me), as on the real server. */
const SELF_UPDATE_FIELDS = new Set(['name', 'email', 'password', 'text']);

/**
 * With customer views, a user other than an admin may not move itself into another customer's view: a new e-mail
 * (and the login that follows it) must match the same customer mappings as before.
 */
function checkSelfUpdate(ctx: AppContext, caller: Caller, user: UserRow, b: Record<string, unknown>): void {
  const disallowed = Object.keys(b).filter((k) => !SELF_UPDATE_FIELDS.has(k)).sort();
  if (disallowed.length) throw new ApiError(`not allowed to update: ${disallowed.join(', ')}`, 400);
  const email = optString(b, 'email');
  if (email === undefined || email === user.email || !ctx.settings.CUSTOMER_VIEWS || isAdmin(ctx, caller)) return;
  const newLogin = user.login === user.email ? email : user.login;
  const groups = groupsOf(ctx, user.id);
  const before = matchingCustomers(ctx, user.login, user.email, groups);
  const after = matchingCustomers(ctx, newLogin, email, groups);
  if (before.join('\n') !== after.join('\n')) {
    throw new ApiError(`not allowed to change email to '${email}': that would change which customers' alerts you see`, 400);
  }
}

/** The caller's own user: by token subject, else by login (a token may outlive a re-created user row). */
function me(ctx: AppContext, caller: Caller): UserRow {
  const user =
    (caller.userId ? getUser(ctx, caller.userId) : undefined) ??
    (caller.login ? (ctx.db.prepare('SELECT * FROM users WHERE login = ?').get(caller.login) as UserRow | undefined) : undefined);
  if (!user) throw notFound();
  return user;
}

export function registerUserRoutes(r: Router): void {
  r.post('/user', { scope: 'admin:users' }, async ({ ctx, body, base, reply }) => {
    const b = bodyObject(body);
    const name = optString(b, 'name');
    const email = optString(b, 'email') ?? optString(b, 'login');
    const password = optString(b, 'password');
    const missing = [!name && 'name', !email && 'email', !password && 'password'].filter(Boolean) as string[];
    if (missing.length) throw new ApiError(`Missing mandatory value for '${missing[0]}'`, 400, missing.map((m) => `Missing mandatory value for '${m}'`));
    if (!/^[^@\s]+@[^@\s]+$/.test(email as string)) throw new ApiError(`Invalid email address '${email}'`, 400);
    if ((password as string).length < 6) throw new ApiError('Password must be at least 6 characters', 400);
    const status = optString(b, 'status');
    if (status !== undefined && !['active', 'inactive'].includes(status)) throw new ApiError(`Invalid user status '${status}'`, 400);
    const roles = optStringList(b, 'roles') ?? ctx.settings.USER_ROLES;
    const text = optString(b, 'text') ?? '';
    const hash = await hashPassword(password as string);
    const id = createUser(ctx, {
      name: name as string, login: optString(b, 'login') ?? (email as string), email: email as string,
      roles, text, status, emailVerified: b.email_verified === true,
    }, hash);
    reply.code(201);
    return { id, status: 'ok', user: userToJson(getUser(ctx, id) as UserRow, base) };
  });

  r.get('/user/me', { scope: null }, ({ ctx, caller, base }) => ({ status: 'ok', total: 1, user: userToJson(me(ctx, caller), base) }));

  r.put('/user/me', { scope: null }, async ({ ctx, caller, base, body }) => {
    const b = bodyObject(body);
    if (Object.keys(b).length === 0) throw new ApiError('nothing to change', 400);
    checkSelfUpdate(ctx, caller, me(ctx, caller), b);
    const hash = await newPasswordHash(b);
    const user = me(ctx, caller);
    checkSelfUpdate(ctx, caller, user, b);
    updateUser(ctx, user, b, false, hash);
    return { status: 'ok', user: userToJson(getUser(ctx, user.id) as UserRow, base) };
  });

  r.get('/user/me/attributes', { scope: null }, ({ ctx, caller }) => ({
    attributes: JSON.parse(me(ctx, caller).attributes) as Record<string, unknown>, status: 'ok', total: 1,
  }));

  r.put('/user/me/attributes', { scope: null }, ({ ctx, caller, body }) => {
    const user = me(ctx, caller);
    const attrs = bodyObject(body).attributes;
    if (attrs === null || typeof attrs !== 'object' || Array.isArray(attrs)) throw new ApiError("must supply 'attributes' as json data", 400);
    updateUser(ctx, user, { attributes: attrs }, false);
    return { status: 'ok' };
  });

  r.get('/user/:id', { scope: 'admin:users' }, ({ ctx, path, base }) => {
    const user = getUser(ctx, path.id as string);
    if (!user) throw notFound();
    return { status: 'ok', total: 1, user: userToJson(user, base) };
  });

  r.get('/user/:id/attributes', { scope: 'admin:users' }, ({ ctx, path }) => {
    const user = getUser(ctx, path.id as string);
    if (!user) throw notFound();
    return { attributes: JSON.parse(user.attributes) as Record<string, unknown>, status: 'ok', total: 1 };
  });

  r.put('/user/:id/attributes', { scope: 'admin:users' }, ({ ctx, path, body }) => {
    const user = getUser(ctx, path.id as string);
    if (!user) throw notFound();
    const attrs = bodyObject(body).attributes;
    if (attrs === null || typeof attrs !== 'object' || Array.isArray(attrs)) throw new ApiError("must supply 'attributes' as json data", 400);
    updateUser(ctx, user, { attributes: attrs }, true);
    return { status: 'ok' };
  });

  r.get('/users', { scope: 'admin:users' }, ({ ctx, base, query }) => {
    let rows = ctx.db.prepare('SELECT * FROM users ORDER BY create_time, login').all() as UserRow[];
    for (const f of ['name', 'login', 'email', 'status'] as const) {
      const want = query.get(f);
      if (want?.length) rows = rows.filter((u) => want.includes(u[f]));
    }
    const role = query.get('role') ?? query.get('roles');
    if (role?.length) rows = rows.filter((u) => (JSON.parse(u.roles) as string[]).some((x) => role.includes(x)));
    const p = pageOf(ctx, query, rows);
    return {
      domains: ['*'], more: p.more, page: p.page, pageSize: p.pageSize, pages: p.pages, status: 'ok', total: p.total,
      users: p.items.map((u) => userToJson(u, base)),
    };
  });

  r.put('/user/:id', { scope: 'admin:users' }, async ({ ctx, path, body, base }) => {
    const b = bodyObject(body);
    if (!getUser(ctx, path.id as string)) throw notFound();
    const hash = await newPasswordHash(b);
    const user = getUser(ctx, path.id as string);
    if (!user) throw notFound();
    updateUser(ctx, user, b, true, hash);
    return { status: 'ok', user: userToJson(getUser(ctx, user.id) as UserRow, base) };
  });

  r.delete('/user/:id', { scope: 'admin:users' }, ({ ctx, path }) => {
    const res = ctx.db.prepare('DELETE FROM users WHERE id = ?').run(path.id);
    if (res.changes === 0) throw notFound();
    return { status: 'ok' };
  });

  r.get('/user/:id/groups', { scope: 'admin:users' }, ({ ctx, path, base }) => {
    if (!getUser(ctx, path.id as string)) throw notFound();
    const groups = ctx.db
      .prepare(
        `SELECT g.*, (SELECT count(*) FROM group_users x WHERE x.group_id = g.id) AS count
         FROM groups g JOIN group_users gu ON gu.group_id = g.id WHERE gu.user_id = ? ORDER BY g.name`,
      )
      .all(path.id) as { id: string; name: string; text: string; count: number }[];
    return {
      groups: groups.map((g) => ({ count: g.count, href: `${base}/group/${g.id}`, id: g.id, name: g.name, text: g.text })),
      status: 'ok', total: groups.length,
    };
  });
}

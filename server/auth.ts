// Authentication and authorisation like the real server: bcrypt passwords, HS256 JWTs with its claims,
// API keys (Authorization: Key, ?api-key=), Basic auth, scopes from role permissions, customer views.
import { isSystemRole as isSystemRoleOf } from '../src/core/admin-rules.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { AppContext, Caller } from './context.ts';
import { ApiError } from './errors.ts';
import { isInScope } from './alert-rules.ts';
import { instant, iso } from './time.ts';
import { checkPassword, hashPasswordSync } from './passwords.ts';
import { LoginLimiter } from './login-limit.ts';

/** Every scope the server knows, in the real server's order (GET /scopes). */
export const ALL_SCOPES = [
  'read', 'write', 'admin',
  'read:alerts', 'write:alerts', 'delete:alerts', 'admin:alerts',
  'read:blackouts', 'write:blackouts', 'admin:blackouts',
  'read:heartbeats', 'write:heartbeats', 'admin:heartbeats',
  'write:users', 'admin:users',
  'read:groups', 'admin:groups',
  'read:perms', 'admin:perms',
  'read:customers', 'admin:customers',
  'read:keys', 'write:keys', 'admin:keys',
  'write:webhooks', 'read:oembed',
  'read:management', 'admin:management',
  'read:userinfo',
];

export const ADMIN_SCOPES = ['admin', 'read', 'write'];

const hashCache = new Map<string, string>();

/** Memoised hashing for seeded demo users, so tests that start many servers do not pay bcrypt each time. */
export function hashPasswordCached(password: string): string {
  let h = hashCache.get(password);
  if (!h) hashCache.set(password, (h = hashPasswordSync(password)));
  return h;
}

// ---------------------------------------------------------------- password checks with failed-login limits

const limiters = new WeakMap<AppContext, LoginLimiter>();

function limiterOf(ctx: AppContext): LoginLimiter {
  let l = limiters.get(ctx);
  if (!l) {
    const s = ctx.settings;
    l = new LoginLimiter(
      { perAccount: s.LOGIN_FAILURES_PER_ACCOUNT, perAddress: s.LOGIN_FAILURES_PER_ADDRESS, windowSeconds: s.LOGIN_FAILURE_WINDOW },
      () => ctx.now().getTime(),
    );
    limiters.set(ctx, l);
  }
  return l;
}

/**
 * Checks a login's password (off the event loop, the same time whether or not the user exists), within the
 * failed-login limits of the client address and the account: 429 with Retry-After past them.
 */
export async function checkLogin(ctx: AppContext, address: string, login: string, password: string, hash: string | null | undefined): Promise<boolean> {
  const attempt = limiterOf(ctx).begin(address, login);
  if ('retryAfter' in attempt) {
    const s = attempt.retryAfter;
    throw new ApiError(`Too many failed logins; try again in ${s} second${s === 1 ? '' : 's'}`, 429, null, { 'Retry-After': String(s) });
  }
  const ok = await checkPassword(password, hash);
  if (ok) limiterOf(ctx).succeed(attempt);
  return ok;
}

export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** API keys look like the real ones: 40 characters of letters, digits, - and _. */
export function newApiKey(): string {
  return randomBytes(30).toString('base64url').slice(0, 40);
}

/** Scope validation for new keys and perms: unknown scopes are refused with 403 like the real server. */
export function validateScopes(scopes: unknown): string[] {
  if (!Array.isArray(scopes) || !scopes.every((s) => typeof s === 'string')) {
    throw new ApiError("'scopes' must be a list of strings", 400);
  }
  for (const s of scopes as string[]) {
    if (!ALL_SCOPES.includes(s)) {
      throw new ApiError(`Requested scope '${s}' not in existing scopes: ${ALL_SCOPES.slice(0, 3).join(',')}`, 403);
    }
  }
  return scopes as string[];
}

// ---------------------------------------------------------------- permissions and customers

/** Ensures the built-in role permissions exist (admin, user, guest), as the real server shows them in /perms. */
export function ensureSystemPerms(ctx: AppContext): void {
  const upsert = ctx.db.prepare('INSERT INTO perms (id, match, scopes) VALUES (?, ?, ?) ON CONFLICT(match) DO NOTHING');
  for (const r of ctx.settings.ADMIN_ROLES) upsert.run(randomUUID(), r, JSON.stringify(ADMIN_SCOPES));
  for (const r of ctx.settings.USER_ROLES) upsert.run(randomUUID(), r, JSON.stringify(ctx.settings.USER_DEFAULT_SCOPES));
  for (const r of ctx.settings.GUEST_ROLES) upsert.run(randomUUID(), r, JSON.stringify(ctx.settings.GUEST_DEFAULT_SCOPES));
}

/** The console's rule (src/core/admin-rules.ts), with this server's roles. */
export function isSystemRole(ctx: AppContext, match: string): boolean {
  const s = ctx.settings;
  return isSystemRoleOf(match, [...s.ADMIN_ROLES, ...s.USER_ROLES, ...s.GUEST_ROLES]);
}

export function rolesFor(ctx: AppContext, login: string, roles: string[]): string[] {
  const out = [...roles];
  if (ctx.settings.ADMIN_USERS.includes(login)) for (const r of ctx.settings.ADMIN_ROLES) if (!out.includes(r)) out.unshift(r);
  return out;
}

export function scopesFor(ctx: AppContext, roles: string[]): string[] {
  if (roles.some((r) => ctx.settings.ADMIN_ROLES.includes(r))) return [...ADMIN_SCOPES];
  const rows = ctx.db.prepare('SELECT match, scopes FROM perms').all() as { match: string; scopes: string }[];
  const out = new Set<string>();
  for (const r of rows) if (roles.includes(r.match)) for (const s of JSON.parse(r.scopes) as string[]) out.add(s);
  return [...out];
}

export function groupsOf(ctx: AppContext, userId: string): string[] {
  return (
    ctx.db
      .prepare('SELECT g.name FROM groups g JOIN group_users gu ON gu.group_id = g.id WHERE gu.user_id = ? ORDER BY g.name')
      .all(userId) as { name: string }[]
  ).map((r) => r.name);
}

const domainOf = (address: string | null | undefined): string =>
  address && address.includes('@') ? (address.split('@')[1] as string) : '';

/**
 * Customer mappings that match a user: its login, the domain of its login or e-mail, or one of its groups.
 * Sorted and without repeats, so two results can be compared.
 */
export function matchingCustomers(ctx: AppContext, login: string, email: string | null, groups: string[]): string[] {
  const candidates = [...new Set([login, domainOf(login), domainOf(email), ...groups].filter(Boolean))];
  const rows = ctx.db
    .prepare(`SELECT DISTINCT customer FROM customers WHERE match IN (${candidates.map(() => '?').join(',')})`)
    .all(...candidates) as { customer: string }[];
  return rows.map((r) => r.customer).sort();
}

/**
 * In a token's customers claim, the mark of a user who sees no customer (CUSTOMER_VIEWS_UNMATCHED 'none'): the
 * claim cannot be empty, which means every customer, as on the real server.
 */
export const NO_CUSTOMER = '(none)';

/**
 * Customers a user may see with CUSTOMER_VIEWS on: customer mappings whose match is the login, the email
 * domain or one of the user's groups. null = all (admins, a mapping to '*', or unmatched users with
 * CUSTOMER_VIEWS_UNMATCHED 'all'); [] = none (unmatched with 'none'). Throws 403 when nothing matches ('deny').
 */
export function customersFor(ctx: AppContext, login: string, roles: string[], groups: string[], email: string | null = null): string[] | null {
  if (!ctx.settings.CUSTOMER_VIEWS) return null;
  if (roles.some((r) => ctx.settings.ADMIN_ROLES.includes(r))) return null;
  const customers = matchingCustomers(ctx, login, email, groups);
  if (customers.includes('*')) return null;
  if (customers.length === 0) {
    if (ctx.settings.CUSTOMER_VIEWS_UNMATCHED === 'all') return null;
    if (ctx.settings.CUSTOMER_VIEWS_UNMATCHED === 'none') return [];
    throw new ApiError(`No customer lookup configured for user '${login}' or '${domainOf(email) || domainOf(login)}'`, 403);
  }
  return customers;
}

// ---------------------------------------------------------------- tokens

export interface UserRow {
  id: string;
  name: string;
  login: string;
  password: string | null;
  email: string;
  status: string;
  roles: string;
  attributes: string;
  create_time: string;
  last_login: string | null;
  text: string;
  update_time: string;
  email_verified: number;
  hash: string | null;
}

/** A user signed in at an identity provider (OpenID Connect): what its claims add to the token. */
export interface ExternalIdentity {
  /** the provider's subject: the token's `sub`; the user's own id goes in `oid` when it differs (linked by e-mail) */
  subject: string;
  /** roles from the provider's role claim: they count with the user's own roles */
  roles: string[];
  /** groups from the provider's group claim: customers are looked up by them instead of the Alerta groups */
  groups: string[];
  name?: string | null;
  picture?: string | null;
}

export async function issueToken(ctx: AppContext, user: UserRow, issuer: string, external?: ExternalIdentity): Promise<string> {
  const ownRoles = JSON.parse(user.roles) as string[];
  const roles = rolesFor(ctx, user.login, external ? [...new Set([...external.roles, ...ownRoles])] : ownRoles);
  const groups = external ? external.groups : groupsOf(ctx, user.id);
  const view = customersFor(ctx, user.login, roles, groups, user.email);
  const customers = view === null ? [] : view.length === 0 ? [NO_CUSTOMER] : view;
  const scopes = scopesFor(ctx, roles);
  const now = Math.floor(ctx.now().getTime() / 1000);
  const claims: Record<string, unknown> = {
    customers,
    email: user.email,
    email_verified: user.email_verified === 1,
    name: external?.name ?? user.name,
    preferred_username: user.login,
    provider: ctx.settings.AUTH_PROVIDER,
    roles,
    scope: scopes.join(' '),
  };
  if (groups.length) claims.groups = groups;
  if (external?.picture) claims.picture = external.picture;
  if (external && external.subject !== user.id) claims.oid = user.id;
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(issuer)
    .setSubject(external?.subject ?? user.id)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + ctx.settings.TOKEN_EXPIRE_DAYS * 86400)
    .setJti(randomUUID())
    .sign(ctx.jwtSecret);
  ctx.db.prepare('UPDATE users SET last_login = ? WHERE id = ?').run(iso(ctx.now()), user.id);
  return token;
}

export async function verifyToken(ctx: AppContext, token: string): Promise<Record<string, unknown>> {
  try {
    const { payload } = await jwtVerify(token, ctx.jwtSecret, {
      algorithms: ['HS256'],
      currentDate: ctx.now(),
    });
    return { ...payload, typ: 'Bearer' } as Record<string, unknown>;
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ERR_JWT_EXPIRED') throw new ApiError('Token has expired', 401);
    throw new ApiError('Token is invalid', 401);
  }
}

// ---------------------------------------------------------------- callers

export const anonymousAllPowerful = (): Caller => ({
  login: null, name: null, userId: null, email: null, roles: [], groups: [], scopes: [...ADMIN_SCOPES],
  customers: null, authenticated: false, claims: null, viaKey: false,
});

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

async function callerFromKey(ctx: AppContext, key: string): Promise<Caller> {
  const row = ctx.db.prepare('SELECT * FROM keys WHERE key = ?').get(key) as KeyRow | undefined;
  if (!row) throw new ApiError(`API key parameter '${key}' is invalid`, 401);
  if (!(instant(row.expire_time) > ctx.now().getTime())) throw new ApiError(`API key parameter '${key}' is expired`, 401);
  ctx.db.prepare('UPDATE keys SET count = count + 1, last_used_time = ? WHERE id = ?').run(iso(ctx.now()), row.id);
  const user = ctx.db.prepare('SELECT * FROM users WHERE login = ?').get(row.user) as UserRow | undefined;
  return {
    login: row.user,
    name: user?.name ?? row.user,
    userId: user?.id ?? null,
    email: user?.email ?? null,
    roles: user ? rolesFor(ctx, user.login, JSON.parse(user.roles) as string[]) : [],
    groups: [],
    scopes: JSON.parse(row.scopes) as string[],
    customers: ctx.settings.CUSTOMER_VIEWS && row.customer ? [row.customer] : null,
    authenticated: true,
    claims: null,
    viaKey: true,
  };
}

function callerFromClaims(claims: Record<string, unknown>): Caller {
  const claimed = Array.isArray(claims.customers) ? (claims.customers as string[]) : [];
  // an empty claim means every customer; NO_CUSTOMER alone means none
  const customers = claimed.length === 0 ? null : claimed.filter((c) => c !== NO_CUSTOMER);
  return {
    login: (claims.preferred_username as string) ?? null,
    name: (claims.name as string) ?? null,
    // a user linked to a provider account by e-mail keeps its own id in `oid` (as the real server reads it)
    userId: (claims.oid as string) ?? (claims.sub as string) ?? null,
    email: (claims.email as string) ?? null,
    roles: Array.isArray(claims.roles) ? (claims.roles as string[]) : [],
    groups: Array.isArray(claims.groups) ? (claims.groups as string[]) : [],
    scopes: typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : [],
    customers,
    authenticated: true,
    claims,
    viaKey: false,
  };
}

async function callerFromBasic(ctx: AppContext, encoded: string, address: string): Promise<Caller> {
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  const login = i >= 0 ? decoded.slice(0, i) : decoded;
  const password = i >= 0 ? decoded.slice(i + 1) : '';
  const user = ctx.db.prepare('SELECT * FROM users WHERE login = ?').get(login) as UserRow | undefined;
  const ok = await checkLogin(ctx, address, login, password, user?.password);
  if (!user || !ok) throw new ApiError('Invalid username or password', 401);
  if (user.status !== 'active') throw new ApiError(`User ${login} not active`, 403);
  const roles = rolesFor(ctx, user.login, JSON.parse(user.roles) as string[]);
  const groups = groupsOf(ctx, user.id);
  return {
    login, name: user.name, userId: user.id, email: user.email, roles, groups, scopes: scopesFor(ctx, roles),
    customers: customersFor(ctx, login, roles, groups, user.email), authenticated: true, claims: null, viaKey: false,
  };
}

/**
 * Who is calling. Credentials, when given, must be valid (401 otherwise) even with auth off, like the real
 * server. Without credentials: everything when AUTH_REQUIRED is off, READONLY_SCOPES with ALLOW_READONLY, else 401.
 */
export async function resolveCaller(
  ctx: AppContext, authorization: string | undefined, apiKeyParam: string | undefined, address = '',
): Promise<Caller> {
  if (authorization) {
    const [scheme, ...rest] = authorization.trim().split(/\s+/);
    const value = rest.join(' ');
    const s = (scheme ?? '').toLowerCase();
    if (s === 'key' && value) return callerFromKey(ctx, value);
    if (s === 'bearer' && value) return callerFromClaims(await verifyToken(ctx, value));
    if (s === 'basic' && value) return callerFromBasic(ctx, value, address);
    throw new ApiError('Missing authorization API Key or Bearer Token', 401);
  }
  if (apiKeyParam) return callerFromKey(ctx, apiKeyParam);
  if (!ctx.settings.AUTH_REQUIRED) return anonymousAllPowerful();
  if (ctx.settings.ALLOW_READONLY) {
    return { ...anonymousAllPowerful(), scopes: [...ctx.settings.READONLY_SCOPES] };
  }
  throw new ApiError('Missing authorization API Key or Bearer Token', 401);
}

export function requireScope(ctx: AppContext, caller: Caller, scope: string): void {
  if (!ctx.settings.AUTH_REQUIRED && !caller.authenticated) return;
  if (!isInScope(scope, caller.scopes)) throw new ApiError(`Missing required scope: ${scope}`, 403);
}

export function isAdmin(ctx: AppContext, caller: Caller): boolean {
  if (!ctx.settings.AUTH_REQUIRED && !caller.authenticated) return true;
  return isInScope('admin', caller.scopes);
}

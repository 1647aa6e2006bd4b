// Routes, guards and the navigation drawer (the old console's paths, so bookmarks keep working).
import { hasPerms } from './perms.ts';

export const HELP_URL = 'https://docs.alerta.io';
export const DEFAULT_ROUTE = '/alerts';

export interface RouteDef {
  /** path pattern; `:param` matches one non-empty segment */
  path: string;
  name: string;
  /** i18n key of the page title and drawer label */
  titleKey: string;
  requiresAuth: boolean;
  /** scope that must be held to show its drawer entry, or null */
  scope: string | null;
  admin: boolean;
  public: boolean;
  /** opens outside the console in a new tab */
  externalUrl?: string;
}

const r = (
  path: string,
  name: string,
  titleKey: string,
  scope: string | null,
  flags: Partial<Pick<RouteDef, 'admin' | 'public' | 'externalUrl'>> = {},
): RouteDef =>
  Object.freeze({
    path,
    name,
    titleKey,
    requiresAuth: !flags.public,
    scope,
    admin: flags.admin ?? false,
    public: flags.public ?? false,
    ...(flags.externalUrl ? { externalUrl: flags.externalUrl } : {}),
  });

export const ROUTES: readonly RouteDef[] = Object.freeze([
  r('/alerts', 'alerts', 'Alerts', 'read:alerts'),
  r('/alert/:id', 'alert', 'Details', 'read:alerts'),
  r('/heartbeats', 'heartbeats', 'Heartbeats', 'read:heartbeats'),
  r('/users', 'users', 'Users', 'admin:users', { admin: true }),
  r('/groups', 'groups', 'Groups', 'read:groups', { admin: true }),
  r('/customers', 'customers', 'Customers', 'read:customers', { admin: true }),
  r('/blackouts', 'blackouts', 'Blackouts', 'read:blackouts'),
  r('/perms', 'perms', 'Permissions', 'read:perms', { admin: true }),
  r('/keys', 'keys', 'APIKeys', 'read:keys'),
  r('/reports', 'reports', 'Reports', 'read:alerts'),
  r('/profile', 'profile', 'Profile', null),
  r('/settings', 'settings', 'Settings', null),
  r('/help', 'help', 'Help', null, { public: true, externalUrl: HELP_URL }),
  r('/about', 'about', 'About', 'read:management'),
  r('/login', 'login', 'LogIn', null, { public: true }),
  r('/signup', 'signup', 'SignUp', null, { public: true }),
  r('/confirm/:token', 'confirm', 'EmailVerified', null, { public: true }),
  r('/forgot', 'forgot', 'ForgotPassword', null, { public: true }),
  r('/reset/:token', 'reset', 'ResetPassword', null, { public: true }),
  r('/logout', 'logout', 'LogOut', null, { public: true }),
]);

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

function splitPath(full: string): { pathname: string; rest: string } {
  const i = full.search(/[?#]/);
  return i < 0 ? { pathname: full, rest: '' } : { pathname: full.slice(0, i), rest: full.slice(i) };
}

/** The route a pathname (no query or hash) belongs to, with its decoded parameters; null when none. */
export function matchRoute(pathname: string): RouteMatch | null {
  const segs = pathname.split('/').filter(Boolean);
  for (const route of ROUTES) {
    const pat = route.path.split('/').filter(Boolean);
    if (pat.length !== segs.length) continue;
    const params: Record<string, string> = {};
    const ok = pat.every((p, i) => {
      const s = segs[i] as string;
      if (!p.startsWith(':')) return p === s;
      try {
        params[p.slice(1)] = decodeURIComponent(s);
      } catch {
        params[p.slice(1)] = s;
      }
      return true;
    });
    if (ok) return { route, params };
  }
  return null;
}

/** A link that leaves the console: an absolute URL with a scheme, or protocol-relative `//host`. */
export function isExternalUrl(path: string): boolean {
  const p = path.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(p) || p.startsWith('//');
}

/**
 * The canonical in-app path: old hash links `/#/x` become `/x`, a trailing slash is dropped, `/` and unknown
 * paths become `/alerts` (losing their query, which belonged to a page that does not exist).
 */
export function normalisePath(path: string): string {
  let p = path.trim();
  if (p.startsWith('/#/')) p = p.slice(2);
  else if (p.startsWith('#/')) p = p.slice(1);
  if (!p.startsWith('/') || p.startsWith('//')) return DEFAULT_ROUTE;
  const { pathname, rest } = splitPath(p);
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!matchRoute(clean)) return DEFAULT_ROUTE;
  return clean + rest;
}

/** Removes the router base (config `base_path`) from a browser path; paths outside the base are kept. */
export function stripBasePath(path: string, basePath: string | null | undefined): string {
  const base = (basePath ?? '').replace(/\/+$/, '');
  if (!base || base === '/') return path;
  if (path === base) return '/';
  if (path.startsWith(base + '/') || path.startsWith(base + '?') || path.startsWith(base + '#'))
    return path.slice(base.length) || '/';
  return path;
}

// ---- the router base and the path asked for ----

/** "/console/" or "console" → "/console"; "" or "/" → "" (the router wants no trailing slash). */
export function normaliseBase(path: string | null | undefined): string {
  const trimmed = (path ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '';
}

/** The router base (history mode, as the old console): the config's base_path when set, else the build's base URL. */
export function routerBase(configBasePath: string | null | undefined, buildBase: string): string {
  return configBasePath != null && configBasePath.trim() !== '' ? normaliseBase(configBasePath) : normaliseBase(buildBase);
}

/**
 * The path the browser asked for, relative to the base path: an old console's hash-style `/#/x` link counts as `/x`;
 * the hash of a normal page (the alerts filter state) is kept so a redirect through /login brings it back.
 */
export function requestedPath(location: string, search: string, hash: string): string {
  if (location === '/' && hash.startsWith('#/')) return `/${hash}`;
  return location + (search ? `?${search}` : '') + hash;
}

export interface GuardContext {
  authRequired: boolean;
  allowReadonly: boolean;
  authenticated: boolean;
}

export type GuardResult = { kind: 'ok' } | { kind: 'redirect'; to: string } | { kind: 'external'; url: string };

/**
 * Where a navigation ends up. Non-canonical paths redirect to their canonical form; /help opens the
 * documentation; a page that needs login sends an anonymous user to `/login?redirect=<wanted path>` unless
 * auth is off or read-only access is allowed.
 */
export function guard(path: string, ctx: GuardContext): GuardResult {
  const canonical = normalisePath(path);
  const match = matchRoute(splitPath(canonical).pathname);
  if (match?.route.externalUrl) return { kind: 'external', url: match.route.externalUrl };
  const needsLogin = !!match?.route.requiresAuth && ctx.authRequired && !ctx.authenticated && !ctx.allowReadonly;
  if (needsLogin) return { kind: 'redirect', to: `/login?redirect=${encodeURIComponent(canonical)}` };
  return canonical === path ? { kind: 'ok' } : { kind: 'redirect', to: canonical };
}

/** A browser address: the location's pathname (base path included), search ('?…' or '') and hash ('#…' or ''). */
export interface BrowserAddress {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * The route an address most likely opens while the config is not known yet: under the build's base path, as if no
 * sign-in were asked for (unknown paths open the list). The start loads that screen's code meanwhile, and the worker
 * joins the tabs that poll when it is the list; startPage below decides once the config is known.
 */
export function likelyStartRoute(address: BrowserAddress, buildBase: string): string {
  const inside = stripBasePath(address.pathname, normaliseBase(buildBase)) || '/';
  const path = normalisePath(requestedPath(inside, address.search.replace(/^\?/, ''), address.hash));
  return matchRoute(splitPath(path).pathname)?.route.name ?? 'alerts';
}

/**
 * The page the console shows first at a browser address, as the router and the guard above decide it once the config
 * is known: its route's name with the search and hash it ends up with (a redirect's), or null when the address leads
 * to the login page or out of the console.
 */
export function startPage(address: BrowserAddress, base: string, ctx: GuardContext): { name: string; search: string; hash: string } | null {
  const inside = stripBasePath(address.pathname, base) || '/';
  const requested = requestedPath(inside, address.search.replace(/^\?/, ''), address.hash);
  const result = guard(requested, ctx);
  if (result.kind === 'external') return null;
  const to = result.kind === 'ok' ? requested : result.to;
  const { pathname, rest } = splitPath(to);
  const name = matchRoute(pathname)?.route.name;
  if (!name || name === 'login') return null;
  const h = rest.indexOf('#');
  return { name, search: h < 0 ? rest : rest.slice(0, h), hash: h < 0 ? '' : rest.slice(h) };
}

/**
 * The in-app path to go to after login. Only a path inside the console is accepted, so a crafted link
 * (`/login?redirect=https://evil.example`) cannot send a freshly logged-in user elsewhere.
 */
export function safeRedirect(redirect: string | null | undefined): string {
  if (!redirect) return DEFAULT_ROUTE;
  const p = redirect.trim();
  if (!p.startsWith('/') || p.startsWith('//') || p.startsWith('/\\') || isExternalUrl(p)) return DEFAULT_ROUTE;
  const canonical = normalisePath(p);
  const name = matchRoute(splitPath(canonical).pathname)?.route.name;
  // Going back to an auth page after logging in would loop.
  return name && ['login', 'logout', 'signup', 'forgot'].includes(name) ? DEFAULT_ROUTE : canonical;
}

// ---- navigation drawer ----

export interface DrawerContext extends GuardContext {
  provider: string;
  customerViews: boolean;
  scopes: readonly string[];
  readonlyScopes?: readonly string[] | null;
  /** saved searches; the Searches group shows only when there is at least one */
  savedQueryCount?: number;
}

export type DrawerEntry =
  | { kind: 'link'; name: string; path: string; titleKey: string; external: boolean }
  | { kind: 'searches'; titleKey: 'Searches' }
  | { kind: 'divider' };

/** The drawer shows when the user is logged in, or auth is not required, or read-only access is allowed. */
export function drawerVisible(ctx: GuardContext): boolean {
  return ctx.authenticated || !ctx.authRequired || ctx.allowReadonly;
}

type DrawerItem = { route: string } | { searches: true } | { divider: true };
const DRAWER_ORDER: readonly DrawerItem[] = [
  { route: 'alerts' },
  { searches: true },
  { route: 'heartbeats' },
  { route: 'users' },
  { route: 'groups' },
  { route: 'customers' },
  { route: 'blackouts' },
  { route: 'perms' },
  { route: 'keys' },
  { route: 'reports' },
  { divider: true },
  { route: 'profile' },
  { route: 'settings' },
  { route: 'help' },
  { route: 'about' },
];

function extraCondition(name: string, ctx: DrawerContext): boolean {
  switch (name) {
    case 'groups':
      return ctx.provider === 'basic';
    case 'customers':
      return ctx.customerViews;
    case 'keys':
      return ctx.authenticated || !ctx.authRequired;
    case 'profile':
    case 'settings':
      return ctx.authenticated;
    default:
      return true;
  }
}

/** The visible drawer entries, in the old console's order, each gated by its scope and condition. */
export function drawerEntries(ctx: DrawerContext): DrawerEntry[] {
  if (!drawerVisible(ctx)) return [];
  const perms = { ...ctx, readonlyScopes: ctx.readonlyScopes ?? undefined };
  const out: DrawerEntry[] = [];
  for (const item of DRAWER_ORDER) {
    if ('divider' in item) {
      out.push({ kind: 'divider' });
    } else if ('searches' in item) {
      if ((ctx.savedQueryCount ?? 0) > 0 && hasPerms('read:alerts', perms))
        out.push({ kind: 'searches', titleKey: 'Searches' });
    } else {
      const route = ROUTES.find((x) => x.name === item.route) as RouteDef;
      if (route.scope && !hasPerms(route.scope, perms)) continue;
      if (!extraCondition(route.name, ctx)) continue;
      out.push({
        kind: 'link',
        name: route.name,
        path: route.externalUrl ?? route.path,
        titleKey: route.titleKey,
        external: !!route.externalUrl,
      });
    }
  }
  return out;
}

/**
 * How the navigation shows: `modal` on narrow screens (opened from the menu button), else the full drawer, an icon
 * `rail`, or `hidden` (the user closed the drawer).
 */
export type DrawerMode = 'modal' | 'full' | 'rail' | 'hidden';

/** Below this window width the alerts screen shows the navigation as an icon rail, so the table has the room. */
export const ALERTS_RAIL_BELOW = 1680;

/**
 * The navigation's mode. Wide screens show the drawer unless the user closed it (`pinned` false); on the alerts
 * screen it is a rail below ALERTS_RAIL_BELOW, or closed to a rail, unless the user opened it there
 * (`alertsChoice`, remembered apart from the other screens' choice).
 */
export function drawerMode(o: { wide: boolean; width: number; onAlerts: boolean; pinned: boolean; alertsChoice: 'full' | 'rail' | null }): DrawerMode {
  if (!o.wide) return 'modal';
  if (!o.onAlerts) return o.pinned ? 'full' : 'hidden';
  if (o.alertsChoice) return o.alertsChoice;
  return o.pinned && o.width >= ALERTS_RAIL_BELOW ? 'full' : 'rail';
}

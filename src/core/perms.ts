// The has-perms rule and scope expansion (as the old console expanded scopes: admin implies delete, write and read,
// write implies read).

export interface PermsContext {
  authRequired: boolean;
  allowReadonly: boolean;
  /** config readonly_scopes; absent means ['read'] */
  readonlyScopes?: readonly string[] | null;
  authenticated: boolean;
  /** scopes of the logged-in user's token */
  scopes: readonly string[];
}

export const DEFAULT_READONLY_SCOPES: readonly string[] = Object.freeze(['read']);

const LEVELS = ['admin', 'delete', 'write', 'read'] as const;

function splitScope(scope: string): { level: string; suffix: string } {
  const i = scope.indexOf(':');
  return i < 0 ? { level: scope, suffix: '' } : { level: scope.slice(0, i), suffix: scope.slice(i) };
}

/** Scopes that a held scope implies by the hierarchy: admin → delete, write, read; write → read. */
function impliedBy(scope: string): string[] {
  const { level, suffix } = splitScope(scope);
  if (level === 'admin') return LEVELS.map((l) => l + suffix);
  if (level === 'write') return [scope, 'read' + suffix];
  return [scope];
}

/**
 * Every scope a user effectively holds, against the server's scope list (`GET /scopes`): each held scope,
 * what the hierarchy implies (where the server knows it), and every known scope it is a prefix of
 * (`read` → all `read:*`). De-duplicated and sorted.
 */
export function expandScopes(held: readonly string[], known: readonly string[]): string[] {
  const out = new Set<string>();
  for (const h of held) {
    if (!h) continue;
    out.add(h);
    for (const base of impliedBy(h)) {
      if (base === h || known.includes(base)) out.add(base);
      for (const k of known) if (k.startsWith(base + ':')) out.add(k);
    }
  }
  return [...out].sort();
}

/** The held scopes that would satisfy a required scope. */
function satisfiers(required: string): string[] {
  const { level, suffix } = splitScope(required);
  const levels =
    level === 'read'
      ? ['read', 'write', 'admin']
      : level === 'write' || level === 'delete'
        ? [level, 'admin']
        : [level];
  const out: string[] = [];
  for (const l of levels) {
    out.push(l + suffix);
    // the wildcard prefix before the colon: `read` meets `read:alerts`
    if (suffix) out.push(l);
  }
  return out;
}

/** Whether a set of scopes meets a required scope (exact, wildcard prefix, or by the hierarchy). */
export function scopesMeet(required: string, scopes: readonly string[]): boolean {
  return satisfiers(required).some((s) => scopes.includes(s));
}

/**
 * has-perms: with auth off everything is allowed; an anonymous user is allowed only when
 * read-only access is on, and then holds the config's readonly_scopes.
 */
export function hasPerms(required: string, ctx: PermsContext): boolean {
  if (!ctx.authRequired) return true;
  if (!ctx.authenticated) {
    if (!ctx.allowReadonly) return false;
    return scopesMeet(required, ctx.readonlyScopes ?? DEFAULT_READONLY_SCOPES);
  }
  return scopesMeet(required, ctx.scopes);
}

/** Admin = logged in and holding the `admin` scope itself. */
export function isAdmin(scopes: readonly string[], authenticated: boolean): boolean {
  return authenticated && scopes.includes('admin');
}

/** The has-perms context of the moment: the config's auth settings and the signed-in user's scopes. */
export function permsContextOf(
  config: { auth_required?: boolean; allow_readonly?: boolean; readonly_scopes?: readonly string[] | null } | null,
  session: { authenticated: boolean; scopes: readonly string[] },
): PermsContext {
  return {
    authRequired: config?.auth_required ?? true,
    allowReadonly: config?.allow_readonly ?? false,
    readonlyScopes: config?.readonly_scopes ?? null,
    authenticated: session.authenticated,
    scopes: session.scopes,
  };
}

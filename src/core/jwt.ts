// Reading the Alerta JWT. The signature is the server's business; the console only
// needs the claims, and must never crash on a damaged token.
import type { TokenClaims } from './types.ts';

/** A token is treated as expired this long before its `exp`, so a request does not leave with a dying token. */
export const TOKEN_EXPIRY_SKEW_MS = 10_000;

function base64UrlDecode(part: string): string | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(part)) return null;
  let b64 = part.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (b64.length % 4 === 1) return null;
  b64 += '='.repeat((4 - (b64.length % 4)) % 4);
  try {
    const binary = atob(b64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

const STRING_CLAIMS = ['sub', 'preferred_username', 'name', 'email', 'provider', 'picture', 'scope'] as const;
const LIST_CLAIMS = ['roles', 'groups', 'orgs', 'customers'] as const;
const NUMBER_CLAIMS = ['exp', 'iat'] as const;

/** The token's claims, with wrongly typed claims left out; null for anything that is not a JWT with a JSON payload. */
export function decodeJwt(token: string | null | undefined): TokenClaims | null {
  if (typeof token !== 'string') return null;
  const parts = token.trim().split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  const json = base64UrlDecode(parts[1]);
  if (json == null) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const p = payload as Record<string, unknown>;
  const claims: TokenClaims = {};
  for (const k of STRING_CLAIMS) if (typeof p[k] === 'string') claims[k] = p[k];
  for (const k of LIST_CLAIMS) {
    const v = p[k];
    if (Array.isArray(v)) claims[k] = v.filter((x): x is string => typeof x === 'string');
  }
  for (const k of NUMBER_CLAIMS) {
    const v = p[k];
    if (typeof v === 'number' && Number.isFinite(v)) claims[k] = v;
  }
  if (typeof p.email_verified === 'boolean') claims.email_verified = p.email_verified;
  return claims;
}

/** Expiry in epoch ms, or null when the token carries no `exp`. */
export function tokenExpiresAt(claims: TokenClaims | null | undefined): number | null {
  return typeof claims?.exp === 'number' ? claims.exp * 1000 : null;
}

/**
 * Authenticated = a decodable token whose `exp` is still ahead (minus a small skew). A token without `exp`
 * is accepted, as the old console did; the server still has the last word with a 401.
 */
export function isTokenValid(claims: TokenClaims | null | undefined, now: number, skewMs = TOKEN_EXPIRY_SKEW_MS): boolean {
  if (!claims) return false;
  const exp = tokenExpiresAt(claims);
  return exp === null || now < exp - skewMs;
}

/** Milliseconds until the token should be treated as expired (for a logout timer); null without `exp`. */
export function msUntilExpiry(claims: TokenClaims | null | undefined, now: number, skewMs = TOKEN_EXPIRY_SKEW_MS): number | null {
  const exp = tokenExpiresAt(claims);
  return exp === null ? null : Math.max(0, exp - skewMs - now);
}

/** Scopes from the space-separated `scope` claim. */
export function userScopes(claims: TokenClaims | null | undefined): string[] {
  if (typeof claims?.scope !== 'string') return [];
  return claims.scope.split(/\s+/).filter(Boolean);
}

/** Customers the user is limited to; an empty list means all customers (the UI shows "ALL (*)"). */
export function customersOf(claims: TokenClaims | null | undefined): string[] {
  return Array.isArray(claims?.customers) ? claims.customers.filter((c) => typeof c === 'string' && c !== '') : [];
}

/**
 * Who the signed-in user is, everywhere the console needs it (the watch:{username} tag, "my own note", "my own
 * account"): `preferred_username`, else e-mail, else subject.
 */
export function usernameOf(claims: TokenClaims | null | undefined): string | null {
  return claims?.preferred_username || claims?.email || claims?.sub || null;
}

/** Whether a user record is the signed-in user's own account (an administrator must not lock themselves out). */
export function isOwnAccount(claims: TokenClaims | null | undefined, user: { id: string; login: string }): boolean {
  if (!claims) return false;
  return (!!claims.sub && claims.sub === user.id) || (!!user.login && usernameOf(claims) === user.login);
}

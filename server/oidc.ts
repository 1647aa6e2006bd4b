// The Alerta server's OpenID Connect side (alerta/auth/oidc.py at v9.1.0): the provider's discovery document read at
// start (the server refuses to start without it, as the real one does), then for each sign-in the code exchanged at
// the provider's token endpoint, the ID token checked against the provider's keys, the userinfo read, and the claims
// mapped to an Alerta user and token. Off unless AUTH_PROVIDER names an OpenID Connect provider. Where it is stricter
// than the real server (the ID token is always verified; a provider that hangs is given up) see server/README.md.
import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, SignJWT, type JSONWebKeySet } from 'jose';
import type { AppContext } from './context.ts';
import type { ServerSettings } from './settings.ts';
import { ApiError } from './errors.ts';
import { issueToken, type UserRow } from './auth.ts';
import { iso } from './time.ts';

/** AUTH_PROVIDER values signed in through OpenID Connect (the real server's /auth/openid view serves them all). */
export const OIDC_PROVIDERS = ['openid', 'azure', 'cognito', 'gitlab', 'google', 'keycloak', 'pingfederate'];
/** The providers whose discovery document the real server reads at start (alerta/auth/__init__.py). */
const DISCOVERED_AT_START = ['openid', 'azure', 'cognito', 'gitlab', 'keycloak'];
/** The routes of alerta/auth/oidc.py; Cognito and PingFederate sign in through /auth/openid. */
export const OIDC_ROUTES = ['openid', 'azure', 'gitlab', 'google', 'keycloak'];

/** The real server waits 2 s for the discovery document and the key set. */
const DISCOVERY_TIMEOUT_MS = 2_000;
/** The real server waits forever for the token and userinfo endpoints; here a provider that hangs is given up. */
const EXCHANGE_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 1024 * 1024;
const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export function oidcEnabled(settings: ServerSettings): boolean {
  return OIDC_PROVIDERS.includes(settings.AUTH_PROVIDER);
}

/** The issuer the real server derives from the settings (OIDC_ISSUER_URL for openid, PingFederate and others). */
export function issuerUrl(settings: ServerSettings): string | null {
  const s = settings;
  const byProvider: Record<string, string> = {
    azure: `https://login.microsoftonline.com/${s.AZURE_TENANT}/v2.0`,
    cognito: `https://cognito-idp.${s.AWS_REGION}.amazonaws.com/${s.COGNITO_USER_POOL_ID ?? 'None'}`,
    gitlab: s.GITLAB_URL,
    google: 'https://accounts.google.com',
    keycloak: `${s.KEYCLOAK_URL ?? 'None'}/realms/${s.KEYCLOAK_REALM ?? 'None'}`,
  };
  return byProvider[s.AUTH_PROVIDER] || s.OIDC_ISSUER_URL || null;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri?: string;
  end_session_endpoint?: string;
  token_endpoint_auth_methods_supported?: unknown;
}

export interface OidcProvider {
  config: Discovery;
  keys: JSONWebKeySet;
}

const reason = (e: unknown): string => {
  const err = e as { message?: string; cause?: { message?: string; code?: string } };
  const cause = err.cause?.message ?? err.cause?.code;
  return [err.message, cause].filter(Boolean).join(': ') || String(e);
};

/** GET or POST returning parsed JSON, with a time limit and a size limit. */
async function fetchJson(url: string, init: RequestInit, timeoutMs: number): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { ...init, redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_ANSWER_BYTES) throw new Error(`answer of ${length} bytes is too large`);
  const text = await response.text();
  if (text.length > MAX_ANSWER_BYTES) throw new Error('answer is too large');
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new Error(`answer ${response.status} is not JSON`);
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** The provider's discovery document and keys, checked as the real server checks them (same messages). */
export async function discover(settings: ServerSettings, issuerOverride?: string | null): Promise<OidcProvider> {
  const issuer = issuerOverride || issuerUrl(settings);
  if (!issuer) throw new ApiError('Must define Issuer URL (OIDC_ISSUER_URL) in server configuration to use OpenID Connect.', 503);
  const url = `${issuer.replace(/^\/+|\/+$/g, '')}/.well-known/openid-configuration`;
  let config: unknown;
  try {
    config = (await fetchJson(url, {}, DISCOVERY_TIMEOUT_MS)).body;
  } catch (e) {
    throw new ApiError(`Could not get OpenID configuration from well known URL: ${reason(e)}`, 503);
  }
  if (!isObj(config) || typeof config.issuer !== 'string') {
    const error = isObj(config) ? (config.error ?? config.message ?? JSON.stringify(config)) : String(config);
    throw new ApiError(`OpenID Connect issuer response invalid: ${String(error)}`, 503);
  }
  if (config.issuer.replaceAll('{tenantid}', settings.AZURE_TENANT) !== issuer) {
    throw new ApiError('Issuer Claim does not match Issuer URL used to retrieve OpenID configuration', 503);
  }
  for (const k of ['authorization_endpoint', 'token_endpoint', 'userinfo_endpoint']) {
    if (!str(config[k])) throw new ApiError(`OpenID Connect issuer response invalid: no ${k}`, 503);
  }
  let keys: JSONWebKeySet = { keys: [] };
  if (str(config.jwks_uri)) {
    try {
      const body = (await fetchJson(config.jwks_uri as string, {}, DISCOVERY_TIMEOUT_MS)).body;
      if (!isObj(body) || !Array.isArray(body.keys)) throw new Error('no keys');
      keys = body as unknown as JSONWebKeySet;
    } catch (e) {
      throw new ApiError(`Could not get OpenID JWT Key Set from JWKS URL: ${reason(e)}`, 503);
    }
  }
  return { config: config as unknown as Discovery, keys };
}

/**
 * At start, like the real server: the authorization and end-session endpoints go into OIDC_AUTH_URL and
 * OIDC_LOGOUT_URL (published as /config `oidc_auth_url` and the logout answer's `logoutUrl`). Throws when the
 * provider cannot be read, so the server does not start.
 */
export async function discoverAtStart(settings: ServerSettings, issuerOverride?: string | null): Promise<void> {
  if (!DISCOVERED_AT_START.includes(settings.AUTH_PROVIDER)) return;
  const { config } = await discover(settings, issuerOverride);
  settings.OIDC_AUTH_URL = config.authorization_endpoint;
  settings.OIDC_LOGOUT_URL = config.end_session_endpoint ?? null;
}

function basicCredentials(clientId: string, secret: string): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${enc(clientId)}:${enc(secret)}`).toString('base64')}`;
}

/** The token endpoint's answer for the code, authenticated the way both sides prefer (OIDC_TOKEN_AUTH_METHODS). */
async function exchangeCode(settings: ServerSettings, config: Discovery, code: string, redirectUri: string, clientId: string): Promise<Record<string, unknown>> {
  const supported = config.token_endpoint_auth_methods_supported;
  const methods = Array.isArray(supported) ? supported : typeof supported === 'string' ? [supported] : ['client_secret_basic'];
  const method = settings.OIDC_TOKEN_AUTH_METHODS.find((m) => methods.includes(m)) ?? 'client_secret_post';
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };
  const secret = settings.OAUTH2_CLIENT_SECRET;
  if (method === 'client_secret_basic') {
    headers.Authorization = basicCredentials(clientId, secret);
  } else if (method === 'client_secret_post') {
    form.set('client_id', clientId);
    form.set('client_secret', secret);
  } else if (method === 'client_secret_jwt') {
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(config.token_endpoint)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(new TextEncoder().encode(secret));
    form.set('client_assertion_type', 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
    form.set('client_assertion', assertion);
  } else {
    throw new ApiError(`Token endpoint auth method '${method}' is not supported by Alerta.`, 400);
  }
  let body: unknown;
  try {
    body = (await fetchJson(config.token_endpoint, { method: 'POST', headers, body: form.toString() }, EXCHANGE_TIMEOUT_MS)).body;
  } catch (e) {
    throw new ApiError(`Could not reach the OpenID token endpoint: ${reason(e)}`, 503);
  }
  if (!isObj(body)) throw new ApiError('OpenID token response invalid', 400);
  if ('error' in body) throw new ApiError(String(body.error_description || body.error), 400);
  return body;
}

/** The ID token's claims, checked against the provider's keys, issuer, audience and lifetime. */
async function verifiedIdToken(provider: OidcProvider, idToken: unknown, clientId: string): Promise<Record<string, unknown>> {
  if (typeof idToken !== 'string' || !idToken) return {};
  try {
    const alg = decodeProtectedHeader(idToken).alg;
    if (!alg || !ASYMMETRIC.includes(alg)) throw new Error(`signing algorithm ${String(alg)} is not accepted`);
    const { payload } = await jwtVerify(idToken, createLocalJWKSet(provider.keys), {
      issuer: provider.config.issuer,
      audience: clientId,
      algorithms: ASYMMETRIC,
      clockTolerance: 60,
    });
    return payload as Record<string, unknown>;
  } catch (e) {
    throw new ApiError(`ID token from the provider is not valid: ${reason(e)}`, 401);
  }
}

async function userinfoOf(config: Discovery, token: Record<string, unknown>): Promise<Record<string, unknown>> {
  const accessToken = str(token.access_token);
  if (!accessToken) throw new ApiError('No access token in OpenID Connect token response.', 400);
  const type = str(token.token_type) ?? 'Bearer';
  let answer: { status: number; body: unknown };
  try {
    answer = await fetchJson(config.userinfo_endpoint, { headers: { Authorization: `${type} ${accessToken}`, Accept: 'application/json' } }, EXCHANGE_TIMEOUT_MS);
  } catch (e) {
    throw new ApiError(`Could not reach the OpenID userinfo endpoint: ${reason(e)}`, 503);
  }
  if (answer.status !== 200 || !isObj(answer.body) || !str(answer.body.sub)) {
    throw new ApiError(`OpenID userinfo request refused the access token (${answer.status})`, 400);
  }
  return answer.body;
}

const listClaim = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' && v ? [v] : []);
const domainOf = (email: string | null) => (email && email.includes('@') ? (email.split('@')[1] as string) : '');

/** The real server's not_authorized(): an allow-list that is '*' or shares an entry. */
function notAuthorized(settings: ServerSettings, allowed: string[], values: string[]): boolean {
  return settings.AUTH_REQUIRED && !(allowed.includes('*') || allowed.some((a) => values.includes(a)));
}

/** POST /auth/{openid,azure,gitlab,google,keycloak}: `{code, redirectUri, clientId}` → `{token}`. */
export async function openidLogin(ctx: AppContext, body: unknown, base: string, issuerOverride?: string | null): Promise<{ token: string }> {
  const s = ctx.settings;
  const provider = await discover(s, issuerOverride);
  const b = isObj(body) ? body : {};
  const code = str(b.code);
  const redirectUri = str(b.redirectUri);
  if (!code || !redirectUri) throw new ApiError("must supply 'code' and 'redirectUri'", 400);
  const clientId = str(b.clientId) ?? s.OAUTH2_CLIENT_ID;
  if (clientId !== s.OAUTH2_CLIENT_ID) throw new ApiError(`Unknown OAuth client '${clientId}'`, 400);

  const token = await exchangeCode(s, provider.config, code, redirectUri, clientId);
  const idToken = await verifiedIdToken(provider, token.id_token, clientId);
  const userinfo = await userinfoOf(provider.config, token);
  if (idToken.sub !== undefined && idToken.sub !== userinfo.sub) throw new ApiError('OpenID userinfo is about another subject than the ID token', 401);

  const claim = (k: string): unknown => userinfo[k] || idToken[k];
  const subject = String(userinfo.sub);
  const name = str(claim('name'));
  const email = str(claim('email'));
  let emailVerified: unknown = k(userinfo, 'email_verified') ?? k(idToken, 'email_verified') ?? !!email;
  if (emailVerified === 'true') emailVerified = true; // Cognito sends a string
  const verified = emailVerified === true;
  const login = str(claim('preferred_username')) ?? str(claim('nickname')) ?? email;
  if (!login) throw new ApiError("Must support one of the following OpenID claims: 'preferred_username', 'nickname' or 'email'", 400);
  const claimRoles = listClaim(claim(s.OIDC_ROLE_CLAIM));
  const claimGroups = listClaim(claim(s.OIDC_GROUP_CLAIM));
  const picture = str(claim('picture'));

  const db = ctx.db;
  let user = (s.OIDC_LINK_USER_EMAIL && email && verified
    ? db.prepare('SELECT * FROM users WHERE email = ? ORDER BY create_time LIMIT 1').get(email)
    : db.prepare('SELECT * FROM users WHERE id = ?').get(subject)) as UserRow | undefined;
  const clash = db.prepare('SELECT id FROM users WHERE login = ?').get(login) as { id: string } | undefined;
  if (clash && clash.id !== (user?.id ?? subject)) throw new ApiError(`Another user already has the login '${login}'`, 409);
  const now = iso(ctx.now());
  if (!user) {
    db.prepare(
      `INSERT INTO users (id, name, login, password, email, status, roles, attributes, create_time, last_login, text, update_time, email_verified)
       VALUES (?, ?, ?, NULL, ?, 'active', ?, '{}', ?, NULL, '', ?, ?)`,
    ).run(subject, name ?? login, login, email ?? '', JSON.stringify(s.USER_ROLES), now, now, verified ? 1 : 0);
  } else {
    db.prepare('UPDATE users SET login = ?, email = ?, email_verified = ?, update_time = ? WHERE id = ?').run(
      login, email ?? user.email, verified ? 1 : 0, now, user.id,
    );
  }
  user = db.prepare('SELECT * FROM users WHERE id = ?').get(user?.id ?? subject) as UserRow;

  const roles = [...claimRoles, ...(JSON.parse(user.roles) as string[])];
  if (user.status !== 'active') throw new ApiError(`User ${login} is not active`, 403);
  if (notAuthorized(s, s.ALLOWED_OIDC_ROLES, roles) || notAuthorized(s, s.ALLOWED_EMAIL_DOMAINS, [domainOf(user.email)])) {
    throw new ApiError(`User ${login} is not authorized`, 403);
  }
  return { token: await issueToken(ctx, user, `${base}/`, { subject, roles: claimRoles, groups: claimGroups, name, picture }) };
}

/** A claim that is present (false and '' count), as Python's dict.get with a default. */
function k(o: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

// The demo server as the Alerta server's OpenID Connect side: discovery at start, the code exchanged with a real
// provider (oidc-provider), the ID token checked against the provider's keys, the claims mapped as alerta/auth/oidc.py
// maps them, and its failures answered with the real server's messages. A hand-made provider covers what a
// well-behaved one never does (a forged ID token, an issuer that does not match, missing claims).
import http from 'node:http';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, exportJWK } from 'jose';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { startOidcProvider, type RunningProvider, type TestAccount } from '../../e2e/oidc-provider.ts';
import { DEMO_PASSWORD } from '../../../server/seed.ts';
import { client } from './helpers.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CLIENT = { id: 'alerta-console', secret: 'unit-client-secret' };
const CONSOLE = 'http://console.test';
const REDIRECT = `${CONSOLE}/`;
const ACCOUNTS: Record<string, TestAccount> = {
  alice: { password: 'pw-a', claims: { preferred_username: 'alice', name: 'Alice Example', email: 'alice@example.org', email_verified: true, roles: ['ops'], groups: ['sre'], picture: 'https://img.example/a.png' } },
  mallory: { password: 'pw-m', claims: { preferred_username: 'mallory', email: 'mallory@example.org', email_verified: true } },
};

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function serverFor(settings: Record<string, unknown>, oidcIssuer?: string) {
  return startServer({
    seed: 'users',
    oidcIssuer,
    settings: { AUTH_REQUIRED: true, OAUTH2_CLIENT_ID: CLIENT.id, OAUTH2_CLIENT_SECRET: CLIENT.secret, ADMIN_USERS: ['alice'], ...settings },
  }).then((s) => {
    servers.push(s);
    return s;
  });
}

/** The code a browser would bring back: the authorization request, the provider's sign-in form, its redirects. */
async function codeFor(authorizationEndpoint: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const r = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const c of r.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return r;
  };
  const auth = new URL(authorizationEndpoint);
  for (const [k, v] of Object.entries({ response_type: 'code', client_id: CLIENT.id, redirect_uri: REDIRECT, scope: 'openid profile email', state: 's' })) {
    auth.searchParams.set(k, v);
  }
  const interaction = new URL((await go(auth.href)).headers.get('location')!, auth);
  let next = (
    await go(`${interaction.href}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login, password: ACCOUNTS[login]!.password }).toString(),
    })
  ).headers.get('location');
  while (next && !next.startsWith(CONSOLE)) next = (await go(new URL(next, auth).href)).headers.get('location');
  const code = next ? new URL(next).searchParams.get('code') : null;
  if (!code) throw new Error(`no code for ${login}`);
  return code;
}

/** Answers of the real server 9.1.0 set up for OpenID Connect with the same provider (tests/contract/sign-in). */
const CAPTURED = (name: string) =>
  JSON.parse(readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'contract', 'sign-in', `${name}.json`), 'utf8')) as {
    status: number;
    response: Record<string, unknown>;
  };

describe('with a real OpenID Connect provider', () => {
  let plain: RunningProvider;
  let keycloak: RunningProvider;
  beforeAll(async () => {
    const common = { port: 0, clientId: CLIENT.id, clientSecret: CLIENT.secret, redirectUris: [REDIRECT], postLogoutRedirectUris: [`${CONSOLE}/logout`], accounts: ACCOUNTS };
    [plain, keycloak] = await Promise.all([startOidcProvider({ ...common, shape: 'plain' }), startOidcProvider({ ...common, shape: 'keycloak', realm: 'ops' })]);
  });
  afterAll(async () => {
    await Promise.all([plain.close(), keycloak.close()]);
  });

  it('publishes the discovered endpoints, exchanges the code and maps the claims to an Alerta user and token', async () => {
    const s = await serverFor({ AUTH_PROVIDER: 'openid', OIDC_ISSUER_URL: plain.issuer });
    const api = client(s.apiUrl);
    const config = (await api.get('/config')).body;
    expect(config.oidc_auth_url).toBe(plain.authorizationEndpoint);
    // As the real server answers with the same provider: every /config key it has, sign-up off, the same logout answer.
    const realConfig = CAPTURED('GET_config__openid').response;
    expect(Object.keys(config)).toEqual(expect.arrayContaining(Object.keys(realConfig)));
    expect({ provider: config.provider, signup_enabled: config.signup_enabled }).toEqual({ provider: realConfig.provider, signup_enabled: realConfig.signup_enabled });
    expect(new URL(realConfig.oidc_auth_url as string).pathname).toBe(new URL(config.oidc_auth_url).pathname);
    const logout = (await api.post('/auth/logout', {})).body;
    expect(logout).toEqual({ logoutUrl: `${plain.issuer}/session/end`, status: 'ok' });
    expect(logout).toEqual({ ...CAPTURED('POST_auth_logout__openid').response, logoutUrl: logout.logoutUrl });

    const code = await codeFor(config.oidc_auth_url, 'alice');
    const res = await api.post('/auth/openid', { code, clientId: CLIENT.id, redirectUri: REDIRECT, state: 's' });
    expect(res.status).toBe(200);
    const claims = decodeJwt(res.body.token);
    expect(claims).toMatchObject({
      sub: 'alice',
      preferred_username: 'alice',
      name: 'Alice Example',
      email: 'alice@example.org',
      email_verified: true,
      provider: 'openid',
      groups: ['sre'],
      picture: 'https://img.example/a.png',
    });
    // ADMIN_USERS names the login the provider gave (preferred_username); the role claim counts too.
    expect(String(claims.scope).split(' ')).toContain('admin');
    expect(claims.roles).toEqual(expect.arrayContaining(['ops', 'admin']));
    const me = await client(s.apiUrl, `Bearer ${res.body.token}`).get('/users');
    expect(me.body.users.find((u: { login: string }) => u.login === 'alice')).toMatchObject({ id: 'alice', email: 'alice@example.org' });

    // A code is good once, and the provider's refusal is passed on with its text, as the real server does (which
    // answers 500 where this one answers 400: the code, not the server, is at fault).
    const again = await api.post('/auth/openid', { code, clientId: CLIENT.id, redirectUri: REDIRECT });
    const real = CAPTURED('POST_auth_openid__code-refused');
    expect(again.status).toBe(400);
    expect(real.status).toBe(500);
    expect(again.body.message).toBe(real.response.message);
  });

  it('takes Keycloak 17+ settings as the real server does: the issuer is KEYCLOAK_URL/realms/REALM, without /auth', async () => {
    const s = await serverFor({ AUTH_PROVIDER: 'keycloak', KEYCLOAK_URL: new URL(keycloak.issuer).origin, KEYCLOAK_REALM: 'ops' });
    const api = client(s.apiUrl);
    const config = (await api.get('/config')).body;
    expect(config.oidc_auth_url).toBe(`${new URL(keycloak.issuer).origin}/realms/ops/protocol/openid-connect/auth`);
    const code = await codeFor(config.oidc_auth_url, 'alice');
    const res = await api.post('/auth/keycloak', { code, clientId: CLIENT.id, redirectUri: REDIRECT });
    expect(res.status).toBe(200);
    expect(decodeJwt(res.body.token)).toMatchObject({ preferred_username: 'alice', provider: 'keycloak' });
    expect((await api.post('/auth/logout', {})).body.logoutUrl).toBe(`${keycloak.issuer}/protocol/openid-connect/logout`);
  });

  it('has the routes of the real server: no /auth/cognito or /auth/pingfederate (404)', async () => {
    const s = await serverFor({ AUTH_PROVIDER: 'cognito', COGNITO_DOMAIN: 'd', AWS_REGION: 'eu-west-1' }, plain.issuer);
    const api = client(s.apiUrl);
    expect((await api.post('/auth/cognito', { code: 'c', redirectUri: REDIRECT })).status).toBe(404);
    expect((await api.post('/auth/pingfederate', { code: 'c', redirectUri: REDIRECT })).status).toBe(404);
    expect((await api.post('/auth/github', { code: 'c', redirectUri: REDIRECT })).status).toBe(400);
    const code = await codeFor((await api.get('/config')).body.oidc_auth_url, 'alice');
    const res = await api.post('/auth/openid', { code, clientId: CLIENT.id, redirectUri: REDIRECT });
    expect(decodeJwt(res.body.token)).toMatchObject({ provider: 'cognito', preferred_username: 'alice' });
  });

  it('refuses an account outside ALLOWED_OIDC_ROLES with 403, as the real server does', async () => {
    const s = await serverFor({ AUTH_PROVIDER: 'openid', OIDC_ISSUER_URL: plain.issuer, ALLOWED_OIDC_ROLES: ['ops'] });
    const api = client(s.apiUrl);
    const code = await codeFor(plain.authorizationEndpoint, 'mallory');
    const res = await api.post('/auth/openid', { code, clientId: CLIENT.id, redirectUri: REDIRECT });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('User mallory is not authorized');
  });

  it('refuses bad requests without asking the provider: no code, another client', async () => {
    const s = await serverFor({ AUTH_PROVIDER: 'openid', OIDC_ISSUER_URL: plain.issuer });
    const api = client(s.apiUrl);
    expect((await api.post('/auth/openid', { redirectUri: REDIRECT })).status).toBe(400);
    const other = await api.post('/auth/openid', { code: 'c', clientId: 'someone-else', redirectUri: REDIRECT });
    expect(other.status).toBe(400);
    expect(other.body.message).toContain('someone-else');
    expect((await api.post('/auth/openid', 'code=c', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
  });

  it('does not start while the provider cannot be read, and says so at sign-in when it stops answering later', async () => {
    const gone = await startOidcProvider({ port: 0, shape: 'plain', clientId: CLIENT.id, clientSecret: CLIENT.secret, redirectUris: [REDIRECT], postLogoutRedirectUris: [], accounts: ACCOUNTS });
    const s = await serverFor({ AUTH_PROVIDER: 'openid', OIDC_ISSUER_URL: gone.issuer });
    await gone.stop();
    const res = await client(s.apiUrl).post('/auth/openid', { code: 'c', clientId: CLIENT.id, redirectUri: REDIRECT });
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/^Could not get OpenID configuration from well known URL: .*ECONNREFUSED/);
    await expect(serverFor({ AUTH_PROVIDER: 'openid', OIDC_ISSUER_URL: gone.issuer })).rejects.toThrow(/Could not get OpenID configuration/);
    await expect(serverFor({ AUTH_PROVIDER: 'openid' })).rejects.toThrow(/Must define Issuer URL/);
  });
});

// ---------------------------------------------------------------- a provider that misbehaves on purpose

interface FakeOptions {
  /** the issuer its discovery document claims (default: its own address) */
  claimedIssuer?: string;
  /** the key the ID token is signed with (default: the published one) */
  signWith?: KeyObject;
  userinfo: Record<string, unknown>;
  tokenError?: { error: string; error_description?: string };
}

async function fakeProvider(options: FakeOptions) {
  const published = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...(await exportJWK(published.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  let issuer = '';
  const server = http.createServer((req, res) => {
    void (async () => {
      const json = (body: unknown, status = 200) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const path = (req.url ?? '').split('?')[0];
      if (path === '/.well-known/openid-configuration') {
        return json({
          issuer: options.claimedIssuer ?? issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
          userinfo_endpoint: `${issuer}/me`,
          jwks_uri: `${issuer}/jwks`,
          token_endpoint_auth_methods_supported: ['client_secret_post'],
        });
      }
      if (path === '/jwks') return json({ keys: [jwk] });
      if (path === '/token') {
        if (options.tokenError) return json(options.tokenError, 400);
        const now = Math.floor(Date.now() / 1000);
        const idToken = await new SignJWT({ email: options.userinfo.email })
          .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
          .setIssuer(issuer)
          .setAudience(CLIENT.id)
          .setSubject(String(options.userinfo.sub))
          .setIssuedAt(now)
          .setExpirationTime(now + 300)
          .sign(options.signWith ?? published.privateKey);
        return json({ access_token: 'at', token_type: 'Bearer', id_token: idToken });
      }
      if (path === '/me') return json(options.userinfo);
      json({ error: 'not found' }, 404);
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { issuer, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('with a provider that misbehaves', () => {
  const fakes: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(fakes.splice(0).map((f) => f.close()));
  });
  const signIn = async (fake: FakeOptions, settings: Record<string, unknown> = {}) => {
    const p = await fakeProvider(fake);
    fakes.push(p);
    const s = await serverFor({ AUTH_PROVIDER: 'openid', OIDC_ISSUER_URL: p.issuer, ...settings });
    return { server: s, res: await client(s.apiUrl).post('/auth/openid', { code: 'c', clientId: CLIENT.id, redirectUri: REDIRECT }) };
  };

  it('refuses an ID token not signed with the provider’s published keys', async () => {
    const { res } = await signIn({ signWith: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey, userinfo: { sub: 'u1', preferred_username: 'eve' } });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/^ID token from the provider is not valid/);
  });

  it('does not start when the discovery document names another issuer', async () => {
    const p = await fakeProvider({ claimedIssuer: 'https://elsewhere.example', userinfo: { sub: 'u' } });
    fakes.push(p);
    await expect(serverFor({ AUTH_PROVIDER: 'openid', OIDC_ISSUER_URL: p.issuer })).rejects.toThrow('Issuer Claim does not match Issuer URL used to retrieve OpenID configuration');
  });

  it('passes the token endpoint’s error on, and asks for a login claim', async () => {
    const refused = await signIn({ tokenError: { error: 'invalid_grant', error_description: 'Code not valid' }, userinfo: { sub: 'u' } });
    expect(refused.res.status).toBe(400);
    expect(refused.res.body.message).toBe('Code not valid');
    const nameless = await signIn({ userinfo: { sub: 'u2' } });
    expect(nameless.res.status).toBe(400);
    expect(nameless.res.body.message).toBe("Must support one of the following OpenID claims: 'preferred_username', 'nickname' or 'email'");
  });

  it('links a verified e-mail to the Alerta user that has it, keeping that user’s id in oid', async () => {
    const { server, res } = await signIn({ userinfo: { sub: 'provider-sub-1', email: 'operator@alerta.dev', email_verified: 'true', nickname: 'op' } });
    expect(res.status).toBe(200);
    const claims = decodeJwt(res.body.token);
    expect(claims.sub).toBe('provider-sub-1');
    expect(claims.preferred_username).toBe('op');
    const admin = (await client(server.apiUrl).post('/auth/login', { username: 'admin@alerta.dev', password: DEMO_PASSWORD })).body.token;
    const operator = (await client(server.apiUrl, `Bearer ${admin}`).get('/users')).body.users.find((u: { email: string }) => u.email === 'operator@alerta.dev');
    expect(claims.oid).toBe(operator.id);
    expect(operator.login).toBe('op');
    // the linked user is who /user/me answers about
    expect((await client(server.apiUrl, `Bearer ${res.body.token}`).get('/user/me')).body.user.id).toBe(operator.id);
  });

  it('refuses a login another user already has, instead of failing', async () => {
    const { res } = await signIn({ userinfo: { sub: 'provider-sub-2', preferred_username: 'admin@alerta.dev', email: 'x@example.org', email_verified: false } });
    expect(res.status).toBe(409);
  });
});

// Auth over HTTP: login, tokens and their claims, API keys, scopes, read-only mode, customer views,
// signup with confirmation, forgot and reset through the mail log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { DEMO_KEYS, DEMO_PASSWORD } from '../../../server/seed.ts';
import { client, login } from './helpers.ts';

const AUTH = { AUTH_REQUIRED: true, CUSTOMER_VIEWS: true, ADMIN_USERS: ['admin@alerta.dev'], GUEST_DEFAULT_SCOPES: ['read'], CUSTOMER_VIEWS_UNMATCHED: 'all' as const };

describe('auth required', () => {
  let s: RunningServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer({ seed: 'demo', settings: AUTH });
    admin = await login(s.apiUrl, 'admin@alerta.dev', DEMO_PASSWORD);
  });
  afterAll(() => s.close());

  it('refuses anonymous calls with 401 and the real message, but serves /config', async () => {
    const anon = client(s.apiUrl);
    expect((await anon.get('/alerts')).body).toMatchObject({ status: 'error', code: 401, message: 'Missing authorization API Key or Bearer Token' });
    const cfg = await anon.get('/config');
    expect(cfg.status).toBe(200);
    expect(cfg.body).toMatchObject({ auth_required: true, provider: 'basic', customer_views: true, endpoint: s.apiUrl });
  });

  it('issues an HS256 JWT with the real claims and a 14 day expiry', async () => {
    const claims = decodeJwt(admin);
    expect(claims).toMatchObject({ preferred_username: 'admin@alerta.dev', name: 'Alerta Admin', email: 'admin@alerta.dev', provider: 'basic', roles: ['admin'], scope: 'admin read write', customers: [] });
    expect((claims.exp as number) - (claims.iat as number)).toBe(14 * 86400);
    const info = await client(s.apiUrl, `Bearer ${admin}`).get('/userinfo');
    expect(info.body.preferred_username).toBe('admin@alerta.dev');
  });

  it('refuses a wrong password, a missing password and a tampered token', async () => {
    const anon = client(s.apiUrl);
    expect((await anon.post('/auth/login', { username: 'admin@alerta.dev', password: 'nope' })).status).toBe(401);
    expect((await anon.post('/auth/login', { username: 'admin@alerta.dev' })).body.message).toBe("must supply 'username' and 'password'");
    const tampered = `${admin.slice(0, -4)}AAAA`;
    expect((await client(s.apiUrl, `Bearer ${tampered}`).get('/alerts')).body).toMatchObject({ code: 401, message: 'Token is invalid' });
  });

  it('accepts API keys in the Authorization header and as ?api-key=, and counts their use', async () => {
    expect((await client(s.apiUrl, `Key ${DEMO_KEYS.readOnly}`).get('/alerts?page-size=1')).status).toBe(200);
    expect((await client(s.apiUrl).get(`/alerts?page-size=1&api-key=${DEMO_KEYS.readOnly}`)).status).toBe(200);
    expect((await client(s.apiUrl, 'Key not-a-key').get('/alerts')).status).toBe(401);
    const key = await client(s.apiUrl, `Bearer ${admin}`).get(`/key/${DEMO_KEYS.readOnly}`);
    expect(key.body.key.count).toBeGreaterThanOrEqual(2);
    expect(key.body.key.lastUsedTime).not.toBeNull();
  });

  it('a read-only key gets 403 "Missing required scope: write:alerts" on writes', async () => {
    const ro = client(s.apiUrl, `Key ${DEMO_KEYS.readOnly}`);
    const id = (await ro.get('/alerts?page-size=1')).body.alerts[0].id;
    expect((await ro.put(`/alert/${id}/action`, { action: 'ack' })).body).toMatchObject({ code: 403, message: 'Missing required scope: write:alerts' });
  });

  it('a user (read write) cannot list users; a guest with read scope cannot act', async () => {
    const op = client(s.apiUrl, `Bearer ${await login(s.apiUrl, 'operator@alerta.dev', DEMO_PASSWORD)}`);
    expect((await op.get('/users')).body).toMatchObject({ code: 403, message: 'Missing required scope: admin:users' });
    expect((await op.get('/heartbeats')).status).toBe(200);
    const viewer = client(s.apiUrl, `Bearer ${await login(s.apiUrl, 'viewer@alerta.dev', DEMO_PASSWORD)}`);
    const id = (await viewer.get('/alerts?page-size=1')).body.alerts[0].id;
    expect((await viewer.put(`/alert/${id}/note`, { text: 'hi' })).status).toBe(403);
    expect((await viewer.get('/blackouts')).status).toBe(200);
  });

  it('customer views: a customer user only sees its customer, and another customer alert is 404', async () => {
    const acme = client(s.apiUrl, `Bearer ${await login(s.apiUrl, 'ops@acme.example', DEMO_PASSWORD)}`);
    const mine = await acme.get('/alerts?page-size=100');
    expect(mine.body.total).toBe(8);
    expect(new Set(mine.body.alerts.map((a: { customer: string }) => a.customer))).toEqual(new Set(['Acme Corp']));
    const other = (await client(s.apiUrl, `Bearer ${admin}`).get('/alerts?q=resource:"web01"&page-size=1')).body.alerts[0].id;
    expect((await acme.get(`/alert/${other}`)).status).toBe(404);
    expect((await acme.put(`/alert/${other}/action`, { action: 'ack' })).status).toBe(404);
    const envs = await acme.get('/environments');
    expect(envs.body.environments.reduce((n: number, e: { count: number }) => n + e.count, 0)).toBe(8);
    // an alert a customer user sends gets its customer
    const sent = await acme.post('/alert', { resource: 'acme-new', event: 'Test', environment: 'Production', severity: 'minor' });
    expect(sent.body.alert.customer).toBe('Acme Corp');
    expect((await acme.post('/alert', { resource: 'x', event: 'y', environment: 'Production', customer: 'Other' })).status).toBe(400);
  });

  it('signup sends a confirmation mail, confirm verifies, forgot and reset change the password', async () => {
    const anon = client(s.apiUrl);
    const signup = await anon.post('/auth/signup', { name: 'Sam', email: 'sam@acme.example', password: 'first-pass', text: 'hi' });
    expect(signup.status).toBe(200);
    expect(decodeJwt(signup.body.token)).toMatchObject({ preferred_username: 'sam@acme.example', customers: ['Acme Corp'], roles: ['user'] });
    expect((await anon.post('/auth/signup', { name: 'Sam', email: 'sam@acme.example', password: 'first-pass' })).status).toBe(409);
    const confirmMail = s.ctx.mail.messages.find((m) => m.to === 'sam@acme.example' && /verify/.test(m.subject));
    const confirmToken = /\/confirm\/([\w-]+)/.exec(confirmMail!.text)![1];
    expect((await anon.post(`/auth/confirm/${confirmToken}`)).status).toBe(200);
    expect((await anon.post(`/auth/confirm/${confirmToken}`)).status).toBe(400);
    expect((await anon.post('/auth/forgot', { email: 'sam@acme.example' })).status).toBe(200);
    const resetMail = s.ctx.mail.messages.findLast((m) => m.to === 'sam@acme.example');
    const resetToken = /\/reset\/([\w-]+)/.exec(resetMail!.text)![1];
    expect((await anon.post(`/auth/reset/${resetToken}`, { password: 'abc' })).status).toBe(400);
    expect((await anon.post(`/auth/reset/${resetToken}`, { password: 'second-pass' })).status).toBe(200);
    expect((await anon.post('/auth/login', { username: 'sam@acme.example', password: 'first-pass' })).status).toBe(401);
    const token = await login(s.apiUrl, 'sam@acme.example', 'second-pass');
    expect((await client(s.apiUrl, `Bearer ${token}`).get('/user/me')).body.user.email_verified).toBe(true);
  });

  it('social login answers a clear 400: only the basic provider exists here', async () => {
    const res = await client(s.apiUrl).post('/auth/github', { code: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not configured on this server/);
  });

  it('an inactive user cannot log in', async () => {
    const adm = client(s.apiUrl, `Bearer ${admin}`);
    const created = await adm.post('/user', { name: 'Ina', email: 'ina@alerta.dev', password: 'secret-1', roles: ['user'] });
    expect(created.status).toBe(201);
    await adm.put(`/user/${created.body.id}`, { status: 'inactive' });
    expect((await client(s.apiUrl).post('/auth/login', { username: 'ina@alerta.dev', password: 'secret-1' })).status).toBe(403);
  });

  it('users keep preferences in /user/me/attributes; null deletes a key', async () => {
    const me = client(s.apiUrl, `Bearer ${await login(s.apiUrl, 'operator@alerta.dev', DEMO_PASSWORD)}`);
    await me.put('/user/me/attributes', { attributes: { prefs: { isDark: true }, queries: [{ text: 'mine', q: 'x' }] } });
    await me.put('/user/me/attributes', { attributes: { queries: null } });
    expect((await me.get('/user/me/attributes')).body.attributes).toEqual({ prefs: { isDark: true } });
  });

  it('keys cannot carry scopes their creator lacks', async () => {
    const op = client(s.apiUrl, `Bearer ${await login(s.apiUrl, 'operator@alerta.dev', DEMO_PASSWORD)}`);
    expect((await op.post('/key', { scopes: ['admin:users'] })).body).toMatchObject({ code: 403 });
    const k = await op.post('/key', { scopes: ['read:alerts'], text: 'mine' });
    expect(k.status).toBe(201);
    expect(k.body.data).toMatchObject({ user: 'operator@alerta.dev', type: 'read-only', status: 'active' });
    expect((await op.get('/keys')).body.keys.every((x: { user: string }) => x.user === 'operator@alerta.dev')).toBe(true);
  });
});

describe('read-only anonymous access', () => {
  let s: RunningServer;
  beforeAll(async () => {
    s = await startServer({ seed: 'demo', settings: { AUTH_REQUIRED: true, ALLOW_READONLY: true, READONLY_SCOPES: ['read:alerts'] } });
  });
  afterAll(() => s.close());

  it('lets anonymous callers read alerts but not write or read other resources', async () => {
    const anon = client(s.apiUrl);
    const list = await anon.get('/alerts?page-size=1');
    expect(list.status).toBe(200);
    expect((await anon.put(`/alert/${list.body.alerts[0].id}/action`, { action: 'ack' })).status).toBe(403);
    expect((await anon.get('/heartbeats')).status).toBe(403);
  });
});

describe('auth off', () => {
  let s: RunningServer;
  beforeAll(async () => {
    s = await startServer({ seed: 'demo', settings: { AUTH_REQUIRED: false } });
  });
  afterAll(() => s.close());

  it('needs no token, but still refuses a bad one', async () => {
    expect((await client(s.apiUrl).get('/users')).status).toBe(200);
    expect((await client(s.apiUrl).get('/user/me')).status).toBe(404);
    expect((await client(s.apiUrl, 'Bearer junk').get('/alerts')).status).toBe(401);
  });
});

describe('signup policy', () => {
  it('is refused when SIGNUP_ENABLED is off, and with customer views a user without a customer gets 403 (row kept)', async () => {
    const off = await startServer({ seed: 'users', settings: { AUTH_REQUIRED: true, SIGNUP_ENABLED: false } });
    expect((await client(off.apiUrl).post('/auth/signup', { name: 'x', email: 'x@y.example', password: 'secret-1' })).status).toBe(403);
    await off.close();
    const cv = await startServer({ seed: 'users', settings: { AUTH_REQUIRED: true, CUSTOMER_VIEWS: true } });
    const res = await client(cv.apiUrl).post('/auth/signup', { name: 'Nobody', email: 'nobody@nowhere.example', password: 'secret-1' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("No customer lookup configured for user 'nobody@nowhere.example' or 'nowhere.example'");
    expect(cv.db.prepare('SELECT count(*) AS n FROM users WHERE login = ?').get('nobody@nowhere.example')).toEqual({ n: 1 });
    await cv.close();
  });
});

describe('email verification', () => {
  it('with EMAIL_VERIFICATION, signup and login are refused until the mailed link is confirmed', async () => {
    const s = await startServer({ seed: 'none', settings: { AUTH_REQUIRED: true, EMAIL_VERIFICATION: true } });
    const anon = client(s.apiUrl);
    const signup = await anon.post('/auth/signup', { name: 'Vera', email: 'vera@example.org', password: 'secret-123' });
    expect(signup.body).toMatchObject({ code: 403, message: 'email not verified' });
    expect((await anon.post('/auth/login', { username: 'vera@example.org', password: 'secret-123' })).status).toBe(403);
    const mail = s.ctx.mail.messages.findLast((m) => m.to === 'vera@example.org');
    const token = /\/confirm\/([\w-]+)/.exec(mail!.text)![1];
    expect((await anon.get(`/auth/confirm/${token}`)).body.message).toBe('email address vera@example.org confirmed');
    expect((await anon.post('/auth/login', { username: 'vera@example.org', password: 'secret-123' })).status).toBe(200);
    await s.close();
  });
});

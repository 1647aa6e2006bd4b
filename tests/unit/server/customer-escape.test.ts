// Customer views hold: a customer-scoped user cannot reach another customer's alerts through API keys or by
// moving its own login or e-mail into another customer's match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { DEMO_PASSWORD } from '../../../server/seed.ts';
import { client, login, type Json } from './helpers.ts';

const AUTH = { AUTH_REQUIRED: true, CUSTOMER_VIEWS: true, ADMIN_USERS: ['admin@alerta.dev'], GUEST_DEFAULT_SCOPES: ['read'], CUSTOMER_VIEWS_UNMATCHED: 'all' as const };

let s: RunningServer;
let admin: ReturnType<typeof client>;
let acme: ReturnType<typeof client>;

/** The customers of the alerts a client sees. */
async function customersSeen(c: ReturnType<typeof client>): Promise<string[]> {
  const res = await c.get('/alerts?page-size=500');
  expect(res.status).toBe(200);
  return [...new Set((res.body.alerts as Json[]).map((a) => String(a.customer)))].sort();
}

beforeAll(async () => {
  s = await startServer({ seed: 'demo', settings: AUTH });
  admin = client(s.apiUrl, `Bearer ${await login(s.apiUrl, 'admin@alerta.dev', DEMO_PASSWORD)}`);
  expect((await admin.post('/customer', { customer: 'Globex', match: 'globex.example' })).status).toBe(201);
  expect((await admin.post('/alert', { resource: 'globex-web01', event: 'Down', environment: 'Production', severity: 'major', customer: 'Globex' })).status).toBe(201);
  acme = client(s.apiUrl, `Bearer ${await login(s.apiUrl, 'ops@acme.example', DEMO_PASSWORD)}`);
});
afterAll(() => s.close());

describe('API keys of a customer-scoped user', () => {
  const keyClient = (key: string) => client(s.apiUrl, `Key ${key}`);

  it('an empty customer on POST /key becomes the caller\'s own customer, and the key sees only it', async () => {
    for (const body of [{ customer: '' }, { customer: null }, {}]) {
      const res = await acme.post('/key', { scopes: ['read:alerts'], ...body });
      expect(res.status).toBe(201);
      expect(res.body.data.customer).toBe('Acme Corp');
      expect(await customersSeen(keyClient(res.body.key))).toEqual(['Acme Corp']);
    }
  });

  it('another customer on POST /key is 400 "not allowed to set customer to …"', async () => {
    const res = await acme.post('/key', { scopes: ['read:alerts'], customer: 'Globex' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', code: 400, message: "not allowed to set customer to 'Globex'" });
  });

  it('PUT /key/{id} with customer null keeps the key to the caller\'s customer; another customer is 400', async () => {
    const key = (await acme.post('/key', { scopes: ['read:alerts'], text: 'mine' })).body.key as string;
    const cleared = await acme.put(`/key/${key}`, { customer: null, text: 'renamed' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.key).toMatchObject({ customer: 'Acme Corp', text: 'renamed' });
    expect((await acme.put(`/key/${key}`, { customer: '' })).body.key.customer).toBe('Acme Corp');
    const other = await acme.put(`/key/${key}`, { customer: 'Globex' });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe("not allowed to set customer to 'Globex'");
    expect(await customersSeen(keyClient(key))).toEqual(['Acme Corp']);
  });

  it('an admin may give a key any customer, or none', async () => {
    const globex = await admin.post('/key', { scopes: ['read:alerts'], customer: 'Globex' });
    expect(globex.body.data.customer).toBe('Globex');
    expect(await customersSeen(keyClient(globex.body.key))).toEqual(['Globex']);
    const moved = await admin.put(`/key/${globex.body.key}`, { customer: 'Acme Corp' });
    expect(moved.body.key.customer).toBe('Acme Corp');
    const all = await admin.post('/key', { scopes: ['read:alerts'] });
    expect(all.body.data.customer).toBeNull();
  });

  it('a user who sees every customer without being an admin cannot tie a key to one (like the real server)', async () => {
    const op = client(s.apiUrl, `Bearer ${await login(s.apiUrl, 'operator@alerta.dev', DEMO_PASSWORD)}`);
    expect((await op.post('/key', { scopes: ['read:alerts'], customer: 'Globex' })).status).toBe(400);
    expect((await op.post('/key', { scopes: ['read:alerts'] })).body.data.customer).toBeNull();
  });
});

describe('own profile of a customer-scoped user', () => {
  let me: ReturnType<typeof client>;
  const LOGIN = 'ops2@acme.example';
  beforeAll(async () => {
    expect((await admin.post('/user', { name: 'Second Acme Op', email: LOGIN, password: 'acme-pass-1', roles: ['user'] })).status).toBe(201);
    me = client(s.apiUrl, `Bearer ${await login(s.apiUrl, LOGIN, 'acme-pass-1')}`);
    expect(await customersSeen(me)).toEqual(['Acme Corp']);
  });

  /** Logs in again (as the login the user has now) and returns the customers of the alerts it sees. */
  async function seenAfterLogin(username: string, password = 'acme-pass-1'): Promise<string[]> {
    return customersSeen(client(s.apiUrl, `Bearer ${await login(s.apiUrl, username, password)}`));
  }

  it('cannot change its login (400 "not allowed to update: login", like the real server)', async () => {
    const res = await me.put('/user/me', { login: 'ops@globex.example', name: 'Moved' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', code: 400, message: 'not allowed to update: login' });
    expect((await client(s.apiUrl).post('/auth/login', { username: 'ops@globex.example', password: 'acme-pass-1' })).status).toBe(401);
    expect(await seenAfterLogin(LOGIN)).toEqual(['Acme Corp']);
  });

  it('cannot move its e-mail into another customer\'s match, nor to one matching no customer', async () => {
    for (const email of ['ops2@globex.example', 'ops2@nowhere.example']) {
      const res = await me.put('/user/me', { email });
      expect(res.status, email).toBe(400);
      expect(res.body.message).toMatch(/^not allowed to change email to/);
      expect((await client(s.apiUrl).post('/auth/login', { username: email, password: 'acme-pass-1' })).status).toBe(401);
    }
    expect(await seenAfterLogin(LOGIN)).toEqual(['Acme Corp']);
    expect((await me.get('/user/me')).body.user).toMatchObject({ login: LOGIN, email: LOGIN });
  });

  it('may change its name, text, password and an e-mail of the same customer', async () => {
    const res = await me.put('/user/me', { name: 'Acme Op Two', text: 'night shift', password: 'acme-pass-2' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: 'Acme Op Two', text: 'night shift' });
    const moved = await me.put('/user/me', { email: 'ops-two@acme.example' });
    expect(moved.status).toBe(200);
    expect(moved.body.user).toMatchObject({ email: 'ops-two@acme.example', email_verified: false });
    expect(await seenAfterLogin(moved.body.user.login, 'acme-pass-2')).toEqual(['Acme Corp']);
  });

  it('an admin may still move a user to another customer', async () => {
    const id = (await me.get('/user/me')).body.user.id;
    const res = await admin.put(`/user/${id}`, { email: 'ops2@globex.example', login: 'ops2@globex.example' });
    expect(res.status).toBe(200);
    expect(await seenAfterLogin('ops2@globex.example', 'acme-pass-2')).toEqual(['Globex']);
  });
});

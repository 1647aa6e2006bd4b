// No input makes the server answer 500: every route gets odd bodies and odd query values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { client } from './helpers.ts';

let s: RunningServer;
let api: ReturnType<typeof client>;
const ids: Record<string, string> = {};

const BODIES: unknown[] = [
  null, [], 'text', 42, true, {}, { a: { b: [1, { c: null }] } },
  { resource: 1, event: [], environment: {}, severity: 5, service: [1], tags: 'x', attributes: 'y', timeout: 1.5, customer: '' },
  { action: 5, text: [], timeout: 'x', status: {}, tags: [null], attributes: [], note: 7, scopes: [1], match: 2, name: {}, email: 3,
    password: [], roles: 'admin', startTime: 5, endTime: 'x', duration: -1, origin: [], expireTime: 'never', user: 9, customer: 1,
    environment: 3, group: 4, event: 5, resource: 6 },
];
const QUERIES = ['page=x', 'page-size=0', 'sort-by=', 'q=', 'q=)', 'q=a:"', 'from-date=1', 'id=%25', 'status=', 'attributes.=1', 'repeat=maybe', 'timeout=x', 'show-history=x', 'service=%00', 'limit=-3',
  'q=type:x', 'q=id:1 AND tags:a', 'type=x', 'q=_exists_:', 'q=attributes.:x', 'q=service:/(/', 'q=tags:[a TO b]', 'q=*', 'q=%22%22', 'tag=a&tag=~b'];

beforeAll(async () => {
  s = await startServer({ seed: 'demo' });
  api = client(s.apiUrl);
  const one = (await api.get('/alerts?page-size=1')).body.alerts[0];
  ids.alert = one.id;
  ids.note = (await api.put(`/alert/${one.id}/note`, { text: 'n' })).body.id;
  ids.user = (await api.get('/users')).body.users[0].id;
  ids.group = (await api.get('/groups')).body.groups[0].id;
  ids.customer = (await api.get('/customers')).body.customers[0].id;
  ids.perm = (await api.get('/perms')).body.permissions[0].id;
  ids.key = (await api.get('/keys')).body.keys[0].key;
  ids.heartbeat = (await api.get('/heartbeats')).body.heartbeats[0].id;
  ids.blackout = (await api.get('/blackouts')).body.blackouts[0].id;
});
afterAll(() => s.close());

const ROUTES: [string, string][] = [
  ['POST', '/alert'], ['PUT', '/alert/:alert/status'], ['PUT', '/alert/:alert/action'], ['PUT', '/alert/:alert/tag'],
  ['PUT', '/alert/:alert/untag'], ['PUT', '/alert/:alert/attributes'], ['PUT', '/alert/:alert/note'],
  ['PUT', '/alert/:alert/note/:note'], ['POST', '/heartbeat'], ['POST', '/blackout'], ['PUT', '/blackout/:blackout'],
  ['POST', '/key'], ['PUT', '/key/:key'], ['POST', '/user'], ['PUT', '/user/:user'], ['PUT', '/user/me'],
  ['PUT', '/user/me/attributes'], ['PUT', '/user/:user/attributes'], ['POST', '/group'], ['PUT', '/group/:group'],
  ['PUT', '/group/:group/user/:user'], ['POST', '/customer'], ['PUT', '/customer/:customer'], ['POST', '/perm'],
  ['PUT', '/perm/:perm'], ['POST', '/auth/login'], ['POST', '/auth/signup'], ['POST', '/auth/forgot'], ['POST', '/auth/reset/nope'],
];
const LISTS = ['/alerts', '/alerts/count', '/alerts/history', '/alerts/top10/count', '/alerts/top10/flapping', '/environments',
  '/services', '/alerts/groups', '/alerts/tags', '/heartbeats', '/blackouts', '/keys', '/users', '/groups', '/customers', '/perms'];

describe('never a 500', () => {
  it.each(ROUTES)('%s %s with odd bodies', async (method, route) => {
    const p = route.replace(/:(\w+)/g, (_m, k: string) => ids[k] as string);
    for (const body of BODIES) {
      const res = await api.call(method, p, body === null ? 'null' : body);
      expect(res.status, `${method} ${p} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
    }
  });

  it.each(LISTS)('GET %s with odd query values', async (p) => {
    for (const q of QUERIES) {
      const res = await api.get(`${p}?${q}`);
      expect(res.status, `${p}?${q}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
    }
  });
});

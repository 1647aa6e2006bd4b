// Bad input gets a clear 4xx in the error envelope, never a 500, and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { client, type Json } from './helpers.ts';

let s: RunningServer;
let api: ReturnType<typeof client>;
let alertId: string;

const countRows = (table: string): number => (s.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

function expectError(res: { status: number; body: Json }, code: number, message?: string | RegExp): void {
  expect(res.status).toBe(code);
  expect(res.body).toMatchObject({ status: 'error', code });
  expect(Object.keys(res.body).sort()).toEqual(['code', 'errors', 'message', 'requestId', 'status']);
  expect(res.body.requestId).toEqual(expect.any(String));
  if (message) expect(res.body.message).toMatch(message);
}

beforeAll(async () => {
  s = await startServer({ seed: 'none', settings: { MAX_BODY_BYTES: 64 * 1024 } });
  api = client(s.apiUrl);
  alertId = (await api.post('/alert', { resource: 'web01', event: 'HighCPU', environment: 'Production', severity: 'major' })).body.id;
});
afterAll(() => s.close());

describe('bad input', () => {
  it('malformed JSON is 400', async () => {
    expectError(await api.put(`/alert/${alertId}/action`, '{"action": "ack",'), 400, /could not understand/);
    expectError(await api.post('/alert', '[1, 2'), 400);
  });

  it('a body that is not JSON is 415', async () => {
    expectError(await api.post('/alert', 'resource=web01', { 'content-type': 'application/x-www-form-urlencoded' }), 415, "POST and PUT requests must set 'Content-type' to 'application/json'");
    expectError(await api.call('PUT', `/alert/${alertId}/action`), 415);
  });

  it('an unknown severity or status is 400 (the real server answers 500)', async () => {
    expectError(await api.post('/alert', { resource: 'x', event: 'y', severity: 'catastrophic' }), 400, /^Severity \(catastrophic\) is not one of security, critical, major/);
    expectError(await api.post('/alert', { resource: 'x', event: 'y', status: 'bogus' }), 400, /Status \(bogus\)/);
    expectError(await api.put(`/alert/${alertId}/status`, { status: 'bogus' }), 400);
  });

  it('missing fields are 400 and name every missing field', async () => {
    const res = await api.post('/alert', { environment: 'Production' });
    expectError(res, 400, 'Missing mandatory value for "resource"');
    expect(res.body.errors).toEqual(['Missing mandatory value for "resource"', 'Missing mandatory value for "event"']);
    expectError(await api.put(`/alert/${alertId}/action`, { text: 'x' }), 400, "must supply 'action' as json data");
    expectError(await api.put(`/alert/${alertId}/note`, {}), 400, "must supply 'note' text");
    expectError(await api.put(`/alert/${alertId}/tag`, {}), 400, "must supply 'tags' as json list");
    expectError(await api.post('/user', { name: 'x' }), 400, "Missing mandatory value for 'email'");
  });

  it('wrong types are 400', async () => {
    expectError(await api.post('/alert', { resource: 'x', event: 'y', service: 'Web' }), 400, /"service" must be a list/);
    expectError(await api.post('/alert', { resource: 'x', event: 'y', timeout: 'soon' }), 400, /timeout/);
    expectError(await api.post('/alert', { resource: 'x', event: 'y', attributes: [] }), 400, /attributes/);
    expectError(await api.post('/alert', ['not', 'an', 'object']), 400);
    expectError(await api.put(`/alert/${alertId}/action`, { action: 'ack', timeout: -5 }), 400);
    expectError(await api.post('/blackout', { environment: 'Production', startTime: 'tomorrow' }), 400);
    expectError(await api.post('/key', { scopes: 'read' }), 400);
  });

  it('an oversized body is 413', async () => {
    expectError(await api.post('/alert', { resource: 'x', event: 'y', text: 'x'.repeat(100 * 1024) }), 413);
  });

  it('a rejected environment is 403 [POLICY] and stores nothing', async () => {
    const before = countRows('alerts');
    expectError(await api.post('/alert', { resource: 'x', event: 'y', environment: 'Staging', severity: 'major' }), 403, /^\[POLICY\] Alert environment does not match one of Production, Development/);
    expect(countRows('alerts')).toBe(before);
  });

  it('a failed request changes nothing (writes are transactional)', async () => {
    const alerts = countRows('alerts');
    const history = countRows('history');
    for (const body of [{ resource: 'new1', event: 'E', severity: 'nope' }, { event: 'E' }, { resource: 'x', event: 'y', tags: [1] }]) {
      expect((await api.post('/alert', body)).status).toBe(400);
    }
    await api.put(`/alert/${alertId}/action`, { action: 'ack' });
    const h = countRows('history');
    expect((await api.put(`/alert/${alertId}/action`, { action: 'ack' })).status).toBe(409);
    expect(countRows('history')).toBe(h);
    expect(countRows('alerts')).toBe(alerts);
    expect(h).toBe(history + 1);
  });

  it('unknown alerts, notes and routes are 404; a wrong method is 405; all in the envelope', async () => {
    expectError(await api.get('/alert/00000000-0000-0000-0000-000000000000'), 404, 'not found');
    expectError(await api.put(`/alert/${alertId}/note/00000000-0000-0000-0000-000000000000`, { text: 'x' }), 404);
    expectError(await api.get('/no-such-endpoint'), 404, /^404 Not Found/);
    expectError(await api.call('PATCH', `/alert/${alertId}`), 405, /^405 Method Not Allowed/);
    expectError(await api.call('DELETE', '/alerts'), 405);
  });

  it('bad paging and dates are 400, not 500', async () => {
    expectError(await api.get('/alerts?page=0'), 400);
    expectError(await api.get('/alerts?page-size=-1'), 400);
    expectError(await api.get('/alerts?to-date=not-a-date'), 400);
    expectError(await api.get('/alerts?q=resource:('), 400, 'Failed to parse query string.');
    expectError(await api.get('/alerts?duplicateCount=many'), 400);
  });
});

describe('HTTP behaviour', () => {
  it('echoes X-Request-ID and uses it as the error requestId', async () => {
    const res = await api.get('/alert/00000000-0000-0000-0000-000000000000', { 'x-request-id': 'abc-123' });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(res.body.requestId).toBe('abc-123');
  });

  it('CORS: echoes allowed localhost origins, not others; preflight is 200 with the allowed headers', async () => {
    const ok = await api.get('/config', { origin: 'http://localhost:5173' });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const evil = await api.get('/config', { origin: 'http://evil.example.com' });
    expect(evil.status).toBe(200);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await fetch(`${s.apiUrl}/alerts`, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:3000', 'access-control-request-method': 'PUT' } });
    expect(pre.status).toBe(200);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/authorization.*content-type.*x-request-id/);
  });

  it('every API response is JSON, except the two plain-text probes, which answer as the real server does', async () => {
    for (const p of ['/management/manifest', '/', '/no-such']) {
      const res = await fetch(`${s.apiUrl}${p}`);
      const text = await res.text();
      expect(res.headers.get('content-type'), p).toMatch(/^application\/json/);
      expect(() => JSON.parse(text), p).not.toThrow();
    }
    const gtg = await fetch(`${s.apiUrl}/management/gtg`);
    expect(gtg.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await gtg.text()).toBe('OK');
    const health = await fetch(`${s.apiUrl}/management/healthcheck`);
    expect(health.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await health.text()).toMatch(/^OK$|^HEARTBEAT_STALE: /);
  });
});

describe('hostile input', () => {
  it('deeply nested or huge queries are a 400 naming the real server limit (its 500), not a crash', async () => {
    expectError(await api.get(`/alerts?q=${'('.repeat(5000)}a${')'.repeat(5000)}`), 400, 'Failed to parse query string.');
    expectError(await api.get(`/alerts?q=${encodeURIComponent('NOT '.repeat(900))}a`), 400);
    expect((await api.get(`/alerts?q=${'a'.repeat(5000)}`)).status).toBe(200);
  });

  it('attribute names that cannot be a JSON path are 400', async () => {
    expectError(await api.get(`/alerts?${encodeURIComponent('attributes.a"b')}=1`), 400, /Invalid attribute name/);
    // in q= a field name cannot hold a quote or a backslash: the parse stops before them, as the real one does
    expect((await api.get(`/alerts?q=${encodeURIComponent('_a\\"b:1')}`)).status).toBe(200);
  });

  it('a URL the router cannot decode gets the error envelope (found by the fuzz test)', async () => {
    expectError(await api.put('/alert/%/status?=x', { status: 'open' }), 400);
    expectError(await api.get('/alerts/%zz'), 400);
  });

  it('a __proto__ key in a body is dropped', async () => {
    const res = await api.post('/alert', '{"resource":"p1","event":"E","environment":"Production","attributes":{"__proto__":{"polluted":1},"ok":1}}');
    expect(res.status).toBe(201);
    expect(res.body.alert.attributes).toEqual({ ip: '127.0.0.1', ok: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

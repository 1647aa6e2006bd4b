// Numbers and dates out of range get a clear 400, never a 500; dates are compared as instants, so a date far in
// the future (stored by an older version) is not taken for one in the past; a q= too large to run is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { client, type Json, type Res } from './helpers.ts';

let s: RunningServer;
let api: ReturnType<typeof client>;
let alertId: string;

const FAR = '+275760-09-13T00:00:00.000Z';

function expect400(res: Res, message?: RegExp): void {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(Object.keys(res.body).sort()).toEqual(['code', 'errors', 'message', 'requestId', 'status']);
  expect(res.body).toMatchObject({ status: 'error', code: 400 });
  if (message) expect(res.body.message).toMatch(message);
}

beforeAll(async () => {
  s = await startServer({ seed: 'none' });
  api = client(s.apiUrl);
  alertId = (await api.post('/alert', { resource: 'web01', event: 'HighCPU', environment: 'Production', severity: 'major' })).body.id;
});
afterAll(() => s.close());

describe('numbers out of range', () => {
  it('timeout: 1e20 on an alert, an action and a heartbeat is 400', async () => {
    expect400(await api.post('/alert', { resource: 'x', event: 'y', environment: 'Production', severity: 'minor', timeout: 1e20 }), /timeout/);
    expect400(await api.put(`/alert/${alertId}/action`, { action: 'ack', timeout: 1e20 }), /timeout/);
    expect400(await api.put(`/alert/${alertId}/action`, { action: 'shelve', timeout: 2 ** 31 }), /timeout/);
    expect400(await api.post('/heartbeat', { origin: 'x', timeout: 1e20 }), /timeout/);
    // the largest accepted timeout works
    expect((await api.put(`/alert/${alertId}/action`, { action: 'ack', timeout: 2 ** 31 - 1 })).status).toBe(200);
  });

  it('a blackout duration of 1e20 is 400', async () => {
    expect400(await api.post('/blackout', { environment: 'Production', duration: 1e20 }), /duration/);
  });

  it('page=1e300 is 400, also when nothing matches (a page size past the maximum is cut to it)', async () => {
    expect400(await api.get('/alerts?page=1e300&resource=nothing'), /page/);
    expect((await api.get('/alerts/top10/count?page-size=1e300')).status).toBe(200);
  });
});

describe('dates out of range', () => {
  it('a blackout starting or ending in year 275760 is 400, and so is one ending after year 9999', async () => {
    expect400(await api.post('/blackout', { environment: 'Production', startTime: FAR }), /startTime/);
    expect400(await api.post('/blackout', { environment: 'Production', endTime: FAR }), /endTime/);
    expect400(await api.post('/blackout', { environment: 'Production', startTime: '9999-12-31T23:00:00.000Z', duration: 7200 }), /endTime/);
  });

  it('an API key expiring in year 275760 is 400; year 9999 is fine', async () => {
    expect400(await api.post('/key', { scopes: ['read:alerts'], expireTime: FAR }), /expireTime/);
    const ok = await api.post('/key', { scopes: ['read:alerts'], expireTime: '9999-12-31T23:59:59.000Z' });
    expect(ok.status).toBe(201);
    expect(ok.body.data.status).toBe('active');
  });

  it('alert createTime and from-date/to-date in year 275760 are 400', async () => {
    expect400(await api.post('/alert', { resource: 'x', event: 'y', environment: 'Production', severity: 'minor', createTime: FAR }), /createTime/);
    expect400(await api.get(`/alerts?from-date=${encodeURIComponent(FAR)}`), /from-date/);
    expect400(await api.get(`/alerts?to-date=${encodeURIComponent(FAR)}`), /to-date/);
  });

  it('a key and a blackout ending in year 275760 (stored by an older version) count as active', async () => {
    s.db.prepare(`INSERT INTO keys (id, key, user, scopes, text, expire_time, count, customer)
      VALUES ('far', 'far-future-key-000000000000000000000000', 'script', '["read:alerts"]', '', ?, 0, NULL)`).run(FAR);
    const key = await api.get('/key/far-future-key-000000000000000000000000');
    expect(key.body.key.status).toBe('active');
    expect((await client(s.apiUrl, 'Key far-future-key-000000000000000000000000').get('/alerts')).status).toBe(200);

    const id = (await api.post('/blackout', { environment: 'Production', resource: 'far01' })).body.id;
    s.db.prepare('UPDATE blackouts SET end_time = ? WHERE id = ?').run(FAR, id);
    expect((await api.get(`/blackout/${id}`)).body.blackout.status).toBe('active');
    const suppressed = await api.post('/alert', { resource: 'far01', event: 'Down', environment: 'Production', severity: 'major' });
    expect(suppressed.status).toBe(202);
    expect(suppressed.body.message).toBe('Suppressed alert during blackout period');
  });
});

describe('queries too large to run', () => {
  it('a q= of 1,999 terms answers at once: the real server reads the first two of a flat chain', async () => {
    const q = Array.from({ length: 1999 }, () => 'a').join(' ');
    const res = await api.get(`/alerts?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
  });

  it('hundreds of filter values or attribute filters answer without a 500', async () => {
    // (a URL of the 16 KB Node accepts holds about this many)
    const ids = Array.from({ length: 1500 }, (_, i) => `id=${i.toString(16)}`).join('&');
    expect((await api.get(`/alerts?${ids}`)).status).toBe(200);
    const attrs = Array.from({ length: 900 }, (_, i) => `attributes.${i.toString(36)}=x`).join('&');
    expect((await api.get(`/alerts?${attrs}`)).status).toBe(200);
    const tags = Array.from({ length: 1100 }, (_, i) => `tag=${i}`).join('&');
    expect((await api.get(`/alerts?${tags}`)).status).toBe(200);
  });

  it('JSON nested thousands deep is 400', async () => {
    const deep = `{"resource":"x","event":"y","attributes":{"a":${'['.repeat(5000)}${']'.repeat(5000)}}}`;
    expect400(await api.post('/alert', deep), /nested/);
    const deepObj: Json = {};
    let cur = deepObj;
    for (let i = 0; i < 200; i++) cur = cur.a = {};
    expect400(await api.put(`/alert/${alertId}/attributes`, { attributes: deepObj }), /nested/);
  });
});

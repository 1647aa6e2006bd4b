// /alerts/topn/count (alias /alerts/top10/count) grouped by a field, replayed against answers of the real Alerta
// 9.1.0 server (tests/contract/topn, captured from the same alerts as below): the same groups, counts, duplicate
// counts, environments, services and alerts. Only the fields the console offers are accepted: the real server puts
// `group-by` into its SQL as it is (an unknown name is a 500 there, and an injection), this server answers 400.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { client, type Json } from './helpers.ts';

const CAPTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'contract', 'topn');

interface Capture {
  request: { path: string; query: [string, string][] };
  status: number;
  response: Json;
}

let s: RunningServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  s = await startServer({ seed: 'none' });
  api = client(s.apiUrl);
  const post = (body: Record<string, unknown>) => api.post('/alert', body);
  // The alerts the captures were made with, in the same order.
  await post({ resource: 'h1', event: 'DiskFull', environment: 'Production', severity: 'major', service: ['Web', 'App'], group: 'Capacity', origin: 'probe-a', value: '95%' });
  await post({ resource: 'h2', event: 'DiskFull', environment: 'Production', severity: 'minor', service: ['Web', 'App'], group: 'Capacity', origin: 'probe-a', value: '91%' });
  await post({ resource: 'h3', event: 'DiskFull', environment: 'Development', severity: 'major', service: ['Web'], group: 'Capacity', origin: 'probe-b', value: '97%' });
  for (let i = 0; i < 3; i++) {
    await post({ resource: 'h4', event: 'HighCPU', environment: 'Production', severity: 'critical', service: ['App'], group: 'Performance', origin: 'probe-b', value: '99%' });
  }
  const h5 = (await post({ resource: 'h5', event: 'NodeDown', environment: 'Production', severity: 'major', service: ['Db'], group: 'Availability', origin: 'probe-b', value: 'down' })).body.id;
  await api.put(`/alert/${h5}/action`, { action: 'ack', text: 'on it' });
});
afterAll(() => s.close());

/** A group as compared: ids are the server's own, so alerts are named by resource. */
function comparable(list: Json[], field: string) {
  return list.map((g: Json) => ({
    value: g[field],
    count: g.count,
    duplicateCount: g.duplicateCount,
    environments: g.environments,
    services: g.services,
    resources: g.resources.map((r: Json) => r.resource).sort(),
    keys: Object.keys(g).sort(),
  }));
}

const captures = readdirSync(CAPTURES)
  .filter((f) => f.endsWith('.json'))
  .map((f) => [f, JSON.parse(readFileSync(path.join(CAPTURES, f), 'utf8')) as Capture] as const);

describe('/alerts/topn/count grouped by a field, as the real server answers', () => {
  it.each(captures.filter(([, c]) => c.status === 200))('%s', async (_, capture) => {
    const query = new URLSearchParams(capture.request.query).toString();
    const field = capture.request.query.find(([k]) => k === 'group-by')?.[1] ?? 'event';
    const res = await api.get(`/alerts/topn/count${query ? `?${query}` : ''}`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(capture.response.total);
    expect(comparable(res.body.top10, field)).toEqual(comparable(capture.response.top10, field));
  });

  it('lists every alert of a group once, by id, with a link to it', async () => {
    const [disk] = (await api.get('/alerts/topn/count?group-by=event')).body.top10;
    const ids = disk.resources.map((r: Json) => r.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(3);
    for (const r of disk.resources) expect(r.href).toBe(`${s.apiUrl}/alert/${r.id}`);
  });

  it('filters on the fields whose names the service join would shadow (id, value, type)', async () => {
    const h1 = (await api.get('/alerts?resource=h1')).body.alerts[0].id as string;
    const byId = (await api.get(`/alerts/topn/count?group-by=resource&id=${h1.slice(0, 8)}`)).body.top10;
    expect(byId.map((g: Json) => [g.resource, g.count])).toEqual([['h1', 2]]);
    const byValue = (await api.get('/alerts/topn/count?group-by=resource&value=down')).body.top10;
    expect(byValue.map((g: Json) => g.resource)).toEqual(['h5']);
    expect((await api.get('/alerts/topn/count?group-by=event&type=exceptionAlert')).body.total).toBe(3);
  });

  it('the top10 alias answers the same', async () => {
    const topn = await api.get('/alerts/topn/count?group-by=origin');
    const top10 = await api.get('/alerts/top10/count?group-by=origin');
    expect(top10.body).toEqual(topn.body);
  });

  it('an empty report says "not found", as the real server', async () => {
    expect((await api.get('/alerts/topn/count?group-by=event&resource=nothing')).body).toEqual({ status: 'ok', message: 'not found', top10: [], total: 0 });
  });
});

describe('only the offered fields are accepted as group-by', () => {
  // The real server answers these with 500 (tests/contract/topn/*-500.json); the injection reaches its SQL.
  it.each(['group', 'bogus', 'event FROM alerts; --', 'event,resource', '"event"', 'EVENT', 'lastReceiveTime'])('refuses %s with 400 and says which fields are', async (field) => {
    for (const kind of ['count', 'flapping', 'standing']) {
      const res = await api.get(`/alerts/topn/${kind}?group-by=${encodeURIComponent(field)}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("Invalid 'group-by' parameter");
      expect(res.body.message).toContain('event, resource, environment, service, origin, customer');
    }
  });

  it('takes the first group-by when several are given, as the real server', async () => {
    const res = await api.get('/alerts/topn/count?group-by=environment&group-by=event');
    expect(res.body.top10.map((g: Json) => g.environment)).toEqual(['Production', 'Development']);
  });
});

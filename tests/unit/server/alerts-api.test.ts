// Alerts over HTTP with auth off: envelopes, filters, paging, sorting, transitions and summaries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { client } from './helpers.ts';

let s: RunningServer;
let api: ReturnType<typeof client>;

const post = (body: Record<string, unknown>) => api.post('/alert', { environment: 'Production', service: ['Web'], ...body });

beforeAll(async () => {
  s = await startServer({ seed: 'none' });
  api = client(s.apiUrl);
  await post({ resource: 'web01', event: 'HighCPU', severity: 'critical', service: ['Web', 'Platform'], group: 'Performance', text: 'CPU high on disk host', attributes: { region: 'eu-west-1' }, tags: ['watch:alice'] });
  await post({ resource: 'web02', event: 'DiskFull', severity: 'major', group: 'Capacity', text: 'Disk full', attributes: { region: 'us-east-1' } });
  await post({ resource: 'db01', event: 'SlowQuery', severity: 'minor', service: ['Database'], environment: 'Development', group: 'Performance', customer: 'Acme Corp' });
  await post({ resource: 'db02', event: 'Backup', severity: 'ok', service: ['Database'], environment: 'Development' });
  await post({ resource: 'lb01', event: 'Flap', severity: 'warning', service: ['Network'] });
});
afterAll(() => s.close());

describe('GET /alerts', () => {
  it('returns the full envelope with counts over the whole filtered result', async () => {
    const res = await api.get('/alerts?page-size=2');
    expect(Object.keys(res.body).sort()).toEqual(['alerts', 'autoRefresh', 'lastTime', 'more', 'page', 'pageSize', 'pages', 'severityCounts', 'status', 'statusCounts', 'total']);
    expect(res.body).toMatchObject({ status: 'ok', total: 5, page: 1, pageSize: 2, pages: 3, more: true, autoRefresh: true });
    expect(res.body.alerts).toHaveLength(2);
    expect(res.body.severityCounts).toEqual({ critical: 1, major: 1, minor: 1, ok: 1, warning: 1 });
    expect(res.body.statusCounts).toEqual({ closed: 1, open: 4 });
    expect(res.body.alerts[0].history).toEqual([]);
    expect(res.body.alerts[0].rawData).toBeNull();
  });

  it('an empty result says "not found" with pages 0 and empty counts', async () => {
    const res = await api.get('/alerts?resource=nope');
    expect(res.body).toMatchObject({ status: 'ok', message: 'not found', total: 0, pages: 0, more: false, alerts: [], severityCounts: {}, statusCounts: {} });
  });

  it('a page past the end is 416 "page out of range"', async () => {
    const res = await api.get('/alerts?page=4&page-size=2');
    expect(res.status).toBe(416);
    expect(res.body.message).toBe('page out of range: 1-3');
  });

  it.each([
    ['environment=Development', ['db01', 'db02']],
    ['status=open&status=ack&environment=Development', ['db01']],
    ['service=Database&service=Network', ['db01', 'db02', 'lb01']],
    ['group=Performance', ['db01', 'web01']],
    ['customer=Acme Corp', ['db01']],
    ['environment!=Production', ['db01', 'db02']],
    ['text=~disk', ['web01', 'web02']],
    ['attributes.region=eu-west-1', ['web01']],
    ['severity=critical&severity=major', ['web01', 'web02']],
    ['q=tags:"watch:alice"', ['web01']],
    ['tag=watch:alice', ['web01']],
    ['q=resource:db AND NOT severity:ok', ['db01']],
  ])('filters %s', async (qs, expected) => {
    const res = await api.get(`/alerts?${qs}`);
    expect(res.status).toBe(200);
    expect(res.body.alerts.map((a: { resource: string }) => a.resource).sort()).toEqual(expected);
  });

  it('refuses unknown filter parameters with 400 like the real server', async () => {
    expect((await api.get('/alerts?tags=x')).body.message).toBe('Invalid filter parameter: tags');
    expect((await api.get('/alerts?kiosk=1')).body.message).toBe('Invalid filter parameter: kiosk');
    expect((await api.get('/alerts?sort-by=bogus')).status).toBe(400);
    expect((await api.get('/alerts?page=abc')).status).toBe(400);
    expect((await api.get('/alerts?from-date=yesterday')).status).toBe(400);
  });

  it('sorts by severity then newest by default direction and reverses with -', async () => {
    const bySeverity = await api.get('/alerts?sort-by=severity');
    expect(bySeverity.body.alerts.map((a: { severity: string }) => a.severity)).toEqual(['critical', 'major', 'minor', 'warning', 'ok']);
    const reversed = await api.get('/alerts?sort-by=-severity');
    expect(reversed.body.alerts[0].severity).toBe('ok');
    const newest = await api.get('/alerts?sort-by=lastReceiveTime');
    expect(newest.body.alerts[0].resource).toBe('lb01');
  });

  it('from-date returns only alerts received after it; lastTime is the newest on the page', async () => {
    const all = await api.get('/alerts?sort-by=lastReceiveTime');
    const last = all.body.lastTime;
    expect(last).toBe(all.body.alerts[0].lastReceiveTime);
    expect((await api.get(`/alerts?from-date=${encodeURIComponent(last)}`)).body.total).toBe(0);
    await post({ resource: 'web01', event: 'HighCPU', severity: 'critical', service: ['Web', 'Platform'] });
    const poll = await api.get(`/alerts?from-date=${encodeURIComponent(last)}`);
    expect(poll.body.alerts.map((a: { resource: string; duplicateCount: number }) => [a.resource, a.duplicateCount])).toEqual([['web01', 1]]);
    // the re-sent alert now has a later lastReceiveTime than the bound
    const upTo = await api.get(`/alerts?to-date=${encodeURIComponent(last)}`);
    expect(upTo.body.total).toBe(4);
  });

  it('show-history and show-raw-data include history and rawData', async () => {
    await post({ resource: 'raw01', event: 'Raw', severity: 'minor', rawData: '{"x":1}' });
    const res = await api.get('/alerts?resource=raw01&show-history=true&show-raw-data=true');
    expect(res.body.alerts[0].rawData).toBe('{"x":1}');
    expect(res.body.alerts[0].history[0].type).toBe('new');
  });

  it('finds an alert by id prefix, as GET /alert/{8 chars} and ?id=', async () => {
    const id = (await api.get('/alerts?resource=web02')).body.alerts[0].id as string;
    expect((await api.get(`/alert/${id.slice(0, 8)}`)).body.alert.id).toBe(id);
    expect((await api.get(`/alerts?id=${id.slice(0, 8)}`)).body.total).toBe(1);
  });
});

describe('summaries', () => {
  it('/environments honours the same filters and counts per environment', async () => {
    const res = await api.get('/environments?status=open');
    expect(res.body.environments).toEqual([
      { count: 1, environment: 'Development', severityCounts: { minor: 1 }, statusCounts: { open: 1 } },
      expect.objectContaining({ environment: 'Production' }),
    ]);
  });

  it('/alerts/count, /services, /alerts/groups, /alerts/tags, /alerts/history and top10', async () => {
    expect((await api.get('/alerts/count?environment=Development')).body).toMatchObject({ total: 2, statusCounts: { closed: 1, open: 1 } });
    const services = (await api.get('/services')).body.services.map((x: { service: string; environment: string }) => `${x.environment}/${x.service}`);
    expect(services).toContain('Production/Platform');
    expect((await api.get('/alerts/groups')).body.groups).toContainEqual({ count: 1, environment: 'Production', group: 'Capacity' });
    expect((await api.get('/alerts/tags')).body.tags).toContainEqual({ count: 1, environment: 'Production', tag: 'watch:alice' });
    expect((await api.get('/alerts/history?page-size=3')).body.history).toHaveLength(3);
    const top = (await api.get('/alerts/top10/count')).body.top10;
    expect(top[0]).toMatchObject({ event: expect.any(String), count: expect.any(Number), resources: expect.any(Array) });
  });
});

describe('operator actions over HTTP', () => {
  it('ack, 409 on ack again, unack, shelve, unshelve, close, 409 on close again, open', async () => {
    const id = (await post({ resource: 'act01', event: 'Act', severity: 'major' })).body.id;
    const action = (a: string, extra: Record<string, unknown> = {}) => api.put(`/alert/${id}/action`, { action: a, text: `${a} it`, ...extra });
    expect((await action('ack', { timeout: 3600 })).body).toEqual({ status: 'ok' });
    expect((await action('ack')).body).toMatchObject({ code: 409, message: 'alert is already in ack status' });
    expect((await action('unack')).status).toBe(200);
    expect((await action('shelve')).status).toBe(200);
    expect((await action('ack')).status).toBe(409);
    expect((await action('unshelve')).status).toBe(200);
    expect((await action('close')).status).toBe(200);
    expect((await action('close')).body.message).toBe('alert is already in closed status');
    expect((await action('open')).status).toBe(200);
    const alert = (await api.get(`/alert/${id}`)).body.alert;
    expect(alert).toMatchObject({ status: 'open', severity: 'major' });
    expect(alert.history.map((h: { type: string }) => h.type)).toEqual(['new', 'ack', 'unack', 'shelve', 'unshelve', 'close', 'open']);
    expect((await action('explode')).status).toBe(200);
  });

  it('tags, untags, attributes (null deletes), notes and delete', async () => {
    const id = (await post({ resource: 'note01', event: 'Note', severity: 'minor', attributes: { a: 1, b: 2 } })).body.id;
    await api.put(`/alert/${id}/tag`, { tags: ['watch:bob', 'x'] });
    await api.put(`/alert/${id}/untag`, { tags: ['x'] });
    await api.put(`/alert/${id}/attributes`, { attributes: { b: null, c: 'https://example.com' } });
    const note = await api.put(`/alert/${id}/note`, { text: 'first' });
    expect(note.status).toBe(201);
    const noteId = note.body.id;
    expect((await api.put(`/alert/${id}/note/${noteId}`, { text: 'edited' })).body.note.text).toBe('edited');
    const alert = (await api.get(`/alert/${id}`)).body.alert;
    expect(alert.tags).toEqual(['watch:bob']);
    expect(alert.attributes).toMatchObject({ a: 1, c: 'https://example.com' });
    expect(alert.attributes).not.toHaveProperty('b');
    expect((await api.get(`/alert/${id}/notes`)).body.notes.map((n: { text: string }) => n.text)).toEqual(['edited']);
    expect((await api.del(`/alert/${id}/note/${noteId}`)).status).toBe(200);
    expect((await api.get(`/alert/${id}`)).body.alert.history.map((h: { type: string }) => h.type)).toEqual(['new', 'note', 'dismiss']);
    expect((await api.del(`/alert/${id}`)).status).toBe(200);
    expect((await api.del(`/alert/${id}`)).status).toBe(404);
  });
});

describe('blackouts and heartbeats', () => {
  it('an alert matching an active blackout is suppressed with 202 and not stored', async () => {
    const b = await api.post('/blackout', { environment: 'Development', service: ['Cache'], duration: 600, text: 'upgrade' });
    expect(b.status).toBe(201);
    expect(b.body.blackout).toMatchObject({ status: 'active', priority: 3, remaining: 600 });
    const res = await post({ resource: 'cache09', event: 'MemoryHigh', severity: 'major', environment: 'Development', service: ['Cache'] });
    expect(res.status).toBe(202);
    expect(res.body.message).toBe('Suppressed alert during blackout period');
    expect((await api.get('/alerts?resource=cache09')).body.total).toBe(0);
    expect((await post({ resource: 'cache09', event: 'MemoryHigh', severity: 'major', environment: 'Production', service: ['Cache'] })).status).toBe(201);
    const future = await api.post('/blackout', { environment: 'Production', startTime: '2099-01-01T00:00:00.000Z', endTime: '2099-01-01T01:00:00.000Z' });
    expect(future.body.blackout).toMatchObject({ status: 'pending', duration: 3600 });
    expect((await api.post('/blackout', { service: ['Web'] })).status).toBe(400);
  });

  it('an edit changes only the times it is sent, as the real server does: the other keeps its instant', async () => {
    const created = await api.post('/blackout', { environment: 'Production', startTime: '2099-01-01T00:00:07.250Z', endTime: '2099-01-01T01:00:09.750Z' });
    const id = created.body.blackout.id as string;
    const movedEnd = await api.put(`/blackout/${id}`, { endTime: '2099-01-01T02:00:00.000Z', duration: 7193 });
    expect(movedEnd.body.blackout).toMatchObject({ startTime: '2099-01-01T00:00:07.250Z', endTime: '2099-01-01T02:00:00.000Z' });
    const movedStart = await api.put(`/blackout/${id}`, { startTime: '2099-01-01T00:30:00.000Z', duration: 5400 });
    expect(movedStart.body.blackout).toMatchObject({ startTime: '2099-01-01T00:30:00.000Z', endTime: '2099-01-01T02:00:00.000Z', duration: 5400 });
  });

  it('an event named Heartbeat becomes a heartbeat (202); status is ok, slow or expired', async () => {
    const hb = await post({ resource: 'agent-01', event: 'Heartbeat', severity: 'informational', origin: 'agent-01/hb', timeout: 120 });
    expect(hb.status).toBe(202);
    expect(hb.body.message).toBe('Alert converted to Heartbeat');
    const slow = await api.post('/heartbeat', { origin: 'slow/agent', timeout: 300, createTime: new Date(Date.now() - 5000).toISOString() });
    expect(slow.body.heartbeat.status).toBe('slow');
    const list = (await api.get('/heartbeats')).body.heartbeats;
    expect(list.find((h: { origin: string }) => h.origin === 'agent-01/hb').status).toBe('ok');
    expect((await api.get('/management/healthcheck')).status).toBe(200);
  });
});

// The offline outbox against the demo server (what an operator does without a network is kept, shown and
// delivered): entries survive a worker restart, go in order once the API answers, each conflict is told and dropped,
// a 403 is told with the server's message, and a note whose answer was lost is not posted twice.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../server/start.ts';
import { startDemoServer } from './demo-server.ts';
import { createDataService } from '../../../src/worker/service.ts';
import type { AlertSeen, NoticeMessage, OutboxMessage, WorkerEvent } from '../../../src/worker/contract/index.ts';
import { defaultView } from '../../../src/core/alerts-query.ts';
import type { Config } from '../../../src/core/types.ts';

let server: RunningServer;
let counter = 0;

beforeAll(async () => {
  server = await startDemoServer(
    {
      AUTH_REQUIRED: true,
      ADMIN_USERS: ['admin@alerta.dev'],
      GUEST_DEFAULT_SCOPES: ['read'],
      // one-second polls keep these tests short; the rules scale with the interval
      AUTO_REFRESH_INTERVAL: 1000,
    },
    { testHooks: true },
  );
});
afterAll(async () => {
  await server.close();
});

const opened: { close(): void }[] = [];
afterEach(() => {
  for (const service of opened.splice(0)) service.close();
});

/** A network that can be cut: every request then fails as a browser's fetch does with no connection. */
function network() {
  const state = { down: false, loseAnswers: null as RegExp | null };
  const fetchImpl: typeof fetch = async (input, init) => {
    if (state.down) throw new TypeError('Failed to fetch');
    const url = String(input instanceof Request ? input.url : input);
    if (state.loseAnswers?.test(`${init?.method ?? 'GET'} ${url}`)) {
      // the request arrives, its answer never does (a tunnel, a crash before the answer was read)
      await fetch(input, init);
      throw new TypeError('Failed to fetch');
    }
    return fetch(input, init);
  };
  return { state, fetchImpl };
}

async function open(cacheName: string, net: ReturnType<typeof network>, token: string | null = null, pathname: string | null = null) {
  const events: WorkerEvent[] = [];
  const service = createDataService({ cacheName, fetchImpl: net.fetchImpl, coordination: null });
  opened.push(service);
  await service.subscribe((e) => events.push(e));
  const address = pathname ? { address: { pathname, search: '', hash: '', buildBase: '/' } } : {};
  const init = await service.init({ configUrl: `${server.url}/config.json`, buildConfig: {}, token, ...address });
  if (!init.ok) throw new Error(init.error.message);
  return { service, events, config: init.value.config };
}

async function signIn(login: string, net = network()) {
  const cacheName = `outbox-${++counter}-${Date.now()}`;
  const tab = await open(cacheName, net);
  const session = await tab.service.login(login, 'alerta-demo');
  if (!session.ok || !session.value.token) throw new Error('login');
  return { ...tab, net, token: session.value.token, cacheName };
}

async function api(pathname: string, token: string, init: RequestInit = {}) {
  const res = await fetch(`${server.apiUrl}${pathname}`, { ...init, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

let alertCounter = 0;
/** A fresh open alert of its own, as the user sees it in the list. */
async function newAlert(token: string): Promise<{ id: string; seen: AlertSeen }> {
  const resource = `outbox-${++alertCounter}-${Date.now()}`;
  const created = await api('/alert', token, { method: 'POST', body: JSON.stringify({ resource, event: 'DiskFull', environment: 'Production', severity: 'major', service: ['Storage'] }) });
  const alert = created.body.alert as { id: string; status: string; lastReceiveId: string };
  return { id: alert.id, seen: { status: alert.status, lastReceiveId: alert.lastReceiveId, resource, event: 'DiskFull' } };
}

async function alertOf(id: string, token: string) {
  return (await api(`/alert/${id}`, token)).body.alert as { status: string; tags: string[]; lastReceiveId: string };
}

async function notesOf(id: string, token: string) {
  return ((await api(`/alert/${id}/notes`, token)).body.notes as { text: string }[]).map((n) => n.text);
}

async function until<T>(find: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 8000, what = 'condition'): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const found = await find();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const lastOutbox = (events: WorkerEvent[]) => events.filter((e): e is OutboxMessage => e.type === 'outbox').at(-1)?.entries;
const notices = (events: WorkerEvent[]) => events.filter((e): e is NoticeMessage => e.type === 'notice');
const view = (config: Config) => defaultView(config, 20);

describe('offline outbox', () => {
  it('keeps actions and notes made offline across a worker restart, and delivers them once, in order, when the API answers', async () => {
    const ops = await signIn('operator@alerta.dev');
    const a = await newAlert(ops.token);
    const b = await newAlert(ops.token);
    await ops.service.setView(view(ops.config));

    ops.net.state.down = true;
    const ack = await ops.service.act([a.id], 'ack', 'on it', { [a.id]: a.seen });
    expect(ack.ok && ack.value.queued).toEqual([a.id]);
    expect(await ops.service.addNote(a.id, 'disk swapped', a.seen)).toEqual({ ok: true, value: null });
    const watch = await ops.service.watch([b.id], true, { [b.id]: b.seen });
    expect(watch.ok && watch.value.queued).toEqual([b.id]);
    expect(lastOutbox(ops.events)?.map((e) => [e.alertId, e.command.kind])).toEqual([
      [a.id, 'action'],
      [a.id, 'note'],
      [b.id, 'watch'],
    ]);
    expect(lastOutbox(ops.events)?.[0]?.label).toBe(`${a.seen.resource} · DiskFull`);
    expect((await alertOf(a.id, ops.token)).status).toBe('open');

    // The worker ends (the tab closed, the phone killed it); a new one starts, still offline.
    ops.service.close();
    const again = await open(ops.cacheName, ops.net, ops.token);
    await until(() => lastOutbox(again.events)?.length === 3, 3000, 'the outbox after a restart');

    server.testHooks!.reset();
    ops.net.state.down = false;
    await again.service.setView(view(again.config));
    await until(async () => (await alertOf(a.id, ops.token)).status === 'ack' && (await alertOf(b.id, ops.token)).tags.includes('watch:operator@alerta.dev'), 8000, 'delivery');
    expect(await notesOf(a.id, ops.token)).toEqual(['disk swapped']);
    const puts = server.testHooks!.log().filter((l) => l.startsWith('PUT '));
    expect(puts).toEqual([`PUT /alert/${a.id}/action`, `PUT /alert/${a.id}/note`, `PUT /alert/${b.id}/tag`]);
    await until(() => lastOutbox(again.events)?.length === 0, 3000, 'an empty outbox');
    expect(notices(again.events).find((n) => n.key === 'OutboxDelivered')?.values).toEqual({ count: 3 });
  });

  it('a start at the alert list delivers what was queued, though this tab became the poller before its cache was open', async () => {
    const ops = await signIn('operator@alerta.dev');
    const a = await newAlert(ops.token);
    ops.net.state.down = true;
    const ack = await ops.service.act([a.id], 'ack', 'offline ack', { [a.id]: a.seen });
    expect(ack.ok && ack.value.queued).toEqual([a.id]);
    ops.service.close();

    // Back online, the console opens at /alerts: the list's start makes this (only) tab the poller at once.
    ops.net.state.down = false;
    const again = await open(ops.cacheName, ops.net, ops.token, '/alerts');
    await until(async () => (await alertOf(a.id, ops.token)).status === 'ack', 8000, 'delivery');
    await until(() => lastOutbox(again.events)?.length === 0, 3000, 'an empty outbox');
  });

  it('drops each action made moot meanwhile and names the alert and the reason', async () => {
    const ops = await signIn('operator@alerta.dev');
    const admin = await api('/auth/login', '', { method: 'POST', body: JSON.stringify({ username: 'admin@alerta.dev', password: 'alerta-demo' }) });
    const adminToken = admin.body.token as string;
    const [deleted, acked, closed, again] = [await newAlert(ops.token), await newAlert(ops.token), await newAlert(ops.token), await newAlert(ops.token)];
    await ops.service.setView(view(ops.config));

    ops.net.state.down = true;
    const all = [deleted, acked, closed, again];
    const queued = await ops.service.act(
      all.map((x) => x.id),
      'ack',
      '',
      Object.fromEntries(all.map((x) => [x.id, x.seen])),
    );
    expect(queued.ok && queued.value.queued.length).toBe(4);

    // Meanwhile, elsewhere: deleted, acked by someone else, closed, and received again.
    expect((await api(`/alert/${deleted.id}`, adminToken, { method: 'DELETE' })).status).toBe(200);
    await api(`/alert/${acked.id}/action`, adminToken, { method: 'PUT', body: JSON.stringify({ action: 'ack', text: 'mine' }) });
    await api(`/alert/${closed.id}/action`, adminToken, { method: 'PUT', body: JSON.stringify({ action: 'close', text: '' }) });
    await api('/alert', adminToken, { method: 'POST', body: JSON.stringify({ resource: again.seen.resource, event: 'DiskFull', environment: 'Production', severity: 'major', service: ['Storage'] }) });
    expect((await alertOf(again.id, ops.token)).lastReceiveId).not.toBe(again.seen.lastReceiveId);

    server.testHooks!.reset();
    ops.net.state.down = false;
    await ops.service.refresh();
    await until(() => lastOutbox(ops.events)?.length === 0, 8000, 'an empty outbox');
    const told = notices(ops.events).filter((n) => n.key?.startsWith('OutboxDrop'));
    expect(told.map((n) => [n.key, n.values?.alert, n.values?.action])).toEqual([
      ['OutboxDropDeleted', `${deleted.seen.resource} · DiskFull`, 'ack'],
      ['OutboxDropAlready', `${acked.seen.resource} · DiskFull`, 'ack'],
      ['OutboxDropClosed', `${closed.seen.resource} · DiskFull`, 'ack'],
      ['OutboxDropChanged', `${again.seen.resource} · DiskFull`, 'ack'],
    ]);
    // nothing was sent for any of them
    expect(server.testHooks!.log().filter((l) => l.startsWith('PUT '))).toEqual([]);
    expect((await alertOf(closed.id, ops.token)).status).toBe('closed');
    expect((await alertOf(again.id, ops.token)).status).toBe('open');
  });

  it("drops an action the server forbids (403) and shows the server's message", async () => {
    const ops = await signIn('operator@alerta.dev');
    const target = await newAlert(ops.token);
    const viewer = await signIn('viewer@alerta.dev');
    await viewer.service.setView(view(viewer.config));
    viewer.net.state.down = true;
    const queued = await viewer.service.act([target.id], 'ack', '', { [target.id]: target.seen });
    expect(queued.ok && queued.value.queued).toEqual([target.id]);
    viewer.net.state.down = false;
    await viewer.service.refresh();
    await until(() => lastOutbox(viewer.events)?.length === 0, 8000, 'an empty outbox');
    const told = notices(viewer.events).find((n) => n.key === 'OutboxDropForbidden');
    expect(told?.values?.alert).toBe(`${target.seen.resource} · DiskFull`);
    expect(told?.values?.reason).toMatch(/scope|permission|forbidden/i);
    expect((await alertOf(target.id, ops.token)).status).toBe('open');
  });

  it('a note whose answer was lost is not posted twice', async () => {
    const ops = await signIn('operator@alerta.dev');
    const target = await newAlert(ops.token);
    await ops.service.setView(view(ops.config));
    // online, but the answer to the note never comes back: it is kept as maybe sent
    ops.net.state.loseAnswers = /^PUT .*\/note$/;
    expect(await ops.service.addNote(target.id, 'rebooted the array', target.seen)).toEqual({ ok: true, value: null });
    expect(lastOutbox(ops.events)).toHaveLength(1);
    expect(await notesOf(target.id, ops.token)).toEqual(['rebooted the array']);

    server.testHooks!.reset();
    ops.net.state.loseAnswers = null;
    await ops.service.refresh();
    await until(() => lastOutbox(ops.events)?.length === 0, 8000, 'an empty outbox');
    expect(await notesOf(target.id, ops.token)).toEqual(['rebooted the array']);
    expect(server.testHooks!.counts()[`PUT /alert/${target.id}/note`]).toBeUndefined();
    expect(notices(ops.events).find((n) => n.key === 'OutboxDelivered')?.values).toEqual({ count: 1 });
  });

  it('an action whose answer was lost is found done, not sent again', async () => {
    const ops = await signIn('operator@alerta.dev');
    const target = await newAlert(ops.token);
    await ops.service.setView(view(ops.config));
    ops.net.state.loseAnswers = /^PUT .*\/action$/;
    const queued = await ops.service.act([target.id], 'shelve', '', { [target.id]: target.seen });
    expect(queued.ok && queued.value.queued).toEqual([target.id]);
    expect((await alertOf(target.id, ops.token)).status).toBe('shelved');

    server.testHooks!.reset();
    ops.net.state.loseAnswers = null;
    await ops.service.refresh();
    await until(() => lastOutbox(ops.events)?.length === 0, 8000, 'an empty outbox');
    expect(server.testHooks!.counts()[`PUT /alert/${target.id}/action`]).toBeUndefined();
    expect(notices(ops.events).some((n) => n.key?.startsWith('OutboxDrop'))).toBe(false);
  });

  it("entries wait for their user's next sign-in; another user neither sees nor sends them", async () => {
    const net = network();
    const ops = await signIn('operator@alerta.dev', net);
    const target = await newAlert(ops.token);
    await ops.service.setView(view(ops.config));
    net.state.down = true;
    await ops.service.act([target.id], 'ack', '', { [target.id]: target.seen });
    expect(lastOutbox(ops.events)).toHaveLength(1);
    ops.service.close();

    // Later, signed out (the session expired meanwhile) and online again: the admin signs in on the same device.
    net.state.down = false;
    server.testHooks!.reset();
    const later = await open(ops.cacheName, net, null);
    const admin = await later.service.login('admin@alerta.dev', 'alerta-demo');
    expect(admin.ok).toBe(true);
    await later.service.setView(view(later.config));
    await until(() => lastOutbox(later.events)?.length === 0, 3000, "the admin's empty outbox");
    await later.service.refresh();
    await new Promise((r) => setTimeout(r, 300));
    expect((await alertOf(target.id, ops.token)).status).toBe('open');

    // The operator signs in again: their action goes.
    await later.service.logout();
    expect((await later.service.login('operator@alerta.dev', 'alerta-demo')).ok).toBe(true);
    await until(async () => (await alertOf(target.id, ops.token)).status === 'ack', 8000, 'delivery after sign-in');
  });
});

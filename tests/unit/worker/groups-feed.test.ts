// Grouped lists and the overview against the demo server: the worker keeps every alert of the view in step by deltas
// (three cheap questions a cycle, whatever is open: src/worker/set-sync.ts), groups them as src/core/alert-groups.ts
// says, sends the open groups' alerts, diffs groups like rows (a new alert in a group is news), caches them for an
// offline start, and acts on every alert of a group, also those no tab has loaded.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../server/start.ts';
import { startDemoServer } from './demo-server.ts';
import { createDataService } from '../../../src/worker/service.ts';
import type { AlertsFull, AlertsPatch, GroupActionProgress, OutboxMessage, WorkerEvent } from '../../../src/worker/contract/index.ts';
import { defaultView } from '../../../src/core/alerts-query.ts';
import { EMPTY_GROUP } from '../../../src/core/alert-groups.ts';
import { FIRST_ROWS } from '../../../src/worker/view-index.ts';
import type { AlertsView, Config } from '../../../src/core/types.ts';

let server: RunningServer;
const opened: { close(): void }[] = [];

beforeAll(async () => {
  server = await startDemoServer({ AUTH_REQUIRED: false });
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

/** A network that counts requests, can be cut, and can garble the next answer whose URL holds `garble`. */
function network() {
  const state = { down: false, requests: [] as string[], garble: null as string | null };
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    state.requests.push(`${init?.method ?? 'GET'} ${url.replace(server.apiUrl, '')}`);
    if (state.down) throw new TypeError('Failed to fetch');
    if (state.garble && url.includes(state.garble)) {
      state.garble = null;
      return new Response('{"status":"ok","alerts":"garbled by a proxy"}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    return fetch(input, init);
  };
  return { state, fetchImpl };
}

let counter = 0;
async function open(net = network(), cacheName = `groups-${++counter}-${Date.now()}`) {
  const events: WorkerEvent[] = [];
  const service = createDataService({ cacheName, fetchImpl: net.fetchImpl, coordination: null });
  opened.push(service);
  await service.subscribe((e) => events.push(e));
  const init = await service.init({ configUrl: `${server.url}/config.json`, buildConfig: {}, token: null });
  if (!init.ok) throw new Error(init.error.message);
  return { service, events, config: init.value.config, net, cacheName };
}

async function nextEvent<T extends WorkerEvent['type']>(events: WorkerEvent[], type: T, from: number): Promise<Extract<WorkerEvent, { type: T }>> {
  for (let i = 0; i < 300; i++) {
    const found = events.slice(from).find((e) => e.type === type);
    if (found) return found as Extract<WorkerEvent, { type: T }>;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no ${type} event`);
}

async function post(body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${server.apiUrl}/alert`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function api<T>(path: string): Promise<T> {
  return (await (await fetch(`${server.apiUrl}${path}`)).json()) as T;
}

/**
 * A storm of its own (a group value no other test uses), in Production: DiskFull on 5 hosts (one critical, one acked,
 * one in two services), NodeDown on 2, and one alert without a service.
 */
async function storm() {
  const tag = `storm-${++counter}-${Date.now()}`;
  const ids: Record<string, string> = {};
  const add = async (name: string, body: Record<string, unknown>) => {
    ids[name] = await post({ environment: 'Production', group: tag, severity: 'minor', service: ['Web'], ...body });
    // one receive time per alert: the view orders equal severities newest first
    await new Promise((r) => setTimeout(r, 3));
  };
  await add('d1', { resource: `${tag}-h1`, event: 'DiskFull', severity: 'critical' });
  await add('d2', { resource: `${tag}-h2`, event: 'DiskFull', service: ['Web', 'Db'] });
  await add('d3', { resource: `${tag}-h3`, event: 'DiskFull' });
  await add('d4', { resource: `${tag}-h4`, event: 'DiskFull' });
  await add('d5', { resource: `${tag}-h5`, event: 'DiskFull', severity: 'warning' });
  await add('n1', { resource: `${tag}-h1`, event: 'NodeDown', severity: 'major' });
  await add('n2', { resource: `${tag}-h2`, event: 'NodeDown', severity: 'major', service: [] });
  const ack = await fetch(`${server.apiUrl}/alert/${ids.d4}/action`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ action: 'ack' }) });
  expect(ack.status).toBe(200);
  return { tag, ids };
}

function viewFor(config: Config, tag: string, patch: Partial<AlertsView> = {}): AlertsView {
  const view = defaultView(config, 20);
  return { ...view, filter: { ...view.filter, group: [tag] }, ...patch };
}

/**
 * The alerts of `tag` grouped by event with the group `openKey` open in one tab (its rows and the group cached), then
 * the tab gone and another started with the network down, showing the same view: the second tab, the view, and each
 * tab's first message.
 */
async function offlineStart(tag: string, openKey: string) {
  const net = network();
  const first = await open(net);
  const view = viewFor(first.config, tag, { groupBy: 'event' });
  await first.service.setOpenGroups([openKey]);
  await first.service.setView(view);
  const live = (await nextEvent(first.events, 'alerts-full', 0)) as AlertsFull;
  await new Promise((r) => setTimeout(r, 200));
  first.service.close();

  net.state.down = true;
  const second = await open(net, first.cacheName);
  await second.service.setOpenGroups([openKey]);
  await second.service.setView(view);
  const cached = (await nextEvent(second.events, 'alerts-full', 0)) as AlertsFull;
  return { live, second, view, cached };
}

/** offlineStart with a group 'Big' of `size` alerts of its own. */
async function bigGroupOfflineStart(prefix: string, size: number) {
  const tag = `${prefix}-${++counter}-${Date.now()}`;
  for (let i = 0; i < size; i++) await post({ resource: `${tag}-h${i}`, event: 'Big', environment: 'Production', group: tag, severity: 'minor', service: ['Web'] });
  return offlineStart(tag, 'Big');
}

describe('a grouped list', () => {
  it('groups every alert of the view as the API counts them, worst first, from one pull of its set', async () => {
    const { tag } = await storm();
    const { service, events, config, net } = await open();
    net.state.requests.length = 0;
    await service.setView(viewFor(config, tag, { groupBy: 'event' }));
    const full = (await nextEvent(events, 'alerts-full', 0)) as AlertsFull;
    expect(full.groups?.field).toBe('event');
    const groups = full.groups!.groups;
    expect(groups.map((g) => g.key)).toEqual(['DiskFull', 'NodeDown']);
    // What the API counts for the same filter, group by group.
    for (const g of groups) {
      const counted = await api<{ total: number; severityCounts: Record<string, number>; statusCounts: Record<string, number> }>(
        `/alerts/count?group=${tag}&status=open&status=ack&event=${g.key}`,
      );
      expect(g.count).toBe(counted.total);
      expect(g.severityCounts).toEqual(counted.severityCounts);
      expect(g.statusCounts).toEqual(counted.statusCounts);
    }
    const disk = groups[0]!;
    expect(disk).toMatchObject({ count: 5, severity: 'critical', statusCounts: { open: 4, ack: 1 }, environments: ['Production'], grown: 0 });
    // and what /alerts/topn/count says: every alert of the group, by id
    const topn = await api<{ top10: { event: string; resources: { id: string }[] }[] }>(`/alerts/topn/count?group-by=event&group=${tag}&status=open&status=ack`);
    expect(topn.top10.find((t) => t.event === 'DiskFull')!.resources.length).toBe(disk.count);
    // No group open: no rows sent.
    expect(full.rows).toEqual([]);
    expect(full.groups!.members).toEqual({});
    // Every alert of the view in one page of the pull (a few alerts here), the update cursor and the environments' names.
    const polls = net.state.requests.filter((r) => r.startsWith('GET /alerts?') || r.startsWith('GET /environments'));
    expect(polls).toHaveLength(3);
    expect(polls.filter((r) => r.includes('page-size=5000'))).toHaveLength(1);
    expect(polls.filter((r) => r.includes('sort-by=updateTime&page=1&page-size=1'))).toHaveLength(1);
  });

  it('sends the alerts of a group when it is opened, from the last answer (no request), and keeps them current', async () => {
    const { tag, ids } = await storm();
    const { service, events, config, net } = await open();
    await service.setView(viewFor(config, tag, { groupBy: 'event' }));
    await nextEvent(events, 'alerts-full', 0);
    let mark = events.length;
    const before = net.state.requests.length;
    await service.setOpenGroups(['NodeDown']);
    const opened = (await nextEvent(events, 'alerts-patch', mark)) as AlertsPatch;
    expect(net.state.requests.length).toBe(before);
    // Both major: the newest first, as the view sorts.
    expect(opened.members).toEqual({ NodeDown: [ids.n2, ids.n1] });
    expect(opened.rows!.map((r) => r.id).sort()).toEqual([ids.n1, ids.n2].sort());
    expect(opened.order).toEqual([ids.n2, ids.n1]);

    // An unchanged poll, with a group open: the three cheap questions (the counts, what was received, what was updated
    // last), and a tiny patch.
    mark = events.length;
    const requestsBefore = net.state.requests.length;
    await service.refresh();
    const unchanged = (await nextEvent(events, 'alerts-patch', mark)) as AlertsPatch;
    expect(net.state.requests.slice(requestsBefore).map((r) => r.split('?')[0]).sort()).toEqual(['GET /alerts', 'GET /alerts', 'GET /alerts/count']);
    expect(unchanged.rows).toBeUndefined();
    expect(unchanged.groups).toBeUndefined();
    expect(unchanged.members).toBeUndefined();
    expect(JSON.stringify(unchanged).length).toBeLessThan(1024);

    // A new alert in the open group: its row, the members, news. The group is looked at (open): no "grew" mark.
    const id = await post({ resource: `${tag}-h9`, event: 'NodeDown', environment: 'Production', group: tag, severity: 'major', service: ['Web'] });
    mark = events.length;
    await service.refresh();
    const grew = (await nextEvent(events, 'alerts-patch', mark)) as AlertsPatch;
    expect(grew.news).toEqual([id]);
    expect(grew.rows!.map((r) => r.id)).toEqual([id]);
    expect(grew.members!.NodeDown).toContain(id);
    expect(grew.groups!.find((g) => g.key === 'NodeDown')).toMatchObject({ count: 3, grown: 0 });
  });

  it('of a big open group, sends only the rows of the lines the tabs show (and its first ones); an unchanged poll sends none', async () => {
    const tag = `big-${++counter}-${Date.now()}`;
    const size = FIRST_ROWS + 15;
    for (let i = 0; i < size; i++) await post({ resource: `${tag}-h${i}`, event: 'Big', environment: 'Production', group: tag, severity: 'minor', service: ['Web'] });
    const { service, events, config, net } = await open();
    await service.setView(viewFor(config, tag, { groupBy: 'event' }));
    await nextEvent(events, 'alerts-full', 0);
    let mark = events.length;
    await service.setOpenGroups(['Big']);
    const opened = (await nextEvent(events, 'alerts-patch', mark)) as AlertsPatch;
    const members = opened.members!.Big!;
    expect(members).toHaveLength(size);
    // Before the tab says which lines it shows: the group's first alerts, a screenful and more.
    expect(opened.order).toEqual(members.slice(0, FIRST_ROWS));
    expect(opened.rows).toHaveLength(FIRST_ROWS);

    // Scrolled down: the rows of its window come, and only those (no request).
    const requests = net.state.requests.length;
    mark = events.length;
    const window = members.slice(size - 10);
    await service.setOpenGroups(['Big'], window);
    const scrolled = (await nextEvent(events, 'alerts-patch', mark)) as AlertsPatch;
    expect(net.state.requests.length).toBe(requests);
    expect(scrolled.rows!.map((r) => r.id)).toEqual(window);
    expect(scrolled.order).toEqual([...members.slice(0, FIRST_ROWS), ...window]);
    expect(scrolled.members).toBeUndefined();

    // An unchanged poll sends no row, whatever the group's size.
    mark = events.length;
    await service.refresh();
    const unchanged = (await nextEvent(events, 'alerts-patch', mark)) as AlertsPatch;
    expect(unchanged.rows).toBeUndefined();
    expect(unchanged.order).toBeUndefined();
    expect(JSON.stringify(unchanged).length).toBeLessThan(1024);

    // A change to an alert outside every window: its group's summary may change, its row is not sent.
    const outside = members[FIRST_ROWS]!;
    await fetch(`${server.apiUrl}/alert/${outside}/status`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ status: 'ack', text: '' }) });
    mark = events.length;
    await service.refresh();
    const changed = (await nextEvent(events, 'alerts-patch', mark)) as AlertsPatch;
    expect(changed.rows ?? []).toEqual([]);
    expect(changed.groups).toEqual([expect.objectContaining({ key: 'Big', count: size })]);
  });

  it('a new alert in a closed group is news, and marks the group as grown until it is looked at', async () => {
    const { tag } = await storm();
    const { service, events, config } = await open();
    await service.setView(viewFor(config, tag, { groupBy: 'event' }));
    await nextEvent(events, 'alerts-full', 0);
    const id = await post({ resource: `${tag}-new`, event: 'DiskFull', environment: 'Production', group: tag, severity: 'major', service: ['Web'] });
    let mark = events.length;
    await service.refresh();
    const patch = (await nextEvent(events, 'alerts-patch', mark)) as AlertsPatch;
    expect(patch.news).toEqual([id]);
    // Only the changed group is sent, not its members (it is closed) nor the other group.
    expect(patch.groups).toEqual([expect.objectContaining({ key: 'DiskFull', count: 6, grown: 1 })]);
    expect(patch.members).toBeUndefined();
    expect(patch.rows).toBeUndefined();

    mark = events.length;
    await service.setOpenGroups(['DiskFull']);
    const looked = (await nextEvent(events, 'alerts-patch', mark)) as AlertsPatch;
    expect(looked.groups).toEqual([expect.objectContaining({ key: 'DiskFull', grown: 0 })]);
    expect(looked.members!.DiskFull).toHaveLength(6);
  });

  it('by service: an alert in two services is in both groups, and alerts without one in a group of their own', async () => {
    const { tag, ids } = await storm();
    const { service, events, config } = await open();
    await service.setView(viewFor(config, tag, { groupBy: 'service' }));
    await service.setOpenGroups(['Web', 'Db', EMPTY_GROUP]);
    const full = (await nextEvent(events, 'alerts-full', 0)) as AlertsFull;
    const count = (key: string) => full.groups!.groups.find((g) => g.key === key)?.count;
    expect(count('Web')).toBe(6);
    expect(count('Db')).toBe(1);
    expect(count(EMPTY_GROUP)).toBe(1);
    expect(full.groups!.members.Db).toEqual([ids.d2]);
    expect(full.groups!.members.Web).toContain(ids.d2);
    // The rows the UI keeps: each alert once.
    expect(new Set(full.rows.map((r) => r.id)).size).toBe(full.rows.length);
    expect(full.rows).toHaveLength(7);
    // The API counts the same for a service (its service filter matches an alert in any of its services).
    expect((await api<{ total: number }>(`/alerts/count?group=${tag}&status=open&status=ack&service=Web`)).total).toBe(6);
  });

  it('the overview counts the view: its top values with their worst severity, and the page comes from the same answer', async () => {
    const { tag } = await storm();
    const { service, events, config, net } = await open();
    net.state.requests.length = 0;
    await service.setView(viewFor(config, tag, { overview: true }));
    const full = (await nextEvent(events, 'alerts-full', 0)) as AlertsFull;
    const event = full.overview!.find((c) => c.field === 'event')!;
    expect(event.values).toEqual([
      { key: 'DiskFull', count: 5, severity: 'critical' },
      { key: 'NodeDown', count: 2, severity: 'major' },
    ]);
    const resource = full.overview!.find((c) => c.field === 'resource')!;
    expect(resource.distinct).toBe(5);
    expect(full.overview!.find((c) => c.field === 'service')!.values.map((v) => [v.key, v.count])).toEqual([
      ['Web', 6],
      [EMPTY_GROUP, 1],
      ['Db', 1],
    ]);
    // The flat list's page, from the same set: the first 20 of the view in its order, with no request of its own.
    const page = await api<{ alerts: { id: string }[] }>(`/alerts?group=${tag}&status=open&status=ack&sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=20`);
    expect(full.rows.map((r) => r.id)).toEqual(page.alerts.map((a) => a.id));
    expect(net.state.requests.filter((r) => r.includes('page-size=20&') || r.endsWith('page-size=20'))).toHaveLength(0);
  });

  it('its search suggestions are the values of its set, counted exactly, with no request', async () => {
    const { tag } = await storm();
    const { service, events, config, net } = await open();
    await service.setView(viewFor(config, tag, { groupBy: 'event' }));
    await nextEvent(events, 'alerts-full', 0);
    const before = net.state.requests.length;
    const data = await service.getSuggestions();
    expect(net.state.requests.length).toBe(before);
    expect(data.ok && data.value.values.event).toEqual([
      { value: 'DiskFull', count: 5 },
      { value: 'NodeDown', count: 2 },
    ]);
    expect(data.ok && data.value.values.service?.find((v) => v.value === 'Web')?.count).toBe(6);
  });

  it('an offline start shows the groups and the open groups’ alerts from the cache', async () => {
    const { tag, ids } = await storm();
    const { live, cached } = await offlineStart(tag, 'NodeDown');
    expect(live.groups!.members.NodeDown).toEqual([ids.n2, ids.n1]);
    expect(cached.groups!.groups.map((g) => [g.key, g.count])).toEqual([
      ['DiskFull', 5],
      ['NodeDown', 2],
    ]);
    expect(cached.groups!.members.NodeDown).toEqual([ids.n2, ids.n1]);
    expect(cached.rows.map((r) => r.id).sort()).toEqual([ids.n1, ids.n2].sort());
  });
});

describe('an action on a whole group', () => {
  it('acks every open alert of the group, also those no tab has loaded, each once, with progress', async () => {
    const { tag, ids } = await storm();
    const { service, events, config } = await open();
    const view = viewFor(config, tag, { groupBy: 'event' });
    await service.setView(view);
    await nextEvent(events, 'alerts-full', 0);
    const progress: GroupActionProgress[] = [];
    const result = await service.actOnGroup({ view, key: 'DiskFull', action: 'ack' }, (p) => progress.push(p));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // d4 was acked already: four open ones acked, nothing failed.
    expect(result.value.total).toBe(4);
    expect(result.value.succeeded.sort()).toEqual([ids.d1, ids.d2, ids.d3, ids.d5].sort());
    expect(result.value.failed).toEqual([]);
    expect(progress.at(-1)).toEqual({ done: 4, total: 4 });
    for (const id of [ids.d1, ids.d2, ids.d3, ids.d4, ids.d5]) expect((await api<{ alert: { status: string } }>(`/alert/${id}`)).alert.status).toBe('ack');
    expect((await api<{ alert: { status: string } }>(`/alert/${ids.n1}`)).alert.status).toBe('open');
  });

  it('by service: an alert in two services is acted on once', async () => {
    const { tag } = await storm();
    const { service, config } = await open();
    // No tab shows the view: the worker asks the API for the group's alerts itself.
    const view = viewFor(config, tag, { groupBy: 'service' });
    const result = await service.actOnGroup({ view, key: 'Web', action: 'close' });
    expect(result.ok && result.value.total).toBe(6);
    expect(result.ok && new Set(result.value.succeeded).size).toBe(6);
    expect((await api<{ total: number }>(`/alerts/count?group=${tag}&status=closed`)).total).toBe(6);
  });

  it('the "no value" group is acted on too', async () => {
    const { tag, ids } = await storm();
    const { service, config } = await open();
    const result = await service.actOnGroup({ view: viewFor(config, tag, { groupBy: 'service' }), key: EMPTY_GROUP, action: 'shelve' });
    expect(result.ok && result.value.succeeded).toEqual([ids.n2]);
  });

  it('without a network, goes to the outbox like any action; a delete needs a connection', async () => {
    const { tag } = await storm();
    const net = network();
    const { service, events, config } = await open(net);
    const view = viewFor(config, tag, { groupBy: 'event' });
    await service.setView(view);
    await nextEvent(events, 'alerts-full', 0);
    net.state.down = true;
    let mark = events.length;
    await service.refresh();
    await nextEvent(events, 'alerts-patch', mark);
    mark = events.length;
    const queued = await service.actOnGroup({ view, key: 'NodeDown', action: 'ack' });
    expect(queued.ok && queued.value.queued).toHaveLength(2);
    const outbox = (await nextEvent(events, 'outbox', mark)) as OutboxMessage;
    expect(outbox.entries.map((e) => e.alertId)).toHaveLength(2);
    const removed = await service.actOnGroup({ view, key: 'NodeDown', action: 'delete' });
    expect(removed.ok).toBe(false);
  });

  it('what the outbox holds survives a full pull of the set, and is sent once; the set then shows it', async () => {
    const { tag, ids } = await storm();
    const net = network();
    const { service, events, config } = await open(net);
    const view = viewFor(config, tag, { groupBy: 'event' });
    await service.setOpenGroups(['NodeDown']);
    await service.setView(view);
    await nextEvent(events, 'alerts-full', 0);
    net.state.down = true;
    let mark = events.length;
    await service.refresh();
    await nextEvent(events, 'alerts-patch', mark);
    const queued = await service.actOnGroup({ view, key: 'NodeDown', action: 'ack' });
    expect(queued.ok && queued.value.queued).toHaveLength(2);
    // Back online, and the first answer of the set's next cycle cannot be trusted: the set is pulled whole again.
    net.state.garble = 'from-date=';
    net.state.down = false;
    mark = events.length;
    const sentBefore = net.state.requests.length;
    await service.refresh();
    const ackedInSet = () =>
      events.slice(mark).some((e) => e.type === 'alerts-patch' && (e.rows ?? []).filter((r) => (r.id === ids.n1 || r.id === ids.n2) && r.status === 'ack').length === 2);
    for (let i = 0; i < 100 && !ackedInSet(); i++) {
      await new Promise((r) => setTimeout(r, 50));
      if (i % 10 === 9) await service.refresh();
    }
    expect(ackedInSet()).toBe(true);
    expect(net.state.requests.slice(sentBefore).some((r) => r.includes('page-size=5000'))).toBe(true);
    const last = [...events].reverse().find((e): e is OutboxMessage => e.type === 'outbox');
    expect(last?.entries).toEqual([]);
    // Each ack sent once.
    expect(net.state.requests.filter((r) => r === `PUT /alert/${ids.n1}/action`)).toHaveLength(1);
    expect(net.state.requests.filter((r) => r === `PUT /alert/${ids.n2}/action`)).toHaveLength(1);
  });

  it('after an offline start, acts on every alert of a big open group, also those the list never showed', async () => {
    const size = FIRST_ROWS + 15;
    const { live, second, view, cached } = await bigGroupOfflineStart('bigoff', size);
    expect(live.rows).toHaveLength(FIRST_ROWS);
    // The page gets the rows it showed, not the whole group.
    expect(cached.rows).toHaveLength(FIRST_ROWS);
    const queued = await second.service.actOnGroup({ view, key: 'Big', action: 'ack' });
    expect(queued.ok && queued.value.queued).toHaveLength(size);
  });

  it('refuses anything but a group action, and a view that is not grouped', async () => {
    const { service, config } = await open();
    const view = defaultView(config, 20);
    expect((await service.actOnGroup({ view: { ...view, groupBy: 'event' }, key: 'x', action: 'explode' as 'ack' })).ok).toBe(false);
    expect((await service.actOnGroup({ view, key: 'x', action: 'ack' })).ok).toBe(false);
  });
});

describe('downloading a grouped list as CSV', () => {
  /** What the list shows of its open groups: their members in group order, each alert once. */
  const shownOrder = (full: AlertsFull, open: string[]) => [
    ...new Set(full.groups!.groups.filter((g) => open.includes(g.key)).flatMap((g) => full.groups!.members[g.key] ?? [])),
  ];

  it("every alert of the open groups in the list's order, each once, from the leader's last answer without a request", async () => {
    const { tag, ids } = await storm();
    const { service, events, config, net } = await open();
    const view = viewFor(config, tag, { groupBy: 'service' });
    await service.setOpenGroups(['Db', 'Web']);
    await service.setView(view);
    const full = (await nextEvent(events, 'alerts-full', 0)) as AlertsFull;
    const before = net.state.requests.length;
    const exported = await service.exportAlerts(view, ['Db', 'Web']);
    expect(net.state.requests.length).toBe(before);
    expect(exported.ok).toBe(true);
    if (!exported.ok) return;
    // d2 is in Web and Db: once. n2 (no service) is in no open group.
    const got = exported.value.map((a) => a.id);
    expect(got).toEqual(shownOrder(full, ['Db', 'Web']));
    expect(got.sort()).toEqual([ids.d1, ids.d2, ids.d3, ids.d4, ids.d5, ids.n1].sort());
    // The API's fields only, as a plain list's export.
    expect(exported.value.every((a) => !('trend' in a))).toBe(true);
    // No group open: every alert of the view.
    const all = await service.exportAlerts(view, []);
    expect(all.ok && all.value.map((a) => a.id).sort()).toEqual(Object.values(ids).sort());
  });

  it('a group bigger than the rows sent to the page: all of it; a tab that does not poll the view asks once', async () => {
    const tag = `csvbig-${++counter}-${Date.now()}`;
    const size = FIRST_ROWS + 15;
    for (let i = 0; i < size; i++) await post({ resource: `${tag}-h${i}`, event: 'Big', environment: 'Production', group: tag, severity: 'minor', service: ['Web'] });
    await post({ resource: `${tag}-x`, event: 'Other', environment: 'Production', group: tag, severity: 'minor', service: ['Web'] });
    const leader = await open();
    const view = viewFor(leader.config, tag, { groupBy: 'event' });
    await leader.service.setOpenGroups(['Big']);
    await leader.service.setView(view);
    const full = (await nextEvent(leader.events, 'alerts-full', 0)) as AlertsFull;
    expect(full.rows).toHaveLength(FIRST_ROWS);
    const fromLeader = await leader.service.exportAlerts(view, ['Big']);
    expect(fromLeader.ok && fromLeader.value.map((a) => a.id)).toEqual(full.groups!.members.Big);
    expect(fromLeader.ok && fromLeader.value).toHaveLength(size);

    // A tab whose worker has no copy of the view: the view's set pulled once (one page here), the same answer.
    const other = await open();
    other.net.state.requests.length = 0;
    const fromOther = await other.service.exportAlerts(view, ['Big']);
    expect(fromOther.ok && fromOther.value.map((a) => a.id)).toEqual(full.groups!.members.Big);
    expect(other.net.state.requests.filter((r) => r.startsWith('GET /alerts?') && r.includes('page-size=5000'))).toHaveLength(1);
    // A list that is not grouped is not exported this way.
    expect((await other.service.exportAlerts({ ...view, groupBy: undefined }, [])).ok).toBe(false);
  });

  it('offline after an offline start: the open group, and every alert of the view, as the kept set holds them', async () => {
    const { live, second, view } = await bigGroupOfflineStart('csvoff', FIRST_ROWS + 5);
    const exported = await second.service.exportAlerts(view, ['Big']);
    expect(exported.ok && exported.value.map((a) => a.id)).toEqual(live.groups!.members.Big);
    // The set is kept whole: the whole view can be downloaded offline too, in the view's order.
    const all = await second.service.exportAlerts(view, []);
    expect(all.ok && all.value.map((a) => a.id)).toEqual(live.groups!.members.Big);
  });
});

describe('an action on selected alerts the page holds no row of', () => {
  it('queued offline, each carries what the worker knew of the alert (the outbox tells a moot action by it)', async () => {
    const tag = `seen-${++counter}-${Date.now()}`;
    const size = FIRST_ROWS + 10;
    for (let i = 0; i < size; i++) await post({ resource: `${tag}-h${i}`, event: 'Big', environment: 'Production', group: tag, severity: 'minor', service: ['Web'] });
    const net = network();
    const { service, events, config } = await open(net);
    const view = viewFor(config, tag, { groupBy: 'event' });
    await service.setOpenGroups(['Big']);
    await service.setView(view);
    const full = (await nextEvent(events, 'alerts-full', 0)) as AlertsFull;
    const all = full.groups!.members.Big!;
    expect(full.rows.length).toBeLessThan(all.length);
    net.state.down = true;
    const mark = events.length;
    // Select all: the page gives what it saw of the rows it holds only.
    const shown = new Map(full.rows.map((r) => [r.id, { status: r.status, lastReceiveId: r.lastReceiveId, resource: r.resource, event: r.event }]));
    const queued = await service.act(all, 'ack', '', Object.fromEntries(shown));
    expect(queued.ok && queued.value.queued).toHaveLength(size);
    const outbox = (await nextEvent(events, 'outbox', mark)) as OutboxMessage;
    expect(outbox.entries).toHaveLength(size);
    const received = new Map((await api<{ alerts: { id: string; lastReceiveId: string }[] }>(`/alerts?group=${tag}&page-size=200`)).alerts.map((a) => [a.id, a.lastReceiveId]));
    for (const entry of outbox.entries) expect(entry.seen).toEqual({ status: 'open', lastReceiveId: received.get(entry.alertId) });
  });
});

import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../server/start.ts';
import { startDemoServer } from './demo-server.ts';
import { createDataService } from '../../../src/worker/service.ts';
import type { AlertsFull, AlertsPatch, WorkerEvent } from '../../../src/worker/contract/index.ts';
import { defaultView } from '../../../src/core/alerts-query.ts';
import { viewKey } from '../../../src/core/alerts-view.ts';
import { MemoryCache, openCache } from '../../../src/worker/cache.ts';
import { AlertsFeed } from '../../../src/worker/alerts-feed.ts';
import { CLIENT_DEFAULTS } from '../../../src/core/config.ts';
import type { AlertsView, Config } from '../../../src/core/types.ts';

let server: RunningServer;

beforeAll(async () => {
  server = await startDemoServer({ AUTH_REQUIRED: false });
});

afterAll(async () => {
  await server.close();
});

let cacheCounter = 0;

async function connect(cacheName = `feed-test-${++cacheCounter}`) {
  const events: WorkerEvent[] = [];
  // Each service is a browser of its own: Node has Web Locks and BroadcastChannel, and services in one process would
  // otherwise share one poller as the tabs of one browser do.
  const service = createDataService({ cacheName, coordination: null });
  await service.subscribe((e) => events.push(e));
  const init = await service.init({ configUrl: `${server.url}/config.json`, buildConfig: {}, token: null });
  if (!init.ok) throw new Error(init.error.message);
  return { service, events, config: init.value.config };
}

function viewOf(config: Config, patch: Partial<AlertsView['filter']> = {}): AlertsView {
  const view = defaultView(config, 50);
  return { ...view, filter: { ...view.filter, ...patch } };
}

async function nextEvent<T extends WorkerEvent['type']>(events: WorkerEvent[], type: T, from: number): Promise<Extract<WorkerEvent, { type: T }>> {
  for (let i = 0; i < 200; i++) {
    const found = events.slice(from).find((e) => e.type === type);
    if (found) return found as Extract<WorkerEvent, { type: T }>;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no ${type} event`);
}

async function postAlert(body: Record<string, unknown>) {
  const res = await fetch(`${server.apiUrl}/alert`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('data worker against the demo server', () => {
  it('loads the config from config.json and /config, pointing at the API', async () => {
    const { config, service } = await connect();
    expect(config.endpoint).toBe(server.apiUrl);
    expect(config.columns.length).toBeGreaterThan(0);
    expect(config.severity.critical).toBe(1);
    await service.setView(null);
  });

  it('posts a full snapshot matching /alerts, then patches only what changed', async () => {
    const { service, events, config } = await connect();
    const view = viewOf(config);
    await service.setView(view);
    const full = (await nextEvent(events, 'alerts-full', 0)) as AlertsFull;
    // The first rows do not wait for the tab counts: unless they came first, they follow in a patch of their own.
    const tabCounts = full.meta.environments.length ? full.meta : (await nextEvent(events, 'alerts-patch', events.indexOf(full) + 1)).meta;

    const res = await fetch(`${server.apiUrl}/alerts?status=open&status=ack&sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=50`);
    const direct = (await res.json()) as { alerts: { id: string }[]; total: number };
    expect(full.rows.map((r) => r.id)).toEqual(direct.alerts.map((a) => a.id));
    expect(full.meta.total).toBe(direct.total);
    expect(full.meta.freshness).toBe('live');
    expect(tabCounts?.environments?.map((e) => e.environment).sort()).toEqual(['Development', 'Production']);
    expect(full.news).toEqual([]);
    expect(full.rows.every((r) => ['moreSevere', 'lessSevere', 'noChange'].includes(r.trend))).toBe(true);

    // The next cycle asks for the open-alert counts in /environments' place (two requests a cycle): the badge counts
    // open alerts only, although the default view also lists acknowledged ones.
    let before = events.length;
    await service.refresh();
    const counted = (await nextEvent(events, 'alerts-patch', before)) as AlertsPatch;
    const openCount = (await (await fetch(`${server.apiUrl}/alerts/count?status=open`)).json()) as { severityCounts: Record<string, number> };
    expect(counted.meta?.openSeverityCounts).toEqual(openCount.severityCounts);
    expect(full.meta.severityCounts).not.toEqual(openCount.severityCounts);
    expect(counted.rows).toBeUndefined();

    // Nothing changed: the patch carries no rows, no order, no news, and stays tiny.
    before = events.length;
    await service.refresh();
    const unchanged = (await nextEvent(events, 'alerts-patch', before)) as AlertsPatch;
    expect(unchanged.rows).toBeUndefined();
    expect(unchanged.order).toBeUndefined();
    expect(unchanged.news).toBeUndefined();
    expect(JSON.stringify(unchanged).length).toBeLessThan(1024);

    // A new critical alert: one new row, the new order, and its id in news.
    const id = await postAlert({ resource: `feed-${Date.now()}`, event: 'DiskFull', environment: 'Production', severity: 'critical', service: ['Web'] });
    const mark = events.length;
    await service.refresh();
    const changed = (await nextEvent(events, 'alerts-patch', mark)) as AlertsPatch;
    expect(changed.rows?.map((r) => r.id)).toContain(id);
    expect(changed.rows?.length).toBeLessThanOrEqual(2);
    expect(changed.order).toContain(id);
    expect(changed.news).toEqual([id]);
    await service.setView(null);
  });

  it('does not report a repeat or a closed alert as news', async () => {
    const { service, events, config } = await connect();
    await service.setView(viewOf(config, { status: null }));
    await nextEvent(events, 'alerts-full', 0);
    const resource = `repeat-${Date.now()}`;
    const first = await postAlert({ resource, event: 'HighLoad', environment: 'Development', severity: 'minor' });
    let mark = events.length;
    await service.refresh();
    expect(((await nextEvent(events, 'alerts-patch', mark)) as AlertsPatch).news).toEqual([first]);
    await postAlert({ resource, event: 'HighLoad', environment: 'Development', severity: 'minor' });
    await postAlert({ resource: `${resource}-ok`, event: 'Recovered', environment: 'Development', severity: 'normal' });
    mark = events.length;
    await service.refresh();
    expect(((await nextEvent(events, 'alerts-patch', mark)) as AlertsPatch).news).toBeUndefined();
    await service.setView(null);
  });

  it('starts from the cached snapshot before the network answers', async () => {
    const name = `feed-cache-${Date.now()}`;
    const first = await connect(name);
    const view = viewOf(first.config, { environment: 'Production' });
    await first.service.setView(view);
    const live = (await nextEvent(first.events, 'alerts-full', 0)) as AlertsFull;
    await new Promise((r) => setTimeout(r, 100));
    await first.service.setView(null);

    // The network is slow for the second start: the cached rows show first, with the time of the answer they come
    // from (recent here, so still live: another tab's leader wrote them a moment ago).
    let answered = 0;
    const slow: typeof fetch = async (input, init) => {
      if (String(input).includes('/alerts?')) await new Promise((r) => setTimeout(r, 400));
      const res = await fetch(input, init);
      if (String(input).includes('/alerts?')) answered = Date.now();
      return res;
    };
    const events: WorkerEvent[] = [];
    const second = createDataService({ cacheName: name, fetchImpl: slow, coordination: null });
    await second.subscribe((e) => events.push(e));
    const init = await second.init({ configUrl: `${server.url}/config.json`, buildConfig: {}, token: null });
    if (!init.ok) throw new Error(init.error.message);
    await second.setView(view);
    const cached = (await nextEvent(events, 'alerts-full', 0)) as AlertsFull;
    expect(answered).toBe(0);
    expect(cached.rows.map((r) => r.id)).toEqual(live.rows.map((r) => r.id));
    expect(cached.meta.updatedAt).toBeLessThanOrEqual(Date.now() - 100);
    expect(cached.meta.freshness).toBe('live');
    await second.setView(null);
  });

  it('writes the offline copy when the view changed, not at every unchanged poll', async () => {
    const name = `feed-writes-${Date.now()}`;
    const { service, events, config } = await connect(name);
    const view = viewOf(config, { environment: 'Development' });
    await service.setView(view);
    await nextEvent(events, 'alerts-full', 0);
    // The second poll brings the open-alert counts (in /environments' place): a change, written with the rest.
    let mark = events.length;
    await service.refresh();
    await nextEvent(events, 'alerts-patch', mark);
    const cache = await openCache(name);
    const savedAt = async () => (await cache.getView(viewKey(view)))?.savedAt ?? null;
    await expect.poll(savedAt).not.toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    const first = await savedAt();

    // unchanged polls: the copy is not written again (its age is refreshed once a minute only)
    for (let i = 0; i < 3; i++) {
      mark = events.length;
      await service.refresh();
      await nextEvent(events, 'alerts-patch', mark);
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(await savedAt()).toBe(first);

    // a new alert in the view: written at once, with the new row
    const id = await postAlert({ resource: `copy-${Date.now()}`, event: 'DiskFull', environment: 'Development', severity: 'major' });
    mark = events.length;
    await service.refresh();
    await nextEvent(events, 'alerts-patch', mark);
    await expect.poll(async () => (await cache.getView(viewKey(view)))?.rows.some((r) => r.id === id)).toBe(true);
    expect(await savedAt()).toBeGreaterThan(first!);
    await service.setView(null);
  });

  it('a write to the offline cache that never completes does not hold up polling', async () => {
    // IndexedDB can hang (a browser bug, a slow disk): the copy is best effort, the polls must go on and stay live.
    const hung = new Promise<never>(() => undefined);
    const base = new MemoryCache();
    const cache = Object.assign(Object.create(base) as MemoryCache, { putView: () => hung, put: () => hung, putDetail: () => hung });
    const config: Config = { ...CLIENT_DEFAULTS, endpoint: server.apiUrl };
    const events: WorkerEvent[] = [];
    const feed = new AlertsFeed(viewOf(config, { environment: 'Development' }), {
      http: () => ({ endpoint: server.apiUrl, token: () => null }),
      config: () => config,
      intervalMs: () => 60_000,
      cache: () => cache,
      post: (e) => events.push(e),
      onUnauthorized: () => undefined,
    });
    await feed.start();
    await nextEvent(events, 'alerts-full', 0);
    for (let i = 0; i < 2; i++) {
      const mark = events.length;
      const outcome = await Promise.race([feed.refresh().then(() => 'polled'), new Promise((r) => setTimeout(() => r('held up'), 2500))]);
      expect(outcome).toBe('polled');
      const patch = (await nextEvent(events, 'alerts-patch', mark)) as AlertsPatch;
      expect(patch.meta?.freshness ?? 'live').toBe('live');
    }
    feed.stop();
  });
});

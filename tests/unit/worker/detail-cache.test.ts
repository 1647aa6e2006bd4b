// The copies of alert detail pages kept for offline use: a console open for days keeps the last ones
// opened, not every alert it ever showed.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../../../server/start.ts';
import { startDemoServer } from './demo-server.ts';
import { DetailFeed } from '../../../src/worker/detail-feed.ts';
import { MAX_CACHED_DETAILS, openCache, type Cache } from '../../../src/worker/cache.ts';
import type { AlertDetailMessage } from '../../../src/worker/contract/index.ts';

let server: RunningServer;
let ids: string[];
let n = 0;
const name = () => `detail-cache-test-${++n}-${Date.now()}`;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  server = await startDemoServer({ AUTH_REQUIRED: false });
  const res = await fetch(`${server.apiUrl}/alerts?page-size=100`);
  ids = ((await res.json()) as { alerts: { id: string }[] }).alerts.map((a) => a.id);
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** An alert page's feed as the worker builds it (polling once a minute), and what it shows. */
function detailFeed(cache: Cache, id: string, endpoint: string): { feed: DetailFeed; events: AlertDetailMessage[] } {
  const events: AlertDetailMessage[] = [];
  const feed = new DetailFeed(id, {
    http: () => ({ endpoint, token: () => null }),
    cache: () => cache,
    intervalMs: () => 60_000,
    post: (e) => events.push(e),
    onUnauthorized: () => undefined,
    onNetwork: () => undefined,
  });
  return { feed, events };
}

/** Opens an alert's page the way the worker does and returns the first thing it shows (and the live copy, when `live`). */
async function open(cache: Cache, id: string, endpoint: string, live: boolean): Promise<AlertDetailMessage> {
  const { feed, events } = detailFeed(cache, id, endpoint);
  await feed.start();
  // performance.now(): the tests move Date by days
  const end = performance.now() + 5000;
  while (performance.now() < end) {
    const wanted = live ? events.find((e) => e.freshness === 'live') : events[0];
    if (wanted) {
      feed.stop();
      return wanted;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  feed.stop();
  throw new Error(`no detail event for ${id}`);
}

/** No server there: the page shows what the cache kept, or nothing. */
const OFFLINE = 'http://127.0.0.1:9/api';

describe('alert detail copies kept for offline use', () => {
  it('an operator who opened more alerts than the cap keeps the most recently opened ones, not all of them', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-01T08:00:00Z'));
    const cache = await openCache(name());
    const opened = ids.slice(0, MAX_CACHED_DETAILS + 10);
    expect(opened.length).toBe(MAX_CACHED_DETAILS + 10);
    for (const id of opened) {
      vi.setSystemTime(Date.now() + 60_000);
      expect((await open(cache, id, server.apiUrl, true)).alert?.id).toBe(id);
    }
    // The network goes: the last ones opened still open from the cache, with their age; the first ten do not.
    for (const id of opened.slice(10)) {
      const shown = await open(cache, id, OFFLINE, false);
      expect(shown.alert?.id).toBe(id);
      expect(shown.freshness).toBe('stale');
    }
    for (const id of opened.slice(0, 10)) expect((await open(cache, id, OFFLINE, false)).alert).toBeNull();
  });

  it('a copy not looked at for a week is dropped when another alert is opened', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-01T08:00:00Z'));
    const cache = await openCache(name());
    const [old, recent, latest] = ids as [string, string, string];
    await open(cache, old, server.apiUrl, true);
    vi.setSystemTime(Date.now() + 2 * DAY);
    await open(cache, recent, server.apiUrl, true);
    vi.setSystemTime(Date.now() + 6 * DAY);
    await open(cache, latest, server.apiUrl, true);
    expect((await open(cache, old, OFFLINE, false)).alert).toBeNull();
    expect((await open(cache, recent, OFFLINE, false)).alert?.id).toBe(recent);
    expect((await open(cache, latest, OFFLINE, false)).alert?.id).toBe(latest);
  });

  it('a copy kept by the previous version of the cache still opens after the upgrade', async () => {
    const dbName = name();
    const before = await open(await openCache(`${dbName}-source`), ids[0]!, server.apiUrl, true);
    // the schema before the detail cache had its own table: copies lived in the key-value store as alert:<id>
    const old = new Dexie(dbName);
    old.version(1).stores({ views: 'viewKey, savedAt', kv: 'key' });
    old.version(2).stores({ outbox: 'id, seq, owner' });
    await old.open();
    await old.table('kv').put({ key: `alert:${ids[0]}`, value: { alert: before.alert, notes: before.notes, savedAt: Date.now() - 60_000 }, savedAt: Date.now() });
    await old.table('kv').put({ key: `alert:${ids[1]}`, value: null, savedAt: Date.now() });
    old.close();
    const cache = await openCache(dbName);
    const shown = await open(cache, ids[0]!, OFFLINE, false);
    expect(shown.alert?.id).toBe(ids[0]);
    expect(shown.freshness).toBe('stale');
    expect((await open(cache, ids[1]!, OFFLINE, false)).alert).toBeNull();
  });

  it('an open alert page rewrites its copy when the alert or its notes change, not at every poll', async () => {
    const cache = await openCache(name());
    const id = ids[3]!;
    const { feed, events } = detailFeed(cache, id, server.apiUrl);
    const livePolls = () => events.filter((e) => e.freshness === 'live').length;
    await feed.start();
    await expect.poll(livePolls).toBe(1);
    const first = (await cache.getDetail(id))!.savedAt;
    await new Promise((r) => setTimeout(r, 20));
    await feed.refresh();
    await expect.poll(livePolls).toBe(2);
    expect((await cache.getDetail(id))!.savedAt).toBe(first);

    const res = await fetch(`${server.apiUrl}/alert/${id}/note`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'copy me' }) });
    expect(res.ok).toBe(true);
    await feed.refresh();
    await expect.poll(livePolls).toBe(3);
    const copy = (await cache.getDetail(id))!;
    expect(copy.savedAt).toBeGreaterThan(first);
    expect(copy.notes.map((note) => note.text)).toContain('copy me');
    feed.stop();
  });

  it('an open alert page keeps polling when a write to the offline cache never completes', async () => {
    const hung = new Promise<never>(() => undefined);
    const base = await openCache(name());
    const cache = Object.assign(Object.create(base) as Cache, { putDetail: () => hung, getDetail: (id: string) => base.getDetail(id) });
    const { feed, events } = detailFeed(cache, ids[4]!, server.apiUrl);
    await feed.start();
    await expect.poll(() => events.filter((e) => e.freshness === 'live').length).toBe(1);
    const outcome = await Promise.race([feed.refresh().then(() => 'polled'), new Promise((r) => setTimeout(() => r('held up'), 2500))]);
    expect(outcome).toBe('polled');
    expect(events.filter((e) => e.freshness === 'live').length).toBe(2);
    feed.stop();
  });

  it('an alert never opened, opened without the server from a list’s row, shows the row marked as the list’s copy', async () => {
    const cache = await openCache(name());
    const id = ids[5]!;
    const row = ((await (await fetch(`${server.apiUrl}/alert/${id}`)).json()) as { alert: AlertDetailMessage['alert'] }).alert!;
    const at = Date.now() - 30_000;
    const events: AlertDetailMessage[] = [];
    const feed = new DetailFeed(
      id,
      { http: () => ({ endpoint: OFFLINE, token: () => null }), cache: () => cache, intervalMs: () => 60_000, post: (e) => events.push(e), onUnauthorized: () => undefined, onNetwork: () => undefined },
      { alert: row, at },
    );
    await feed.start();
    await expect.poll(() => events.some((e) => e.freshness === 'offline')).toBe(true);
    feed.stop();
    const shown = events.filter((e) => e.alert !== null);
    expect(shown.length).toBe(events.length);
    expect(shown.every((e) => e.alert?.id === id && e.fromList === true && e.updatedAt === at)).toBe(true);

    // Once the page itself is answered, the copy is the page's own: no longer marked.
    const online = detailFeed(cache, id, server.apiUrl);
    await online.feed.start();
    await expect.poll(() => online.events.some((e) => e.freshness === 'live')).toBe(true);
    online.feed.stop();
    expect(online.events.find((e) => e.freshness === 'live')?.fromList).toBeUndefined();
    expect((await cache.getDetail(id))?.fromList).toBeUndefined();
  });
});

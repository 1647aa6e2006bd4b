import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { MAX_CACHE_AGE_MS, MemoryCache, openCache, type CachedView } from '../../../src/worker/cache.ts';
import type { AlertsMeta, OutboxEntry } from '../../../src/worker/contract/index.ts';

const meta: AlertsMeta = {
  total: 1, page: 1, pageSize: 20, pages: 1, severityCounts: { major: 1 }, statusCounts: { open: 1 }, openSeverityCounts: { major: 1 }, environments: [],
  freshness: 'live', updatedAt: 1, fromCache: false, error: null,
};
/** Times in the tests are ms after T0 (now: the cache drops what was not written for a week). */
const T0 = Date.now();
const view = (key: string, at: number): CachedView => ({ viewKey: key, rows: [], meta, savedAt: T0 + at });
const entry = (id: string, owner: string, seq: number): OutboxEntry => ({
  id, seq, owner, createdAt: seq, alertId: 'a1', label: 'db01 · DiskFull', command: { kind: 'note', text: 'x' }, seen: null, attempts: 0, nextAt: 0, sending: false,
});

let n = 0;
const name = () => `cache-test-${++n}-${Date.now()}`;

describe('offline cache (IndexedDB through Dexie)', () => {
  it('keeps the last snapshot per view across reopening', async () => {
    const dbName = name();
    const first = await openCache(dbName);
    expect(first.kind).toBe('indexeddb');
    await first.putView(view('env=Production', 100));
    await first.put('config', { endpoint: 'http://x/api' });
    const second = await openCache(dbName);
    expect((await second.getView('env=Production'))?.savedAt).toBe(T0 + 100);
    expect(await second.get('config')).toEqual({ endpoint: 'http://x/api' });
    expect(await second.getView('unknown')).toBeUndefined();
  });

  it('remembers a bounded number of views, dropping the oldest', async () => {
    const cache = await openCache(name());
    for (let i = 0; i < 30; i++) await cache.putView(view(`v${i}`, i));
    expect(await cache.getView('v0')).toBeUndefined();
    expect(await cache.getView('v5')).toBeUndefined();
    expect((await cache.getView('v29'))?.savedAt).toBe(T0 + 29);
    expect((await cache.getView('v6'))?.savedAt).toBe(T0 + 6);
  });

  it('drops a view not refreshed for a week at the next write, in IndexedDB and in memory', async () => {
    for (const cache of [await openCache(name()), new MemoryCache()]) {
      await cache.putView(view('last-week', -MAX_CACHE_AGE_MS - 1000));
      await cache.putView(view('yesterday', -24 * 3600_000));
      expect(await cache.getView('last-week')).toBeUndefined();
      expect((await cache.getView('yesterday'))?.savedAt).toBe(T0 - 24 * 3600_000);
    }
  });

  it('sign-out wipes the user data but keeps the config, so the next start still knows the API', async () => {
    const cache = await openCache(name());
    await cache.putView(view('v', 1));
    await cache.put('config', { endpoint: 'e' });
    await cache.put('config.local', { endpoint: 'e' });
    await cache.put('user-data', { prefs: {} });
    await cache.putDetail({ id: '1', alert: {} as never, notes: [], savedAt: T0 });
    await cache.outbox.put(entry('ann-2', 'ann', 2));
    await cache.outbox.put(entry('bob-1', 'bob', 1));
    await cache.outbox.put(entry('ann-1', 'ann', 1));
    expect((await cache.outbox.list('ann')).map((e) => e.id)).toEqual(['ann-1', 'ann-2']);
    await cache.clearUserData('ann');
    // another user's pending actions wait for their next sign-in
    expect(await cache.outbox.list('ann')).toEqual([]);
    expect((await cache.outbox.list('bob')).map((e) => e.id)).toEqual(['bob-1']);
    expect(await cache.getView('v')).toBeUndefined();
    expect(await cache.get('user-data')).toBeUndefined();
    expect(await cache.getDetail('1')).toBeUndefined();
    expect(await cache.get('config')).toEqual({ endpoint: 'e' });
    expect(await cache.get('config.local')).toEqual({ endpoint: 'e' });
  });

  it('without IndexedDB it works from memory and says so', async () => {
    const saved = globalThis.indexedDB;
    // @ts-expect-error simulating a browser without IndexedDB
    delete globalThis.indexedDB;
    try {
      const reasons: string[] = [];
      const cache = await openCache(name(), (r) => reasons.push(r));
      expect(cache.kind).toBe('memory');
      expect(reasons).toHaveLength(1);
      await cache.putView(view('v', 7));
      expect((await cache.getView('v'))?.savedAt).toBe(T0 + 7);
    } finally {
      globalThis.indexedDB = saved;
    }
  });

  it('a full or broken database degrades to memory once and loses nothing that was just written', async () => {
    const reasons: string[] = [];
    const cache = await openCache(name(), (r) => reasons.push(r));
    // Break the underlying store the way a QuotaExceededError would surface: every write rejects.
    const inner = (cache as unknown as { inner: { putView: unknown; put: unknown } }).inner;
    inner.putView = () => Promise.reject(new DOMException('Quota exceeded', 'QuotaExceededError'));
    inner.put = () => Promise.reject(new DOMException('Quota exceeded', 'QuotaExceededError'));
    await cache.putView(view('v', 3));
    await cache.put('k', 'value');
    expect(cache.kind).toBe('memory');
    expect(reasons).toEqual(['Quota exceeded']);
    expect((await cache.getView('v'))?.savedAt).toBe(T0 + 3);
    expect(await cache.get('k')).toBe('value');
  });

  it('the memory cache follows the same rules', async () => {
    const cache = new MemoryCache();
    for (let i = 0; i < 30; i++) await cache.putView(view(`v${i}`, i));
    expect(await cache.getView('v0')).toBeUndefined();
    await cache.put('config', 1);
    await cache.put('user-data', 2);
    await cache.outbox.put(entry('ann-1', 'ann', 1));
    await cache.outbox.put(entry('bob-1', 'bob', 1));
    await cache.clearUserData('ann');
    expect(await cache.outbox.list('ann')).toEqual([]);
    expect(await cache.outbox.list('bob')).toHaveLength(1);
    expect(await cache.get('config')).toBe(1);
    expect(await cache.get('user-data')).toBeUndefined();
  });

  it('falls back to memory when IndexedDB never answers the open, instead of leaving the console loading', async () => {
    // Some browsers' IndexedDB can hang (a bug, a database blocked by another version): the console must still start.
    const original = indexedDB.open;
    const reasons: string[] = [];
    indexedDB.open = (() => ({}) as IDBOpenDBRequest) as typeof indexedDB.open;
    try {
      const opened = await Promise.race([openCache(name(), (reason) => reasons.push(reason)), new Promise<'held up'>((r) => setTimeout(() => r('held up'), 4500))]);
      expect(opened).not.toBe('held up');
      if (opened === 'held up') return;
      expect(opened.kind).toBe('memory');
      await opened.putView(view('v', 1));
      expect((await opened.getView('v'))?.savedAt).toBe(T0 + 1);
      expect(reasons.join(' ')).toMatch(/did not answer/);
    } finally {
      indexedDB.open = original;
    }
  }, 10_000);
});

describe('the cache opened ahead by the worker’s first script', () => {
  /** A fresh copy of the cache module: what was opened ahead is kept in it. */
  const fresh = async () => {
    vi.resetModules();
    return import('../../../src/worker/cache.ts');
  };

  it('is the one the start takes: the console’s database is opened once', async () => {
    const { openCacheAhead, openCacheOnce, CACHE_NAME } = await fresh();
    const original = indexedDB.open.bind(indexedDB);
    const opened: string[] = [];
    indexedDB.open = ((dbName: string, version?: number) => {
      opened.push(dbName);
      return original(dbName, version);
    }) as typeof indexedDB.open;
    try {
      openCacheAhead();
      const cache = await openCacheOnce(undefined, () => undefined);
      expect(cache.kind).toBe('indexeddb');
      expect(opened).toEqual([CACHE_NAME]);
      // Taken once: another start opens its own, and nothing opens ahead any more.
      openCacheAhead();
      await openCacheOnce();
      expect(opened).toEqual([CACHE_NAME, CACHE_NAME]);
      // Another database (a test's) is never the one opened ahead.
      await openCacheOnce(name());
      expect(opened).toHaveLength(3);
    } finally {
      indexedDB.open = original;
    }
  });

  it('tells the start what happened while it opened: a cache that fell back to memory says why', async () => {
    const { openCacheAhead, openCacheOnce } = await fresh();
    const saved = globalThis.indexedDB;
    // @ts-expect-error: a browser without IndexedDB
    delete globalThis.indexedDB;
    try {
      openCacheAhead();
      const told: string[] = [];
      const cache = await openCacheOnce(undefined, (reason) => told.push(reason));
      expect(cache.kind).toBe('memory');
      expect(told).toEqual(['IndexedDB is not available']);
    } finally {
      globalThis.indexedDB = saved;
    }
  });
});

// The offline cache: last known alerts per view, the last alerts opened, config, preferences and lists, in IndexedDB
// through Dexie. When IndexedDB is missing (private mode, blocked) or full, the same interface keeps working from
// memory. Views and alert copies are bounded in number and age, so a console open for weeks stays small.
import Dexie, { type Table } from 'dexie';
import type { AlertRow, AlertsMeta, GroupsSnapshot } from './contract/index.ts';
import type { OverviewColumn } from '../core/alert-groups.ts';
import type { Alert, Note } from '../core/types.ts';
import type { OutboxEntry } from '../core/outbox.ts';
import type { SetStore, StoredSet, StoredSetState } from './set-sync.ts';

/** The cache keys of the config's two fetched sources (./config-loader.ts), kept on sign-out. */
export const LOCAL_CONFIG_KEY = 'config.local';
export const API_CONFIG_KEY = 'config';

export interface CachedView {
  viewKey: string;
  rows: AlertRow[];
  meta: AlertsMeta;
  savedAt: number;
  /** a grouped list: its groups and the members of the groups that were open (their alerts: in the kept set) */
  groups?: GroupsSnapshot;
  /** the overview, when it was shown */
  overview?: OverviewColumn[];
}


/** The last copy of an alert's page (the alert and its notes), for opening it instantly and offline. */
export interface CachedDetail {
  id: string;
  alert: Alert;
  notes: Note[];
  savedAt: number;
  /** the copy is an alert list's row (the page has not been answered yet): its notes are not known */
  fromList?: boolean;
}

interface KeyValue {
  key: string;
  value: unknown;
  savedAt: number;
}

export interface Cache extends SetStore {
  /** 'indexeddb' normally; 'memory' when IndexedDB could not be used */
  readonly kind: 'indexeddb' | 'memory';
  getView(viewKey: string): Promise<CachedView | undefined>;
  putView(view: CachedView): Promise<void>;
  getDetail(id: string): Promise<CachedDetail | undefined>;
  /** keeps the copy; the oldest go past MAX_CACHED_DETAILS, and any not written for MAX_CACHE_AGE_MS */
  putDetail(detail: CachedDetail): Promise<void>;
  /** the alert was found deleted: no stale copy may pretend otherwise */
  dropDetail(id: string): Promise<void>;
  get<T>(key: string): Promise<T | undefined>;
  put(key: string, value: unknown): Promise<void>;
  /**
   * wipes everything that belongs to the signed-in user (alerts, prefs, queries, lists, their outbox entries) but keeps
   * the config, and the entries other users of this browser left to be sent at their next sign-in
   */
  clearUserData(owner: string): Promise<void>;
  /** the offline outbox, shared by every tab of the browser (and the service worker's Background Sync) */
  readonly outbox: OutboxStore;
}

export interface OutboxStore {
  /** an owner's entries in delivery order */
  list(owner: string): Promise<OutboxEntry[]>;
  get(id: string): Promise<OutboxEntry | undefined>;
  put(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

/** How many views to remember: enough for the usual tabs and searches, small enough to stay cheap. */
const MAX_VIEWS = 24;
/**
 * How many alert sets (every alert of a grouped list's filter, src/worker/set-sync.ts) to keep: the lists an operator
 * switches between. A set can hold 100,000 alerts; the one written longest ago goes first.
 */
export const MAX_SETS = 4;

/** One alert of a kept set. */
interface SetRow {
  setKey: string;
  id: string;
  alert: AlertRow;
}
/** How many alert pages to remember: the ones an operator came back to today, not every alert ever opened. */
export const MAX_CACHED_DETAILS = 50;
/** Views and alert copies not written for this long are dropped at the next write of their kind. */
export const MAX_CACHE_AGE_MS = 7 * 24 * 3600_000;
const KEEP_ON_LOGOUT = new Set([API_CONFIG_KEY, LOCAL_CONFIG_KEY]);
/** Where copies of alert pages lived before they got a table of their own (schema version 2). */
const OLD_DETAIL_PREFIX = 'alert:';

class ConsoleDb extends Dexie {
  views!: Table<CachedView, string>;
  kv!: Table<KeyValue, string>;
  outbox!: Table<OutboxEntry, string>;
  details!: Table<CachedDetail, string>;
  sets!: Table<StoredSetState, string>;
  setRows!: Table<SetRow, [string, string]>;

  constructor(name: string) {
    super(name);
    // Versioned schema: add a new version() block for every change, never edit an old one.
    this.version(1).stores({ views: 'viewKey, savedAt', kv: 'key' });
    // The outbox (src/sw/outbox-sync.ts reads the same store by name: keep 'outbox' and its keyPath 'id').
    this.version(2).stores({ outbox: 'id, seq, owner' });
    // Alert copies in a table of their own, indexed by age so the oldest can go (they were kv rows alert:<id>).
    this.version(3)
      .stores({ details: 'id, savedAt' })
      .upgrade(async (tx) => {
        const kv = tx.table<KeyValue, string>('kv');
        const old = await kv.where('key').startsWith(OLD_DETAIL_PREFIX).toArray();
        const copies = old.flatMap((row) => {
          const value = row.value as Omit<CachedDetail, 'id'> | null;
          return value?.alert ? [{ id: row.key.slice(OLD_DETAIL_PREFIX.length), alert: value.alert, notes: value.notes ?? [], savedAt: value.savedAt ?? row.savedAt }] : [];
        });
        await tx.table<CachedDetail, string>('details').bulkPut(copies);
        await kv.bulkDelete(old.map((row) => row.key));
      });
    // Alert sets: each one's cursors in `sets`, its alerts one row each (a delta rewrites only the alerts it changed).
    this.version(4).stores({ sets: 'setKey, savedAt', setRows: '[setKey+id], setKey' });
  }
}

/** Drops the rows not written for MAX_CACHE_AGE_MS, then the oldest past `max`. */
async function trim(table: Table<{ savedAt: number }, string>, max: number) {
  await table.where('savedAt').below(Date.now() - MAX_CACHE_AGE_MS).delete();
  const count = await table.count();
  if (count > max) await table.bulkDelete(await table.orderBy('savedAt').limit(count - max).primaryKeys());
}

/** The same for a Map in insertion order (the memory cache), oldest first. */
function trimMap<T extends { savedAt: number }>(map: Map<string, T>, max: number) {
  const limit = Date.now() - MAX_CACHE_AGE_MS;
  for (const [key, value] of map) if (value.savedAt < limit) map.delete(key);
  while (map.size > max) map.delete(map.keys().next().value as string);
}

const bySeq = (a: OutboxEntry, b: OutboxEntry) => a.seq - b.seq;

export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  private views = new Map<string, CachedView>();
  private details = new Map<string, CachedDetail>();
  private kv = new Map<string, unknown>();
  private entries = new Map<string, OutboxEntry>();
  private sets = new Map<string, { state: StoredSetState; alerts: Map<string, AlertRow> }>();
  readonly outbox: OutboxStore = {
    list: async (owner) => [...this.entries.values()].filter((e) => e.owner === owner).sort(bySeq),
    get: async (id) => this.entries.get(id),
    put: async (entry) => void this.entries.set(entry.id, entry),
    remove: async (id) => void this.entries.delete(id),
  };

  async getView(viewKey: string) {
    return this.views.get(viewKey);
  }
  async putView(view: CachedView) {
    this.views.delete(view.viewKey);
    this.views.set(view.viewKey, view);
    trimMap(this.views, MAX_VIEWS);
  }
  async getDetail(id: string) {
    return this.details.get(id);
  }
  async putDetail(detail: CachedDetail) {
    this.details.delete(detail.id);
    this.details.set(detail.id, detail);
    trimMap(this.details, MAX_CACHED_DETAILS);
  }
  async dropDetail(id: string) {
    this.details.delete(id);
  }
  async get<T>(key: string) {
    return this.kv.get(key) as T | undefined;
  }
  async put(key: string, value: unknown) {
    this.kv.set(key, value);
  }
  async loadSet(setKey: string): Promise<StoredSet | undefined> {
    const kept = this.sets.get(setKey);
    return kept ? { ...kept.state, alerts: [...kept.alerts.values()] } : undefined;
  }
  async saveSet(state: StoredSetState, upserts: AlertRow[], removed: string[], all: boolean) {
    const kept = this.sets.get(state.setKey);
    const alerts = all || !kept ? new Map<string, AlertRow>() : kept.alerts;
    for (const a of upserts) alerts.set(a.id, a);
    for (const id of removed) alerts.delete(id);
    this.sets.delete(state.setKey);
    this.sets.set(state.setKey, { state, alerts });
    while (this.sets.size > MAX_SETS) this.sets.delete(this.sets.keys().next().value as string);
  }
  async clearUserData(owner: string) {
    this.views.clear();
    this.details.clear();
    this.sets.clear();
    for (const [id, entry] of this.entries) if (entry.owner === owner) this.entries.delete(id);
    for (const key of [...this.kv.keys()]) if (!KEEP_ON_LOGOUT.has(key)) this.kv.delete(key);
  }
}

class DexieCache implements Cache {
  readonly kind = 'indexeddb' as const;
  readonly outbox: OutboxStore;
  constructor(private db: ConsoleDb) {
    this.outbox = {
      list: async (owner) => (await db.outbox.where('owner').equals(owner).toArray()).sort(bySeq),
      get: (id) => db.outbox.get(id),
      put: async (entry) => void (await db.outbox.put(entry)),
      remove: (id) => db.outbox.delete(id),
    };
  }

  async getView(viewKey: string) {
    return this.db.views.get(viewKey);
  }
  async putView(view: CachedView) {
    await this.db.transaction('rw', this.db.views, async () => {
      await this.db.views.put(view);
      await trim(this.db.views, MAX_VIEWS);
    });
  }
  async getDetail(id: string) {
    return this.db.details.get(id);
  }
  async putDetail(detail: CachedDetail) {
    await this.db.transaction('rw', this.db.details, async () => {
      await this.db.details.put(detail);
      await trim(this.db.details, MAX_CACHED_DETAILS);
    });
  }
  async dropDetail(id: string) {
    await this.db.details.delete(id);
  }
  async get<T>(key: string) {
    return (await this.db.kv.get(key))?.value as T | undefined;
  }
  async put(key: string, value: unknown) {
    await this.db.kv.put({ key, value, savedAt: Date.now() });
  }
  async loadSet(setKey: string): Promise<StoredSet | undefined> {
    return this.db.transaction('r', [this.db.sets, this.db.setRows], async () => {
      const state = await this.db.sets.get(setKey);
      if (!state) return undefined;
      const rows = await this.db.setRows.where('setKey').equals(setKey).toArray();
      return { ...state, alerts: rows.map((r) => r.alert) };
    });
  }
  async saveSet(state: StoredSetState, upserts: AlertRow[], removed: string[], all: boolean) {
    const { sets, setRows } = this.db;
    await this.db.transaction('rw', [sets, setRows], async () => {
      if (all) await setRows.where('setKey').equals(state.setKey).delete();
      else if (removed.length) await setRows.bulkDelete(removed.map((id) => [state.setKey, id] as [string, string]));
      if (upserts.length) await setRows.bulkPut(upserts.map((alert) => ({ setKey: state.setKey, id: alert.id, alert })));
      await sets.put(state);
      // The sets written longest ago go, with their alerts.
      const count = await sets.count();
      if (count > MAX_SETS) {
        const old = await sets.orderBy('savedAt').limit(count - MAX_SETS).primaryKeys();
        await sets.bulkDelete(old);
        for (const key of old) await setRows.where('setKey').equals(key).delete();
      }
    });
  }
  async clearUserData(owner: string) {
    await this.db.transaction('rw', [this.db.views, this.db.kv, this.db.outbox, this.db.details, this.db.sets, this.db.setRows], async () => {
      await this.db.views.clear();
      await this.db.details.clear();
      await this.db.sets.clear();
      await this.db.setRows.clear();
      await this.db.outbox.where('owner').equals(owner).delete();
      const keys = await this.db.kv.toCollection().primaryKeys();
      await this.db.kv.bulkDelete(keys.filter((k) => !KEEP_ON_LOGOUT.has(k)));
    });
  }
}

/**
 * How long IndexedDB may take to open before the console goes on with a memory cache: some browsers' IndexedDB can
 * hang (a bug, a database blocked by another version), and the console must start all the same.
 */
export const OPEN_TIMEOUT_MS = 3_000;

/** The console's database. */
export const CACHE_NAME = 'alerta-console';

/**
 * The console's cache, opened by the worker's first script while the rest of the worker loads and compiles (index.ts):
 * opening the database (creating it, on a first start) takes tens of milliseconds that a start would otherwise wait
 * after the rest has loaded. What it says while opening waits for the start to listen.
 */
let ahead: { cache: Promise<Cache>; listen(onDegraded: (reason: string) => void): void } | null = null;
let aheadTaken = false;

/** Begins opening the console's cache, for the start to take (openCacheOnce). Once, and never after it was taken. */
export function openCacheAhead(): void {
  if (ahead || aheadTaken) return;
  const told: string[] = [];
  let listener: ((reason: string) => void) | null = null;
  const cache = openCache(CACHE_NAME, (reason) => (listener ? listener(reason) : told.push(reason)));
  ahead = {
    cache,
    listen: (onDegraded) => {
      listener = onDegraded;
      for (const reason of told.splice(0)) onDegraded(reason);
    },
  };
}

/** Opens the cache named `name`: the console's, when its first script began opening it, is taken from there. */
export function openCacheOnce(name = CACHE_NAME, onDegraded?: (reason: string) => void): Promise<Cache> {
  const taken = name === CACHE_NAME ? ahead : null;
  if (name === CACHE_NAME) {
    ahead = null;
    aheadTaken = true;
  }
  if (!taken) return openCache(name, onDegraded);
  if (onDegraded) taken.listen(onDegraded);
  return taken.cache;
}

/**
 * Opens the IndexedDB cache, or falls back to memory. `onDegraded` is told once when the cache had to fall back,
 * or later when a write fails (quota exceeded), so the UI can say that data is kept in memory only.
 */
export async function openCache(name = CACHE_NAME, onDegraded?: (reason: string) => void): Promise<Cache> {
  if (typeof indexedDB === 'undefined') {
    onDegraded?.('IndexedDB is not available');
    return new MemoryCache();
  }
  try {
    const db = new ConsoleDb(name);
    const opening = db.open();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const answered = await Promise.race([
      opening.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), OPEN_TIMEOUT_MS))),
    ]).finally(() => clearTimeout(timer));
    if (!answered) {
      // A database that opens after all is closed again: this session keeps to memory.
      opening.then(() => db.close(), () => undefined);
      onDegraded?.(`IndexedDB did not answer within ${OPEN_TIMEOUT_MS / 1000} s`);
      return new MemoryCache();
    }
    return new ResilientCache(new DexieCache(db), onDegraded);
  } catch (error) {
    onDegraded?.(error instanceof Error ? error.message : 'IndexedDB could not be opened');
    return new MemoryCache();
  }
}

/** Falls back to memory for good after the first failed write (quota exceeded, database deleted). */
class ResilientCache implements Cache {
  private memory: MemoryCache | null = null;
  constructor(
    private inner: Cache,
    private onDegraded?: (reason: string) => void,
  ) {}

  get kind() {
    return this.memory ? 'memory' : this.inner.kind;
  }

  /** The outbox falls back with the rest: entries written before a failure stay readable where they went. */
  readonly outbox: OutboxStore = {
    list: (owner) => this.guard((c) => c.outbox.list(owner), []),
    get: (id) => this.guard((c) => c.outbox.get(id), undefined),
    put: (entry) => this.guardWrite((c) => c.outbox.put(entry)),
    remove: (id) => this.guardWrite((c) => c.outbox.remove(id)),
  };

  private async guard<T>(read: (c: Cache) => Promise<T>, fallback: T): Promise<T> {
    if (this.memory) return read(this.memory);
    try {
      return await read(this.inner);
    } catch (error) {
      this.degrade(error);
      return fallback;
    }
  }

  private async guardWrite(write: (c: Cache) => Promise<void>): Promise<void> {
    if (this.memory) return write(this.memory);
    try {
      await write(this.inner);
    } catch (error) {
      this.degrade(error);
      await write(this.memory!);
    }
  }

  private degrade(error: unknown) {
    if (this.memory) return;
    this.memory = new MemoryCache();
    this.onDegraded?.(error instanceof Error ? error.message : String(error));
  }

  async getView(viewKey: string) {
    if (this.memory) return this.memory.getView(viewKey);
    try {
      return await this.inner.getView(viewKey);
    } catch (error) {
      this.degrade(error);
      return undefined;
    }
  }
  async putView(view: CachedView) {
    if (this.memory) return this.memory.putView(view);
    try {
      await this.inner.putView(view);
    } catch (error) {
      this.degrade(error);
      await this.memory!.putView(view);
    }
  }
  getDetail(id: string) {
    return this.guard((c) => c.getDetail(id), undefined);
  }
  /**
   * Alert sets are the largest writes by far: one that does not fit (quota) keeps the sets in memory for the session,
   * and only them: the outbox, the views and the rest stay where they are. A later start pulls the set again.
   */
  private setsInMemory: MemoryCache | null = null;
  async loadSet(setKey: string) {
    if (this.setsInMemory) return this.setsInMemory.loadSet(setKey);
    return this.guard((c) => c.loadSet(setKey), undefined);
  }
  async saveSet(state: StoredSetState, upserts: AlertRow[], removed: string[], all: boolean) {
    if (this.memory) return this.memory.saveSet(state, upserts, removed, all);
    if (this.setsInMemory) return this.setsInMemory.saveSet(state, upserts, removed, all);
    try {
      await this.inner.saveSet(state, upserts, removed, all);
    } catch {
      // What was kept is no longer whole: the sets live in memory from now on, starting with this one complete.
      this.setsInMemory = new MemoryCache();
      if (all) await this.setsInMemory.saveSet(state, upserts, removed, all);
    }
  }
  putDetail(detail: CachedDetail) {
    return this.guardWrite((c) => c.putDetail(detail));
  }
  dropDetail(id: string) {
    return this.guardWrite((c) => c.dropDetail(id));
  }
  async get<T>(key: string) {
    if (this.memory) return this.memory.get<T>(key);
    try {
      return await this.inner.get<T>(key);
    } catch (error) {
      this.degrade(error);
      return undefined;
    }
  }
  async put(key: string, value: unknown) {
    if (this.memory) return this.memory.put(key, value);
    try {
      await this.inner.put(key, value);
    } catch (error) {
      this.degrade(error);
      await this.memory!.put(key, value);
    }
  }
  async clearUserData(owner: string) {
    await this.memory?.clearUserData(owner);
    try {
      await this.inner.clearUserData(owner);
    } catch (error) {
      this.degrade(error);
    }
  }
}

// The offline cache: last known alerts per view, config, preferences and lists, in IndexedDB through Dexie.
// When IndexedDB is missing (private mode, blocked) or full, the same interface keeps working from memory.
import Dexie, { type Table } from 'dexie';
import type { AlertRow, AlertsMeta } from './contract/index.ts';
import type { OutboxEntry } from '../core/outbox.ts';

export interface CachedView {
  viewKey: string;
  rows: AlertRow[];
  meta: AlertsMeta;
  savedAt: number;
}

interface KeyValue {
  key: string;
  value: unknown;
  savedAt: number;
}

export interface Cache {
  /** 'indexeddb' normally; 'memory' when IndexedDB could not be used */
  readonly kind: 'indexeddb' | 'memory';
  getView(viewKey: string): Promise<CachedView | undefined>;
  putView(view: CachedView): Promise<void>;
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
const KEEP_ON_LOGOUT = new Set(['config', 'config.local']);

class ConsoleDb extends Dexie {
  views!: Table<CachedView, string>;
  kv!: Table<KeyValue, string>;
  outbox!: Table<OutboxEntry, string>;

  constructor(name: string) {
    super(name);
    // Versioned schema: add a new version() block for every change, never edit an old one.
    this.version(1).stores({ views: 'viewKey, savedAt', kv: 'key' });
    // The outbox (src/sw/outbox-sync.ts reads the same store by name: keep 'outbox' and its keyPath 'id').
    this.version(2).stores({ outbox: 'id, seq, owner' });
  }
}

const bySeq = (a: OutboxEntry, b: OutboxEntry) => a.seq - b.seq;

export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  private views = new Map<string, CachedView>();
  private kv = new Map<string, unknown>();
  private entries = new Map<string, OutboxEntry>();
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
    while (this.views.size > MAX_VIEWS) this.views.delete(this.views.keys().next().value as string);
  }
  async get<T>(key: string) {
    return this.kv.get(key) as T | undefined;
  }
  async put(key: string, value: unknown) {
    this.kv.set(key, value);
  }
  async clearUserData(owner: string) {
    this.views.clear();
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
      const count = await this.db.views.count();
      if (count > MAX_VIEWS) {
        const oldest = await this.db.views.orderBy('savedAt').limit(count - MAX_VIEWS).primaryKeys();
        await this.db.views.bulkDelete(oldest);
      }
    });
  }
  async get<T>(key: string) {
    return (await this.db.kv.get(key))?.value as T | undefined;
  }
  async put(key: string, value: unknown) {
    await this.db.kv.put({ key, value, savedAt: Date.now() });
  }
  async clearUserData(owner: string) {
    await this.db.transaction('rw', this.db.views, this.db.kv, this.db.outbox, async () => {
      await this.db.views.clear();
      await this.db.outbox.where('owner').equals(owner).delete();
      const keys = await this.db.kv.toCollection().primaryKeys();
      await this.db.kv.bulkDelete(keys.filter((k) => !KEEP_ON_LOGOUT.has(k)));
    });
  }
}

/**
 * Opens the IndexedDB cache, or falls back to memory. `onDegraded` is told once when the cache had to fall back,
 * or later when a write fails (quota exceeded), so the UI can say that data is kept in memory only.
 */
export async function openCache(name = 'alerta-console', onDegraded?: (reason: string) => void): Promise<Cache> {
  if (typeof indexedDB === 'undefined') {
    onDegraded?.('IndexedDB is not available');
    return new MemoryCache();
  }
  try {
    const db = new ConsoleDb(name);
    await db.open();
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

// Background Sync of the offline outbox: when the browser says the network is back (the 'sync' event), an open console
// is asked to deliver (its leading tab does); with none open, the service worker delivers the outbox itself, with the
// same rules (src/core/outbox.ts), the endpoint and token the console left beside it, and tells the next console that
// opens what happened. The stores are the data worker's IndexedDB ones, read by name (src/worker/cache.ts).
import { alertNowOf, deliverOutbox, entryRequest, notesNowOf, type Answer, type Drop, type OutboxEntry, type OutboxIO } from '../core/outbox.ts';
import { SW_MESSAGES } from './messages.ts';

const DB_NAME = 'alerta-console';
const AUTH_KEY = 'outbox-auth';
const REPORT_KEY = 'outbox-report';
const OUTBOX_LOCK = 'alerta-console:outbox';

interface KeyValue {
  key: string;
  value: unknown;
  savedAt: number;
}

function promised<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** The console's database, or null when it does not exist yet (nothing was ever queued on this device). */
async function openDb(): Promise<IDBDatabase | null> {
  const req = indexedDB.open(DB_NAME);
  let created = false;
  req.onupgradeneeded = () => {
    created = true;
    req.transaction?.abort();
  };
  try {
    const db = await promised(req);
    if (created || !db.objectStoreNames.contains('outbox') || !db.objectStoreNames.contains('kv')) {
      db.close();
      return null;
    }
    return db;
  } catch {
    return null;
  }
}

function store(db: IDBDatabase, name: 'outbox' | 'kv', mode: IDBTransactionMode = 'readonly'): IDBObjectStore {
  return db.transaction(name, mode).objectStore(name);
}

async function kvGet<T>(db: IDBDatabase, key: string): Promise<T | undefined> {
  return ((await promised(store(db, 'kv').get(key))) as KeyValue | undefined)?.value as T | undefined;
}

async function kvPut(db: IDBDatabase, key: string, value: unknown): Promise<void> {
  await promised(store(db, 'kv', 'readwrite').put({ key, value, savedAt: Date.now() } satisfies KeyValue));
}

async function answerOf<T>(res: Promise<Response>, read: (body: unknown) => T): Promise<Answer<T>> {
  try {
    const r = await res;
    const body: unknown = await r.json().catch(() => null);
    if (r.ok) return { ok: true, value: read(body) };
    const message = body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : `${r.status}`;
    return { ok: false, status: r.status, message };
  } catch (error) {
    return { ok: false, status: null, message: error instanceof Error ? error.message : 'No answer' };
  }
}

/** Delivers the outbox with no console open. Resolves true when nothing is left to do now. */
export async function deliverFromServiceWorker(): Promise<boolean> {
  const db = await openDb();
  if (!db) return true;
  try {
    const auth = await kvGet<{ endpoint: string; token: string | null; owner: string }>(db, AUTH_KEY);
    if (!auth?.endpoint) return true;
    const base = new URL(auth.endpoint.replace(/\/+$/, ''), self.location.origin).href;
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${base}${path}`, {
        method,
        cache: 'no-store',
        headers: {
          Accept: 'application/json',
          'X-Request-ID': crypto.randomUUID(),
          ...(auth.token ? { Authorization: `Bearer ${auth.token}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const io: OutboxIO = {
      entries: async () =>
        ((await promised(store(db, 'outbox').getAll())) as OutboxEntry[]).filter((e) => e.owner === auth.owner).sort((a, b) => a.seq - b.seq),
      update: async (entry) => void (await promised(store(db, 'outbox', 'readwrite').put(entry))),
      remove: async (id) => void (await promised(store(db, 'outbox', 'readwrite').delete(id))),
      getAlert: (id) => answerOf(call('GET', `/alert/${encodeURIComponent(id)}`), alertNowOf),
      getNotes: (id) => answerOf(call('GET', `/alert/${encodeURIComponent(id)}/notes`), notesNowOf),
      send: (entry) => {
        const { path, body } = entryRequest(entry);
        return answerOf(call('PUT', path, body), () => null);
      },
      now: () => Date.now(),
    };
    // the browser says the network is back: entries waiting out a backoff go too
    const run = () => deliverOutbox(io, auth.owner, { now: true });
    const locks = (self.navigator as { locks?: { request: (n: string, cb: () => Promise<unknown>) => Promise<unknown> } }).locks;
    const delivery = (locks ? await locks.request(OUTBOX_LOCK, run) : await run()) as Awaited<ReturnType<typeof run>>;
    if (delivery.delivered.length || delivery.dropped.length) {
      const report = (await kvGet<{ delivered: number; dropped: Drop[] }>(db, REPORT_KEY)) ?? { delivered: 0, dropped: [] };
      await kvPut(db, REPORT_KEY, { delivered: report.delivered + delivery.delivered.length, dropped: [...report.dropped, ...delivery.dropped] });
    }
    return delivery.end !== 'offline';
  } finally {
    db.close();
  }
}

/** The 'sync' event: an open console delivers (one of its tabs leads); else this worker does. */
export async function onOutboxSync(clients: Clients): Promise<void> {
  const windows = await clients.matchAll({ type: 'window' });
  if (windows.length > 0) {
    for (const w of windows) w.postMessage({ type: SW_MESSAGES.deliverOutbox });
    return;
  }
  // Not delivered yet (no answer): the browser retries the sync later.
  if (!(await deliverFromServiceWorker())) throw new Error('The outbox could not be delivered yet');
}

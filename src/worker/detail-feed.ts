// The alert on the detail page, kept current at the list's interval, cached for offline use.
import type { Alert, Note } from '../core/types.ts';
import type { AlertDetailMessage, WorkerError } from './contract/index.ts';
import { getAlert, getNotes } from './api/alerts.ts';
import type { HttpContext } from './http.ts';
import type { Cache } from './cache.ts';
import { Poller, type CycleOutcome } from './poller.ts';

interface CachedDetail {
  alert: Alert;
  notes: Note[];
  savedAt: number;
}

export class DetailFeed {
  private id: string | null = null;
  private last: AlertDetailMessage | null = null;
  private poller: Poller;

  constructor(
    private deps: {
      http: () => HttpContext;
      cache: () => Cache;
      intervalMs: () => number;
      post: (event: AlertDetailMessage) => void;
      onUnauthorized: () => void;
      onNetwork: (ok: boolean) => void;
    },
  ) {
    this.poller = new Poller({ cycle: (signal) => this.cycle(signal), intervalMs: deps.intervalMs });
  }

  async setId(id: string | null): Promise<void> {
    this.poller.stop();
    this.id = id;
    this.last = null;
    if (!id) return;
    const cached = await this.deps.cache().get<CachedDetail>(`alert:${id}`);
    if (this.id !== id) return;
    if (cached) this.emit({ type: 'alert-detail', id, alert: cached.alert, notes: cached.notes, freshness: 'stale', updatedAt: cached.savedAt, error: null });
    void this.poller.start();
  }

  refresh(): Promise<void> {
    return this.poller.refresh();
  }

  setHidden(hidden: boolean) {
    this.poller.setHidden(hidden);
  }

  /** An alert the list already has: remember it, so the detail page opens instantly and offline. */
  async remember(alert: Alert): Promise<void> {
    const existing = await this.deps.cache().get<CachedDetail>(`alert:${alert.id}`);
    await this.deps.cache().put(`alert:${alert.id}`, { alert, notes: existing?.notes ?? [], savedAt: Date.now() } satisfies CachedDetail);
  }

  private async cycle(signal: AbortSignal): Promise<CycleOutcome> {
    const id = this.id;
    if (!id) return 'stop';
    const ctx = this.deps.http();
    const [alert, notes] = await Promise.all([getAlert(ctx, id, signal), getNotes(ctx, id, signal)]);
    if (signal.aborted || this.id !== id) return 'ok';
    if (!alert.ok) return this.failed(id, alert.error);
    this.deps.onNetwork(true);
    const noteList = notes.ok ? notes.value : (this.last?.notes ?? []);
    const savedAt = Date.now();
    await this.deps.cache().put(`alert:${id}`, { alert: alert.value, notes: noteList, savedAt } satisfies CachedDetail);
    this.emit({ type: 'alert-detail', id, alert: alert.value, notes: noteList, freshness: 'live', updatedAt: savedAt, error: null });
    return 'ok';
  }

  private failed(id: string, error: WorkerError): CycleOutcome {
    if (error.kind === 'aborted') return 'ok';
    if (error.kind === 'auth') {
      this.deps.onUnauthorized();
      return 'stop';
    }
    if (error.code === 404) {
      // Deleted, unknown, or another customer's: a clear not-found state, and no stale copy pretending otherwise.
      void this.deps.cache().put(`alert:${id}`, null);
      this.emit({ type: 'alert-detail', id, alert: null, notes: [], freshness: 'live', updatedAt: Date.now(), error });
      return 'client-error';
    }
    const offline = error.kind === 'network' || (error.code ?? 0) >= 500;
    if (offline) this.deps.onNetwork(false);
    const base = this.last;
    this.emit({
      type: 'alert-detail',
      id,
      alert: base?.alert ?? null,
      notes: base?.notes ?? [],
      freshness: offline ? 'offline' : 'stale',
      updatedAt: base?.updatedAt ?? null,
      error,
    });
    return offline ? 'network' : 'client-error';
  }

  private emit(message: AlertDetailMessage) {
    const previous = this.last;
    this.last = message;
    // An unchanged alert on an unchanged page: nothing to send.
    if (previous && JSON.stringify(previous) === JSON.stringify(message)) return;
    this.deps.post(message);
  }
}

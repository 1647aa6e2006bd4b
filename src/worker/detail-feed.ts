// The alert on a detail page, kept current at the list's interval (two requests a cycle: the alert and its notes),
// cached for offline use. The leader's feed hub runs one per alert that any tab shows.
import type { Alert } from '../core/types.ts';
import type { AlertDetailMessage, WorkerError } from './contract/index.ts';
import { cachedCopyDue, pollTimeoutMs } from '../core/freshness.ts';
import { getAlert, getNotes } from './api/alerts.ts';
import type { HttpContext } from './http.ts';
import type { Cache, CachedDetail } from './cache.ts';
import type { Feed } from './alerts-feed.ts';
import { Poller, type CycleOutcome } from './poller.ts';

/** `fromList: true` for a copy that is an alert list's row, nothing otherwise: what a detail message carries. */
export function fromListOf(copy: { fromList?: boolean } | null | undefined): { fromList?: true } {
  return copy?.fromList ? { fromList: true } : {};
}

/** The last copy of an alert, or null when none was kept (or it was found deleted). */
export async function cachedDetail(cache: Cache, id: string): Promise<CachedDetail | null> {
  return (await cache.getDetail(id)) ?? null;
}

export class DetailFeed implements Feed {
  private last: AlertDetailMessage | null = null;
  /** the offline copy this feed last wrote: what it held (JSON) and when */
  private copy: { content: string; savedAt: number } | null = null;
  private poller: Poller;
  private stopped = false;

  constructor(
    readonly id: string,
    private deps: {
      http: () => HttpContext;
      cache: () => Cache;
      intervalMs: () => number;
      post: (event: AlertDetailMessage, to?: string) => void;
      onUnauthorized: () => void;
      onNetwork: (ok: boolean) => void;
    },
    /** the alert as a list already has it, and when that list was answered: the page opens with it at once */
    private seed?: { alert: Alert; at: number },
  ) {
    this.poller = new Poller({
      cycle: (signal) => this.cycle(signal),
      intervalMs: deps.intervalMs,
      timeoutMs: (interval) => pollTimeoutMs(interval) + 1000,
      onTimeout: () => this.failed({ kind: 'network', message: `No answer within ${Math.round(pollTimeoutMs(deps.intervalMs()) / 1000)} s` }),
    });
  }

  /** Posts the last copy (or the seed, the row of a list that has the alert) at once, then polls. */
  async start(): Promise<void> {
    if (this.seed) await this.remember(this.seed.alert, this.seed.at);
    const cached = await cachedDetail(this.deps.cache(), this.id);
    if (this.stopped) return;
    if (cached) {
      this.emit({ type: 'alert-detail', id: this.id, alert: cached.alert, notes: cached.notes, freshness: 'stale', updatedAt: cached.savedAt, error: null, ...fromListOf(cached) });
    }
    void this.poller.start();
  }

  stop(): void {
    this.stopped = true;
    this.poller.stop();
  }

  refresh(): Promise<void> {
    return this.poller.refresh();
  }

  setHidden(hidden: boolean) {
    this.poller.setHidden(hidden);
  }

  resend(to: string): void {
    if (this.last) this.deps.post(this.last, to);
  }

  resume(): void {
    if (!this.stopped) void this.poller.start();
  }

  /**
   * An alert a list already has: remember it, so the detail page opens instantly and offline, with the age of the
   * list's answer (not "just now" for a row a minute old). A newer copy already kept is not replaced. Without a copy
   * of the page itself, the copy says it is the list's: its notes are not known.
   */
  async remember(alert: Alert, savedAt: number): Promise<void> {
    const existing = await cachedDetail(this.deps.cache(), alert.id);
    if (existing && existing.savedAt >= savedAt) return;
    const fromList = !existing || existing.fromList === true;
    await this.deps.cache().putDetail({ id: alert.id, alert, notes: existing?.notes ?? [], savedAt, ...(fromList ? { fromList } : {}) });
  }

  private async cycle(signal: AbortSignal): Promise<CycleOutcome> {
    const { id } = this;
    if (this.stopped) return 'stop';
    const ctx = this.deps.http();
    const timeoutMs = pollTimeoutMs(this.deps.intervalMs());
    const [alert, notes] = await Promise.all([getAlert(ctx, id, signal, timeoutMs), getNotes(ctx, id, signal, timeoutMs)]);
    if (signal.aborted || this.stopped) return 'ok';
    if (!alert.ok) return this.failed(alert.error);
    this.deps.onNetwork(true);
    const noteList = notes.ok ? notes.value : (this.last?.notes ?? []);
    const savedAt = Date.now();
    // The offline copy is written when the alert or its notes changed (or once a minute), not at every poll.
    const content = JSON.stringify([alert.value, noteList]);
    if (cachedCopyDue(content !== this.copy?.content, this.copy?.savedAt ?? null, savedAt)) {
      this.copy = { content, savedAt };
      // Best effort, not awaited: a storage write that hangs must not hold up the polls.
      this.deps.cache().putDetail({ id, alert: alert.value, notes: noteList, savedAt }).catch(() => undefined);
    }
    this.emit({ type: 'alert-detail', id, alert: alert.value, notes: noteList, freshness: 'live', updatedAt: savedAt, error: null });
    return 'ok';
  }

  private failed(error: WorkerError): CycleOutcome {
    const { id } = this;
    if (error.kind === 'aborted') return 'ok';
    if (error.kind === 'auth') {
      this.deps.onUnauthorized();
      return 'stop';
    }
    if (error.code === 404) {
      // Deleted, unknown, or another customer's: a clear not-found state, and no stale copy pretending otherwise.
      void this.deps.cache().dropDetail(id);
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
      ...fromListOf(base),
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

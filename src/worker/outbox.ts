// The worker's side of the offline outbox (src/core/outbox.ts holds the rules): entries are kept in IndexedDB, shared
// by every tab, shown to the UI as pending, and delivered by the leading tab (or the service worker's Background Sync
// when no console is open), one delivery at a time under a Web Lock.
import { commandName, deliverOutbox, entryRequest, DROP_REASON_KEYS, type Answer, type Drop, type OutboxCommand, type OutboxEntry, type OutboxIO } from '../core/outbox.ts';
import { usernameOf } from '../core/jwt.ts';
import type { WorkerContext } from './context.ts';
import type { LockManagerLike } from './early.ts';
import { request, anyObject, type HttpContext } from './http.ts';
import { getAlert, getNotes } from './api/alerts.ts';
import type { AlertSeen, Result } from './contract/index.ts';


const OUTBOX_LOCK = 'alerta-console:outbox';
/** where the service worker finds the endpoint and token to deliver with when no console is open */
export const OUTBOX_AUTH_KEY = 'outbox-auth';
/** drops and deliveries the service worker made, told by the next console that opens */
export const OUTBOX_REPORT_KEY = 'outbox-report';

let order = 0;

/** Answers of the worker's HTTP client as the outbox reads them. */
function answer<T>(r: Result<T>): Answer<T> {
  if (r.ok) return r;
  return { ok: false, status: r.error.kind === 'network' || r.error.kind === 'aborted' ? null : (r.error.code ?? 0), message: r.error.message };
}

/** Sends the request an entry stands for (all PUT). */
function sendEntry(http: HttpContext, entry: OutboxEntry): Promise<Result<unknown>> {
  const { path, body } = entryRequest(entry);
  return request(http, path, anyObject, { method: 'PUT', body });
}

export class Outbox {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private againNow = false;
  private stopped = false;

  constructor(
    private ctx: WorkerContext,
    private deps: {
      locks: LockManagerLike | null;
      /** whether this tab's worker delivers (the leader) */
      delivers: () => boolean;
      /** the other tabs re-read the outbox */
      tellOthers: () => void;
      /** after a delivery: poll what is shown, so the rows show what was sent (the alerts it changed) */
      afterDelivery: (alertIds: string[]) => Promise<void>;
    },
  ) {}

  private owner(): string {
    return usernameOf(this.ctx.session.state().claims) ?? '';
  }

  /**
   * Keeps commands the API could not be reached for; they are shown as pending and sent when it answers again.
   * `maybeSent`: the request went out and no answer came, so it may have arrived: delivery looks first (a note is not
   * posted twice, an action found done is done).
   */
  async queue(alertIds: readonly string[], command: OutboxCommand, seen: Record<string, AlertSeen | undefined>, maybeSent = false): Promise<void> {
    const { ctx } = this;
    const now = Date.now();
    for (const alertId of alertIds) {
      const s = seen[alertId];
      await ctx.cache.outbox.put({
        id: crypto.randomUUID(),
        seq: now * 1000 + (order++ % 1000),
        owner: this.owner(),
        createdAt: now,
        alertId,
        label: s ? [s.resource, s.event].filter(Boolean).join(' · ') : alertId.slice(0, 8),
        command,
        seen: s ? { status: s.status, lastReceiveId: s.lastReceiveId } : null,
        attempts: 0,
        nextAt: 0,
        sending: maybeSent,
      });
    }
    // What Background Sync needs to deliver with no console open.
    await ctx.cache.put(OUTBOX_AUTH_KEY, { endpoint: ctx.config.endpoint, token: ctx.session.current(), owner: this.owner() });
    await this.changed();
  }

  /** Drops an entry the user no longer wants sent (one already on its way cannot be called back). */
  async cancel(id: string): Promise<boolean> {
    const entry = await this.ctx.cache.outbox.get(id);
    if (!entry || entry.owner !== this.owner() || entry.sending) return false;
    await this.ctx.cache.outbox.remove(id);
    await this.changed(false);
    return true;
  }

  /** Shows this user's pending entries in the UI, and tells what Background Sync did meanwhile. Returns their number. */
  async publish(): Promise<number> {
    const { ctx } = this;
    const entries = await ctx.cache.outbox.list(this.owner());
    ctx.post({ type: 'outbox', entries });
    const report = await ctx.cache.get<{ delivered: number; dropped: Drop[] }>(OUTBOX_REPORT_KEY);
    if (report && (report.delivered || report.dropped.length)) {
      await ctx.cache.put(OUTBOX_REPORT_KEY, null);
      this.tell(report.delivered, report.dropped);
    }
    return entries.length;
  }

  /**
   * Delivers now when this tab delivers and anything is due (several calls at once make one delivery). `now`: the
   * API answers again, or the user asked for a refresh: entries waiting out a backoff go too.
   */
  wake(now = false): Promise<void> {
    if (this.stopped || !this.deps.delivers()) return Promise.resolve();
    if (this.running) {
      this.again = true;
      this.againNow ||= now;
      return this.running;
    }
    this.running = (async () => {
      let force = now;
      do {
        this.again = false;
        this.againNow = false;
        await this.deliverOnce(force);
        force = this.againNow;
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** The worker ends: nothing more is sent from it. */
  stop(): void {
    this.stopped = true;
    this.clearTimer();
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async changed(deliver = true) {
    await this.publish();
    this.deps.tellOthers();
    if (deliver) void this.wake();
  }

  private async deliverOnce(now: boolean): Promise<void> {
    const { ctx } = this;
    // A tab can become the poller while its start is still opening the cache: the end of the start wakes it again.
    if (!ctx.isOpen) return;
    if (!ctx.session.state().authenticated && ctx.config.auth_required) return;
    const owner = this.owner();
    if ((await ctx.cache.outbox.list(owner)).length === 0) return;
    const io: OutboxIO = {
      entries: () => ctx.cache.outbox.list(owner),
      update: (entry) => ctx.cache.outbox.put(entry),
      remove: (id) => ctx.cache.outbox.remove(id),
      getAlert: async (id) => answer(await getAlert(ctx.http(), id)),
      getNotes: async (id) => answer(await getNotes(ctx.http(), id)),
      send: async (entry) => answer(await sendEntry(ctx.http(), entry)),
      now: () => Date.now(),
      cancelled: () => this.stopped || this.owner() !== owner,
    };
    const run = () => deliverOutbox(io, owner, { now });
    const delivery = this.deps.locks ? ((await this.deps.locks.request(OUTBOX_LOCK, {}, run)) as Awaited<ReturnType<typeof run>>) : await run();
    if (delivery.delivered.length || delivery.dropped.length) {
      this.tell(delivery.delivered.length, delivery.dropped);
      await this.publish();
      this.deps.tellOthers();
      ctx.setOnline(true);
      await this.deps.afterDelivery([...new Set(delivery.delivered.map((e) => e.alertId))]);
    }
    if (delivery.end === 'offline') ctx.setOnline(false);
    this.clearTimer();
    if (delivery.nextAt !== null && !this.stopped) this.timer = setTimeout(() => void this.wake(), Math.max(1000, delivery.nextAt - Date.now()));
  }

  /** Notices: what was sent, and each entry dropped with the alert's name and the reason. */
  private tell(delivered: number, dropped: Drop[]) {
    if (delivered > 0) this.ctx.post({ type: 'notice', level: 'success', key: 'OutboxDelivered', values: { count: delivered }, message: `${delivered} actions made offline were sent` });
    for (const d of dropped) {
      const what = commandName(d.entry.command);
      this.ctx.post({
        type: 'notice',
        level: 'error',
        key: DROP_REASON_KEYS[d.reason],
        values: { action: what, alert: d.entry.label, reason: d.message ?? '' },
        message: `Not sent: ${what} on ${d.entry.label} (${d.reason}${d.message ? `: ${d.message}` : ''})`,
      });
    }
  }
}

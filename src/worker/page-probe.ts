// Whether a plain list's page can have changed since it was last fetched: two cheap questions a cycle (what was
// received after the newest receive seen, and which alert was updated last), with the tab counts the cycle asks for
// anyway. Only when one of them says so is the page asked for again; an unchanged cycle costs about a kilobyte, not
// the page. The cursors are the server's own times, as for a grouped list's set (src/core/alert-sync.ts).
import type { AlertsView, EnvironmentCount } from '../core/types.ts';
import type { Result } from './contract/index.ts';
import { emptyCursors, laterOf, PAGE_SAFETY_MS, pageProbeParams, settleTarget, timeMs, type Cursors } from '../core/alert-sync.ts';
import { request, type HttpContext } from './http.ts';
import { parseAlertsResponse } from './schema.ts';

export interface ProbeDeps {
  http: () => HttpContext;
  /** epoch ms: only to schedule the safety refetch */
  clock?: () => number;
  /** resolves the view's relative time range */
  now?: () => Date;
}

export class PageProbe {
  private cursors: Cursors = emptyCursors();
  /** the probes have answered once: the cursors mean something */
  private started = false;
  private due: string | null = 'nothing fetched yet';
  private fetchedAt = 0;
  /** the tab counts of the view's own environment (or of all of them) at the last cycle */
  private counts: string | null = null;

  constructor(
    private readonly view: AlertsView,
    private readonly deps: ProbeDeps,
  ) {}

  /** The page is asked for in the next cycle whatever the probes say (a command of this console changed it). */
  force(reason: string): void {
    this.due = reason;
  }

  /** Whether the page is asked for this cycle whatever the probes say. */
  get forced(): boolean {
    return this.due !== null;
  }

  /** The page was fetched: the safety interval starts again. */
  fetched(): void {
    this.due = null;
    this.fetchedAt = this.deps.clock?.() ?? Date.now();
  }

  /**
   * The tab counts of this cycle (null: not asked this cycle): a count of the view's alerts that moved (a deletion,
   * an alert that left the filter) means the page changed.
   */
  countsChanged(environments: readonly EnvironmentCount[] | null): boolean {
    if (environments === null) return false;
    const env = this.view.filter.environment;
    const mine = env ? environments.filter((e) => e.environment === env) : environments;
    const text = JSON.stringify([...mine].sort((a, b) => (a.environment < b.environment ? -1 : 1)));
    const moved = this.counts !== null && this.counts !== text;
    this.counts = text;
    return moved;
  }

  /**
   * Why the page must be fetched this cycle, or null when nothing it could show has changed. Asks the two questions
   * (with the signal of the cycle); an error of theirs is the cycle's.
   */
  async reason(signal: AbortSignal, timeoutMs: number): Promise<Result<string | null>> {
    const http = this.deps.http();
    const q = pageProbeParams(this.view, this.deps.now?.() ?? new Date());
    const after = this.started ? this.cursors.received.seen || null : null;
    const [received, updated] = await Promise.all([
      request(http, '/alerts', (b) => parseAlertsResponse(b, 1), { params: q.received(after), signal, timeoutMs }),
      request(http, '/alerts', (b) => parseAlertsResponse(b, 1), { params: q.updated(), signal, timeoutMs }),
    ]);
    if (!received.ok) return received;
    if (!updated.ok) return updated;
    const r = received.value.value;
    const u = updated.value.value;
    const newestReceived = r.alerts[0]?.lastReceiveTime ?? '';
    const newestUpdate = u.alerts[0]?.updateTime ?? '';
    const c = this.cursors;
    // The first probes start the cursors: what changed since the page was fetched is in the page asked for with them.
    let why = this.due ?? (this.started ? null : 'the probes begin');
    if (!why) {
      if (r.total > 0) why = 'alerts received';
      else if (timeMs(newestUpdate) > timeMs(c.updated.seen)) why = 'alerts updated';
    }
    // A change written late (stamped before a time already seen) is in the page asked for once its time has settled:
    // one more page after the last change (during a storm every cycle asks for the page anyway).
    const settleR = settleTarget(c.received, c.serverNow);
    const settleU = settleTarget(c.updated, c.serverNow);
    if (!why && (settleR || settleU)) why = 'a window settled';
    if (!why && (this.deps.clock?.() ?? Date.now()) - this.fetchedAt >= PAGE_SAFETY_MS) why = 'the safety interval';
    c.received.seen = laterOf(c.received.seen, newestReceived);
    c.updated.seen = laterOf(c.updated.seen, newestUpdate);
    c.serverNow = laterOf(c.serverNow, r.alerts.length ? newestReceived : r.lastTime);
    if (!this.started) {
      // The first answer starts the cursors: nothing seen before them is missed, as the page is fetched with them.
      c.received.seen ||= r.lastTime;
      c.updated.seen ||= r.lastTime;
      c.received.settled = c.received.seen;
      c.updated.settled = c.updated.seen;
      this.started = true;
    }
    if (settleR) c.received.settled = settleR;
    if (settleU) c.updated.settled = settleU;
    return { ok: true, value: why };
  }
}

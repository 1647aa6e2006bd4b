// Keeps one set (every alert of a view's filter, src/core/alert-sync.ts) in step with the API: a full pull when
// nothing is known, then each cycle three cheap questions asked at once (the counts, what was received since the
// receive cursor, what was updated last) and only what changed fetched; a repair by ranges of receive times when the
// counts disagree; a full pull again when an answer cannot be trusted or the safety interval is up. The set, its
// cursors and what the last pull cost are kept in IndexedDB, so a later start (or another tab taking over the
// polling) goes on by delta. docs/architecture.md#the-alert-set tells the protocol.
import type { AlertRow, Result, WorkerError } from './contract/index.ts';
import type { AlertsResponse, AlertsView, Config } from '../core/types.ts';
import {
  configuredSafetyMs,
  countParams,
  cursorsAfterPull,
  emptyCursors,
  idsParams,
  inRange,
  keepsStatus,
  laterOf,
  MAX_UPDATE_PAGES,
  pullPageSize,
  pullParams,
  RECONCILE_LEAF,
  RECONCILE_MAX_SHARE,
  receivedParams,
  receivedProblem,
  customerProblem,
  safetyIntervalMs,
  sameCounts,
  setKeyOf,
  setQueryOf,
  settleTarget,
  splitWindow,
  timeMs,
  DELTA_PAGE,
  updatedParams,
  updatedProblem,
  type Cursors,
  type SetCounts,
  type SetQuery,
  type TimeWindow,
} from '../core/alert-sync.ts';
import { trendOf } from '../core/severity.ts';
import { request, type HttpContext } from './http.ts';
import { parseAlertsResponse } from './schema.ts';
import { countAlerts, getNames } from './api/alerts.ts';
import { AlertSet } from './alert-set.ts';

/** What a set keeps in storage besides its alerts. */
export interface StoredSetState {
  setKey: string;
  cursors: Cursors;
  /** epoch ms of the last full pull, and how long it took */
  pulledAt: number;
  pullMs: number;
  /** environments the server listed at the last pull (tabs shown even with no alert of the set) */
  environments: string[];
  savedAt: number;
}

export interface StoredSet extends StoredSetState {
  alerts: AlertRow[];
}

/** Where sets are kept between starts (src/worker/cache.ts). Writes are applied in the order they were made. */
export interface SetStore {
  loadSet(setKey: string): Promise<StoredSet | undefined>;
  /** the state, and the alerts changed or removed since the last save; `all`: the set is exactly `upserts` */
  saveSet(state: StoredSetState, upserts: AlertRow[], removed: string[], all: boolean): Promise<void>;
}

export interface SetSyncDeps {
  http: () => HttpContext;
  config: () => Config;
  /** resolves the view's relative time range, as the list's own requests do */
  now?: () => Date;
  /** the customers the session sees (an answer holding others is not this session's); null or empty: all */
  customers?: () => readonly string[] | null;
  store?: () => SetStore | null;
  /** epoch ms, only to schedule the safety pull */
  clock?: () => number;
}

/** What one cycle did. */
export interface SyncReport {
  /** 'pull': the whole set was fetched; 'delta': only what changed; 'repair': ranges the counts disagreed on */
  kind: 'pull' | 'delta' | 'repair';
  /** whether the set changed */
  changed: boolean;
  /** requests the cycle made */
  requests: number;
  /** why a full pull was made, when one was */
  reason?: string;
}

type Answer = AlertsResponse;

/** An answer that cannot be trusted: the cycle pulls the whole set instead. */
class Untrusted extends Error {}

export class SetSync {
  readonly key: string;
  readonly set = new AlertSet();
  private cursors: Cursors = emptyCursors();
  /** whether the set holds a pull (of the network, or of the store) */
  private pulled = false;
  private pulledAt = 0;
  private pullMs = 0;
  private environmentNames: string[] = [];
  /** alerts this console changed: asked for by id in the next cycle */
  private pendingIds = new Set<string>();
  private pullWanted: string | null = null;
  private requests = 0;
  /** saves in the order they were made */
  private saving: Promise<void> = Promise.resolve();
  private restored: Promise<boolean> | null = null;

  constructor(
    private readonly view: AlertsView,
    identity: string,
    private readonly deps: SetSyncDeps,
  ) {
    this.key = setKeyOf(view, identity);
  }

  /** Whether the set holds every alert of its filter as of its last cycle (false before the first pull). */
  get ready(): boolean {
    return this.pulled;
  }

  /** The environments the tabs list: those of the set and those the server listed at the last pull. */
  environments() {
    const counted = this.set.environments();
    const known = new Set(counted.map((e) => e.environment));
    for (const name of this.environmentNames) if (!known.has(name)) counted.push({ environment: name, count: 0, severityCounts: {}, statusCounts: {} });
    return counted;
  }

  /** Loads the set kept in storage (once): the next cycle goes on from its cursors. */
  restore(): Promise<boolean> {
    this.restored ??= (async () => {
      const stored = await this.deps.store?.()?.loadSet(this.key).catch(() => undefined);
      if (!stored || stored.setKey !== this.key || this.pulled) return false;
      this.set.replaceAll(stored.alerts);
      this.set.takeChanges();
      this.cursors = stored.cursors;
      this.pulledAt = stored.pulledAt;
      this.pullMs = stored.pullMs;
      this.environmentNames = stored.environments;
      this.pulled = true;
      return true;
    })();
    return this.restored;
  }

  /** This console changed these alerts (an action, a watch, a note): the next cycle asks for them by id. */
  touched(ids: Iterable<string>): void {
    for (const id of ids) this.pendingIds.add(id);
  }

  /** This console deleted these alerts. */
  deleted(ids: Iterable<string>): void {
    for (const id of ids) {
      this.pendingIds.delete(id);
      this.set.remove(id);
    }
  }

  /** The next cycle pulls the whole set (a new session, the config changed). */
  pullNext(reason: string): void {
    this.pullWanted = reason;
  }

  /**
   * One cycle: the set brought in step with the API, or an error (nothing applied then, the cursors unchanged). A
   * cycle that cannot explain what it sees repairs or pulls within the same cycle: what it leaves is what a full pull
   * would have shown.
   */
  async cycle(signal: AbortSignal, timeoutMs: number): Promise<Result<SyncReport>> {
    // One cycle at a time: a cycle aborted by a refresh finishes (it applies nothing more) before the next one starts.
    const previous = this.running;
    let done!: () => void;
    this.running = new Promise<void>((resolve) => (done = resolve));
    try {
      await previous;
      return await this.runCycle(signal, timeoutMs);
    } finally {
      done();
    }
  }

  private running: Promise<void> = Promise.resolve();

  private async runCycle(signal: AbortSignal, timeoutMs: number): Promise<Result<SyncReport>> {
    this.requests = 0;
    await this.restore();
    const q = setQueryOf(this.view, this.deps.now?.() ?? new Date());
    const clock = this.deps.clock?.() ?? Date.now();
    const safety = safetyIntervalMs(configuredSafetyMs(this.deps.config()), this.pullMs);
    const due = !this.pulled ? 'nothing known yet' : this.pullWanted ?? (clock - this.pulledAt >= safety ? 'safety interval' : null);
    try {
      if (due) return await this.pull(q, signal, timeoutMs, due);
      return await this.delta(q, signal, timeoutMs);
    } catch (error) {
      // A delta that cannot be trusted is followed by a full pull; a pull that cannot be trusted is a failed cycle.
      if (error instanceof Untrusted && !due) {
        try {
          return await this.pull(q, signal, timeoutMs, error.message);
        } catch (again) {
          return { ok: false, error: errorOf(again) };
        }
      }
      return { ok: false, error: errorOf(error) };
    } finally {
      this.save();
    }
  }

  // ---- the delta cycle ----------------------------------------------------------------------------------------------

  private async delta(q: SetQuery, signal: AbortSignal, timeoutMs: number): Promise<Result<SyncReport>> {
    const before = this.set.version;
    // A relative time range slides: alerts received before its start leave without the server being asked.
    if (q.range.from !== null || q.range.to !== null) for (const a of [...this.set.values()]) if (!inRange(a, q)) this.set.remove(a.id);

    const receivedWindow: TimeWindow = { after: this.cursors.received.seen || null, upTo: null };
    const settleR = settleTarget(this.cursors.received, this.cursors.serverNow);
    const settleU = settleTarget(this.cursors.updated, this.cursors.serverNow);
    const ids = [...this.pendingIds].slice(0, DELTA_PAGE);
    const [counts, received, updatedTop, settled, own] = await Promise.all([
      this.count(q, { after: null, upTo: null }, signal, timeoutMs),
      this.list(receivedParams(q, receivedWindow), DELTA_PAGE, signal, timeoutMs),
      this.list(updatedParams(q, 1, 1), 1, signal, timeoutMs),
      settleR ? this.received(q, { after: this.cursors.received.settled || null, upTo: settleR }, signal, timeoutMs) : null,
      ids.length ? this.list(idsParams(q, ids), ids.length * 2, signal, timeoutMs) : null,
    ]);
    const customers = this.deps.customers?.() ?? null;

    // What was received since the cursor (every page of it).
    const receivedProblemText = receivedProblem(received, receivedWindow, 1, DELTA_PAGE, customers);
    if (receivedProblemText) throw new Untrusted(`a receive delta held ${receivedProblemText}`);
    let receivedAlerts = received.alerts;
    if (received.total > DELTA_PAGE) {
      if (received.total > Math.max(DELTA_PAGE, this.set.size * RECONCILE_MAX_SHARE)) throw new Untrusted(`${received.total} alerts received since the last cycle`);
      receivedAlerts = [...receivedAlerts, ...(await this.received(q, receivedWindow, signal, timeoutMs, 2))];
    }
    // What was updated since the cursor: the newest update first, then pages until one older than the cursor.
    const updatedProblemText = updatedProblem(updatedTop, 1, 1, customers);
    if (updatedProblemText) throw new Untrusted(`an update delta held ${updatedProblemText}`);
    const updated = await this.updatedSince(q, updatedTop, this.cursors.updated.seen, signal, timeoutMs);
    const settledUpdates = settleU ? await this.updatedSince(q, null, this.cursors.updated.settled, signal, timeoutMs) : [];
    const mine = own ? own.alerts.filter((a) => ids.includes(a.id)) : null;
    if (mine && customerProblem({ alerts: mine }, customers)) throw new Untrusted('an alert of a customer this session does not see');

    // Apply, the oldest knowledge first: a later answer about the same alert wins.
    for (const a of settled ?? []) this.put(a);
    for (const a of receivedAlerts) this.put(a);
    for (const a of [...settledUpdates, ...updated]) {
      if (keepsStatus(a, q) && inRange(a, q)) this.put(a);
      else this.set.remove(a.id);
    }
    if (mine) {
      const present = new Set(mine.map((a) => a.id));
      for (const a of mine) this.put(a);
      for (const id of ids) if (!present.has(id)) this.set.remove(id);
      for (const id of ids) this.pendingIds.delete(id);
    }

    // The cursors move only now that everything is applied.
    const newestReceived = receivedAlerts[0]?.lastReceiveTime;
    const cursors = this.cursors;
    cursors.received.seen = laterOf(cursors.received.seen, newestReceived ?? '');
    cursors.serverNow = laterOf(cursors.serverNow, receivedAlerts.length === 0 ? received.lastTime : (newestReceived ?? ''));
    if (settleR) cursors.received.settled = settleR;
    cursors.updated.seen = laterOf(cursors.updated.seen, updatedTop.alerts[0]?.updateTime ?? '');
    if (settleU) cursors.updated.settled = settleU;

    // The check: do the set's counts say what the server's say?
    if (!sameCounts(this.set.counts(), counts)) {
      const again = await this.count(q, { after: null, upTo: null }, signal, timeoutMs);
      // Another change in flight between the questions (a storm) is told apart from a difference that stays.
      if (!sameCounts(this.set.counts(), again)) {
        await this.repair(q, again, signal, timeoutMs);
        return { ok: true, value: { kind: 'repair', changed: this.set.version !== before, requests: this.requests } };
      }
    }
    return { ok: true, value: { kind: 'delta', changed: this.set.version !== before, requests: this.requests } };
  }

  /**
   * The alerts updated after `since`, newest update first: `top` (the cycle's first question, one alert) tells
   * whether there are any; then pages of DELTA_PAGE until one reaches back to `since`.
   */
  private async updatedSince(q: SetQuery, top: Answer | null, since: string, signal: AbortSignal, timeoutMs: number): Promise<Answer['alerts']> {
    const limit = Number.isFinite(timeMs(since)) ? timeMs(since) : Number.NEGATIVE_INFINITY;
    if (top && (top.alerts.length === 0 || !(timeMs(top.alerts[0]!.updateTime) > limit))) return [];
    const out: Answer['alerts'] = [];
    const customers = this.deps.customers?.() ?? null;
    for (let page = 1; page <= MAX_UPDATE_PAGES; page++) {
      const answer = await this.list(updatedParams(q, page, DELTA_PAGE), DELTA_PAGE, signal, timeoutMs);
      const problem = updatedProblem(answer, page, DELTA_PAGE, customers);
      if (problem) throw new Untrusted(`an update delta held ${problem}`);
      for (const a of answer.alerts) {
        if (!(timeMs(a.updateTime) > limit)) return out;
        out.push(a);
      }
      if (answer.alerts.length < DELTA_PAGE) return out;
    }
    throw new Untrusted(`more than ${MAX_UPDATE_PAGES * DELTA_PAGE} alerts updated since the last cycle`);
  }

  /** An alert of an answer into the set, with the console's own trend field. */
  private put(alert: Answer['alerts'][number]) {
    this.set.upsert({ ...alert, trend: trendOf(alert, this.deps.config()) });
  }

  // ---- repairing ------------------------------------------------------------------------------------------------------

  /**
   * The counts disagree and stay so: the receive times are cut into ranges, each counted by the server and compared
   * with the set; ranges that agree are left alone, the others cut again, and a range of at most RECONCILE_LEAF alerts
   * is fetched and replaces what the set held for it. Deletions, alerts that left or joined the filter without a
   * trace in their times, and anything missed are found this way. A repair that would fetch more than a quarter of
   * the set pulls it whole instead.
   */
  private async repair(q: SetQuery, total: SetCounts, signal: AbortSignal, timeoutMs: number): Promise<void> {
    const budget = Math.max(RECONCILE_LEAF, Math.ceil(this.set.size * RECONCILE_MAX_SHARE));
    let fetched = 0;
    const serverNow = timeMs(this.cursors.serverNow);
    let pending: { window: TimeWindow; server: SetCounts }[] = [{ window: { after: null, upTo: null }, server: total }];
    while (pending.length) {
      const next: { window: TimeWindow; server: SetCounts }[] = [];
      const leaves: TimeWindow[] = [];
      for (const { window, server } of pending) {
        const local = this.set.countsIn(window);
        if (sameCounts(local, server)) continue;
        if (server.total <= RECONCILE_LEAF) {
          leaves.push(window);
          continue;
        }
        const parts = splitWindow(window, this.set.receiveTimes(window), serverNow);
        if (parts.length === 0) {
          leaves.push(window);
          continue;
        }
        const counted = await Promise.all(parts.map((w) => this.count(q, w, signal, timeoutMs)));
        parts.forEach((w, i) => next.push({ window: w, server: counted[i]! }));
      }
      for (const window of leaves) {
        const alerts = await this.received(q, window, signal, timeoutMs);
        fetched += alerts.length;
        if (fetched > budget) throw new Untrusted('the counts disagreed on too much of the set');
        this.set.replaceWindow(window, alerts.map((a) => ({ ...a, trend: trendOf(a, this.deps.config()) })));
      }
      pending = next;
    }
  }

  // ---- the full pull ------------------------------------------------------------------------------------------------

  /**
   * Every alert of the set, newest receive first, a page at a time: each page asks for the alerts received up to the
   * oldest of the page before (`to-date`, which includes it: an alert changing meanwhile is found by the next delta,
   * and one seen twice is kept once). Where a whole page shares one receive time, the next page is the next one of
   * that time.
   */
  private async pull(q: SetQuery, signal: AbortSignal, timeoutMs: number, reason: string): Promise<Result<SyncReport>> {
    const started = this.deps.clock?.() ?? Date.now();
    const before = this.set.version;
    const customers = this.deps.customers?.() ?? null;
    const size = pullPageSize(q);
    // The update cursor is taken before the pull: an alert updated while it runs is asked for again by the next delta.
    const [top, names] = await Promise.all([
      this.list(updatedParams(q, 1, 1), 1, signal, timeoutMs),
      getNames(this.deps.http(), '/environments', 'environments', 'environment').catch(() => null),
    ]);
    this.requests++;
    const byId = new Map<string, Answer['alerts'][number]>();
    let upTo: string | null = null;
    let page = 1;
    let newest = '';
    let serverNow = '';
    for (;;) {
      const answer = await this.list(pullParams(q, upTo, page), size, signal, timeoutMs);
      const problem = receivedProblem(answer, { after: null, upTo }, page, size, customers);
      if (problem) throw new Untrusted(`The alerts could not be read whole: ${problem}`);
      if (upTo === null && page === 1) {
        newest = answer.alerts[0]?.lastReceiveTime ?? '';
        serverNow = answer.alerts.length ? newest : answer.lastTime;
      }
      for (const a of answer.alerts) if (!byId.has(a.id)) byId.set(a.id, a);
      if (answer.alerts.length < size) break;
      const oldest = answer.alerts[answer.alerts.length - 1]!.lastReceiveTime;
      if (upTo !== null && timeMs(oldest) === timeMs(upTo)) page++;
      else {
        upTo = oldest;
        page = 1;
      }
    }
    const config = this.deps.config();
    this.set.replaceAll([...byId.values()].map((a) => ({ ...a, trend: trendOf(a, config) })));
    // An empty set is still a fact: nothing was received or updated up to the server's time of the first page.
    this.cursors = cursorsAfterPull(newest || serverNow, top.alerts[0]?.updateTime || serverNow, serverNow);
    if (names?.ok) this.environmentNames = names.value;
    this.pulled = true;
    this.pullWanted = null;
    this.pendingIds.clear();
    const ended = this.deps.clock?.() ?? Date.now();
    this.pulledAt = ended;
    this.pullMs = ended - started;
    this.fullSave = true;
    return { ok: true, value: { kind: 'pull', changed: this.set.version !== before, requests: this.requests, reason } };
  }

  // ---- requests -------------------------------------------------------------------------------------------------------

  private async list(params: URLSearchParams, pageSize: number, signal: AbortSignal, timeoutMs: number): Promise<Answer> {
    this.requests++;
    const answer = await request(this.deps.http(), '/alerts', (body) => parseAlertsResponse(body, pageSize), { params, signal, timeoutMs });
    // An answer without the promised shape is not a lost connection: what it should have said is asked for whole.
    if (!answer.ok) throw answer.error.kind === 'malformed' ? new Untrusted(answer.error.message) : new Failed(answer.error);
    // An alert that could not be read makes the answer incomplete: what the set would hold is not what the server has.
    if (answer.value.dropped > 0) throw new Untrusted(`${answer.value.dropped} alerts of an answer could not be read`);
    return answer.value.value;
  }

  /**
   * Every alert received in a window (from page `first`), newest first, each page checked: inside the window, in order,
   * as many as its total says, of this session's customers.
   */
  private async received(q: SetQuery, window: TimeWindow, signal: AbortSignal, timeoutMs: number, first = 1): Promise<Answer['alerts']> {
    const customers = this.deps.customers?.() ?? null;
    const alerts: Answer['alerts'] = [];
    for (let page = first; ; page++) {
      const answer = await this.list(receivedParams(q, window, page), DELTA_PAGE, signal, timeoutMs);
      const problem = receivedProblem(answer, window, page, DELTA_PAGE, customers);
      if (problem) throw new Untrusted(`a window of receive times held ${problem}`);
      for (const a of answer.alerts) alerts.push(a);
      if (answer.alerts.length < DELTA_PAGE || page * DELTA_PAGE >= answer.total) return alerts;
    }
  }

  private async count(q: SetQuery, window: TimeWindow, signal: AbortSignal, timeoutMs: number): Promise<SetCounts> {
    this.requests++;
    const answer = await countAlerts(this.deps.http(), countParams(q, window), signal, timeoutMs);
    if (!answer.ok) throw new Failed(answer.error);
    return answer.value;
  }

  // ---- storage ------------------------------------------------------------------------------------------------------

  private fullSave = false;

  /** Keeps what changed (not awaited by the cycle: a slow or failing storage never holds up a poll). */
  private save() {
    const store = this.deps.store?.();
    const changes = this.set.takeChanges();
    if (!store || !this.pulled) return;
    const all = this.fullSave;
    this.fullSave = false;
    if (!all && changes.size === 0 && !this.cursorsMoved()) return;
    // (A set of 100,000 alerts is copied into an array, not spread into a call: that would pass the stack's limit.)
    const upserts: AlertRow[] = all ? Array.from(this.set.values()) : [];
    const removed: string[] = [];
    if (!all)
      for (const id of changes) {
        const a = this.set.get(id);
        if (a) upserts.push(a);
        else removed.push(id);
      }
    const state: StoredSetState = {
      setKey: this.key,
      cursors: structuredClone(this.cursors),
      pulledAt: this.pulledAt,
      pullMs: this.pullMs,
      environments: this.environmentNames,
      savedAt: Date.now(),
    };
    this.savedCursors = JSON.stringify(this.cursors);
    this.saving = this.saving.then(() => store.saveSet(state, upserts, removed, all)).catch(() => undefined);
  }

  private savedCursors = '';
  private cursorsMoved(): boolean {
    return JSON.stringify(this.cursors) !== this.savedCursors;
  }

  /** Resolves when what was saved so far is written (tests, and a tab handing over the polling). */
  flushed(): Promise<void> {
    return this.saving;
  }
}

/** A request that failed: the cycle ends with its error. */
class Failed extends Error {
  constructor(readonly error: WorkerError) {
    super(error.message);
  }
}

function errorOf(error: unknown): WorkerError {
  if (error instanceof Failed) return error.error;
  if (error instanceof Untrusted) return { kind: 'malformed', message: error.message };
  return { kind: 'internal', message: error instanceof Error ? error.message : String(error) };
}

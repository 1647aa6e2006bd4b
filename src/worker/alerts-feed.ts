// One alerts view kept current: polls /alerts with /environments (at most two requests a cycle; the open-alert
// counts for the badge take /environments' place once a minute), diffs each answer against the previous one, keeps
// the last good snapshot in the cache and posts a full snapshot first, then small patches. The leader's feed hub
// runs one per view that any tab shows.
import type { AlertsView, Config, CountMap, CountResponse, EnvironmentsResponse } from '../core/types.ts';
import type { AlertRow, AlertsMeta, CountSample, Result, WorkerError, WorkerEvent } from './contract/index.ts';
import { emptyAlertsMeta } from '../core/snapshot.ts';
import { alertsParams, environmentsParams, lastPage, openCountParams } from '../core/alerts-query.ts';
import { countParams, countsOf, setQueryOf, updatedParams, sortForView } from '../core/alert-sync.ts';
import { viewKey as keyOf } from '../core/alerts-view.ts';
import { cachedCopyDue, effectiveFreshness, liveLimitMs, OPEN_COUNTS_EVERY_MS, pollTimeoutMs } from '../core/freshness.ts';
import { trendOf } from '../core/severity.ts';
import { joinUrl, request, type HttpContext } from './http.ts';
import { parseAlertsResponse, parseEnvironments } from './schema.ts';
import { countAlerts } from './api/alerts.ts';
import { diffRows, fingerprints, newAlertIds, seenState, type SeenState } from './diff.ts';
import { Poller, type CycleOutcome } from './poller.ts';
import type { TakenGuess } from './guessed-list.ts';
import type { Cache } from './cache.ts';
import { needsAllAlerts } from '../core/alert-groups.ts';
import { normaliseStatus } from '../core/severity.ts';
import { ViewIndex } from './view-index.ts';
import { SetSync, type SetStore } from './set-sync.ts';
import type { AlertSet } from './alert-set.ts';
import { PageProbe } from './page-probe.ts';

export interface FeedDeps {
  http: () => HttpContext;
  config: () => Config;
  intervalMs: () => number;
  cache: () => Cache;
  /** sends an event to every tab showing the view, or to one tab (`to`) */
  post: (event: WorkerEvent, to?: string) => void;
  /** a 401: the session is over */
  onUnauthorized: () => void;
  /** whether the API answered at all */
  onNetwork?: (reachable: boolean) => void;
  now?: () => Date;
  /** the signed-in user (a group's watch count) */
  username?: () => string | null;
  /** the feed's first good answer came: the URLs of its first requests for the list, as sent */
  onFirstAnswer?: (urls: string[]) => void;
  /** who the session is (user, customers, API): a grouped list's set is never another session's */
  identity?: () => string;
  /** the customers the session sees (an answer holding others is not this session's); null or empty: all */
  customers?: () => readonly string[] | null;
  /** where a grouped list's set is kept between starts (default: the cache) */
  setStore?: () => SetStore | null;
  /** whether the page's start already asked for this feed's list (src/worker/early.ts) */
  askedEarly?: () => boolean;
  /** a first start's list asked for beside the preferences, as this view's page, when it holds it (guessed-list.ts) */
  takeGuess?: (view: AlertsView, signal: AbortSignal) => TakenGuess | null;
}

/** The common face of the feeds the hub runs (alerts view, detail page, indicator panel). */
export interface Feed {
  /** posts what is known (the cache) and starts polling */
  start(): Promise<void>;
  stop(): void;
  refresh(): Promise<void>;
  setHidden(hidden: boolean): void;
  /** sends the whole current state to one tab that just started showing it */
  resend(to: string): void;
  /** polls again after the session came back (a 401 stopped it) */
  resume(): void;
  /** the groups open in any tab showing a grouped list (the union): their alerts are sent */
  setOpenGroups?(keys: Iterable<string>, window: Iterable<string>): void;
  /** this console changed (or deleted) these alerts: the next cycle brings them, whatever the cheap checks say */
  touched?(ids: readonly string[], deleted: boolean): void;
}

/** A cycle's second request: the tab counts (/environments), or once a minute the open counts (/alerts/count). */
type SecondAnswer = Result<EnvironmentsResponse | CountResponse>;

/** Count samples kept per view for the sparklines: a few minutes at the default cadence. */
const MAX_SAMPLES = 60;

export class AlertsFeed implements Feed {
  readonly key: string;
  private view: AlertsView;
  private seq = 0;
  /** rows last sent to the UI, by id → fingerprint */
  private sent: Map<string, string> | null = null;
  private order: string[] | null = null;
  private meta: AlertsMeta = emptyAlertsMeta();
  /** ids/times seen by the last network poll; null until the first one */
  private seen: SeenState | null = null;
  private fullSent = false;
  /** when this feed last wrote the view's offline copy (null: not yet) */
  private copySavedAt: number | null = null;
  private samples: CountSample[] = [];
  private rows: AlertRow[] = [];
  private poller: Poller;
  private stopped = false;
  /** when the open-alert counts were last asked for (0: never, for this view) */
  private openCountsAt = 0;
  private watchdog: ReturnType<typeof setTimeout> | null = null;
  /** a grouped list or the overview: every alert of the view, worked out from its set (view-index.ts) */
  private index: ViewIndex | null;
  /** a grouped list's set, kept in step by deltas (set-sync.ts) */
  private sync: SetSync | null = null;
  /** the set's version the index was last worked out from */
  private indexedVersion = -1;
  /** a plain list: whether its page can have changed since it was fetched (page-probe.ts) */
  private probe: PageProbe | null = null;

  constructor(
    view: AlertsView,
    private deps: FeedDeps,
  ) {
    this.view = view;
    this.key = keyOf(view);
    this.index = needsAllAlerts(view) ? new ViewIndex(view, { config: () => deps.config(), username: () => deps.username?.() ?? null }) : null;
    if (this.index)
      this.sync = new SetSync(view, deps.identity?.() ?? '', {
        http: () => deps.http(),
        config: () => deps.config(),
        now: () => deps.now?.() ?? new Date(),
        customers: () => deps.customers?.() ?? null,
        store: () => deps.setStore?.() ?? deps.cache(),
      });
    else this.probe = new PageProbe(view, { http: () => deps.http(), now: () => deps.now?.() ?? new Date() });
    this.poller = new Poller({
      cycle: (signal) => this.cycle(signal),
      intervalMs: () => this.deps.intervalMs(),
      // A second past the requests' own timeout: they fail first and say why; this only catches what they miss.
      timeoutMs: (interval) => pollTimeoutMs(interval) + 1000,
      onTimeout: () =>
        this.failed({ kind: 'network', message: `No answer within ${Math.round(pollTimeoutMs(this.deps.intervalMs()) / 1000)} s`, endpoint: this.deps.http().endpoint, noAnswer: true }),
      // The freshness line counts down to the next attempt while the polls fail.
      onRetryAt: (at) => {
        if (!this.stopped && (at !== null || this.meta.retryAt)) this.publishMeta({ retryAt: at });
      },
    });
  }

  async start(): Promise<void> {
    const cached = await this.deps.cache().getView(this.key);
    if (this.stopped) return;
    const interval = this.deps.intervalMs();
    if (cached) {
      this.rows = cached.rows;
      this.index?.restore(cached);
      // The last good answer (maybe another tab's leader's, a moment ago) is as live as its age says.
      const freshness = effectiveFreshness('live', cached.savedAt, Date.now(), interval);
      this.meta = { ...cached.meta, freshness, fromCache: freshness !== 'live', updatedAt: cached.savedAt, error: null, retryAt: null };
      // Keep the cadence of the poll that produced it: no burst of requests when another tab hands polling over. A
      // copy already due is asked for again before it goes to the page, whose page of rows takes a while to send; so
      // is one the start already asked for (early.ts), whose answer is then taken as it comes, not an interval later.
      const dueIn = this.deps.askedEarly?.() ? 0 : cached.savedAt + interval - Date.now();
      if (dueIn <= 0) void this.poller.start();
      this.sendFull([]);
      this.indexKeptSet();
      if (freshness === 'live') this.armWatchdog();
      if (dueIn > 0) this.poller.startIn(dueIn);
      return;
    }
    void this.poller.start();
  }

  refresh(): Promise<void> {
    return this.poller.refresh();
  }

  /**
   * A grouped list started from the cache: its kept set, once loaded, is what the worker knows of every alert until
   * the API answers (an action on a whole group or a download offline takes it from there). Freshness stays the
   * cache's.
   */
  private indexKeptSet() {
    const sync = this.sync;
    if (!sync) return;
    void sync.restore().then((restored) => {
      if (!restored || this.stopped || this.seen !== null) return;
      this.indexedVersion = sync.set.version;
      this.index!.update(viewAlerts(sync.set, this.view, this.deps.config()));
      this.rows = this.index!.rows(this.view.page, this.view.rowsPerPage);
      this.publish(this.meta, []);
    });
  }

  setHidden(hidden: boolean): void {
    this.poller.setHidden(hidden);
  }

  stop(): void {
    this.stopped = true;
    this.poller.stop();
    this.disarmWatchdog();
  }

  resend(to: string): void {
    if (!this.fullSent) return;
    this.deps.post({ type: 'alerts-full', viewKey: this.key, seq: ++this.seq, rows: this.rows, meta: this.meta, news: [], ...this.index?.full() }, to);
    if (this.samples.length) this.deps.post({ type: 'trend-history', viewKey: this.key, samples: this.samples }, to);
  }

  /** A row of the current page, with the time of the answer it came in, for the detail page to open instantly. */
  row(id: string): { alert: AlertRow; at: number } | undefined {
    const alert = this.rows.find((r) => r.id === id);
    return alert ? { alert, at: this.meta.updatedAt ?? Date.now() } : undefined;
  }

  /**
   * The groups the tabs showing this view have open, and the alerts of theirs the tabs show (`window`): those rows are
   * sent at once, from the last answer.
   */
  setOpenGroups(keys: Iterable<string>, window: Iterable<string>): void {
    if (!this.index?.field) return;
    this.index.setOpen(keys);
    this.index.setWindow(window);
    if (!this.fullSent) return;
    if (this.index.loaded) this.rows = this.index.rows(this.meta.page, this.view.rowsPerPage);
    this.publish(this.meta, []);
  }

  /** The alerts of a group of this view as last known (null: unknown), for an action on the whole group. */
  groupMembers(key: string): AlertRow[] | null {
    return this.index?.members(key, (id) => this.rows.find((r) => r.id === id)) ?? null;
  }

  /** What a download of this grouped list holds, as the last poll answered (null: no answer yet). */
  exported(open: Iterable<string>): AlertRow[] | null {
    return this.index?.exported(open) ?? null;
  }

  /** An alert as this feed last knew it: of the page, or of every alert of the view it fetched. */
  known(id: string): AlertRow | undefined {
    return this.index?.row(id) ?? this.rows.find((r) => r.id === id);
  }

  /** An action was taken on a group: whatever joined it so far counts as seen. */
  lookedAt(key: string): void {
    if (!this.index || !this.fullSent) return;
    this.index.markLooked(new Set([key]));
    this.publish(this.meta, []);
  }

  /** Polls again now (after a sign-in), without forgetting what was seen. */
  resume(): void {
    if (!this.stopped) void this.poller.start();
  }

  touched(ids: readonly string[], deleted: boolean): void {
    if (this.sync) {
      if (deleted) this.sync.deleted(ids);
      else this.sync.touched(ids);
    }
    this.probe?.force('changed by this console');
  }

  /** The set of a grouped list once it holds every alert of its filter (null for a plain list, or before). */
  get readySet(): AlertSet | null {
    return this.sync?.ready ? this.sync.set : null;
  }

  private cycle(signal: AbortSignal): Promise<CycleOutcome> {
    if (this.stopped) return Promise.resolve('stop');
    return this.sync ? this.setCycle(signal) : this.pageCycle(signal);
  }

  /**
   * A grouped list or the overview: the set brought in step (its cheap checks, and only what changed), then the
   * view's alerts worked out from it: its environment, in its order; the groups, the overview and the tab counts.
   */
  private async setCycle(signal: AbortSignal): Promise<CycleOutcome> {
    const sync = this.sync!;
    const index = this.index!;
    const config = this.deps.config();
    const ctx = this.deps.http();
    const now = this.deps.now?.() ?? new Date();
    const timeoutMs = pollTimeoutMs(this.deps.intervalMs());
    // The badge's open counts come from the set when it holds the open alerts; else from the API once a minute.
    const statuses = this.view.filter.status;
    const holdsOpen = !statuses?.length || statuses.includes('open');
    const openDue = !holdsOpen && this.environmentsKnown() && Date.now() - this.openCountsAt >= OPEN_COUNTS_EVERY_MS;
    const openAnswer = openDue ? countAlerts(ctx, openCountParams(this.view, now), signal, timeoutMs) : null;
    const result = await sync.cycle(signal, timeoutMs);
    if (signal.aborted || this.stopped) return 'ok';
    if (!result.ok) return this.failed(result.error);
    this.deps.onNetwork?.(true);
    const first = this.seen === null;
    if (first) {
      // What a later start asks for before its worker has loaded: the set's two questions that do not move.
      const q = setQueryOf(this.view, now);
      this.deps.onFirstAnswer?.([joinUrl(ctx.endpoint, '/alerts/count', countParams(q)), joinUrl(ctx.endpoint, '/alerts', updatedParams(q, 1, 1))]);
    }
    let news: string[] = [];
    if (first || sync.set.version !== this.indexedVersion) {
      this.indexedVersion = sync.set.version;
      const alerts = viewAlerts(sync.set, this.view, config);
      news = newAlertIds(this.seen, alerts);
      this.seen = seenState(this.seen, alerts);
      index.update(alerts);
    }
    const all = index.all();
    const pages = lastPage(all.length, this.view.rowsPerPage);
    if (this.view.page > pages) this.view = { ...this.view, page: pages };
    const counts = countsOf(all);
    let openSeverityCounts = holdsOpen ? openCountsOf(all) : this.meta.openSeverityCounts;
    if (openAnswer) {
      const open = await openAnswer;
      if (signal.aborted || this.stopped) return 'ok';
      if (open.ok) {
        openSeverityCounts = open.value.severityCounts;
        this.openCountsAt = Date.now();
      }
    }
    const meta: AlertsMeta = {
      total: all.length,
      page: this.view.page,
      pageSize: this.view.rowsPerPage,
      pages,
      severityCounts: counts.severityCounts,
      statusCounts: counts.statusCounts,
      openSeverityCounts,
      environments: sync.environments(),
      freshness: 'live',
      updatedAt: Date.now(),
      fromCache: false,
      error: null,
      retryAt: null,
    };
    this.rows = index.rows(this.view.page, this.view.rowsPerPage);
    const changed = this.publish(meta, news);
    this.armWatchdog();
    this.sample(meta.severityCounts, meta.statusCounts);
    this.keepCopy(changed);
    return 'ok';
  }

  /** The view's offline copy, when what it holds changed or once a minute (never awaited). */
  private keepCopy(changed: boolean) {
    const answeredAt = this.meta.updatedAt ?? Date.now();
    if (!cachedCopyDue(changed, this.copySavedAt, answeredAt)) return;
    this.copySavedAt = answeredAt;
    // Best effort, not awaited: a storage write that hangs (a browser bug, a slow disk) must not hold up the polls.
    this.deps.cache().putView({ viewKey: this.key, rows: this.rows, meta: { ...this.meta }, savedAt: answeredAt, ...this.index?.cacheSnapshot() }).catch(() => undefined);
  }

  /**
   * A plain list: its page and the tab counts, the page asked for only when the cheap probes say it can have changed
   * (page-probe.ts); an unchanged cycle asks the two probes and the tab counts.
   */
  private async pageCycle(signal: AbortSignal, pastTheEnd = false): Promise<CycleOutcome> {
    const now = this.deps.now?.() ?? new Date();
    const config = this.deps.config();
    const ctx = this.deps.http();
    const timeoutMs = pollTimeoutMs(this.deps.intervalMs());
    // When the view lists exactly the open alerts, its own counts are the open counts. Otherwise they take the place
    // of /environments once a minute (the tab counts keep their last values for that cycle): two requests a cycle.
    const onlyOpen = this.view.filter.status?.length === 1 && this.view.filter.status[0] === 'open';
    const countsDue = !onlyOpen && this.environmentsKnown() && Date.now() - this.openCountsAt >= OPEN_COUNTS_EVERY_MS;
    const listParams = alertsParams(this.view, config, now);
    const first = this.seen === null;
    const secondAnswer = countsDue
      ? countAlerts(ctx, openCountParams(this.view, now), signal, timeoutMs)
      : request(ctx, '/environments', parseEnvironments, { params: environmentsParams(this.view, now), signal, timeoutMs });
    // After the first answer, the page is asked for only when the probes say it can have changed (the first start's
    // single request for the list stays single: the probes begin with the second cycle).
    // A page this console made change (or that lacks its notes) is asked for at once, beside the probes.
    let probing: Promise<unknown> | null = null;
    if (!first && !pastTheEnd) {
      const forced = this.probe!.forced;
      const asked = this.probe!.reason(signal, timeoutMs);
      probing = asked;
      if (!forced) {
        const probe = await asked;
        if (signal.aborted || this.stopped) return 'ok';
        if (!probe.ok) return this.failed(probe.error);
        const second = await secondAnswer;
        if (signal.aborted || this.stopped) return 'ok';
        const environments = second.ok && 'environments' in second.value ? second.value.environments : null;
        const moved = this.probe!.countsChanged(environments);
        if (probe.value === null && !moved) return this.unchangedCycle(second, countsDue);
      }
    }
    const guessed = first ? (this.deps.takeGuess?.(this.view, signal) ?? null) : null;
    const alertsAnswer = guessed?.answer ?? request(ctx, '/alerts', (body) => parseAlertsResponse(body, this.view.rowsPerPage), { params: listParams, signal, timeoutMs });
    // The feed's first answer is shown as soon as the list has it, with the tab counts if they came first, else they
    // follow when they come. Later cycles wait for both, so a poll makes one patch.
    let arrived: SecondAnswer | null = null;
    void secondAnswer.then((answer) => (arrived = answer));
    const alerts = await alertsAnswer;
    const second = first ? arrived : await secondAnswer;
    if (signal.aborted || this.stopped) return 'ok';

    if (!alerts.ok) {
      // The page went past the end (alerts were closed or deleted meanwhile): the first page tells how many there are.
      if (alerts.error.code === 416 && this.view.page > 1) {
        this.view = { ...this.view, page: 1 };
        return this.pageCycle(signal, true);
      }
      return this.failed(alerts.error);
    }
    this.deps.onNetwork?.(true);
    this.probe!.fetched();
    if (first) this.deps.onFirstAnswer?.([joinUrl(ctx.endpoint, '/alerts', listParams)]);

    const response = alerts.value.value;
    // The worker alone keeps the page in range: a page past the end moves to the last page that has alerts, and
    // meta.page tells the UI which page it shows.
    const last = lastPage(response.total, this.view.rowsPerPage);
    if ((this.view.page > last || (pastTheEnd && last > 1)) && response.total > 0) {
      this.view = { ...this.view, page: last };
      await probing;
      return this.pageCycle(signal);
    }

    const rows: AlertRow[] = response.alerts.map((a) => ({ ...a, trend: trendOf(a, config) }));
    const news = newAlertIds(this.seen, rows);
    this.seen = seenState(this.seen, rows);

    const listOpenCounts = onlyOpen ? response.severityCounts : null;
    const counts = this.counts(second, countsDue, listOpenCounts);
    const dropped = alerts.value.dropped;
    const meta: AlertsMeta = {
      total: response.total,
      page: response.page,
      pageSize: response.pageSize,
      pages: response.pages,
      severityCounts: response.severityCounts,
      statusCounts: response.statusCounts,
      openSeverityCounts: counts.openSeverityCounts,
      environments: counts.environments,
      freshness: 'live',
      updatedAt: Date.now(),
      fromCache: false,
      error: dropped > 0 ? { kind: 'malformed', message: `${dropped} alerts could not be read` } : null,
      retryAt: null,
    };
    this.rows = rows;
    const changed = this.publish(meta, news);
    this.armWatchdog();
    this.sample(response.severityCounts, response.statusCounts);
    if (second === null) {
      const late = await secondAnswer;
      if (signal.aborted || this.stopped) return 'ok';
      const counts = this.counts(late, countsDue, listOpenCounts);
      this.publishMeta(counts);
    }
    this.keepCopy(changed || second === null);
    // One cycle at a time, its probes included.
    await probing;
    // The rows came from a guess without their history: the notes are asked for soon, not a refresh interval later.
    if (guessed?.notesMissing) {
      this.probe!.force('the notes of the first rows');
      return 'soon';
    }
    return 'ok';
  }

  /** A plain list whose page cannot have changed: the tab counts (or the open counts) and the time, nothing else. */
  private unchangedCycle(second: SecondAnswer, countsDue: boolean): CycleOutcome {
    const listOpenCounts = this.view.filter.status?.length === 1 && this.view.filter.status[0] === 'open' ? this.meta.severityCounts : null;
    const counts = this.counts(second, countsDue, listOpenCounts);
    this.publish({ ...this.meta, ...counts, freshness: 'live', updatedAt: Date.now(), fromCache: false, error: null, retryAt: null }, []);
    this.armWatchdog();
    this.sample(this.meta.severityCounts, this.meta.statusCounts);
    this.keepCopy(false);
    return 'ok';
  }

  /**
   * The tab counts and the open counts after a cycle's second request: its answer when it came, else the last known.
   * `listOpenCounts`: the list's own answer gives the open counts (it shows exactly the open alerts, or every alert of
   * a grouped view).
   */
  private counts(second: SecondAnswer | null, countsDue: boolean, listOpenCounts: CountMap | null): Pick<AlertsMeta, 'environments' | 'openSeverityCounts'> {
    let environments = this.meta.environments;
    let openSeverityCounts = listOpenCounts ?? this.meta.openSeverityCounts;
    if (countsDue) {
      if (second?.ok && 'severityCounts' in second.value) {
        openSeverityCounts = second.value.severityCounts;
        this.openCountsAt = Date.now();
      }
    } else if (second?.ok && 'environments' in second.value) environments = second.value.environments;
    return { environments, openSeverityCounts };
  }

  /** The tab counts come first: the open counts wait for a cycle in which /environments has answered once. */
  private environmentsKnown(): boolean {
    return this.meta.updatedAt !== null && !this.meta.fromCache;
  }

  private failed(error: WorkerError): CycleOutcome {
    if (error.kind === 'aborted') return 'ok';
    if (error.kind === 'auth') {
      this.publishMeta({ freshness: 'signed-out', error });
      this.deps.onUnauthorized();
      return 'stop';
    }
    const offline = error.kind === 'network' || (error.code !== undefined && error.code >= 500) || error.kind === 'malformed';
    if (error.kind === 'network') this.deps.onNetwork?.(false);
    this.disarmWatchdog();
    this.publishMeta({ freshness: offline ? 'offline' : 'stale', error });
    return offline ? 'network' : 'client-error';
  }

  /**
   * Whatever happens to the polls, "live" never outlasts its limit: two cycles plus a poll's timeout after the last
   * good answer the view turns stale by itself.
   */
  private armWatchdog() {
    this.disarmWatchdog();
    const limit = liveLimitMs(this.poller.cadenceMs());
    this.watchdog = setTimeout(() => {
      this.watchdog = null;
      if (this.meta.freshness !== 'live' || this.stopped) return;
      this.publishMeta({ freshness: 'stale', error: { kind: 'network', message: 'No answer from the API for a while', endpoint: this.deps.http().endpoint, noAnswer: true } });
    }, limit + 50);
  }

  private disarmWatchdog() {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = null;
  }

  /** Sends what changed; true when rows, order or meta (besides the time of the answer) did. */
  private publish(meta: AlertsMeta, news: string[]): boolean {
    const previousMeta = this.meta;
    this.meta = meta;
    if (!this.fullSent) {
      this.sendFull(news);
      return true;
    }
    const diff = diffRows(this.sent, this.order, this.rows);
    this.sent = fingerprints(this.rows);
    this.order = this.rows.map((r) => r.id);
    const metaPatch = changedMeta(previousMeta, meta);
    const indexPatch = this.index?.patch() ?? {};
    this.deps.post({
      type: 'alerts-patch',
      viewKey: this.key,
      seq: ++this.seq,
      ...(diff.order ? { order: diff.order } : {}),
      ...(diff.changed.length ? { rows: diff.changed } : {}),
      ...(Object.keys(metaPatch).length ? { meta: metaPatch } : {}),
      ...(news.length ? { news } : {}),
      ...indexPatch,
    });
    return Boolean(diff.order) || diff.changed.length > 0 || Object.keys(metaPatch).some((k) => k !== 'updatedAt') || Object.keys(indexPatch).length > 0;
  }

  private publishMeta(patch: Partial<AlertsMeta>) {
    const next = { ...this.meta, ...patch };
    const metaPatch = changedMeta(this.meta, next);
    this.meta = next;
    if (!this.fullSent) {
      this.sendFull([]);
      return;
    }
    if (Object.keys(metaPatch).length) this.deps.post({ type: 'alerts-patch', viewKey: this.key, seq: ++this.seq, meta: metaPatch });
  }

  private sendFull(news: string[]) {
    this.fullSent = true;
    this.sent = fingerprints(this.rows);
    this.order = this.rows.map((r) => r.id);
    this.deps.post({ type: 'alerts-full', viewKey: this.key, seq: ++this.seq, rows: this.rows, meta: this.meta, news, ...this.index?.full() });
  }

  private sample(severityCounts: CountMap, statusCounts: CountMap) {
    const last = this.samples[this.samples.length - 1];
    this.samples.push({ t: Date.now(), severityCounts, statusCounts });
    if (this.samples.length > MAX_SAMPLES) this.samples.shift();
    const changed = !last || JSON.stringify(last.severityCounts) !== JSON.stringify(severityCounts) || JSON.stringify(last.statusCounts) !== JSON.stringify(statusCounts);
    // The UI redraws sparklines only when the counts move; an unchanged poll sends nothing here.
    if (changed) this.deps.post({ type: 'trend-history', viewKey: this.key, samples: this.samples });
  }
}

/** The alerts of a view out of its set: those of its environment tab, in its order. */
function viewAlerts(set: AlertSet, view: AlertsView, config: Config): AlertRow[] {
  const env = view.filter.environment;
  const alerts: AlertRow[] = [];
  for (const a of set.values()) if (!env || a.environment === env) alerts.push(a);
  return sortForView(alerts, view, config);
}

/** Severity counts of the open alerts among these (the badge's counts), as /alerts/count?status=open gives them. */
function openCountsOf(alerts: readonly AlertRow[]): CountMap {
  const counts: CountMap = {};
  for (const a of alerts) if (normaliseStatus(a.status) === 'open') counts[a.severity] = (counts[a.severity] ?? 0) + 1;
  return counts;
}

function changedMeta(previous: AlertsMeta, next: AlertsMeta): Partial<AlertsMeta> {
  const patch: Partial<AlertsMeta> = {};
  for (const key of Object.keys(next) as (keyof AlertsMeta)[]) {
    if (JSON.stringify(previous[key]) !== JSON.stringify(next[key])) (patch as Record<string, unknown>)[key] = next[key];
  }
  return patch;
}

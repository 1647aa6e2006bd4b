// The live alerts view: polls /alerts and /environments for the current view, diffs each answer against the previous
// one, keeps the last good snapshot in the cache and posts a full snapshot first, then small patches.
import type { AlertsView, Config, CountMap } from '../core/types.ts';
import type { AlertRow, AlertsMeta, CountSample, WorkerError, WorkerEvent } from './contract/index.ts';
import { emptyAlertsMeta } from '../core/snapshot.ts';
import { alertsParams, environmentsParams, lastPage, openCountParams, viewKey as keyOf } from '../core/alerts-query.ts';
import { trendOf } from '../core/severity.ts';
import { request, type HttpContext } from './http.ts';
import { parseAlertsResponse, parseEnvironments } from './schema.ts';
import { countAlerts } from './api/alerts.ts';
import { diffRows, fingerprints, newAlertIds, seenState, type SeenState } from './diff.ts';
import { Poller, type CycleOutcome } from './poller.ts';
import type { Cache } from './cache.ts';

export interface FeedDeps {
  http: () => HttpContext;
  config: () => Config;
  intervalMs: () => number;
  cache: () => Cache;
  post: (event: WorkerEvent) => void;
  /** a 401: the session is over */
  onUnauthorized: () => void;
  /** whether the API answered at all */
  onNetwork?: (reachable: boolean) => void;
  now?: () => Date;
}

/** Count samples kept per view for the sparklines: a few minutes at the default cadence. */
const MAX_SAMPLES = 60;

interface ViewState {
  view: AlertsView;
  key: string;
  seq: number;
  /** rows last sent to the UI, by id → fingerprint */
  sent: Map<string, string> | null;
  order: string[] | null;
  meta: AlertsMeta;
  /** ids/times seen by the last network poll; null until the first one */
  seen: SeenState | null;
  fullSent: boolean;
  samples: CountSample[];
}

export class AlertsFeed {
  private state: ViewState | null = null;
  private poller: Poller;
  private rows: AlertRow[] = [];

  constructor(private deps: FeedDeps) {
    this.poller = new Poller({
      cycle: (signal) => this.cycle(signal),
      intervalMs: () => this.deps.intervalMs(),
    });
  }

  get currentKey(): string | null {
    return this.state?.key ?? null;
  }

  async setView(view: AlertsView | null): Promise<void> {
    if (!view) {
      this.poller.stop();
      this.state = null;
      return;
    }
    const key = keyOf(view);
    if (this.state?.key === key && this.poller.active) return;
    this.poller.stop();
    this.state = { view, key, seq: 0, sent: null, order: null, meta: emptyAlertsMeta(), seen: null, fullSent: false, samples: [] };
    this.rows = [];
    const cached = await this.deps.cache().getView(key);
    // The view may have changed again while the cache was read.
    if (this.state?.key !== key) return;
    if (cached) {
      this.rows = cached.rows;
      this.state.meta = { ...cached.meta, freshness: 'stale', fromCache: true, updatedAt: cached.savedAt, error: null };
      this.sendFull([]);
    }
    void this.poller.start();
  }

  refresh(): Promise<void> {
    return this.poller.refresh();
  }

  /** Hidden tabs poll slowly, except wall displays (kiosk) and users waiting for notifications. */
  setHidden(hidden: boolean, keepPace: boolean): void {
    this.poller.setHidden(hidden && !keepPace);
  }

  stop(): void {
    this.poller.stop();
  }

  /** A row of the current page, for the detail page to open instantly. */
  row(id: string): AlertRow | undefined {
    return this.rows.find((r) => r.id === id);
  }

  /** Restarts polling (after a login, say) without forgetting what was seen. */
  resume(): void {
    if (this.state) void this.poller.start();
  }

  private async cycle(signal: AbortSignal, pastTheEnd = false): Promise<CycleOutcome> {
    const state = this.state;
    if (!state) return 'stop';
    const now = this.deps.now?.() ?? new Date();
    const config = this.deps.config();
    const ctx = this.deps.http();
    // When the view lists exactly the open alerts, its own counts are the open counts: no third request.
    const onlyOpen = state.view.filter.status?.length === 1 && state.view.filter.status[0] === 'open';
    const [alerts, environments, openCounts] = await Promise.all([
      request(ctx, '/alerts', parseAlertsResponse, { params: alertsParams(state.view, config, now), signal }),
      request(ctx, '/environments', parseEnvironments, { params: environmentsParams(state.view, now), signal }),
      onlyOpen ? null : countAlerts(ctx, openCountParams(state.view, now), signal),
    ]);
    if (signal.aborted || this.state !== state) return 'ok';

    if (!alerts.ok) {
      // The page went past the end (alerts were closed or deleted meanwhile): the first page tells how many there are.
      if (alerts.error.code === 416 && state.view.page > 1) {
        state.view = { ...state.view, page: 1 };
        return this.cycle(signal, true);
      }
      return this.failed(state, alerts.error);
    }
    this.deps.onNetwork?.(true);

    const response = alerts.value.value;
    // The worker alone keeps the page in range: a page past the end moves to the last page that has alerts, and
    // meta.page tells the UI which page it shows.
    const last = lastPage(response.total, state.view.rowsPerPage);
    if ((state.view.page > last || (pastTheEnd && last > 1)) && response.total > 0) {
      state.view = { ...state.view, page: last };
      return this.cycle(signal);
    }
    const rows: AlertRow[] = response.alerts.map((a) => ({ ...a, trend: trendOf(a, config) }));
    const news = newAlertIds(state.seen, rows);
    state.seen = seenState(state.seen, rows);

    const meta: AlertsMeta = {
      total: response.total,
      page: response.page,
      pageSize: response.pageSize,
      pages: response.pages,
      severityCounts: response.severityCounts,
      statusCounts: response.statusCounts,
      openSeverityCounts: onlyOpen ? response.severityCounts : openCounts?.ok ? openCounts.value.severityCounts : state.meta.openSeverityCounts,
      environments: environments.ok ? environments.value.environments : state.meta.environments,
      freshness: 'live',
      updatedAt: Date.now(),
      fromCache: false,
      error: alerts.value.dropped > 0 ? { kind: 'malformed', message: `${alerts.value.dropped} alerts could not be read` } : null,
    };
    this.rows = rows;
    this.publish(state, meta, news);
    this.sample(state, response.severityCounts, response.statusCounts);
    await this.deps.cache().putView({ viewKey: state.key, rows, meta, savedAt: meta.updatedAt ?? Date.now() });
    return 'ok';
  }

  private failed(state: ViewState, error: WorkerError): CycleOutcome {
    if (error.kind === 'aborted') return 'ok';
    if (error.kind === 'auth') {
      this.publishMeta(state, { freshness: 'signed-out', error });
      this.deps.onUnauthorized();
      return 'stop';
    }
    const offline = error.kind === 'network' || (error.code !== undefined && error.code >= 500) || error.kind === 'malformed';
    if (error.kind === 'network') this.deps.onNetwork?.(false);
    this.publishMeta(state, { freshness: offline ? 'offline' : 'stale', error });
    return offline ? 'network' : 'client-error';
  }

  private publish(state: ViewState, meta: AlertsMeta, news: string[]) {
    const previousMeta = state.meta;
    state.meta = meta;
    if (!state.fullSent) {
      this.sendFull(news);
      return;
    }
    const diff = diffRows(state.sent, state.order, this.rows);
    state.sent = fingerprints(this.rows);
    state.order = this.rows.map((r) => r.id);
    const metaPatch = changedMeta(previousMeta, meta);
    this.deps.post({
      type: 'alerts-patch',
      viewKey: state.key,
      seq: ++state.seq,
      ...(diff.order ? { order: diff.order } : {}),
      ...(diff.changed.length ? { rows: diff.changed } : {}),
      ...(Object.keys(metaPatch).length ? { meta: metaPatch } : {}),
      ...(news.length ? { news } : {}),
    });
  }

  private publishMeta(state: ViewState, patch: Partial<AlertsMeta>) {
    const next = { ...state.meta, ...patch };
    const metaPatch = changedMeta(state.meta, next);
    state.meta = next;
    if (!state.fullSent) {
      this.sendFull([]);
      return;
    }
    if (Object.keys(metaPatch).length) this.deps.post({ type: 'alerts-patch', viewKey: state.key, seq: ++state.seq, meta: metaPatch });
  }

  private sendFull(news: string[]) {
    const state = this.state;
    if (!state) return;
    state.fullSent = true;
    state.sent = fingerprints(this.rows);
    state.order = this.rows.map((r) => r.id);
    this.deps.post({ type: 'alerts-full', viewKey: state.key, seq: ++state.seq, rows: this.rows, meta: state.meta, news });
  }

  private sample(state: ViewState, severityCounts: CountMap, statusCounts: CountMap) {
    const last = state.samples[state.samples.length - 1];
    const sample = { t: Date.now(), severityCounts, statusCounts };
    state.samples.push(sample);
    if (state.samples.length > MAX_SAMPLES) state.samples.shift();
    const changed = !last || JSON.stringify(last.severityCounts) !== JSON.stringify(severityCounts) || JSON.stringify(last.statusCounts) !== JSON.stringify(statusCounts);
    // The UI redraws sparklines only when the counts move; an unchanged poll sends nothing here.
    if (changed) this.deps.post({ type: 'trend-history', viewKey: state.key, samples: state.samples });
  }
}

function changedMeta(previous: AlertsMeta, next: AlertsMeta): Partial<AlertsMeta> {
  const patch: Partial<AlertsMeta> = {};
  for (const key of Object.keys(next) as (keyof AlertsMeta)[]) {
    if (JSON.stringify(previous[key]) !== JSON.stringify(next[key])) (patch as Record<string, unknown>)[key] = next[key];
  }
  return patch;
}

// The alerts part of the worker's face: the feeds it keeps current (list, detail page, indicator panel) and the
// commands on alerts, each followed by a reload of what is on screen.
import type { AlertsView, Note } from '../core/types.ts';
import type { AlertActionName, AlertsApi, BulkResult, FilterLists, IndicatorSpec, Result } from './contract/index.ts';
import { actionBody } from '../core/actions.ts';
import { watchTag } from '../core/watch.ts';
import { fail, ok, type WorkerContext } from './context.ts';
import { AlertsFeed } from './alerts-feed.ts';
import { DetailFeed } from './detail-feed.ts';
import { IndicatorsFeed } from './indicators-feed.ts';
import type { HttpContext } from './http.ts';
import * as alertsApi from './api/alerts.ts';

/** Requests in flight at once for a bulk action: fast, without flooding the API with hundreds at a time. */
const BULK_CONCURRENCY = 6;

export class AlertsService implements AlertsApi {
  private feed: AlertsFeed;
  private detail: DetailFeed;
  private indicators: IndicatorsFeed;
  private hidden = false;
  private kiosk = false;
  /** whether the UI shows the alerts list (false: only kept polling in the background for notifications) */
  private viewShown = false;

  constructor(private ctx: WorkerContext) {
    const intervalMs = () => ctx.intervalMs();
    const onUnauthorized = () => ctx.session.end('unauthorized');
    const onNetwork = (reachable: boolean) => ctx.setOnline(reachable);
    const post = (event: Parameters<WorkerContext['post']>[0]) => ctx.post(event);
    this.feed = new AlertsFeed({
      http: () => ctx.http(),
      config: () => ctx.config,
      intervalMs,
      cache: () => ctx.cache,
      post,
      onUnauthorized,
      onNetwork,
    });
    this.detail = new DetailFeed({ http: () => ctx.http(), cache: () => ctx.cache, intervalMs, post, onUnauthorized, onNetwork });
    this.indicators = new IndicatorsFeed({ http: () => ctx.http(), intervalMs, post, onUnauthorized });
  }

  // --- live views ----------------------------------------------------------------------------------------------------

  async setView(view: AlertsView | null): Promise<void> {
    // With notifications on, the last view keeps being watched while the user is on another screen, so new alerts
    // still notify and the badge stays true; otherwise leaving the list stops polling (SPEC 4).
    this.viewShown = view !== null;
    if (view === null && this.#notifying()) return;
    await this.feed.setView(view);
  }

  async refresh(): Promise<void> {
    await Promise.all([this.feed.refresh(), this.detail.refresh(), this.indicators.refresh()]);
  }

  async setVisibility(hidden: boolean, kiosk: boolean): Promise<void> {
    this.hidden = hidden;
    this.kiosk = kiosk;
    this.feed.setHidden(hidden, kiosk || this.#notifying());
    this.detail.setHidden(hidden && !kiosk);
    this.indicators.setHidden(hidden && !kiosk);
  }

  async setIndicators(queries: IndicatorSpec[] | null): Promise<void> {
    this.indicators.setQueries(queries);
  }

  async setDetail(id: string | null): Promise<void> {
    if (id) {
      // Open instantly from the list's copy when there is one.
      const row = this.feed.row(id);
      if (row) await this.detail.remember(row);
    }
    await this.detail.setId(id);
  }

  // --- commands ------------------------------------------------------------------------------------------------------

  async act(ids: string[], action: AlertActionName, text?: string): Promise<Result<BulkResult>> {
    const body = actionBody(action, text ?? '', this.ctx.userData.prefs, this.ctx.config);
    return this.#bulk(ids, (http, id) => alertsApi.actionAlert(http, id, body));
  }

  async watch(ids: string[], on: boolean): Promise<Result<BulkResult>> {
    const username = this.ctx.session.username;
    if (!username) return fail('auth', 'Sign in to watch alerts');
    const tag = watchTag(username);
    return this.#bulk(ids, (http, id) => alertsApi.tagAlert(http, id, [tag], on));
  }

  async deleteAlerts(ids: string[]): Promise<Result<BulkResult>> {
    return this.#bulk(ids, (http, id) => alertsApi.deleteAlert(http, id));
  }

  async addNote(id: string, text: string): Promise<Result<Note>> {
    return this.#afterChange(await this.ctx.call((http) => alertsApi.addNote(http, id, text)));
  }

  async updateNote(id: string, noteId: string, text: string): Promise<Result<Note>> {
    return this.#afterChange(await this.ctx.call((http) => alertsApi.updateNote(http, id, noteId, text)));
  }

  async deleteNote(id: string, noteId: string): Promise<Result<void>> {
    const result = await this.ctx.call((http) => alertsApi.deleteNote(http, id, noteId));
    return this.#afterChange(result.ok ? ok(undefined) : result);
  }

  async getLists(): Promise<Result<FilterLists>> {
    const { ctx } = this;
    const http = ctx.http();
    const [services, groups, tags, customers, environments] = await Promise.all([
      alertsApi.getNames(http, '/services', 'services', 'service'),
      alertsApi.getNames(http, '/alerts/groups', 'groups', 'group'),
      alertsApi.getNames(http, '/alerts/tags', 'tags', 'tag'),
      ctx.config.customer_views ? alertsApi.getNames(http, '/customers', 'customers', 'customer') : Promise.resolve(ok<string[]>([])),
      alertsApi.getNames(http, '/environments', 'environments', 'environment'),
    ]);
    const cached = (await ctx.cache.get<FilterLists>('lists')) ?? { services: [], groups: [], tags: [], customers: [], environments: [] };
    if (!services.ok && !groups.ok && !environments.ok) {
      ctx.track(services);
      // Offline: the last known lists still fill the filter pickers.
      if (services.error.kind === 'network' && cached.services.length) return ok(cached);
      return services;
    }
    ctx.setOnline(true);
    const pick = (r: Result<string[]>, fallback: string[]) => (r.ok ? r.value : fallback);
    const lists: FilterLists = {
      services: pick(services, cached.services),
      groups: pick(groups, cached.groups),
      tags: pick(tags, cached.tags),
      customers: pick(customers, cached.customers),
      environments: [...new Set([...pick(environments, cached.environments), ...ctx.config.environments])].sort((a, b) =>
        a.localeCompare(b, undefined, { sensitivity: 'base' }),
      ),
    };
    await ctx.cache.put('lists', lists);
    return ok(lists);
  }

  // --- for the other parts of the worker ------------------------------------------------------------------------------

  /** What the session and preferences parts tell the feeds; not part of the face the UI calls. */
  readonly lifecycle = {
    /** After a sign-in: poll again without forgetting what was seen. */
    resume: (): void => this.feed.resume(),
    /** Signed out: nothing more to poll. */
    stop: (): void => this.feed.stop(),
    /** Notifications on or off: the hidden-tab cadence follows, and a list kept only for them stops when they stop. */
    notificationsChanged: async (): Promise<void> => {
      this.feed.setHidden(this.hidden, this.kiosk || this.#notifying());
      if (!this.#notifying() && !this.viewShown) await this.feed.setView(null);
    },
  };

  #notifying(): boolean {
    return !!this.ctx.userData.prefs.notify?.enabled;
  }

  /** Runs one request per alert (the API has no bulk call), a few at a time, then reloads what is on screen. */
  async #bulk(ids: string[], run: (http: HttpContext, id: string) => Promise<Result<unknown>>): Promise<Result<BulkResult>> {
    const http = this.ctx.http();
    const result: BulkResult = { succeeded: [], failed: [] };
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        const r = await run(http, id);
        if (r.ok) result.succeeded.push(id);
        else result.failed.push({ id, error: r.error });
      }
    };
    await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, ids.length) }, worker));
    const first = result.failed[0]?.error;
    if (first?.kind === 'auth') this.ctx.session.end('unauthorized');
    if (result.succeeded.length === 0 && first) return this.ctx.track({ ok: false, error: first });
    this.ctx.setOnline(true);
    await this.#reloadViews();
    return ok(result);
  }

  async #afterChange<T>(result: Result<T>): Promise<Result<T>> {
    if (result.ok) await this.#reloadViews();
    return result;
  }

  /** After an action the list, its tab counts and the detail reload at once (the old console left counts stale). */
  async #reloadViews() {
    await Promise.all([this.feed.refresh(), this.detail.refresh()]);
  }
}

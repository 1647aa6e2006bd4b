// The alerts part of the worker's face: what this tab shows (an alerts view, an alert's page, the indicator panel)
// and the commands on alerts. One tab per browser leads (src/worker/coordinator.ts): its feed hub polls for every
// tab, and the others receive its snapshots and patches; each tab still sends its user's commands itself.
import type { AlertsView, Note } from '../core/types.ts';
import type {
  AlertActionName,
  AlertRow,
  AlertSeen,
  AlertsApi,
  BulkResult,
  FilterLists,
  GroupActionProgress,
  GroupActionRequest,
  GroupActionResult,
  IndicatorSpec,
  Result,
  SuggestionData,
  WorkerEvent,
} from './contract/index.ts';
import type { Alert } from '../core/types.ts';
import type { OutboxCommand } from '../core/outbox.ts';
import { actionBody } from '../core/actions.ts';
import { watchTag } from '../core/watch.ts';
import { viewKey } from '../core/alerts-view.ts';
import { effectiveFreshness, pollTimeoutMs } from '../core/freshness.ts';
import { fail, ok, type WorkerContext } from './context.ts';
import { AlertsFeed } from './alerts-feed.ts';
import { cachedDetail, DetailFeed, fromListOf } from './detail-feed.ts';
import { IndicatorsFeed } from './indicators-feed.ts';
import { FeedHub, wantedKey, type Looking, type OpenGroups, type Slot, type Wanted } from './feed-hub.ts';
import { browserCoordination, Coordinator, type ChannelMessage, type CoordinationOptions } from './coordinator.ts';
import type { HttpContext } from './http.ts';
import * as alertsApi from './api/alerts.ts';
import { Outbox } from './outbox.ts';
import { dropEarly, earlyPending } from './early.ts';
import { GuessedList } from './guessed-list.ts';
import { compareNames } from '../core/names.ts';
import { SuggestionsSource } from './suggestions.ts';
import { exportedIds, groupActionTargets, groupAlerts, groupFieldOf, isGroupAction } from '../core/alert-groups.ts';
import { sortForView } from '../core/alert-sync.ts';
import { customersOf } from '../core/jwt.ts';
import { SetSync } from './set-sync.ts';

/** Requests in flight at once for a bulk action: fast, without flooding the API with hundreds at a time. */
const BULK_CONCURRENCY = 6;
/** How often a group action reports how far it got. */
const PROGRESS_EVERY_MS = 100;
/** After a command, how long a follower waits for the leader's fresh snapshot before it answers anyway. */
const RELOAD_WAIT_MS = 3_000;
/** How often the leader forgets the tabs that closed without saying so. */
const PRUNE_EVERY_MS = 5_000;
const SLOTS: readonly Slot[] = ['alerts', 'detail', 'indicators'];

/** The key an event of a feed belongs to. */
/** The strings of a list another tab sent (anything else is dropped). */
const strings = (list: unknown[]): string[] => list.filter((k): k is string => typeof k === 'string');

function keyOf(event: WorkerEvent, fallback: string): string {
  if (event.type === 'alerts-full' || event.type === 'alerts-patch' || event.type === 'trend-history') return event.viewKey;
  if (event.type === 'alert-detail') return `detail:${event.id}`;
  return fallback;
}

export class AlertsService implements AlertsApi {
  private coordinator: Coordinator;
  private hub: FeedHub | null = null;
  private wants: Record<Slot, Wanted | null> = { alerts: null, detail: null, indicators: null };
  /** the groups this tab shows open in its grouped list */
  private openGroups: OpenGroups = { keys: [], window: [] };
  private hidden = false;
  private kiosk = false;
  /** whether the UI shows the alerts list (false: only kept polling in the background for notifications) */
  private viewShown = false;
  /** keys of which this tab's UI received a full state from the feeds (patches before that are meaningless) */
  private received = new Set<string>();
  private waiters = new Set<{ keys: Set<string>; done: () => void }>();
  private prune: ReturnType<typeof setInterval> | null = null;
  private broadcastOnline: boolean | null = null;
  private started = false;
  private start: { key: string; address: string } | null = null;
  /** a first start's list, asked for beside the preferences */
  private guessed = new GuessedList();
  private outbox: Outbox;
  private suggestions: SuggestionsSource;

  constructor(
    private ctx: WorkerContext,
    coordination: CoordinationOptions | null | undefined = browserCoordination(),
  ) {
    this.coordinator = new Coordinator(coordination ?? null, {
      onLead: () => this.lead(),
      onStepDown: () => this.follow(),
      // A follower takes over well within one interval of the leader falling silent.
      takeoverAfterMs: () => Math.min(10_000, Math.max(3_000, ctx.intervalMs() * 0.6)),
    });
    this.coordinator.onMessage((m) => this.receive(m));
    ctx.onSessionEnd((reason) => {
      if (this.coordinator.isLeader && reason !== 'logout') this.coordinator.send({ type: 'session-end', reason });
    });
    this.suggestions = new SuggestionsSource(ctx);
    this.outbox = new Outbox(ctx, {
      locks: coordination?.locks ?? null,
      delivers: () => this.coordinator.isLeader,
      tellOthers: () => this.coordinator.send({ type: 'outbox' }),
      afterDelivery: (ids) => {
        this.hub?.touch(ids, false);
        return this.hub?.refresh() ?? Promise.resolve();
      },
    });
    // Answers came back: what was queued meanwhile goes now.
    ctx.onBackOnline(() => void this.outbox.wake(true));
  }

  // --- what this tab shows ---------------------------------------------------------------------------------------------

  async setView(view: AlertsView | null): Promise<void> {
    this.startCoordinating();
    this.viewShown = view !== null;
    // With notifications on, the last view keeps being watched while the user is on another screen, so new alerts
    // still notify and the badge stays true; otherwise leaving the list stops polling.
    if (view === null && this.notifying() && this.wants.alerts) {
      this.publishLooking();
      return;
    }
    this.setWant('alerts', view ? { slot: 'alerts', view } : null);
    if (view && !this.coordinator.isLeader) await this.paintViewFromCache(viewKey(view));
  }

  async setOpenGroups(keys: string[], window: string[] = []): Promise<void> {
    this.openGroups = { keys: [...keys], window: [...window] };
    if (this.hub) this.hub.setOpen(this.coordinator.tabId, this.openGroups);
    else this.coordinator.send({ type: 'open-groups', keys: this.openGroups.keys, window: this.openGroups.window });
  }

  async setDetail(id: string | null): Promise<void> {
    this.startCoordinating();
    this.setWant('detail', id ? { slot: 'detail', id } : null);
    if (id && !this.coordinator.isLeader) await this.paintDetailFromCache(id);
  }

  async setIndicators(queries: IndicatorSpec[] | null): Promise<void> {
    this.startCoordinating();
    this.setWant('indicators', queries?.length ? { slot: 'indicators', queries } : null);
  }

  async refresh(): Promise<void> {
    void this.outbox.wake(true);
    await this.reload();
  }

  async setVisibility(hidden: boolean, kiosk: boolean): Promise<void> {
    this.hidden = hidden;
    this.kiosk = kiosk;
    this.publishLooking();
  }

  // --- commands ------------------------------------------------------------------------------------------------------

  async act(ids: string[], action: AlertActionName, text?: string, seen: Record<string, AlertSeen> = {}): Promise<Result<BulkResult>> {
    const body = actionBody(action, text ?? '', this.ctx.userData.prefs, this.ctx.config);
    return this.bulk(ids, (http, id) => alertsApi.actionAlert(http, id, body), { command: { kind: 'action', ...body }, seen });
  }

  async watch(ids: string[], on: boolean, seen: Record<string, AlertSeen> = {}): Promise<Result<BulkResult>> {
    const username = this.ctx.session.username;
    if (!username) return fail('auth', 'Sign in to watch alerts');
    const tag = watchTag(username);
    return this.bulk(ids, (http, id) => alertsApi.tagAlert(http, id, [tag], on), { command: { kind: 'watch', on, tag }, seen });
  }

  async deleteAlerts(ids: string[], onProgress?: (done: number) => void): Promise<Result<BulkResult>> {
    // A delete is never queued: it cannot be shown as pending, nor undone if it was not meant any more.
    if (!this.ctx.reachable) return fail('network', 'Deleting an alert needs a connection to the API');
    return this.bulk(ids, (http, id) => alertsApi.deleteAlert(http, id), undefined, onProgress);
  }

  async actOnGroup(req: GroupActionRequest, onProgress?: (progress: GroupActionProgress) => void): Promise<Result<GroupActionResult>> {
    if (!isGroupAction(req.action)) return fail('internal', `Not an action on a group: ${String(req.action)}`);
    const username = this.ctx.session.username;
    if ((req.action === 'watch' || req.action === 'unwatch') && !username) return fail('auth', 'Sign in to watch alerts');
    if (req.action === 'delete' && !this.ctx.reachable) return fail('network', 'Deleting an alert needs a connection to the API');
    const members = await this.groupMembers(req.view, req.key);
    if (!members.ok) return members;
    // Each alert once, and only where its status allows the action: the others are left alone, not failed.
    const targets = groupActionTargets(members.value, req.action, username);
    const seen: Record<string, AlertSeen> = {};
    for (const a of members.value) seen[a.id] = seenOf(a);
    const total = targets.length;
    // Progress at most every 100 ms (and at the end): a group of 2,000 alerts is not 2,000 messages to the page.
    let reportedAt = 0;
    const progress = (done: number) => {
      const now = Date.now();
      if (done < total && now - reportedAt < PROGRESS_EVERY_MS) return;
      reportedAt = now;
      onProgress?.({ done, total });
    };
    let result: Result<BulkResult>;
    if (total === 0) result = ok({ succeeded: [], failed: [], queued: [] });
    else if (req.action === 'delete') result = await this.deleteAlerts(targets, progress);
    else if (req.action === 'watch' || req.action === 'unwatch') {
      const tag = watchTag(username!);
      const on = req.action === 'watch';
      result = await this.bulk(targets, (http, id) => alertsApi.tagAlert(http, id, [tag], on), { command: { kind: 'watch', on, tag }, seen }, progress);
    } else {
      const body = actionBody(req.action, req.text ?? '', this.ctx.userData.prefs, this.ctx.config);
      result = await this.bulk(targets, (http, id) => alertsApi.actionAlert(http, id, body), { command: { kind: 'action', ...body }, seen }, progress);
    }
    if (!result.ok) return result;
    // What the group holds now has been looked at: its "grew" mark goes.
    this.listFeed(req.view)?.lookedAt(req.key);
    return ok({ ...result.value, total });
  }

  async exportAlerts(view: AlertsView, openGroups: string[]): Promise<Result<Alert[]>> {
    const field = groupFieldOf(view.groupBy, this.ctx.config);
    if (!field) return fail('internal', 'The list is not grouped');
    // `trend` is the console's own field: the export carries the API's alert fields only.
    const apiFields = (rows: readonly AlertRow[]): Alert[] => rows.map(({ trend: _trend, ...alert }) => alert);
    // The leader polls the view: its last answer is what the user sees.
    const known = this.listFeed(view)?.exported(openGroups);
    if (known) return ok(apiFields(known));
    // A follower (or a leader before its first answer): every alert of the view, grouped the same way; offline, as the
    // kept set last held them.
    const answer = await this.allAlertsOf(view);
    if (!answer.ok) return answer;
    const alerts = apiFields(answer.value);
    const byId = new Map(alerts.map((a) => [a.id, a]));
    const groups = groupAlerts(alerts, field, { config: this.ctx.config, username: this.ctx.session.username });
    return ok(exportedIds(groups, openGroups, alerts.map((a) => a.id)).map((id) => byId.get(id)!));
  }

  async addNote(id: string, text: string, seen?: AlertSeen): Promise<Result<Note | null>> {
    const queue = async (maybeSent: boolean) => {
      await this.outbox.queue([id], { kind: 'note', text }, seen ? { [id]: seen } : {}, maybeSent);
      return ok(null);
    };
    if (!this.ctx.reachable) return queue(false);
    const result = await this.ctx.call((http) => alertsApi.addNote(http, id, text));
    // No answer: the note may have arrived, so the outbox looks at the alert's notes before sending it again.
    if (!result.ok && result.error.kind === 'network') return queue(true);
    return this.afterChange(result, id);
  }

  async cancelQueued(entryId: string): Promise<boolean> {
    return this.outbox.cancel(entryId);
  }

  async updateNote(id: string, noteId: string, text: string): Promise<Result<Note>> {
    return this.afterChange(await this.ctx.call((http) => alertsApi.updateNote(http, id, noteId, text)), id);
  }

  async deleteNote(id: string, noteId: string): Promise<Result<void>> {
    const result = await this.ctx.call((http) => alertsApi.deleteNote(http, id, noteId));
    return this.afterChange(result.ok ? ok(undefined) : result, id);
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
      environments: [...new Set([...pick(environments, cached.environments), ...ctx.config.environments])].sort(compareNames),
    };
    await ctx.cache.put('lists', lists);
    return ok(lists);
  }

  async getSuggestions(): Promise<Result<SuggestionData>> {
    // A grouped list this tab polls holds every alert of its view: its own values, counted exactly, no request.
    const shown = this.wants.alerts?.slot === 'alerts' ? this.listFeed(this.wants.alerts.view) : undefined;
    const set = shown?.readySet;
    if (set) return ok(this.suggestions.ofSet(set));
    return this.suggestions.get();
  }

  // --- for the other parts of the worker ------------------------------------------------------------------------------

  /** What the session and preferences parts tell the feeds; not part of the face the UI calls. */
  readonly lifecycle = {
    /** After a sign-in: poll again without forgetting what was seen, and send what waited for it. */
    resume: (): void => {
      for (const slot of SLOTS) for (const feed of this.hub?.feeds(slot) ?? []) feed.resume();
      void this.outbox.publish();
      void this.outbox.wake(true);
    },
    /** The page will most likely show the alert list: join the other tabs (and maybe lead) before it asks for one. */
    join: (): void => this.startCoordinating(),
    /**
     * The worker has started: the UI learns what is still waiting to be sent, and it is sent from whichever screen is
     * open (by this tab when it polls: it may have become the poller before its session and cache were ready, when
     * there was nothing it could send yet).
     */
    started: async (): Promise<void> => {
      if ((await this.outbox.publish()) === 0) return;
      this.startCoordinating();
      void this.outbox.wake();
    },
    /** The config changed (a start's revalidation found it so): what is polled is asked for again with it. */
    configChanged: (): void => {
      void this.hub?.refresh();
    },
    /** Signed out: this tab shows nothing any more. */
    stop: (): void => {
      for (const slot of SLOTS) this.setWant(slot, null);
      this.suggestions.forget();
    },
    /** Notifications on or off, or another preference changed: other tabs reload them, the cadence follows. */
    preferencesChanged: async (): Promise<void> => {
      this.coordinator.send({ type: 'prefs' });
      if (!this.notifying() && !this.viewShown) this.setWant('alerts', null);
      else this.publishLooking();
    },
  };

  /** The worker ends (its tab closed; tests): stops polling and leaves the other tabs. */
  close(): void {
    this.follow();
    this.outbox.stop();
    this.coordinator.stop();
  }

  /** The page is being frozen (a background tab, a sleeping laptop): another tab takes the polling over. */
  async pageFrozen(frozen: boolean): Promise<void> {
    if (frozen) {
      this.coordinator.suspend();
      return;
    }
    this.coordinator.resume();
    if (!this.coordinator.isLeader) this.announceAll();
  }

  // --- leading and following ------------------------------------------------------------------------------------------

  /** Joins the other tabs on first use (a worker that never shows alerts never takes part). */
  private startCoordinating() {
    if (this.started) return;
    this.started = true;
    this.coordinator.start();
  }

  private lead() {
    const hub = new FeedHub({ create: (wanted, key) => this.createFeed(wanted, key) });
    this.hub = hub;
    for (const slot of SLOTS) if (this.wants[slot]) hub.want(this.coordinator.tabId, slot, this.wants[slot], this.looking(slot));
    hub.setOpen(this.coordinator.tabId, this.openGroups);
    if (this.coordinator.shared) {
      this.prune = setInterval(() => {
        void this.coordinator.liveTabs().then((alive) => {
          if (this.hub === hub) hub.keepTabs(alive);
        });
      }, PRUNE_EVERY_MS);
    }
    // The new leader sends what any tab queued.
    void this.outbox.wake();
  }

  private follow() {
    // Another tab polls for this one: a list guessed for this start's first rows would not be taken.
    this.guessed.drop();
    this.hub?.stopAll();
    this.hub = null;
    if (this.prune) clearInterval(this.prune);
    this.prune = null;
  }

  /**
   * A first start asks for its list before the preferences are known, with the largest page size
   * (session-service.ts); the start's list takes that answer if it holds its page.
   */
  guessStartList(view: AlertsView): void {
    this.guessed.ask(this.ctx.http(), view, this.ctx.config, pollTimeoutMs(this.ctx.intervalMs()));
  }

  /** The list the page's start asked for (session-service.ts), until its first answer: whose requests the page keeps. */
  startsWith(view: AlertsView, address: string): void {
    this.start = { key: viewKey(view), address };
  }

  private startAnswered(key: string, urls: string[]) {
    if (this.start?.key !== key) return;
    const { address } = this.start;
    this.start = null;
    // The start's own requests have been sent: what was asked for early and not taken is not wanted.
    dropEarly();
    this.guessed.drop();
    // The list alone: the first rows do not wait for the tab counts, and the next start's first poll may ask for other
    // counts than this one's (the open counts once the environments are known).
    this.ctx.post({ type: 'start-requests', address, urls, signedIn: this.ctx.session.state().authenticated });
  }

  private createFeed(wanted: Wanted, key: string) {
    const { ctx } = this;
    const common = {
      http: () => ctx.http(),
      intervalMs: () => ctx.intervalMs(),
      onUnauthorized: () => ctx.session.end('unauthorized'),
    };
    const post = (event: WorkerEvent, to?: string) => this.deliver(keyOf(event, key), event, to);
    const onNetwork = (reachable: boolean) => {
      ctx.setOnline(reachable);
      if (this.broadcastOnline !== reachable) {
        this.broadcastOnline = reachable;
        this.coordinator.send({ type: 'connectivity', online: reachable });
      }
    };
    if (wanted.slot === 'alerts') {
      const onFirstAnswer = (urls: string[]) => this.startAnswered(key, urls);
      const askedEarly = () => this.start?.key === key && earlyPending();
      const takeGuess = (view: AlertsView, signal: AbortSignal) => (this.start?.key === key ? this.guessed.take(view, signal) : null);
      return new AlertsFeed(wanted.view, {
        ...common,
        config: () => ctx.config,
        cache: () => ctx.cache,
        post,
        onNetwork,
        username: () => ctx.session.username,
        identity: () => this.identity(),
        customers: () => customersOf(ctx.session.state().claims),
        onFirstAnswer,
        askedEarly,
        takeGuess,
      });
    }
    if (wanted.slot === 'indicators') return new IndicatorsFeed(wanted.queries, { ...common, post });
    // Open instantly (and without a network) from a list's copy when a list of the leader's has the alert.
    const seed = this.hub?.listRow(wanted.id);
    return new DetailFeed(wanted.id, { ...common, cache: () => ctx.cache, post, onNetwork }, seed);
  }

  /** An event of one of the leader's feeds: to this tab's UI if it shows it, and to the other tabs. */
  private deliver(key: string, event: WorkerEvent, to?: string) {
    const me = this.coordinator.tabId;
    if ((to === undefined || to === me) && this.shows(key)) this.toUi(key, event);
    if (this.coordinator.shared && to !== me) this.coordinator.send({ type: 'feed', key, event, ...(to ? { to } : {}) });
  }

  private toUi(key: string, event: WorkerEvent) {
    if (event.type === 'alerts-full') this.received.add(key);
    if (event.type === 'alerts-patch' && !this.received.has(key)) return;
    if (event.type === 'alert-detail' && event.freshness === 'live') this.received.add(key);
    this.ctx.post(event);
    for (const waiter of this.waiters) if (waiter.keys.has(key)) waiter.done();
  }

  private shows(key: string): boolean {
    return SLOTS.some((slot) => this.wants[slot] && wantedKey(this.wants[slot]!) === key);
  }

  private receive(message: ChannelMessage) {
    const from = message.from;
    switch (message.type) {
      case 'want':
        this.hub?.want(from, message.slot as Slot, (message.wanted as Wanted | null) ?? null, message.looking as Looking);
        break;
      case 'looking':
        this.hub?.look(from, (slot) => (message.looking as Record<Slot, Looking>)[slot]);
        break;
      case 'refresh':
        void this.hub?.refresh(message.keys as string[]);
        break;
      case 'touched':
        if (Array.isArray(message.ids)) this.hub?.touch(strings(message.ids), message.deleted === true);
        break;
      case 'open-groups':
        if (Array.isArray(message.keys)) this.hub?.setOpen(from, { keys: strings(message.keys), window: Array.isArray(message.window) ? strings(message.window) : [] });
        break;
      case 'feed':
        if (this.hub) break;
        if (message.to !== undefined && message.to !== this.coordinator.tabId) break;
        if (this.shows(message.key as string)) this.toUi(message.key as string, message.event as WorkerEvent);
        break;
      case 'leader':
        if (!this.coordinator.isLeader) this.announceAll();
        break;
      case 'connectivity':
        if (!this.hub) this.ctx.setOnline(message.online === true);
        break;
      case 'session-end':
        if (!this.hub && this.ctx.session.state().authenticated) this.ctx.session.end(message.reason as 'expired' | 'unauthorized');
        break;
      case 'prefs':
        void this.ctx.userData.reloadFromCache();
        break;
      case 'outbox':
        void this.outbox.publish();
        void this.outbox.wake();
        break;
    }
  }

  private setWant(slot: Slot, wanted: Wanted | null) {
    const before = this.wants[slot];
    if ((before ? wantedKey(before) : null) === (wanted ? wantedKey(wanted) : null)) {
      this.publishLooking();
      return;
    }
    this.wants[slot] = wanted;
    if (before) this.received.delete(wantedKey(before));
    if (this.hub) this.hub.want(this.coordinator.tabId, slot, wanted, this.looking(slot));
    else this.coordinator.send({ type: 'want', slot, wanted, looking: this.looking(slot) });
  }

  /** Tells the (new) leader everything this tab shows. */
  private announceAll() {
    for (const slot of SLOTS) {
      if (!this.wants[slot]) continue;
      this.received.delete(wantedKey(this.wants[slot]!));
      this.coordinator.send({ type: 'want', slot, wanted: this.wants[slot], looking: this.looking(slot) });
    }
    this.coordinator.send({ type: 'open-groups', keys: this.openGroups.keys, window: this.openGroups.window });
  }

  private publishLooking() {
    if (this.hub) this.hub.look(this.coordinator.tabId, (slot) => this.looking(slot));
    else this.coordinator.send({ type: 'looking', looking: Object.fromEntries(SLOTS.map((s) => [s, this.looking(s)])) });
  }

  /** Hidden tabs poll slowly, except wall displays (kiosk) and users waiting for notifications. */
  private looking(slot: Slot): Looking {
    if (slot !== 'alerts') return { fast: !this.hidden || this.kiosk };
    return { fast: this.viewShown && (!this.hidden || this.kiosk || this.notifying()) };
  }

  private notifying(): boolean {
    return !!this.ctx.userData.prefs.notify?.enabled;
  }

  /**
   * Every alert of a group of a view: from the leader's own copy of the view when it polls it (what the user sees),
   * else from one request for all alerts of the view, grouped by the same rules.
   */
  private async groupMembers(view: GroupActionRequest['view'], key: string): Promise<Result<AlertRow[]>> {
    const field = groupFieldOf(view.groupBy, this.ctx.config);
    if (!field) return fail('internal', 'The list is not grouped');
    const known = this.listFeed(view)?.groupMembers(key);
    if (known) return ok(known);
    const answer = await this.allAlertsOf(view);
    if (!answer.ok) return answer;
    const alerts = answer.value;
    const group = groupAlerts(alerts, field, { config: this.ctx.config }).find((g) => g.group.key === key);
    if (!group) return ok([]);
    const byId = new Map(alerts.map((a) => [a.id, a]));
    return ok(group.ids.map((id) => byId.get(id)!));
  }

  /** The feed this tab leads for a list's view, when it leads and polls it. */
  private listFeed(view: AlertsView) {
    const key = viewKey(view);
    return this.hub?.feeds('alerts').find((f) => f.key === key);
  }

  /** The rows the cache keeps of the list this tab shows: its page, and every alert of its kept set. */
  private async keptRows(): Promise<Map<string, AlertRow>> {
    const wanted = this.wants.alerts;
    const rows = new Map<string, AlertRow>();
    if (wanted?.slot !== 'alerts') return rows;
    const shown = await this.ctx.cache.getView(viewKey(wanted.view));
    for (const r of shown?.rows ?? []) rows.set(r.id, r);
    if (!groupFieldOf(wanted.view.groupBy, this.ctx.config)) return rows;
    const sync = new SetSync(wanted.view, this.identity(), { http: () => this.ctx.http(), config: () => this.ctx.config, store: () => this.ctx.cache });
    await sync.restore();
    for (const a of sync.set.values()) rows.set(a.id, a);
    return rows;
  }

  /** Who this session is, for the sets: the API, the user and the customers they see. */
  private identity(): string {
    const claims = this.ctx.session.state().claims;
    return JSON.stringify([this.ctx.http().endpoint, this.ctx.session.username ?? '', customersOf(claims)]);
  }

  /**
   * Every alert of a view, in its order, as a follower (or a leader before its first answer) can know it: the set the
   * leader keeps in storage brought in step by one delta cycle, or pulled whole when there is none. It reads the kept
   * set and never writes it: that is the leader's.
   */
  private async allAlertsOf(view: AlertsView): Promise<Result<AlertRow[]>> {
    const { ctx } = this;
    const sync = new SetSync(view, this.identity(), {
      http: () => ctx.http(),
      config: () => ctx.config,
      customers: () => customersOf(ctx.session.state().claims),
      store: () => ({ loadSet: (key) => ctx.cache.loadSet(key), saveSet: async () => undefined }),
    });
    const result = await ctx.call(() => sync.cycle(new AbortController().signal, pollTimeoutMs(ctx.intervalMs())));
    // Offline: the set as it was kept (what the groups on screen were worked out from).
    if (!result.ok && !(result.error.kind === 'network' && sync.ready)) return result;
    const env = view.filter.environment;
    const alerts = [...sync.set.values()].filter((a) => !env || a.environment === env);
    return ok(sortForView(alerts, view, ctx.config));
  }

  /** A follower shows the last known rows at once, until the leader's full snapshot arrives. */
  private async paintViewFromCache(key: string) {
    const cached = await this.ctx.cache.getView(key);
    if (!cached || this.received.has(key) || !this.shows(key)) return;
    const freshness = effectiveFreshness('live', cached.savedAt, Date.now(), this.ctx.intervalMs());
    this.ctx.post({
      type: 'alerts-full',
      viewKey: key,
      seq: 0,
      rows: cached.rows,
      meta: { ...cached.meta, freshness, fromCache: freshness !== 'live', updatedAt: cached.savedAt, error: null, retryAt: null },
      news: [],
    });
  }

  private async paintDetailFromCache(id: string) {
    const cached = await cachedDetail(this.ctx.cache, id);
    const key = `detail:${id}`;
    if (!cached || this.received.has(key) || !this.shows(key)) return;
    this.ctx.post({ type: 'alert-detail', id, alert: cached.alert, notes: cached.notes, freshness: 'stale', updatedAt: cached.savedAt, error: null, ...fromListOf(cached) });
  }

  /** Polls what this tab shows now; a follower asks the leader and waits (a little) for its fresh snapshot. */
  private async reload(): Promise<void> {
    const keys = SLOTS.flatMap((slot) => (this.wants[slot] ? [wantedKey(this.wants[slot]!)] : []));
    if (keys.length === 0) return;
    if (this.hub) {
      await this.hub.refresh(keys);
      return;
    }
    const waited = new Promise<void>((resolve) => {
      const waiter = { keys: new Set(keys), done: () => (this.waiters.delete(waiter), resolve()) };
      this.waiters.add(waiter);
      setTimeout(waiter.done, Math.min(RELOAD_WAIT_MS, pollTimeoutMs(this.ctx.intervalMs())));
    });
    this.coordinator.send({ type: 'refresh', keys });
    await waited;
  }

  /**
   * Runs one request per alert (the API has no bulk call), a few at a time, then reloads what is on screen. With
   * `queueable`, what cannot reach the API (offline, or no answer) goes to the outbox instead of failing.
   */
  private async bulk(
    ids: string[],
    run: (http: HttpContext, id: string) => Promise<Result<unknown>>,
    queueable?: { command: OutboxCommand; seen: Record<string, AlertSeen> },
    onProgress?: (done: number) => void,
  ): Promise<Result<BulkResult>> {
    const result: BulkResult = { succeeded: [], failed: [], queued: [] };
    if (queueable && !this.ctx.reachable) {
      await this.outbox.queue(ids, queueable.command, await this.completeSeen(ids, queueable.seen));
      onProgress?.(ids.length);
      return ok({ ...result, queued: [...ids] });
    }
    const http = this.ctx.http();
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        const r = await run(http, id);
        if (r.ok) result.succeeded.push(id);
        else if (queueable && r.error.kind === 'network') result.queued.push(id);
        else result.failed.push({ id, error: r.error });
        onProgress?.(++done);
      }
    };
    await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, ids.length) }, worker));
    if (result.queued.length) {
      this.ctx.setOnline(false);
      // no answer: the request may have arrived, so the outbox looks at the alert before sending it again
      await this.outbox.queue(result.queued, queueable!.command, await this.completeSeen(result.queued, queueable!.seen), true);
      if (result.succeeded.length === 0 && result.failed.length === 0) return ok(result);
    }
    const first = result.failed[0]?.error;
    if (first?.kind === 'auth') this.ctx.session.end('unauthorized');
    if (result.succeeded.length === 0 && result.queued.length === 0 && first) return this.ctx.track({ ok: false, error: first });
    if (result.succeeded.length) this.ctx.setOnline(true);
    // The alerts changed are asked for by id (a tag or a note moves no time the cheap checks see); a deleted one leaves.
    this.changedAlerts(result.succeeded, queueable === undefined);
    // After an action the list, its tab counts and the detail reload at once (the old console left counts stale).
    await this.reload();
    return ok(result);
  }

  /**
   * What the user saw of the alerts acted on, where the page had no row of them (Select all in a grouped list takes
   * alerts the page holds no row for): as this worker last knew them, from the lists it polls, else from the cached
   * copy of the list this tab shows and, for a grouped list, the set kept of it. An alert known nowhere stays without.
   */
  private async completeSeen(ids: readonly string[], seen: Record<string, AlertSeen>): Promise<Record<string, AlertSeen>> {
    const missing = ids.filter((id) => !seen[id]);
    if (missing.length === 0) return seen;
    const feeds = this.hub?.feeds('alerts') ?? [];
    let cachedRows: Map<string, AlertRow> | null = null;
    const out = { ...seen };
    for (const id of missing) {
      let alert: AlertRow | undefined;
      for (const feed of feeds) if ((alert = feed.known(id))) break;
      if (!alert) {
        cachedRows ??= await this.keptRows();
        alert = cachedRows.get(id);
      }
      if (alert) out[id] = seenOf(alert);
    }
    return out;
  }

  private async afterChange<T>(result: Result<T>, id?: string): Promise<Result<T>> {
    if (result.ok) {
      if (id) this.changedAlerts([id], false);
      await this.reload();
    }
    return result;
  }

  /** Tells the feeds that poll (this tab's, or the leader's) which alerts this console changed or deleted. */
  private changedAlerts(ids: readonly string[], deleted: boolean) {
    if (ids.length === 0) return;
    if (this.hub) this.hub.touch(ids, deleted);
    else this.coordinator.send({ type: 'touched', ids: [...ids], deleted });
  }
}

/** What an action remembers of an alert as the user saw it (the outbox checks it before sending). */
function seenOf(alert: AlertSeen): AlertSeen {
  return { status: alert.status, lastReceiveId: alert.lastReceiveId, resource: alert.resource, event: alert.event };
}

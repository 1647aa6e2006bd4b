// The alerts part of the worker's face, what this tab shows: an alerts view, an alert's page, the indicator panel. One
// tab per browser leads (src/worker/coordinator.ts): its feed hub polls for every tab, and the others receive its
// snapshots and patches; each tab still sends its user's commands itself (alert-commands.ts).
import type { AlertsView } from '../core/types.ts';
import type { AlertsApi, IndicatorSpec, WorkerEvent } from './contract/index.ts';
import { viewKey } from '../core/alerts-view.ts';
import { effectiveFreshness, pollTimeoutMs } from '../core/freshness.ts';
import type { WorkerContext } from './context.ts';
import { AlertsFeed } from './alerts-feed.ts';
import { cachedDetail, DetailFeed, fromListOf } from './detail-feed.ts';
import { IndicatorsFeed } from './indicators-feed.ts';
import { FeedHub, wantedKey, type Looking, type OpenGroups, type Slot, type Wanted } from './feed-hub.ts';
import { browserCoordination, Coordinator, type ChannelMessage, type CoordinationOptions } from './coordinator.ts';
import { Outbox } from './outbox.ts';
import { dropEarly, earlyPending } from './early.ts';
import { GuessedList } from './guessed-list.ts';
import { SuggestionsSource } from './suggestions.ts';
import { customersOf } from '../core/jwt.ts';

/** After a command, how long a follower waits for the leader's fresh snapshot before it answers anyway. */
const RELOAD_WAIT_MS = 3_000;
/** How often the leader forgets the tabs that closed without saying so. */
const PRUNE_EVERY_MS = 5_000;
const SLOTS: readonly Slot[] = ['alerts', 'detail', 'indicators'];

/** The strings of a list another tab sent (anything else is dropped). */
const strings = (list: unknown[]): string[] => list.filter((k): k is string => typeof k === 'string');

/** The key an event of a feed belongs to. */
function keyOf(event: WorkerEvent, fallback: string): string {
  if (event.type === 'alerts-full' || event.type === 'alerts-patch' || event.type === 'trend-history') return event.viewKey;
  if (event.type === 'alert-detail') return `detail:${event.id}`;
  return fallback;
}

/** The alerts face's methods on what this tab shows; AlertCommands and AlertLists have the others. */
export class AlertsService implements Pick<AlertsApi, 'setView' | 'setOpenGroups' | 'setDetail' | 'setIndicators' | 'refresh' | 'setVisibility' | 'pageFrozen'> {
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
  /** the queued commands; the commands part (alert-commands.ts) sends through it */
  readonly outbox: Outbox;
  /** the search box's values; the lists part (alert-lists.ts) answers from it */
  readonly suggestions: SuggestionsSource;

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

  /** What the other alerts parts (alert-commands.ts, alert-lists.ts) use of this one; not part of the face the UI calls. */
  readonly shared = {
    /** the list this tab shows (or keeps polling for notifications) */
    shownList: (): Wanted | null => this.wants.alerts,
    listFeed: (view: AlertsView) => this.listFeed(view),
    listFeeds: (): AlertsFeed[] => this.hub?.feeds('alerts') ?? [],
    identity: (): string => this.identity(),
    reload: (): Promise<void> => this.reload(),
    changedAlerts: (ids: readonly string[], deleted: boolean): void => this.changedAlerts(ids, deleted),
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

  /** The feed this tab leads for a list's view, when it leads and polls it. */
  private listFeed(view: AlertsView) {
    const key = viewKey(view);
    return this.hub?.feeds('alerts').find((f) => f.key === key);
  }

  /** Who this session is, for the sets: the API, the user and the customers they see. */
  private identity(): string {
    const claims = this.ctx.session.state().claims;
    return JSON.stringify([this.ctx.http().endpoint, this.ctx.session.username ?? '', customersOf(claims)]);
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

  /** Tells the feeds that poll (this tab's, or the leader's) which alerts this console changed or deleted. */
  private changedAlerts(ids: readonly string[], deleted: boolean) {
    if (ids.length === 0) return;
    if (this.hub) this.hub.touch(ids, deleted);
    else this.coordinator.send({ type: 'touched', ids: [...ids], deleted });
  }
}

// The data worker's implementation of its face (contract.ts): config, session, the live feeds, commands and the cache.
import type { Alert, AlertsView, Config, IndicatorQuery, Note, Preferences, SavedQuery, TokenClaims, User } from '../core/types.ts';
import type {
  AlertActionName,
  BulkResult,
  DataWorkerApi,
  FilterLists,
  InitOptions,
  InitResult,
  ListParams,
  LogoutResult,
  ManagementInfo,
  ReportFilter,
  ResourceList,
  ResourceMap,
  ResourceName,
  Result,
  SessionState,
  SignupInput,
  Top10Kind,
  WorkerError,
  WorkerEvent,
} from './contract.ts';
import { CLIENT_DEFAULTS } from '../core/config.ts';
import { effectiveRefreshInterval } from '../core/preferences.ts';
import { actionBody } from '../core/actions.ts';
import { watchTag } from '../core/watch.ts';
import { logoutRedirect } from '../core/logout.ts';
import { connectionErrorText } from '../core/api-errors.ts';
import { openCache, type Cache } from './cache.ts';
import { loadConfig } from './config-loader.ts';
import { AlertsFeed } from './alerts-feed.ts';
import { DetailFeed } from './detail-feed.ts';
import { IndicatorsFeed } from './indicators-feed.ts';
import { Session, type EndReason } from './session.ts';
import { UserData } from './user-data.ts';
import type { HttpContext } from './http.ts';
import * as alertsApi from './api/alerts.ts';
import * as adminApi from './api/admin.ts';
import * as authApi from './api/auth.ts';
import { getMe } from './api/user.ts';
import { management } from './api/management.ts';

export interface ServiceOptions {
  fetchImpl?: typeof fetch;
  cacheName?: string;
}

/** Requests in flight at once for a bulk action: fast, without flooding the API with hundreds at a time. */
const BULK_CONCURRENCY = 6;

const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const fail = <T>(kind: WorkerError['kind'], message: string, code?: number): Result<T> => ({ ok: false, error: { kind, message, code } });

export class DataService implements DataWorkerApi {
  private listeners = new Set<(event: WorkerEvent) => void>();
  private config: Config = CLIENT_DEFAULTS;
  private consoleBase = '';
  private cache!: Cache;
  private session = new Session((reason) => this.sessionEnded(reason));
  private userData!: UserData;
  private feed!: AlertsFeed;
  private detail!: DetailFeed;
  private indicators!: IndicatorsFeed;
  private online = true;
  private ready = false;
  private hidden = false;
  private kiosk = false;
  /** whether the UI shows the alerts list (false: only kept polling in the background for notifications) */
  private viewShown = false;

  constructor(private options: ServiceOptions = {}) {}

  // --- start-up ----------------------------------------------------------------------------------------------------

  async init(options: InitOptions): Promise<Result<InitResult>> {
    if (!this.ready) {
      this.cache = await openCache(this.options.cacheName, (reason) =>
        this.post({ type: 'notice', level: 'info', key: 'StorageUnavailable', message: `Offline storage is unavailable (${reason}); data is kept in memory only` }),
      );
      this.userData = new UserData(this.cache, (event) => this.post(event));
      const intervalMs = () => effectiveRefreshInterval(this.userData.prefs, this.config);
      this.feed = new AlertsFeed({
        http: () => this.http(),
        config: () => this.config,
        prefs: () => this.userData.prefs,
        cache: this.cache,
        post: (event) => this.post(event),
        onUnauthorized: () => this.session.end('unauthorized'),
        onNetwork: (reachable) => this.setOnline(reachable),
      });
      this.detail = new DetailFeed({
        http: () => this.http(),
        cache: this.cache,
        intervalMs,
        post: (event) => this.post(event),
        onUnauthorized: () => this.session.end('unauthorized'),
        onNetwork: (reachable) => this.setOnline(reachable),
      });
      this.indicators = new IndicatorsFeed({
        http: () => this.http(),
        intervalMs,
        post: (event) => this.post(event),
        onUnauthorized: () => this.session.end('unauthorized'),
      });
      this.ready = true;
    }
    this.consoleBase = options.configUrl.replace(/\/[^/]*$/, '');
    this.session.set(options.token);

    const loaded = await loadConfig(options.configUrl, options.buildConfig, this.cache, this.options.fetchImpl);
    if (!loaded.ok) {
      this.setOnline(false, loaded.error.endpoint);
      return loaded;
    }
    this.config = loaded.value.config;
    this.post({ type: 'config', config: this.config, fromCache: loaded.value.fromCache });
    this.setOnline(!loaded.value.fromCache);
    // The cached preferences are posted at once; the server's follow when they arrive.
    void this.loadUserData();
    return ok({ config: this.config, configFromCache: loaded.value.fromCache, session: this.session.state() });
  }

  async subscribe(listener: (event: WorkerEvent) => void): Promise<void> {
    this.listeners.add(listener);
  }

  // --- live views ----------------------------------------------------------------------------------------------------

  async setView(view: AlertsView | null): Promise<void> {
    // With notifications on, the last view keeps being watched while the user is on another screen, so new alerts
    // still notify and the badge stays true; otherwise leaving the list stops polling (SPEC 4).
    this.viewShown = view !== null;
    if (view === null && this.userData?.prefs.notify?.enabled) return;
    await this.feed?.setView(view);
  }

  async refresh(): Promise<void> {
    await Promise.all([this.feed?.refresh(), this.detail?.refresh(), this.indicators?.refresh()]);
  }

  async setVisibility(hidden: boolean, kiosk: boolean): Promise<void> {
    this.hidden = hidden;
    this.kiosk = kiosk;
    this.feed?.setHidden(hidden, kiosk || !!this.userData?.prefs.notify?.enabled);
    this.detail?.setHidden(hidden && !kiosk);
    this.indicators?.setHidden(hidden && !kiosk);
  }

  async setIndicators(queries: { text: string; query: IndicatorQuery }[] | null): Promise<void> {
    this.indicators?.setQueries(queries);
  }

  async setDetail(id: string | null): Promise<void> {
    if (id) {
      // Open instantly from the list's copy when there is one.
      const row = this.feed?.row(id);
      if (row) await this.detail.remember(row);
    }
    await this.detail?.setId(id);
  }

  // --- alert commands ----------------------------------------------------------------------------------------------

  async act(ids: string[], action: AlertActionName, text?: string): Promise<Result<BulkResult>> {
    const body = actionBody(action, text ?? '', this.userData.prefs, this.config);
    return this.bulk(ids, (ctx, id) => alertsApi.actionAlert(ctx, id, body));
  }

  async watch(ids: string[], on: boolean): Promise<Result<BulkResult>> {
    const username = this.session.username;
    if (!username) return fail('auth', 'Sign in to watch alerts');
    const tag = watchTag(username);
    return this.bulk(ids, (ctx, id) => alertsApi.tagAlert(ctx, id, [tag], on));
  }

  async deleteAlerts(ids: string[]): Promise<Result<BulkResult>> {
    return this.bulk(ids, (ctx, id) => alertsApi.deleteAlert(ctx, id));
  }

  async addNote(id: string, text: string): Promise<Result<Note>> {
    return this.afterChange(await alertsApi.addNote(this.http(), id, text));
  }

  async updateNote(id: string, noteId: string, text: string): Promise<Result<Note>> {
    return this.afterChange(await alertsApi.updateNote(this.http(), id, noteId, text));
  }

  async deleteNote(id: string, noteId: string): Promise<Result<void>> {
    const result = await alertsApi.deleteNote(this.http(), id, noteId);
    return this.afterChange(result.ok ? ok(undefined) : result);
  }

  async getAlert(id: string) {
    const result = this.track(await alertsApi.getAlert(this.http(), id));
    if (result.ok) {
      await this.detail.remember(result.value);
      return ok({ alert: result.value, fromCache: false });
    }
    if (result.error.kind === 'network') {
      const cached = await this.cache.get<{ alert: Alert } | null>(`alert:${id}`);
      if (cached?.alert) return ok({ alert: cached.alert, fromCache: true });
    }
    return result;
  }

  async getLists(): Promise<Result<FilterLists>> {
    const ctx = this.http();
    const [services, groups, tags, customers, environments] = await Promise.all([
      alertsApi.getNames(ctx, '/services', 'services', 'service'),
      alertsApi.getNames(ctx, '/alerts/groups', 'groups', 'group'),
      alertsApi.getNames(ctx, '/alerts/tags', 'tags', 'tag'),
      this.config.customer_views ? alertsApi.getNames(ctx, '/customers', 'customers', 'customer') : Promise.resolve(ok<string[]>([])),
      alertsApi.getNames(ctx, '/environments', 'environments', 'environment'),
    ]);
    const cached = (await this.cache.get<FilterLists>('lists')) ?? { services: [], groups: [], tags: [], customers: [], environments: [] };
    if (!services.ok && !groups.ok && !environments.ok) {
      this.track(services);
      // Offline: the last known lists still fill the filter pickers.
      if (services.error.kind === 'network' && cached.services.length) return ok(cached);
      return services;
    }
    this.setOnline(true);
    const pick = (r: Result<string[]>, fallback: string[]) => (r.ok ? r.value : fallback);
    const lists: FilterLists = {
      services: pick(services, cached.services),
      groups: pick(groups, cached.groups),
      tags: pick(tags, cached.tags),
      customers: pick(customers, cached.customers),
      environments: [...new Set([...pick(environments, cached.environments), ...this.config.environments])].sort((a, b) =>
        a.localeCompare(b, undefined, { sensitivity: 'base' }),
      ),
    };
    await this.cache.put('lists', lists);
    return ok(lists);
  }

  // --- session -------------------------------------------------------------------------------------------------------

  async setToken(token: string | null): Promise<void> {
    const before = this.session.state().token;
    if (token === before) return;
    if (token === null) {
      this.session.end('logout');
      return;
    }
    this.session.set(token);
    await this.signedIn();
  }

  async login(username: string, password: string): Promise<Result<SessionState>> {
    return this.startSession(await authApi.login(this.http(), username, password));
  }

  async signup(input: SignupInput): Promise<Result<SessionState>> {
    return this.startSession(await authApi.signup(this.http(), input));
  }

  async socialLogin(provider: string, payload: Record<string, unknown>): Promise<Result<SessionState>> {
    return this.startSession(await authApi.socialLogin(this.http(), provider, payload));
  }

  async confirmEmail(token: string) {
    return this.track(await authApi.confirmEmail(this.http(), token));
  }

  async forgotPassword(email: string) {
    return this.track(await authApi.forgotPassword(this.http(), email));
  }

  async resetPassword(token: string, password: string) {
    return this.track(await authApi.resetPassword(this.http(), token, password));
  }

  async logout(): Promise<LogoutResult> {
    const result = this.session.state().authenticated ? await authApi.logout(this.http()) : null;
    // The session ends whatever the API said (SPEC 4), and the user's cached data goes with it.
    this.feed.stop();
    this.session.end('logout');
    await this.cache.clearUserData();
    this.userData.clear();
    const logoutUrl = result?.ok ? result.value.logoutUrl : null;
    return { redirect: logoutRedirect(logoutUrl, this.config.provider, this.consoleBase) };
  }

  async getProfile(): Promise<Result<{ user: User | null; claims: TokenClaims | null }>> {
    const claims = this.session.state().claims;
    const me = await getMe(this.http());
    if (!me.ok && me.error.kind !== 'http') return this.track({ ok: false, error: me.error });
    // With auth off, or on servers without /user/me, the token's claims are all there is.
    return ok({ user: me.ok ? me.value : null, claims });
  }

  // --- preferences ---------------------------------------------------------------------------------------------------

  async savePreferences(patch: Partial<Preferences>) {
    const result = this.track(await this.userData.savePreferences(this.http(), this.session.state().authenticated, patch));
    if (result.ok) await this.notificationsChanged();
    return result;
  }

  async resetPreferences() {
    const result = this.track(await this.userData.resetPreferences(this.http(), this.session.state().authenticated));
    if (result.ok) await this.notificationsChanged();
    return result;
  }

  /** Notifications on or off: the hidden-tab cadence follows, and a list kept only for them stops when they stop. */
  private async notificationsChanged() {
    const notify = !!this.userData.prefs.notify?.enabled;
    this.feed.setHidden(this.hidden, this.kiosk || notify);
    if (!notify && !this.viewShown) await this.feed.setView(null);
  }

  async saveQuery(query: SavedQuery) {
    return this.track(await this.userData.saveQuery(this.http(), this.session.state().authenticated, query));
  }

  async deleteQuery(text: string) {
    return this.track(await this.userData.deleteQuery(this.http(), this.session.state().authenticated, text));
  }

  // --- administration ----------------------------------------------------------------------------------------------

  async list<R extends ResourceName>(resource: R, params?: ListParams): Promise<Result<ResourceList<ResourceMap[R]>>> {
    const key = `list:${resource}:${JSON.stringify(params ?? {})}`;
    const result = this.track(await adminApi.listResource(this.http(), resource, params));
    if (result.ok) {
      await this.cache.put(key, result.value);
      return result;
    }
    if (result.error.kind === 'network') {
      const cached = await this.cache.get<ResourceList<ResourceMap[R]>>(key);
      if (cached) return ok({ ...cached, fromCache: true });
    }
    return result;
  }

  async get<R extends ResourceName>(resource: R, id: string) {
    return this.track(await adminApi.getResource(this.http(), resource, id));
  }

  async create<R extends ResourceName>(resource: R, body: Record<string, unknown>) {
    return this.track(await adminApi.createResource(this.http(), resource, body));
  }

  async update<R extends ResourceName>(resource: R, id: string, body: Record<string, unknown>) {
    return this.track(await adminApi.updateResource(this.http(), resource, id, body));
  }

  async remove<R extends ResourceName>(resource: R, id: string) {
    return this.track(await adminApi.deleteResource(this.http(), resource, id));
  }

  async groupUsers(groupId: string) {
    return this.track(await adminApi.groupUsers(this.http(), groupId));
  }

  async userGroups(userId: string) {
    return this.track(await adminApi.userGroups(this.http(), userId));
  }

  async addUserToGroup(groupId: string, userId: string) {
    return this.track(await adminApi.setGroupMember(this.http(), groupId, userId, true));
  }

  async removeUserFromGroup(groupId: string, userId: string) {
    return this.track(await adminApi.setGroupMember(this.http(), groupId, userId, false));
  }

  async scopes() {
    return this.track(await adminApi.getScopes(this.http()));
  }

  async top10(kind: Top10Kind, filter: ReportFilter) {
    return this.track(await adminApi.top10(this.http(), kind, filter, new Date()));
  }

  async management(): Promise<Result<ManagementInfo>> {
    return this.track(await management(this.http()));
  }

  // --- internals -----------------------------------------------------------------------------------------------------

  private http(): HttpContext {
    return { endpoint: this.config.endpoint, token: () => this.session.current(), fetchImpl: this.options.fetchImpl };
  }

  private async startSession(token: Result<string>): Promise<Result<SessionState>> {
    if (!token.ok) return this.track(token);
    if (!this.session.set(token.value)) return fail('auth', 'The server issued a token that is not valid');
    await this.signedIn();
    return ok(this.session.state());
  }

  private async signedIn() {
    this.post({ type: 'session', session: this.session.state() });
    await this.loadUserData();
    this.feed.resume();
  }

  private async loadUserData() {
    const state = this.session.state();
    const loaded = await this.userData.load(this.http(), state.claims?.preferred_username ?? null, state.authenticated);
    if (!loaded.ok && loaded.error.kind !== 'network' && loaded.error.kind !== 'auth') {
      this.post({ type: 'notice', level: 'error', key: 'SettingsError', message: 'Could not retrieve user preferences.' });
    }
  }

  private sessionEnded(reason: EndReason) {
    this.post({ type: 'session', session: this.session.state(), reason });
  }

  /** Runs one request per alert (the API has no bulk call), a few at a time, then reloads what is on screen. */
  private async bulk(ids: string[], run: (ctx: HttpContext, id: string) => Promise<Result<unknown>>): Promise<Result<BulkResult>> {
    const ctx = this.http();
    const result: BulkResult = { succeeded: [], failed: [] };
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        const r = await run(ctx, id);
        if (r.ok) result.succeeded.push(id);
        else result.failed.push({ id, error: r.error });
      }
    };
    await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, ids.length) }, worker));
    const first = result.failed[0]?.error;
    if (first?.kind === 'auth') this.session.end('unauthorized');
    if (result.succeeded.length === 0 && first) return this.track({ ok: false, error: first });
    this.setOnline(true);
    await this.reloadViews();
    return ok(result);
  }

  private async afterChange<T>(result: Result<T>): Promise<Result<T>> {
    if (result.ok) await this.reloadViews();
    return this.track(result);
  }

  /** After an action the list, its tab counts and the detail reload at once (the old console left counts stale). */
  private async reloadViews() {
    await Promise.all([this.feed.refresh(), this.detail.refresh()]);
  }

  /** Notes connectivity from a command's outcome and ends the session on a 401. */
  private track<T>(result: Result<T>): Result<T> {
    if (result.ok) return result;
    const { error } = result;
    if (error.kind === 'auth' && this.session.state().authenticated) this.session.end('unauthorized');
    if (error.kind === 'network') {
      this.setOnline(false);
      return { ok: false, error: { ...error, message: connectionErrorText(this.config.endpoint) } };
    }
    return result;
  }

  private setOnline(online: boolean, endpoint = this.config.endpoint) {
    if (online === this.online) return;
    this.online = online;
    this.post({ type: 'connectivity', online, endpoint, since: Date.now() });
  }

  private post(event: WorkerEvent) {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        // A listener that went away (closed tab) must not break the others.
        console.warn('listener failed', error);
      }
    }
  }
}

// The session part of the worker's face: start-up (cache, config, token), signing in and out, and the profile.
import type { InitOptions, InitResult, LogoutResult, Profile, Result, SessionApi, SessionState, SignupInput } from './contract/index.ts';
import { logoutRedirect } from '../core/logout.ts';
import { usernameOf } from '../core/jwt.ts';
import { fail, ok, type WorkerContext } from './context.ts';
import type { AlertsService } from './alerts-service.ts';
import { askAtApi, askConfig, cachedConfig, loadConfig, type ConfigRequests, type LoadedConfig } from './config-loader.ts';
import { takeConfigAsked } from './early-config.ts';
import * as authApi from './api/auth.ts';
import { getMe, getMyAttributes } from './api/user.ts';
import type { ObjectAnswer } from './http.ts';
import { startListView } from '../core/alerts-location.ts';
import { guessedStartView } from '../core/first-page.ts';
import { likelyStartRoute } from '../core/routes.ts';
import { addressKey } from '../core/start-sources.ts';

export class SessionService implements SessionApi {
  /** set while the config in use is the cached copy (the API could not be reached at start) */
  private cachedConfigOf: InitOptions | null = null;
  /** the preferences asked for as the start began, at the API config.json named (taken once); null when not asked */
  #preferencesAsked: Promise<{ endpoint: string; answer: ObjectAnswer; taken: boolean } | null> = Promise.resolve(null);

  constructor(
    private ctx: WorkerContext,
    private alerts: AlertsService,
  ) {
    // The API answers again: the config is read anew, so "showing the last known configuration" ends with the outage.
    ctx.onBackOnline(() => void this.#refreshConfig());
  }

  /**
   * Starts the worker. A start that finds the config and (signed in) the user's preferences of an earlier visit in the
   * cache answers at once, so the first /alerts leaves without waiting for any other request; config.json, /config and
   * the preferences are asked for again meanwhile, and what changed is applied when they answer. A first start reads
   * config.json, then asks /config and the preferences together: the first view then has the user's page size, sort
   * and columns, so no list is fetched to be thrown away.
   */
  async init(options: InitOptions): Promise<Result<InitResult>> {
    const { ctx } = this;
    // A page that will most likely show the alert list joins the other tabs now: the lock that makes one of them the
    // poller takes a while to be granted (tens of ms in a browser just started), time the cache's opening overlaps.
    if (options.address && likelyStartRoute(options.address, options.address.buildBase) === 'alerts') this.alerts.lifecycle.join();
    ctx.session.set(options.token);
    const signedIn = ctx.session.state().authenticated;
    // config.json too, and as soon as it names the API, /config and (signed in) the preferences there, all while the
    // cache opens: a first start needs them before anything else, a later one revalidates with them. The worker's
    // first script may have asked for them already (early-config.ts).
    const early = takeConfigAsked(options, options.token);
    const asked = early?.asked ?? askConfig(options.configUrl, options.buildConfig, ctx.options.fetchImpl);
    const preferences = signedIn ? (early?.preferences ?? askAtApi(asked.api, (endpoint) => getMyAttributes(ctx.http(endpoint)))) : null;
    this.#preferencesAsked = preferences ? preferences.then((p) => p && { ...p, taken: false }) : Promise.resolve(null);
    await ctx.open();
    ctx.consoleBase = options.configUrl.replace(/\/[^/]*$/, '');
    const [cached, userCached] = await Promise.all([
      cachedConfig(options.configUrl, options.buildConfig, ctx.cache),
      ctx.userData.loadCached(usernameOf(ctx.session.state().claims), signedIn),
    ]);

    let listStarted: boolean;
    if (cached && (userCached || !signedIn)) {
      ctx.config = cached;
      ctx.post({ type: 'config', config: cached, fromCache: false });
      listStarted = this.#startList(options);
      void this.#revalidate(options, asked);
    } else {
      let prefs: Promise<Result<void>> | null = null;
      const loaded = await loadConfig(
        options.configUrl,
        options.buildConfig,
        ctx.cache,
        ctx.options.fetchImpl,
        (endpoint) => {
          if (signedIn) prefs = this.#loadPreferences(endpoint);
        },
        asked,
      );
      if (!loaded.ok) {
        ctx.setOnline(false, loaded.error.endpoint);
        return loaded;
      }
      this.#applyConfig(loaded.value, options);
      // Without a cached copy the first view waits for the server's preferences; with one, they only revalidate it.
      const userData = this.#reportUserData(prefs ?? Promise.resolve(ok(undefined)));
      // Meanwhile the list is asked for with the largest page size: its first page holds the user's page
      // (src/core/first-page.ts).
      if (!userCached && signedIn) {
        // The worker's first script may be about to ask for the same guess: it is asked for once.
        await early?.guessed;
        this.#guessList(options);
      }
      if (!userCached) await userData;
      // A token the API refused ended the session: the list of the address may not be the page shown any more.
      listStarted = this.#startList(options);
    }
    void this.alerts.lifecycle.started();
    return ok({
      config: ctx.config,
      configFromCache: this.cachedConfigOf !== null,
      session: ctx.session.state(),
      user: { prefs: ctx.userData.prefs, queries: ctx.userData.queries },
      listStarted,
    });
  }

  /**
   * The page opens on the alert list: its first page is asked for now, with the config and preferences just known,
   * while the UI is still rendering; the list screen's own request for the same view, when it mounts, finds it under
   * way. Returns whether it started.
   */
  #startList(options: InitOptions): boolean {
    const { ctx } = this;
    if (!options.address) return false;
    const view = startListView(options.address, options.address.buildBase, ctx.config, ctx.userData.prefs, ctx.session.state().authenticated);
    if (!view) return false;
    this.alerts.startsWith(view, addressKey(options.address));
    void this.alerts.setView(view);
    return true;
  }

  /** A first start's list, asked for while the preferences are on their way (guessed-list.ts). */
  #guessList(options: InitOptions): void {
    if (!options.address) return;
    const view = guessedStartView(options.address, options.address.buildBase, this.ctx.config);
    if (view) this.alerts.guessStartList(view);
  }

  async setToken(token: string | null): Promise<void> {
    if (token === this.ctx.session.state().token) return;
    if (token === null) {
      this.ctx.session.end('logout');
      return;
    }
    this.ctx.session.set(token);
    await this.#signedIn();
  }

  async login(username: string, password: string): Promise<Result<SessionState>> {
    return this.#start(await this.ctx.call((http) => authApi.login(http, username, password)));
  }

  async signup(input: SignupInput): Promise<Result<SessionState>> {
    return this.#start(await this.ctx.call((http) => authApi.signup(http, input)));
  }

  async socialLogin(provider: string, payload: Record<string, unknown>): Promise<Result<SessionState>> {
    return this.#start(await this.ctx.call((http) => authApi.socialLogin(http, provider, payload)));
  }

  confirmEmail(token: string) {
    return this.ctx.call((http) => authApi.confirmEmail(http, token));
  }

  forgotPassword(email: string) {
    return this.ctx.call((http) => authApi.forgotPassword(http, email));
  }

  resetPassword(token: string, password: string) {
    return this.ctx.call((http) => authApi.resetPassword(http, token, password));
  }

  async logout(): Promise<LogoutResult> {
    const { ctx } = this;
    const result = ctx.session.state().authenticated ? await authApi.logout(ctx.http()) : null;
    const owner = usernameOf(ctx.session.state().claims) ?? '';
    // The session ends whatever the API said, and the user's cached data goes with it.
    this.alerts.lifecycle.stop();
    ctx.session.end('logout');
    await ctx.cache.clearUserData(owner);
    ctx.userData.clear();
    await this.alerts.lifecycle.started();
    const logoutUrl = result?.ok ? result.value.logoutUrl : null;
    return { redirect: logoutRedirect(logoutUrl, ctx.config.provider, ctx.consoleBase, ctx.config.client_id) };
  }

  async getProfile(): Promise<Result<Profile>> {
    const claims = this.ctx.session.state().claims;
    const me = await getMe(this.ctx.http());
    if (!me.ok && me.error.kind !== 'http') return this.ctx.track({ ok: false, error: me.error });
    // With auth off, or on servers without /user/me, the token's claims are all there is.
    return ok({ user: me.ok ? me.value : null, claims });
  }

  /** The API answers again after a start with the cached config: the config is read anew. */
  async #refreshConfig() {
    const options = this.cachedConfigOf;
    if (!options) return;
    const loaded = await loadConfig(options.configUrl, options.buildConfig, this.ctx.cache, this.ctx.options.fetchImpl);
    if (!loaded.ok || loaded.value.fromCache || this.cachedConfigOf !== options) return;
    this.#applyConfig(loaded.value, options);
  }

  /** The server's copy of the user's preferences at this endpoint: the answer asked for as the start began, if there. */
  async #loadPreferences(endpoint: string): Promise<Result<void>> {
    const asked = await this.#preferencesAsked;
    let answer: ObjectAnswer | undefined;
    if (asked && !asked.taken && asked.endpoint === endpoint) {
      asked.taken = true;
      answer = asked.answer;
    }
    return this.ctx.userData.loadRemote(this.ctx.http(endpoint), true, answer);
  }

  /** A start that went on with the cached config and preferences asks for them again, all at once. */
  async #revalidate(options: InitOptions, asked: ConfigRequests) {
    const { ctx } = this;
    const signedIn = ctx.session.state().authenticated;
    const endpoint = ctx.config.endpoint;
    if (signedIn) void this.#reportUserData(this.#loadPreferences(endpoint));
    const loaded = await loadConfig(options.configUrl, options.buildConfig, ctx.cache, ctx.options.fetchImpl, undefined, asked);
    if (!loaded.ok) {
      // config.json names an API that cannot be reached: the console goes on with the last config until it answers.
      this.cachedConfigOf = options;
      ctx.setOnline(false, loaded.error.endpoint);
      return;
    }
    this.#applyConfig(loaded.value, options);
    // The preferences of the user at the new API.
    if (signedIn && ctx.config.endpoint !== endpoint) void this.#reportUserData(this.#loadPreferences(ctx.config.endpoint));
  }

  /**
   * Puts a loaded config in force; the UI and the polls hear of it only when it differs from the one in use, so a
   * revalidation that found nothing new changes nothing on screen.
   */
  #applyConfig(loaded: LoadedConfig, options: InitOptions) {
    const { ctx } = this;
    const wasFromCache = this.cachedConfigOf !== null;
    this.cachedConfigOf = loaded.fromCache ? options : null;
    ctx.setOnline(!loaded.fromCache);
    const changed = JSON.stringify(loaded.config) !== JSON.stringify(ctx.config);
    if (!changed && wasFromCache === loaded.fromCache) return;
    ctx.config = loaded.config;
    ctx.post({ type: 'config', config: ctx.config, fromCache: loaded.fromCache });
    if (changed) this.alerts.lifecycle.configChanged();
  }

  async #start(token: Result<string>): Promise<Result<SessionState>> {
    if (!token.ok) return token;
    if (!this.ctx.session.set(token.value)) return fail('auth', 'The server issued a token that is not valid');
    await this.#signedIn();
    return ok(this.ctx.session.state());
  }

  async #signedIn() {
    this.ctx.post({ type: 'session', session: this.ctx.session.state() });
    await this.#loadUserData();
    this.alerts.lifecycle.resume();
  }

  async #loadUserData() {
    const { ctx } = this;
    const state = ctx.session.state();
    await this.#reportUserData(ctx.userData.load(ctx.http(), usernameOf(state.claims), state.authenticated));
  }

  async #reportUserData(loading: Promise<Result<void>>) {
    const loaded = await loading;
    // A refused token ends the session at once (the first /alerts would be refused too); no answer is an outage.
    if (!loaded.ok) this.ctx.track(loaded);
    if (!loaded.ok && loaded.error.kind !== 'network' && loaded.error.kind !== 'auth') {
      this.ctx.post({ type: 'notice', level: 'error', key: 'SettingsError', message: 'Could not retrieve user preferences.' });
    }
  }
}

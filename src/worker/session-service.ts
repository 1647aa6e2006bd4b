// The session part of the worker's face: start-up (cache, config, token), signing in and out, and the profile.
import type { InitOptions, InitResult, LogoutResult, Profile, Result, SessionApi, SessionState, SignupInput } from './contract/index.ts';
import { logoutRedirect } from '../core/logout.ts';
import { usernameOf } from '../core/jwt.ts';
import { fail, ok, type WorkerContext } from './context.ts';
import type { AlertsService } from './alerts-service.ts';
import { loadConfig } from './config-loader.ts';
import * as authApi from './api/auth.ts';
import { getMe } from './api/user.ts';

export class SessionService implements SessionApi {
  /** set while the config in use is the cached copy (the API could not be reached at start) */
  private cachedConfigOf: InitOptions | null = null;

  constructor(
    private ctx: WorkerContext,
    private alerts: AlertsService,
  ) {
    // The API answers again: the config is read anew, so "showing the last known configuration" ends with the outage.
    ctx.onBackOnline(() => void this.#refreshConfig());
  }

  async init(options: InitOptions): Promise<Result<InitResult>> {
    const { ctx } = this;
    await ctx.open();
    ctx.consoleBase = options.configUrl.replace(/\/[^/]*$/, '');
    ctx.session.set(options.token);

    const loaded = await loadConfig(options.configUrl, options.buildConfig, ctx.cache, ctx.options.fetchImpl);
    if (!loaded.ok) {
      ctx.setOnline(false, loaded.error.endpoint);
      return loaded;
    }
    ctx.config = loaded.value.config;
    this.cachedConfigOf = loaded.value.fromCache ? options : null;
    ctx.post({ type: 'config', config: ctx.config, fromCache: loaded.value.fromCache });
    ctx.setOnline(!loaded.value.fromCache);
    // The cached preferences come with the answer, so the first view the UI asks for already has the user's page
    // size and sort (no request made with the defaults and aborted); the server's follow when they arrive.
    const state = ctx.session.state();
    await ctx.userData.loadCached(usernameOf(state.claims), state.authenticated);
    void this.#reportUserData(ctx.userData.loadRemote(ctx.http(), state.authenticated));
    void this.alerts.lifecycle.started();
    return ok({
      config: ctx.config,
      configFromCache: loaded.value.fromCache,
      session: state,
      user: { prefs: ctx.userData.prefs, queries: ctx.userData.queries },
    });
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
    return { redirect: logoutRedirect(logoutUrl, ctx.config.provider, ctx.consoleBase) };
  }

  async getProfile(): Promise<Result<Profile>> {
    const claims = this.ctx.session.state().claims;
    const me = await getMe(this.ctx.http());
    if (!me.ok && me.error.kind !== 'http') return this.ctx.track({ ok: false, error: me.error });
    // With auth off, or on servers without /user/me, the token's claims are all there is.
    return ok({ user: me.ok ? me.value : null, claims });
  }

  async #refreshConfig() {
    const options = this.cachedConfigOf;
    if (!options) return;
    const { ctx } = this;
    const loaded = await loadConfig(options.configUrl, options.buildConfig, ctx.cache, ctx.options.fetchImpl);
    if (!loaded.ok || loaded.value.fromCache || this.cachedConfigOf !== options) return;
    this.cachedConfigOf = null;
    ctx.config = loaded.value.config;
    ctx.post({ type: 'config', config: ctx.config, fromCache: false });
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
    if (!loaded.ok && loaded.error.kind !== 'network' && loaded.error.kind !== 'auth') {
      this.ctx.post({ type: 'notice', level: 'error', key: 'SettingsError', message: 'Could not retrieve user preferences.' });
    }
  }
}

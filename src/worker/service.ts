// The data worker's implementation of its face (contract.ts): config, session, the alerts feed and the cache.
import type { AlertsView, Config, Preferences } from '../core/types.ts';
import type { DataWorkerApi, InitOptions, InitResult, Result, SessionState, WorkerEvent } from './contract.ts';
import { decodeJwt, isTokenValid, tokenExpiresAt } from '../core/jwt.ts';
import { DEFAULT_PREFERENCES } from '../core/preferences.ts';
import { CLIENT_DEFAULTS } from '../core/config.ts';
import { openCache, type Cache } from './cache.ts';
import { loadConfig } from './config-loader.ts';
import { AlertsFeed } from './alerts-feed.ts';
import type { HttpContext } from './http.ts';

export interface ServiceOptions {
  fetchImpl?: typeof fetch;
  cacheName?: string;
}

export class DataService implements DataWorkerApi {
  private listeners = new Set<(event: WorkerEvent) => void>();
  private config: Config = CLIENT_DEFAULTS;
  private prefs: Preferences = DEFAULT_PREFERENCES;
  private token: string | null = null;
  private cache: Cache | null = null;
  private feed: AlertsFeed | null = null;

  constructor(private options: ServiceOptions = {}) {}

  async init(options: InitOptions): Promise<Result<InitResult>> {
    this.cache ??= await openCache(this.options.cacheName, (reason) =>
      this.post({ type: 'notice', level: 'info', key: 'StorageUnavailable', message: `Offline storage is unavailable (${reason}); data is kept in memory only` }),
    );
    this.setSession(options.token);
    const loaded = await loadConfig(options.configUrl, options.buildConfig, this.cache, this.options.fetchImpl);
    if (!loaded.ok) return loaded;
    this.config = loaded.value.config;
    this.post({ type: 'config', config: this.config, fromCache: loaded.value.fromCache });
    this.feed ??= new AlertsFeed({
      http: () => this.http(),
      config: () => this.config,
      prefs: () => this.prefs,
      cache: this.cache,
      post: (event) => this.post(event),
      onUnauthorized: () => this.endSession('unauthorized'),
    });
    return { ok: true, value: { config: this.config, configFromCache: loaded.value.fromCache, session: this.session() } };
  }

  async subscribe(listener: (event: WorkerEvent) => void): Promise<void> {
    this.listeners.add(listener);
  }

  async setView(view: AlertsView | null): Promise<void> {
    await this.feed?.setView(view);
  }

  async refresh(): Promise<void> {
    await this.feed?.refresh();
  }

  async setVisibility(hidden: boolean, kiosk: boolean): Promise<void> {
    this.feed?.setHidden(hidden, kiosk);
  }

  async setToken(token: string | null): Promise<void> {
    const changed = token !== this.token;
    this.setSession(token);
    if (changed) {
      this.post({ type: 'session', session: this.session() });
      if (this.session().authenticated) this.feed?.resume();
    }
  }

  private http(): HttpContext {
    return { endpoint: this.config.endpoint, token: () => this.validToken(), fetchImpl: this.options.fetchImpl };
  }

  /** The token, unless it has expired: an expired token is not sent, and the session ends before the API refuses it. */
  private validToken(): string | null {
    if (!this.token) return null;
    const claims = decodeJwt(this.token);
    if (claims && isTokenValid(claims, Date.now())) return this.token;
    this.endSession('expired');
    return null;
  }

  private setSession(token: string | null) {
    this.token = token;
  }

  private session(): SessionState {
    const claims = this.token ? decodeJwt(this.token) : null;
    const authenticated = !!claims && isTokenValid(claims, Date.now());
    return { authenticated, token: authenticated ? this.token : null, claims: authenticated ? claims : null, expiresAt: claims ? tokenExpiresAt(claims) : null };
  }

  private endSession(reason: 'expired' | 'unauthorized' | 'logout') {
    if (this.token === null && reason !== 'unauthorized') return;
    this.token = null;
    this.post({ type: 'session', session: this.session(), reason });
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

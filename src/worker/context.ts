// What every part of the data worker shares: the config, the session, the cache, the user's preferences, the event
// stream to the UI, and the one way to call the API (`call`), which notes connectivity and ends the session on a 401.
import type { Config } from '../core/types.ts';
import type { Result, WorkerError, WorkerEvent } from './contract/index.ts';
import { CLIENT_DEFAULTS } from '../core/config.ts';
import { connectionErrorText } from '../core/api-errors.ts';
import { effectiveRefreshInterval } from '../core/preferences.ts';
import { openCacheOnce, type Cache } from './cache.ts';
import { Session, type EndReason } from './session.ts';
import { UserData } from './user-data.ts';
import type { CacheGuard, HttpContext } from './http.ts';
import type { CoordinationOptions } from './coordinator.ts';

export interface ServiceOptions {
  fetchImpl?: typeof fetch;
  cacheName?: string;
  /** how the tabs of one browser share one poll loop (default: Web Locks and a BroadcastChannel when there are) */
  coordination?: CoordinationOptions | null;
}

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T>(kind: WorkerError['kind'], message: string, code?: number): Result<T> => ({ ok: false, error: { kind, message, code } });

export class WorkerContext {
  config: Config = CLIENT_DEFAULTS;
  /** the console's own URL without the file name: where the provider sends the browser back after a logout */
  consoleBase = '';
  readonly session: Session;
  private openedCache: Cache | null = null;
  private openedUserData: UserData | null = null;
  private listeners = new Set<(event: WorkerEvent) => void>();
  private online = true;
  private sessionEndHandlers: ((reason: EndReason) => void)[] = [];
  private onlineHandlers: (() => void)[] = [];
  /** whether the API's answers could come back from the browser's HTTP cache (src/core/http-cache.ts) */
  private readonly cacheGuard: CacheGuard = { revalidate: false };

  constructor(readonly options: ServiceOptions = {}) {
    this.session = new Session((reason) => {
      this.post({ type: 'session', session: this.session.state(), reason });
      for (const handler of this.sessionEndHandlers) handler(reason);
    });
  }

  /** Opens the cache once (IndexedDB, or memory with a notice when it cannot be used). */
  async open(): Promise<void> {
    if (this.openedCache) return;
    const cache = await openCacheOnce(this.options.cacheName, (reason) =>
      this.post({ type: 'notice', level: 'info', key: 'StorageUnavailable', message: `Offline storage is unavailable (${reason}); data is kept in memory only` }),
    );
    this.openedCache ??= cache;
    this.openedUserData ??= new UserData(cache, (event) => this.post(event));
  }

  /** Whether init has opened the cache (and the user's data with it). */
  get isOpen(): boolean {
    return this.openedCache !== null;
  }

  get cache(): Cache {
    if (!this.openedCache) throw new Error('The data worker was used before init()');
    return this.openedCache;
  }

  get userData(): UserData {
    if (!this.openedUserData) throw new Error('The data worker was used before init()');
    return this.openedUserData;
  }

  /** The polling interval: the user's preference, else the config's, else 5 s. */
  intervalMs(): number {
    return effectiveRefreshInterval(this.openedUserData?.prefs ?? null, this.config);
  }

  /** How to call the API: at the config's endpoint, or at `endpoint` while the config is still being loaded. */
  http(endpoint = this.config.endpoint): HttpContext {
    return { endpoint, token: () => this.session.current(), fetchImpl: this.options.fetchImpl, cacheGuard: this.cacheGuard };
  }

  /** The one way to call the API: the result as data, with connectivity and the session kept in step. */
  async call<T>(run: (http: HttpContext) => Promise<Result<T>>): Promise<Result<T>> {
    return this.track(await run(this.http()));
  }

  /** Notes connectivity from a command's outcome and ends the session on a 401. */
  track<T>(result: Result<T>): Result<T> {
    if (result.ok) return result;
    const { error } = result;
    if (error.kind === 'auth' && this.session.state().authenticated) this.session.end('unauthorized');
    if (error.kind === 'network') {
      this.setOnline(false);
      return { ok: false, error: { ...error, message: connectionErrorText(this.config.endpoint) } };
    }
    return result;
  }

  /** Whether the API answered the last time anything asked it. */
  get reachable(): boolean {
    return this.online;
  }

  setOnline(online: boolean, endpoint = this.config.endpoint) {
    if (online === this.online) return;
    this.online = online;
    this.post({ type: 'connectivity', online, endpoint, since: Date.now() });
    if (online) for (const handler of this.onlineHandlers) handler();
  }

  /** The API answers again after it did not. */
  onBackOnline(handler: () => void) {
    this.onlineHandlers.push(handler);
  }

  onSessionEnd(handler: (reason: EndReason) => void) {
    this.sessionEndHandlers.push(handler);
  }

  subscribe(listener: (event: WorkerEvent) => void) {
    this.listeners.add(listener);
  }

  post(event: WorkerEvent) {
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

// The worker's face, session part: start-up (config), signing in and out, and the profile. Types only.
import type { Config, Preferences, SavedQuery, TokenClaims, User } from '../../core/types.ts';
import type { Result } from '../../core/snapshot.ts';
import type { BrowserAddress } from '../../core/routes.ts';
import type { ConfigSources } from '../../core/start-sources.ts';

export interface SessionState {
  authenticated: boolean;
  token: string | null;
  claims: TokenClaims | null;
  /** epoch ms at which the token expires */
  expiresAt: number | null;
}

export interface ConfigMessage {
  type: 'config';
  config: Config;
  /**
   * true when the API could not be reached and the config is the last known one (a start that goes on with the cached
   * config says false until its revalidation finds the API unreachable)
   */
  fromCache: boolean;
}

export interface SessionMessage {
  type: 'session';
  session: SessionState;
  /** set when a 401 or an expired token ended the session */
  reason?: 'expired' | 'unauthorized' | 'logout';
}

/** Whether the API answers at all: the UI disables what needs the network and says why. */
export interface ConnectivityMessage {
  type: 'connectivity';
  online: boolean;
  endpoint: string;
  since: number;
}

export interface NoticeMessage {
  type: 'notice';
  level: 'error' | 'success' | 'info';
  /** an i18n key the UI translates, when there is one; `message` is the English (or server) text */
  key?: string;
  /** the values of the message's arguments */
  values?: Record<string, string | number>;
  message: string;
}

/**
 * The requests the start's list made first, and answered: the page keeps them, and a later start at the same address
 * sends them before the rest of the worker has loaded (src/worker/early.ts).
 */
export interface StartRequestsMessage {
  type: 'start-requests';
  /** the address the page opened at (addressKey in src/core/start-sources.ts) */
  address: string;
  /** absolute URLs of the GET requests, in the order they were sent */
  urls: string[];
  /** whether they carried the session's token */
  signedIn: boolean;
}

/** The page's address and the build's base URL, as the worker works out the page a start opens on. */
export type StartAddress = BrowserAddress & { buildBase: string };

/**
 * The first message the page posts to the worker it just created: what to ask for before the rest of the worker has
 * loaded (src/worker/early.ts): the config's sources (those of the InitOptions that follow) and the list's request.
 */
export interface EarlyStart extends ConfigSources {
  type: 'early-start';
  /** the GET requests to send: absolute http(s) URLs of the API (a StartRequestsMessage's); none on a first start */
  urls: string[];
  /** the bearer token the requests carry (the page's stored one), null for none */
  token: string | null;
  /**
   * With a token, when the page remembers no signed-in start at any address (most likely the first start on this
   * browser: no preferences cached), the page's address: the worker asks for the list it guesses the start will show
   * as soon as the config is known (src/core/first-page.ts). Else null.
   */
  firstStartAt: StartAddress | null;
}

export type SessionEvent = ConfigMessage | SessionMessage | ConnectivityMessage | NoticeMessage | StartRequestsMessage;

/** The config's sources (its build-time values win over config.json and /config), the token and the address. */
export interface InitOptions extends ConfigSources {
  /** token from localStorage (auth.token), if any */
  token: string | null;
  /**
   * the page's address and the build's base URL: when it opens on the alert list, the worker asks for the list's
   * first page as soon as the config and preferences are known, without waiting for the screen to render and ask
   */
  address?: StartAddress;
}

export interface InitResult {
  config: Config;
  configFromCache: boolean;
  session: SessionState;
  /** the user's preferences and saved searches (the cached copy, else the server's), so the first view uses them */
  user: { prefs: Preferences; queries: SavedQuery[] };
  /** the worker started polling the list of the address (the list screen takes it over when it mounts) */
  listStarted: boolean;
}

export interface SignupInput {
  name: string;
  email: string;
  password: string;
  text: string;
}

export interface LogoutResult {
  /** where the browser must go: the provider's logout URL with its redirect parameter, or null for /logout */
  redirect: string | null;
}

export interface Profile {
  user: User | null;
  claims: TokenClaims | null;
}

export interface SessionApi {
  init(options: InitOptions): Promise<Result<InitResult>>;
  /** the token changed in another tab, or a social login produced one */
  setToken(token: string | null): Promise<void>;
  login(username: string, password: string): Promise<Result<SessionState>>;
  signup(input: SignupInput): Promise<Result<SessionState>>;
  /** POST of the code the provider returned to the provider's route (src/core/oauth.ts socialLoginPath) */
  socialLogin(provider: string, payload: Record<string, unknown>): Promise<Result<SessionState>>;
  confirmEmail(token: string): Promise<Result<void>>;
  forgotPassword(email: string): Promise<Result<void>>;
  resetPassword(token: string, password: string): Promise<Result<void>>;
  /** clears the session even when the API call fails and wipes the user's cached data */
  logout(): Promise<LogoutResult>;
  /** the profile card's details: GET /user/me (when the server has it) and the token's claims */
  getProfile(): Promise<Result<Profile>>;
}

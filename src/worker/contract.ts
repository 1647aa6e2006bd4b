// The worker's face: the only module of src/worker that src/app may import, and only for its types.
import type {
  Alert,
  AlertsView,
  ApiKey,
  Blackout,
  Config,
  CountMap,
  Customer,
  EnvironmentCount,
  Group,
  Heartbeat,
  IndicatorQuery,
  Note,
  Permission,
  Preferences,
  SavedQuery,
  TokenClaims,
  Top10Entry,
  User,
} from '../core/types.ts';

export type ErrorKind =
  | 'network' // no response: server down, DNS, CORS, offline
  | 'aborted'
  | 'http' // a 4xx/5xx answer with an Alerta error body
  | 'auth' // 401: the session is gone
  | 'forbidden' // 403
  | 'malformed' // a body that does not have the shape the API promises
  | 'config' // /config or config.json could not be loaded
  | 'storage'
  | 'internal';

export interface WorkerError {
  kind: ErrorKind;
  message: string;
  code?: number;
  /** the endpoint that failed, for "Problem connecting to ..." */
  endpoint?: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: WorkerError };

export type Freshness = 'loading' | 'live' | 'stale' | 'offline' | 'signed-out';

export type Trend = 'moreSevere' | 'lessSevere' | 'noChange';

/** One alert row as the UI renders it. */
export interface AlertRow extends Alert {
  trend: Trend;
}

export interface CountSample {
  t: number;
  severityCounts: CountMap;
  statusCounts: CountMap;
}

export interface AlertsMeta {
  total: number;
  page: number;
  pageSize: number;
  pages: number;
  severityCounts: CountMap;
  statusCounts: CountMap;
  /** severity counts of the OPEN alerts matching the view (app badge, notifications), whatever statuses it lists */
  openSeverityCounts: CountMap;
  environments: EnvironmentCount[];
  freshness: Freshness;
  /** epoch ms of the last good answer from the API, or of the cached snapshot */
  updatedAt: number | null;
  /** true while the rows come from the cache and not yet from the network */
  fromCache: boolean;
  error: WorkerError | null;
}

/** The first message for a view: everything. */
export interface AlertsFull {
  type: 'alerts-full';
  viewKey: string;
  seq: number;
  rows: AlertRow[];
  meta: AlertsMeta;
  news: string[];
}

/** Later messages for the same view: only what changed. */
export interface AlertsPatch {
  type: 'alerts-patch';
  viewKey: string;
  seq: number;
  /** the page's ids in order, only when the order or membership changed */
  order?: string[];
  /** rows that are new or changed */
  rows?: AlertRow[];
  meta?: Partial<AlertsMeta>;
  /** ids of open, non-repeat alerts that were not in the previous poll of this view */
  news?: string[];
}

export interface TrendHistoryMessage {
  type: 'trend-history';
  viewKey: string;
  samples: CountSample[];
}

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
  /** true when the API could not be reached and the config came from the cache */
  fromCache: boolean;
}

export interface SessionMessage {
  type: 'session';
  session: SessionState;
  /** set when a 401 or an expired token ended the session */
  reason?: 'expired' | 'unauthorized' | 'logout';
}

export interface NoticeMessage {
  type: 'notice';
  level: 'error' | 'success' | 'info';
  /** an i18n key the UI translates, when there is one; `message` is the English (or server) text */
  key?: string;
  message: string;
}

/** The signed-in user's preferences and saved searches (defaults when signed out). */
export interface UserDataMessage {
  type: 'user-data';
  prefs: Preferences;
  queries: SavedQuery[];
  /** false while only defaults or cached values are known */
  loaded: boolean;
}

/** The alert shown on the detail page, kept current while the page is open. */
export interface AlertDetailMessage {
  type: 'alert-detail';
  id: string;
  /** null when the alert does not exist (deleted, unknown id, another customer's) */
  alert: Alert | null;
  notes: Note[];
  freshness: Freshness;
  updatedAt: number | null;
  error: WorkerError | null;
}

export interface IndicatorCounts {
  text: string;
  /** counts per severity over all statuses, and over open alerts only (the old panel's two numbers) */
  all: CountMap;
  open: CountMap;
  /** recent counts of open alerts per severity, oldest first, for the sparkline */
  history: { t: number; open: CountMap }[];
}

export interface IndicatorsMessage {
  type: 'indicators';
  indicators: IndicatorCounts[];
  updatedAt: number | null;
  error: WorkerError | null;
}

/** Whether the API answers at all: the UI disables what needs the network and says why. */
export interface ConnectivityMessage {
  type: 'connectivity';
  online: boolean;
  endpoint: string;
  since: number;
}

export type WorkerEvent =
  | AlertsFull
  | AlertsPatch
  | TrendHistoryMessage
  | ConfigMessage
  | SessionMessage
  | NoticeMessage
  | UserDataMessage
  | AlertDetailMessage
  | IndicatorsMessage
  | ConnectivityMessage;

export interface InitOptions {
  /** absolute URL of the console's own config.json */
  configUrl: string;
  /** build-time values; they win over config.json and /config */
  buildConfig: Partial<Config>;
  /** token from localStorage (auth.token), if any */
  token: string | null;
}

export interface InitResult {
  config: Config;
  configFromCache: boolean;
  session: SessionState;
}

/** Outcome of an action on several alerts: one request per alert, as the API has no bulk call. */
export interface BulkResult {
  succeeded: string[];
  failed: { id: string; error: WorkerError }[];
}

export type AlertActionName = 'open' | 'ack' | 'unack' | 'shelve' | 'unshelve' | 'close' | (string & {});

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

/** Admin resources: list/get/create/update/delete through one typed family of commands. */
export interface ResourceMap {
  heartbeats: Heartbeat;
  blackouts: Blackout;
  keys: ApiKey;
  users: User;
  groups: Group;
  customers: Customer;
  perms: Permission;
}
export type ResourceName = keyof ResourceMap;

export interface ResourceList<T> {
  items: T[];
  total: number;
  page: number;
  pages: number;
  more: boolean;
  /** true when the list came from the cache because the API could not be reached */
  fromCache: boolean;
}

export type ListParams = Record<string, string | number | boolean | (string | number)[] | null | undefined>;

export type Top10Kind = 'count' | 'flapping' | 'standing';

export interface ReportFilter {
  environment: string | null;
  severity: string[] | null;
  status: string[] | null;
  customer: string[] | null;
  service: string[] | null;
  group: string[] | null;
  dateRange: [number | null, number | null];
}

export interface FilterLists {
  services: string[];
  groups: string[];
  tags: string[];
  customers: string[];
  environments: string[];
}

export interface ManagementInfo {
  manifest: Record<string, unknown> | null;
  healthcheck: { ok: boolean; message: string } | null;
  status: { application?: string; version?: string; time?: number; uptime?: number; metrics?: Record<string, unknown>[] } | null;
}

export interface DataWorkerApi {
  init(options: InitOptions): Promise<Result<InitResult>>;
  subscribe(listener: (event: WorkerEvent) => void): Promise<void>;

  // --- the alerts list ----------------------------------------------------------------------------------------
  /** select the alerts view to poll; null stops polling */
  setView(view: AlertsView | null): Promise<void>;
  /** poll now (the toolbar refresh): reloads the list, the detail, the indicators and the lists in view */
  refresh(): Promise<void>;
  /** the page went hidden or visible; kiosk keeps the full cadence */
  setVisibility(hidden: boolean, kiosk: boolean): Promise<void>;
  /** indicator queries of the panel to keep counted (config `indicators`); null stops */
  setIndicators(queries: { text: string; query: IndicatorQuery }[] | null): Promise<void>;
  /** the alert the detail page shows, kept current with the list's interval; null stops */
  setDetail(id: string | null): Promise<void>;

  // --- alert commands (each reloads the views afterwards) --------------------------------------------------------
  /** open/ack/unack/shelve/unshelve/close or a configured custom action; ack and shelve send the preference timeouts */
  act(ids: string[], action: AlertActionName, text?: string): Promise<Result<BulkResult>>;
  /** add or remove the current user's watch:{username} tag */
  watch(ids: string[], on: boolean): Promise<Result<BulkResult>>;
  deleteAlerts(ids: string[]): Promise<Result<BulkResult>>;
  addNote(id: string, text: string): Promise<Result<Note>>;
  updateNote(id: string, noteId: string, text: string): Promise<Result<Note>>;
  deleteNote(id: string, noteId: string): Promise<Result<void>>;
  /** one alert with its history and raw data (GET /alert/{id}); from the cache when offline */
  getAlert(id: string): Promise<Result<{ alert: Alert; fromCache: boolean }>>;
  /** services, groups, tags, customers and environments for filters and forms (cached) */
  getLists(): Promise<Result<FilterLists>>;

  // --- session -------------------------------------------------------------------------------------------------
  /** the token changed in another tab, or a social login produced one */
  setToken(token: string | null): Promise<void>;
  login(username: string, password: string): Promise<Result<SessionState>>;
  signup(input: SignupInput): Promise<Result<SessionState>>;
  /** POST /auth/{provider} with what the provider's popup returned */
  socialLogin(provider: string, payload: Record<string, unknown>): Promise<Result<SessionState>>;
  confirmEmail(token: string): Promise<Result<void>>;
  forgotPassword(email: string): Promise<Result<void>>;
  resetPassword(token: string, password: string): Promise<Result<void>>;
  /** clears the session even when the API call fails (SPEC 4) and wipes the user's cached data */
  logout(): Promise<LogoutResult>;
  /** the profile card's details: GET /user/me (when the server has it) and the token's claims */
  getProfile(): Promise<Result<{ user: User | null; claims: TokenClaims | null }>>;

  // --- preferences and saved searches ------------------------------------------------------------------------------
  savePreferences(patch: Partial<Preferences>): Promise<Result<Preferences>>;
  resetPreferences(): Promise<Result<Preferences>>;
  saveQuery(query: SavedQuery): Promise<Result<SavedQuery[]>>;
  deleteQuery(text: string): Promise<Result<SavedQuery[]>>;

  // --- administration ------------------------------------------------------------------------------------------
  list<R extends ResourceName>(resource: R, params?: ListParams): Promise<Result<ResourceList<ResourceMap[R]>>>;
  get<R extends ResourceName>(resource: R, id: string): Promise<Result<ResourceMap[R]>>;
  create<R extends ResourceName>(resource: R, body: Record<string, unknown>): Promise<Result<ResourceMap[R]>>;
  update<R extends ResourceName>(resource: R, id: string, body: Record<string, unknown>): Promise<Result<ResourceMap[R]>>;
  remove<R extends ResourceName>(resource: R, id: string): Promise<Result<void>>;
  groupUsers(groupId: string): Promise<Result<User[]>>;
  userGroups(userId: string): Promise<Result<Group[]>>;
  addUserToGroup(groupId: string, userId: string): Promise<Result<void>>;
  removeUserFromGroup(groupId: string, userId: string): Promise<Result<void>>;
  scopes(): Promise<Result<string[]>>;
  top10(kind: Top10Kind, filter: ReportFilter): Promise<Result<Top10Entry[]>>;
  management(): Promise<Result<ManagementInfo>>;
}

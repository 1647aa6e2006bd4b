// The worker's face: the only module of src/worker that src/app may import, and only for its types.
import type {
  Alert,
  AlertsView,
  Config,
  CountMap,
  EnvironmentCount,
  TokenClaims,
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

export type WorkerEvent =
  | AlertsFull
  | AlertsPatch
  | TrendHistoryMessage
  | ConfigMessage
  | SessionMessage
  | NoticeMessage;

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

export interface DataWorkerApi {
  init(options: InitOptions): Promise<Result<InitResult>>;
  subscribe(listener: (event: WorkerEvent) => void): Promise<void>;
  /** select the alerts view to poll; null stops polling */
  setView(view: AlertsView | null): Promise<void>;
  /** poll now */
  refresh(): Promise<void>;
  /** the page went hidden or visible; kiosk keeps the full cadence */
  setVisibility(hidden: boolean, kiosk: boolean): Promise<void>;
  /** the token changed in another tab, or the UI signed out */
  setToken(token: string | null): Promise<void>;
}

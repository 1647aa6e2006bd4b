// What the data worker reports about the alerts it watches, as both sides of the boundary read it: results and
// errors as data, one alert row, and the meta of a view (counts, freshness, paging).
import type { Alert, CountMap, EnvironmentCount } from './types.ts';

export type ErrorKind =
  | 'network' // no response: server down, DNS, CORS, offline, or no answer in time
  | 'aborted'
  | 'http' // a 4xx/5xx answer with an Alerta error body
  | 'auth' // 401: the session is gone
  | 'forbidden' // 403
  | 'malformed' // a body that does not have the shape the API promises
  | 'config' // /config or config.json could not be loaded
  | 'worker' // the data worker's own code could not be loaded: only a reload helps
  | 'storage'
  | 'internal';

/** The name of the error every call gets when the data worker's own code could not be loaded (src/worker/index.ts). */
export const WORKER_LOAD_ERROR = 'WorkerLoadError';

export interface WorkerError {
  kind: ErrorKind;
  message: string;
  code?: number;
  /** the endpoint that failed, for "Problem connecting to ..." */
  endpoint?: string;
  /** the details the answer gave in its `errors` (e.g. why the server refused a search), one line */
  detail?: string;
  /** a network error because the request got no answer in time (the server is silent), not a refused connection */
  noAnswer?: boolean;
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
  /** the page shown: the one asked for, or the last page with alerts when that one no longer exists */
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
  /** while the polls fail: when the next attempt is made (epoch ms); null while all is well */
  retryAt?: number | null;
}

/** The meta of a view nothing is known about yet. */
export function emptyAlertsMeta(): AlertsMeta {
  return {
    total: 0,
    page: 1,
    pageSize: 0,
    pages: 0,
    severityCounts: {},
    statusCounts: {},
    openSeverityCounts: {},
    environments: [],
    freshness: 'loading',
    updatedAt: null,
    fromCache: false,
    error: null,
    retryAt: null,
  };
}

// Domain types shared by the UI, the data worker and the demo server.
// Field names follow the Alerta API (camelCase bodies, snake_case /config).

/** Severity and status are open strings: servers may be configured with their own names. */
export type Severity = string;
export type Status = string;

export type TrendIndication = 'moreSevere' | 'lessSevere' | 'noChange' | string;

export interface HistoryEntry {
  id: string;
  href?: string;
  event: string;
  severity: Severity | null;
  status: Status | null;
  value: string | null;
  text: string;
  type: string;
  updateTime: string;
  user: string | null;
  timeout: number | null;
}

export interface Alert {
  id: string;
  href?: string;
  resource: string;
  event: string;
  environment: string;
  severity: Severity;
  correlate: string[];
  status: Status;
  service: string[];
  group: string;
  value: string;
  text: string;
  tags: string[];
  attributes: Record<string, unknown>;
  origin: string;
  type: string;
  createTime: string;
  timeout: number;
  rawData: string | null;
  customer: string | null;
  duplicateCount: number;
  repeat: boolean;
  previousSeverity: Severity;
  trendIndication: TrendIndication;
  receiveTime: string;
  lastReceiveId: string;
  lastReceiveTime: string;
  updateTime: string;
  history: HistoryEntry[];
}

export type CountMap = Record<string, number>;

export interface AlertsResponse {
  status: 'ok';
  alerts: Alert[];
  total: number;
  page: number;
  pageSize: number;
  pages: number;
  more: boolean;
  severityCounts: CountMap;
  statusCounts: CountMap;
  lastTime: string;
  autoRefresh: boolean;
  message?: string;
}

export interface CountResponse {
  status: 'ok';
  total: number;
  severityCounts: CountMap;
  statusCounts: CountMap;
  autoRefresh?: boolean;
}

export interface EnvironmentCount {
  environment: string;
  count: number;
  severityCounts?: CountMap;
  statusCounts?: CountMap;
}

export interface EnvironmentsResponse {
  status: 'ok';
  environments: EnvironmentCount[];
  total: number;
}

export interface Note {
  id: string;
  href?: string;
  text: string;
  user: string | null;
  createTime: string;
  updateTime: string | null;
  type?: string;
  attributes?: Record<string, unknown>;
  related?: { alert?: string };
  customer?: string | null;
}

export interface ApiErrorBody {
  status: 'error';
  message: string;
  code: number;
  errors: unknown;
  requestId?: string;
}

export interface Heartbeat {
  id: string;
  href?: string;
  origin: string;
  type: string;
  tags: string[];
  attributes: Record<string, unknown>;
  createTime: string;
  receiveTime: string;
  timeout: number;
  latency: number;
  maxLatency: number;
  since: number;
  status: 'ok' | 'slow' | 'expired' | string;
  customer: string | null;
}

export interface Blackout {
  id: string;
  href?: string;
  priority?: number;
  environment: string;
  service: string[];
  resource: string | null;
  event: string | null;
  group: string | null;
  tags: string[];
  origin: string | null;
  customer: string | null;
  startTime: string;
  endTime: string;
  duration: number;
  status: 'active' | 'pending' | 'expired' | string;
  remaining?: string | number;
  user: string | null;
  createTime: string;
  text: string | null;
}

export interface ApiKey {
  id: string;
  href?: string;
  key: string;
  user: string;
  scopes: string[];
  text: string;
  expireTime: string;
  count: number;
  lastUsedTime: string | null;
  customer: string | null;
  status: 'active' | 'expired' | string;
  type?: string;
}

export interface User {
  id: string;
  href?: string;
  name: string;
  login: string;
  email: string;
  domain?: string;
  status: 'active' | 'inactive' | string;
  roles: string[];
  attributes: Record<string, unknown>;
  createTime: string;
  lastLogin: string | null;
  text: string;
  updateTime: string;
  email_verified: boolean;
}

export interface Group {
  id: string;
  href?: string;
  name: string;
  text: string;
  count: number;
}

export interface Customer {
  id: string;
  href?: string;
  customer: string;
  match: string;
}

export interface Permission {
  id: string;
  href?: string;
  match: string;
  scopes: string[];
}

export interface Top10Entry {
  count: number;
  duplicateCount: number;
  environments: string[];
  event: string;
  resources: { id: string; resource: string; href?: string }[];
  services: string[];
}

/** Claims of the Alerta JWT that the console reads. */
export interface TokenClaims {
  sub?: string;
  preferred_username?: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  provider?: string;
  picture?: string;
  scope?: string;
  roles?: string[];
  groups?: string[];
  orgs?: string[];
  customers?: string[];
  exp?: number;
  iat?: number;
}

export type IndicatorQuery = [string, string][] | Record<string, string | string[]> | string;

export interface Indicators {
  queries: { text: string; query: IndicatorQuery }[];
  severity: Severity[];
}

/** The client config after merging build-time values, config.json and the API's /config. */
export interface Config {
  endpoint: string;
  base_path?: string;
  alarm_model: {
    name?: string;
    severity?: Record<string, number>;
    status?: Record<string, string>;
    colors?: { severity?: Record<string, string>; status?: Record<string, string>; text?: string };
    defaults?: { status?: string; normal_severity?: string; previous_severity?: string };
  };
  auth_required: boolean;
  allow_readonly: boolean;
  readonly_scopes: string[];
  provider: string;
  customer_views: boolean;
  signup_enabled: boolean;
  email_verification: boolean;
  client_id: string | null;
  github_url: string | null;
  gitlab_url: string | null;
  keycloak_url: string | null;
  keycloak_realm: string | null;
  pingfederate_url?: string | null;
  oidc_auth_url?: string | null;
  azure_tenant?: string | null;
  aws_region?: string | null;
  cognito_domain?: string | null;
  site_logo_url: string;
  severity: Record<string, number>;
  colors: { severity?: Record<string, string>; status?: Record<string, string>; text?: string; highlight?: string };
  clipboard_template: string;
  timeouts: { alert?: number; heartbeat?: number; ack?: number; shelve?: number };
  blackouts: { duration?: number };
  dates: { longDate: string; mediumDate: string; shortTime: string };
  font: { 'font-family'?: string; 'font-size'?: string; 'font-weight'?: number | string };
  audio: { new?: string | null };
  columns: string[];
  sort_by: string | string[];
  actions: string[];
  filter: Partial<AlertFilter> & Record<string, unknown>;
  tracking_id: string | null;
  refresh_interval: number;
  /**
   * seconds between the full pulls that bring what no cheap check sees (another client's tags, attributes, notes)
   * into a grouped list's alert set (src/core/alert-sync.ts); console-only, config.json
   */
  sync_full_every?: number;
  environments: string[];
  indicators?: Indicators;
  debug?: boolean;
}

/** Date range bound: positive = absolute epoch seconds, negative = seconds before now, null/0 = open. */
export type DateRange = [number | null, number | null];

export interface AlertFilter {
  environment: string | null;
  text: string | null;
  status: string[] | null;
  customer: string[] | null;
  service: string[] | null;
  group: string[] | null;
  dateRange: DateRange;
}

export interface SortState {
  /** column name, or 'default' for config sort_by */
  sortBy: string;
  descending: boolean;
}

/** Everything that selects which alerts the list shows. */
export interface AlertsView {
  /** Free query parameters from the route (e.g. q, or server filters from a deep link). Never `kiosk`. */
  query: [string, string][];
  filter: AlertFilter;
  sort: SortState;
  page: number;
  rowsPerPage: number;
  showHistory: boolean;
  /** keep only alerts watched by this user (adds a q clause) */
  watchedBy: string | null;
  /**
   * the field the list is grouped by, or null (src/core/alert-groups.ts). Grouping, like the overview, needs every
   * alert of the view, not one page: the worker then keeps them all in step (src/core/alert-sync.ts) instead of a page.
   */
  groupBy?: string | null;
  /** the overview "What is going on" is shown (its counts need every alert of the view too) */
  overview?: boolean;
}

export interface Preferences {
  isDark: boolean;
  isMute: boolean;
  languagePref: string | null;
  audioURL: string;
  dates: { longDate: string | null; mediumDate: string | null; shortTime: string | null };
  timezone: 'local' | 'utc';
  displayDensity: 'comfortable' | 'compact' | null;
  showAllowedEnvs: boolean;
  showNotesIcon: boolean;
  font: { 'font-family': string | null; 'font-size': string | null; 'font-weight': number | string | null };
  rowsPerPage: number;
  valueWidth: number;
  textWidth: number;
  /** ms; null = the config's refresh_interval (so a server-wide setting applies until the user picks one) */
  refreshInterval: number | null;
  ackTimeout: number | null;
  shelveTimeout: number | null;
  blackoutStartNow: boolean;
  blackoutPeriod: number | null;
  /**
   * How rows show their severity (new in this console): `filled` paints the whole row in the severity's colour, as
   * the old console; `quiet` shows a severity stripe on a tinted row.
   */
  rowStyle: 'filled' | 'quiet';
  /** notifications (new in this console) */
  notify?: { enabled: boolean; minSeverity: string };
  /** the field the alert list is grouped by, null when not grouped (new in this console; src/core/alert-groups.ts) */
  groupBy: string | null;
}

export interface SavedQuery {
  text: string;
  q: string;
}

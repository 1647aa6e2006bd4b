// Client config: defaults, the three-source merge and defensive validation.
import type { AlertFilter, Config, IndicatorQuery, Indicators } from './types.ts';
import { DEFAULT_SEVERITY, DEFAULT_SEVERITY_COLORS, DEFAULT_STATUS_COLORS, DEFAULT_TEXT_COLOR } from './severity.ts';

/** Where the API is looked for when neither the build nor config.json names one. */
export const DEFAULT_ENDPOINT = 'http://localhost:8080';

/** The list columns of an unconfigured Alerta server, in order. */
export const DEFAULT_COLUMNS: readonly string[] = Object.freeze([
  'severity',
  'status',
  'lastReceiveTime',
  'timeoutLeft',
  'duplicateCount',
  'customer',
  'environment',
  'service',
  'resource',
  'event',
  'value',
  'text',
]);

export const DEFAULT_SORT_BY: readonly string[] = Object.freeze(['severity', 'lastReceiveTime']);
export const DEFAULT_STATUS_FILTER: readonly string[] = Object.freeze(['open', 'ack']);

export const DEFAULT_FILTER: AlertFilter = Object.freeze({
  environment: null,
  text: null,
  status: [...DEFAULT_STATUS_FILTER],
  customer: null,
  service: null,
  group: null,
  dateRange: [null, null],
}) as AlertFilter;

export const DEFAULT_DATES: Config['dates'] = Object.freeze({
  longDate: 'ddd D MMM, YYYY HH:mm:ss.SSS Z',
  mediumDate: 'ddd D MMM HH:mm',
  shortTime: 'HH:mm',
});

export const DEFAULT_FONT = Object.freeze({
  'font-family': '"Sintony", Arial, sans-serif',
  'font-size': '13px',
  'font-weight': 500,
}) satisfies Config['font'];

export const DEFAULT_REFRESH_INTERVAL = 5000;

/**
 * Client defaults (the old console's). Where the old client default was `{}` or `[]`, the values of an
 * unconfigured Alerta server are used instead (severity order, colours, columns, status filter), so a first
 * start without any server still renders a usable list.
 */
export const CLIENT_DEFAULTS: Config = deepFreeze({
  endpoint: DEFAULT_ENDPOINT,
  alarm_model: {},
  auth_required: true,
  allow_readonly: false,
  readonly_scopes: ['read'],
  provider: 'basic',
  customer_views: false,
  signup_enabled: true,
  email_verification: false,
  client_id: null,
  github_url: 'https://github.com',
  gitlab_url: 'https://gitlab.com',
  keycloak_url: null,
  keycloak_realm: null,
  pingfederate_url: null,
  site_logo_url: '',
  severity: { ...DEFAULT_SEVERITY },
  colors: { severity: { ...DEFAULT_SEVERITY_COLORS }, status: { ...DEFAULT_STATUS_COLORS }, text: DEFAULT_TEXT_COLOR },
  clipboard_template: '',
  // Empty on purpose: with no configured ack/shelve timeout the server's own default applies.
  timeouts: {},
  blackouts: {},
  dates: { ...DEFAULT_DATES },
  font: { ...DEFAULT_FONT },
  audio: { new: null },
  columns: [...DEFAULT_COLUMNS],
  sort_by: [...DEFAULT_SORT_BY],
  actions: [],
  filter: { ...DEFAULT_FILTER, status: [...DEFAULT_STATUS_FILTER], dateRange: [null, null] },
  tracking_id: null,
  refresh_interval: DEFAULT_REFRESH_INTERVAL,
  environments: [],
} satisfies Config);

// ---- merging ----

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null) {
    for (const v of Object.values(x)) deepFreeze(v);
    Object.freeze(x);
  }
  return x;
}

function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * Keys whose value is a whole dictionary defined by one source: a server with its own alarm model must not
 * inherit the default severities, so these replace instead of merging key by key.
 */
const REPLACED_WHOLE = new Set(['severity', 'alarm_model', 'colors.severity', 'colors.status', 'indicators']);

function deepMerge(base: unknown, over: unknown, path: string): unknown {
  if (over === undefined) return clone(base);
  if (!isPlainObject(base) || !isPlainObject(over) || REPLACED_WHOLE.has(path)) return clone(over);
  const out: Record<string, unknown> = clone(base) as Record<string, unknown>;
  for (const [k, v] of Object.entries(over)) {
    if (k === '__proto__' || k === 'constructor' || k === 'prototype') continue;
    out[k] = deepMerge(base[k], v, path ? `${path}.${k}` : k);
  }
  return out;
}

function clone(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(clone);
  if (isPlainObject(x)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(x)) out[k] = clone(v);
    return out;
  }
  return x;
}

/**
 * Build-time values win over config.json, which wins over the API's /config; the result is merged
 * into the client defaults. Nested objects merge key by key (a config.json that only sets `colors.text`
 * keeps the server's severity colours); arrays and alarm-model dictionaries replace.
 */
export function mergeConfig(
  build: Partial<Config> | null | undefined,
  local: Partial<Config> | null | undefined,
  remote: Partial<Config> | null | undefined,
): Config {
  let out: unknown = CLIENT_DEFAULTS;
  for (const layer of [remote, local, build]) {
    if (isPlainObject(layer)) out = deepMerge(out, layer, '');
  }
  return out as Config;
}

/** The endpoint used to fetch /config: build or config.json value, else the default. */
export function bootstrapEndpoint(build: Partial<Config> | null | undefined, local: Partial<Config> | null | undefined): string {
  return build?.endpoint || local?.endpoint || DEFAULT_ENDPOINT;
}

/**
 * Absolute API base URL without a trailing slash. A relative endpoint (`/api`) resolves against the
 * console's own address, so one build works behind any reverse proxy.
 */
export function resolveEndpoint(endpoint: string, base: string): string {
  const trimmed = endpoint.trim();
  let resolved = trimmed;
  try {
    resolved = new URL(trimmed, base).href;
  } catch {
    // an unparsable base: keep the endpoint as written rather than fail the start-up
  }
  return resolved.replace(/\/+$/, '');
}

// ---- validation ----

type Check = (v: unknown) => boolean;
const isString: Check = (v) => typeof v === 'string';
const isBool: Check = (v) => typeof v === 'boolean';
const isNullableString: Check = (v) => v === null || typeof v === 'string';
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStringArray: Check = (v) => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isRecordOf =
  (check: Check): Check =>
  (v) =>
    isPlainObject(v) && Object.values(v).every(check);

const TOP_LEVEL: Record<string, Check> = {
  endpoint: isString,
  base_path: isString,
  auth_required: isBool,
  allow_readonly: isBool,
  readonly_scopes: isStringArray,
  provider: isString,
  customer_views: isBool,
  signup_enabled: isBool,
  email_verification: isBool,
  client_id: isNullableString,
  github_url: isNullableString,
  gitlab_url: isNullableString,
  keycloak_url: isNullableString,
  keycloak_realm: isNullableString,
  pingfederate_url: isNullableString,
  oidc_auth_url: isNullableString,
  azure_tenant: isNullableString,
  aws_region: isNullableString,
  cognito_domain: isNullableString,
  site_logo_url: isString,
  severity: isRecordOf(isFiniteNumber),
  clipboard_template: isString,
  columns: isStringArray,
  sort_by: (v) => isString(v) || isStringArray(v),
  actions: isStringArray,
  tracking_id: isNullableString,
  refresh_interval: (v) => isFiniteNumber(v) && v > 0,
  sync_full_every: (v) => isFiniteNumber(v) && v > 0,
  environments: isStringArray,
  debug: isBool,
};

/** Sub-objects validated key by key: a bad key is dropped, its valid siblings are kept. */
const NESTED: Record<string, Record<string, Check>> = {
  colors: {
    severity: isRecordOf(isString),
    status: isRecordOf(isString),
    text: isString,
    highlight: isString,
  },
  timeouts: { alert: isFiniteNumber, heartbeat: isFiniteNumber, ack: isFiniteNumber, shelve: isFiniteNumber },
  blackouts: { duration: isFiniteNumber },
  dates: { longDate: isString, mediumDate: isString, shortTime: isString },
  font: { 'font-family': isString, 'font-size': isString, 'font-weight': (v) => isString(v) || isFiniteNumber(v) },
  audio: { new: isNullableString },
  alarm_model: {
    name: isString,
    severity: isRecordOf(isFiniteNumber),
    status: isRecordOf(isString),
    colors: (v) => isPlainObject(v),
    defaults: isRecordOf(isString),
  },
  filter: {
    environment: isNullableString,
    text: isNullableString,
    status: (v) => v === null || isStringArray(v),
    customer: (v) => v === null || isStringArray(v),
    service: (v) => v === null || isStringArray(v),
    group: (v) => v === null || isStringArray(v),
    dateRange: (v) =>
      Array.isArray(v) && v.length === 2 && v.every((x) => x === null || isFiniteNumber(x)),
  },
};

/** Own entries only: keys such as `__proto__` or `toString` in a hostile config must not reach Object.prototype. */
function own<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

function validateNested(value: unknown, checks: Record<string, Check>, path: string, dropped: string[]) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const check = own(checks, k);
    if (check && check(v)) out[k] = v;
    else dropped.push(`${path}.${k}`);
  }
  return out;
}

function isIndicatorQuery(q: unknown): q is IndicatorQuery {
  if (typeof q === 'string') return true;
  if (Array.isArray(q)) return q.every((p) => Array.isArray(p) && p.length === 2 && p.every((x) => typeof x === 'string'));
  return isPlainObject(q) && Object.values(q).every((v) => typeof v === 'string' || isStringArray(v));
}

/** The keys of `indicators`, each with the rule that keeps its usable part (a bad query is dropped, not the panel). */
const INDICATORS: { [K in keyof Indicators]: (v: unknown) => Indicators[K] } = {
  queries: (v) =>
    Array.isArray(v)
      ? v.filter(
          (q): q is Indicators['queries'][number] => isPlainObject(q) && typeof q.text === 'string' && isIndicatorQuery(q.query),
        )
      : [],
  severity: (v) => (isStringArray(v) ? (v as string[]) : []),
};

function validateIndicators(v: unknown): Indicators | null {
  if (!isPlainObject(v)) return null;
  return { queries: INDICATORS.queries(v.queries), severity: INDICATORS.severity(v.severity) };
}

/**
 * Every key the console reads from config.json and the API's /config, a nested one as `parent.child`: the
 * declarations above, listed so that docs/configuration.md can be checked against them
 * (tests/unit/docs-configuration.test.ts).
 */
export const CONFIG_KEYS: readonly string[] = Object.freeze([
  ...Object.keys(TOP_LEVEL),
  ...Object.entries(NESTED).flatMap(([key, checks]) => Object.keys(checks).map((sub) => `${key}.${sub}`)),
  ...Object.keys(INDICATORS).map((sub) => `indicators.${sub}`),
]);

/**
 * Keeps only well-typed config keys; the names of dropped keys are reported so the UI can warn.
 * A broken or hostile config.json must never stop the console from starting.
 */
export function validateConfigWithIssues(raw: unknown): { config: Partial<Config>; dropped: string[] } {
  const dropped: string[] = [];
  if (!isPlainObject(raw)) return { config: {}, dropped: raw === undefined || raw === null ? [] : ['(not an object)'] };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const check = own(TOP_LEVEL, k);
    const nested = own(NESTED, k);
    if (check) {
      if (check(v)) out[k] = v;
      else dropped.push(k);
    } else if (nested) {
      if (isPlainObject(v)) out[k] = validateNested(v, nested, k, dropped);
      else dropped.push(k);
    } else if (k === 'indicators') {
      const ind = validateIndicators(v);
      if (ind) out[k] = ind;
      else dropped.push(k);
    }
    // Unknown keys are ignored silently: servers add new settings over time.
  }
  return { config: out as Partial<Config>, dropped };
}

export function validateConfig(raw: unknown): Partial<Config> {
  return validateConfigWithIssues(raw).config;
}


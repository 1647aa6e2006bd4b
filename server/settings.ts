// Server settings, named like the real Alerta server's settings (alerta/settings.py) so that an
// operator's environment variables and config files mean the same thing here.
import { readFileSync, existsSync } from 'node:fs';
import { DEFAULT_SEVERITY, DEFAULT_SEVERITY_COLORS, DEFAULT_STATUS_COLORS, DEFAULT_TEXT_COLOR } from '../src/core/severity.ts';

// Alerta's default alarm model and colours: the same defaults the console falls back to, kept once in src/core.
export const DEFAULT_SEVERITY_MAP: Record<string, number> = { ...DEFAULT_SEVERITY };

export const DEFAULT_COLOR_MAP = {
  severity: { ...DEFAULT_SEVERITY_COLORS } as Record<string, string>,
  status: { ...DEFAULT_STATUS_COLORS } as Record<string, string>,
  text: DEFAULT_TEXT_COLOR,
};

export interface ServerSettings {
  SECRET_KEY: string;
  AUTH_REQUIRED: boolean;
  AUTH_PROVIDER: string;
  ALLOW_READONLY: boolean;
  READONLY_SCOPES: string[];
  ADMIN_USERS: string[];
  ADMIN_ROLES: string[];
  USER_ROLES: string[];
  GUEST_ROLES: string[];
  USER_DEFAULT_SCOPES: string[];
  GUEST_DEFAULT_SCOPES: string[];
  CUSTOMER_VIEWS: boolean;
  /**
   * With CUSTOMER_VIEWS, what a non-admin user whose login, domain and groups match no customer gets:
   * 'deny' (403 at login, like the real server), 'none' (logs in and sees no customer's alerts; the demo) or
   * 'all' (sees every customer). A customer mapping to '*' gives every customer, as on the real server.
   */
  CUSTOMER_VIEWS_UNMATCHED: 'deny' | 'none' | 'all';
  SIGNUP_ENABLED: boolean;
  EMAIL_VERIFICATION: boolean;
  TOKEN_EXPIRE_DAYS: number;
  API_KEY_EXPIRE_DAYS: number;
  ALLOWED_ENVIRONMENTS: string[];
  DEFAULT_ENVIRONMENT: string;
  SEVERITY_MAP: Record<string, number>;
  DEFAULT_NORMAL_SEVERITY: string;
  DEFAULT_PREVIOUS_SEVERITY: string;
  COLOR_MAP: { severity: Record<string, string>; status?: Record<string, string>; text?: string; highlight?: string };
  ALERT_TIMEOUT: number;
  HEARTBEAT_TIMEOUT: number;
  HEARTBEAT_MAX_LATENCY: number;
  ACK_TIMEOUT: number;
  SHELVE_TIMEOUT: number;
  BLACKOUT_DURATION: number;
  DEFAULT_PAGE_SIZE: number;
  HISTORY_LIMIT: number;
  COLUMNS: string[];
  SORT_LIST_BY: string[];
  DEFAULT_FILTER: Record<string, unknown>;
  AUTO_REFRESH_INTERVAL: number;
  AUTO_REFRESH_ALLOW: boolean;
  SENDER_API_ALLOW: boolean;
  SITE_LOGO_URL: string;
  DATE_FORMAT_LONG_DATE: string;
  DATE_FORMAT_MEDIUM_DATE: string;
  DATE_FORMAT_SHORT_TIME: string;
  FONT: Record<string, string | number>;
  AUDIO: { new: string | null };
  CLIPBOARD_TEMPLATE: string;
  ACTIONS: string[];
  TRACKING_ID: string | null;
  INDICATORS: { queries: { text: string; query: unknown }[]; severity: string[] } | null;
  CORS_ORIGINS: string[];
  /**
   * Seconds a browser may keep a preflight's answer (Access-Control-Max-Age); 0 sends no such header, as the real
   * server does unless its CORS_MAX_AGE is set. The demo keeps 600 so a console on another origin pays one preflight
   * per URL per ten minutes.
   */
  CORS_MAX_AGE: number;
  OAUTH2_CLIENT_ID: string;
  /** the console's OAuth client secret at the identity provider, for the code exchange (never sent to clients) */
  OAUTH2_CLIENT_SECRET: string;
  /** the OpenID Connect provider's issuer, exactly as its discovery document says (AUTH_PROVIDER 'openid', 'pingfederate') */
  OIDC_ISSUER_URL: string | null;
  /** client authentication at the token endpoint, in order of preference (the provider's list decides among them) */
  OIDC_TOKEN_AUTH_METHODS: string[];
  /** set at start from the provider's end_session_endpoint: the logout answer's logoutUrl */
  OIDC_LOGOUT_URL: string | null;
  /** the ID-token or userinfo claim holding roles (mapped to scopes) and groups (mapped to customers) */
  OIDC_ROLE_CLAIM: string;
  OIDC_GROUP_CLAIM: string;
  /** roles allowed to sign in through OpenID Connect ('*': any); also read as ALLOWED_KEYCLOAK_ROLES, ALLOWED_GITLAB_GROUPS */
  ALLOWED_OIDC_ROLES: string[];
  /** e-mail domains allowed to sign in through an identity provider ('*': any) */
  ALLOWED_EMAIL_DOMAINS: string[];
  /** a provider account with a verified e-mail signs in as the Alerta user with that e-mail */
  OIDC_LINK_USER_EMAIL: boolean;
  COGNITO_USER_POOL_ID: string | null;
  GITHUB_URL: string;
  GITLAB_URL: string;
  KEYCLOAK_URL: string | null;
  KEYCLOAK_REALM: string | null;
  OIDC_AUTH_URL: string | null;
  AZURE_TENANT: string;
  AWS_REGION: string;
  COGNITO_DOMAIN: string | null;
  DEBUG: boolean;
  /**
   * Time budget of one request's alert queries in milliseconds (q= with wildcards, regular expressions or many
   * terms); past it the query stops and the answer is 400. 0 = no limit.
   */
  QUERY_TIME_LIMIT_MS: number;
  /**
   * Failed logins (POST /auth/login and Basic auth) allowed per account and per client address within
   * LOGIN_FAILURE_WINDOW seconds; past them, 429 with Retry-After. 0 = no limit.
   */
  LOGIN_FAILURES_PER_ACCOUNT: number;
  LOGIN_FAILURES_PER_ADDRESS: number;
  LOGIN_FAILURE_WINDOW: number;
  /**
   * Trust X-Forwarded-For/-Proto/-Host from any proxy (the real server's setting of the same name). Off: only from
   * the loopback interface (the dev server's proxy), so a client cannot choose its own address.
   */
  USE_PROXYFIX: boolean;
  /** Largest accepted request body in bytes; bigger bodies get 413. */
  MAX_BODY_BYTES: number;
  /** Where outgoing mail (signup confirmation, password reset) is written when no mail server is configured. */
  MAIL_LOG: string | null;
  BASE_URL: string;
  /**
   * The console's URL, for the links in signup-confirmation and password-reset mails (e.g.
   * https://alerta.example.com). Empty: the server's own console URL (the demo: http://localhost:8080).
   */
  CONSOLE_URL: string;
}

export function defaultSettings(): ServerSettings {
  return {
    SECRET_KEY: '',
    AUTH_REQUIRED: false,
    AUTH_PROVIDER: 'basic',
    ALLOW_READONLY: false,
    READONLY_SCOPES: ['read'],
    ADMIN_USERS: [],
    ADMIN_ROLES: ['admin'],
    USER_ROLES: ['user'],
    GUEST_ROLES: ['guest'],
    USER_DEFAULT_SCOPES: ['read', 'write'],
    GUEST_DEFAULT_SCOPES: ['read:alerts'],
    CUSTOMER_VIEWS: false,
    CUSTOMER_VIEWS_UNMATCHED: 'deny',
    SIGNUP_ENABLED: true,
    EMAIL_VERIFICATION: false,
    TOKEN_EXPIRE_DAYS: 14,
    API_KEY_EXPIRE_DAYS: 365,
    ALLOWED_ENVIRONMENTS: ['Production', 'Development'],
    DEFAULT_ENVIRONMENT: 'Production',
    SEVERITY_MAP: { ...DEFAULT_SEVERITY_MAP },
    DEFAULT_NORMAL_SEVERITY: 'normal',
    DEFAULT_PREVIOUS_SEVERITY: 'indeterminate',
    COLOR_MAP: structuredClone(DEFAULT_COLOR_MAP),
    ALERT_TIMEOUT: 86400,
    HEARTBEAT_TIMEOUT: 86400,
    HEARTBEAT_MAX_LATENCY: 2000,
    ACK_TIMEOUT: 0,
    SHELVE_TIMEOUT: 7200,
    BLACKOUT_DURATION: 3600,
    DEFAULT_PAGE_SIZE: 50,
    HISTORY_LIMIT: 100,
    COLUMNS: [
      'severity', 'status', 'lastReceiveTime', 'timeoutLeft', 'duplicateCount', 'customer',
      'environment', 'service', 'resource', 'event', 'value', 'text',
    ],
    SORT_LIST_BY: ['severity', 'lastReceiveTime'],
    DEFAULT_FILTER: { status: ['open', 'ack'] },
    AUTO_REFRESH_INTERVAL: 5000,
    AUTO_REFRESH_ALLOW: true,
    SENDER_API_ALLOW: true,
    SITE_LOGO_URL: '',
    DATE_FORMAT_LONG_DATE: 'ddd D MMM, YYYY HH:mm:ss.SSS Z',
    DATE_FORMAT_MEDIUM_DATE: 'ddd D MMM HH:mm',
    DATE_FORMAT_SHORT_TIME: 'HH:mm',
    FONT: { 'font-family': '"Sintony", Arial, sans-serif', 'font-size': '13px', 'font-weight': 500 },
    AUDIO: { new: null },
    CLIPBOARD_TEMPLATE: '',
    ACTIONS: [],
    TRACKING_ID: null,
    INDICATORS: {
      queries: [
        { query: [['environment', 'Production']], text: 'Production' },
        { query: [['environment', 'Development']], text: 'Development' },
        { query: { q: 'event:Heartbeat' }, text: 'Heartbeats' },
        { query: 'group=Misc', text: 'Misc.' },
      ],
      severity: ['critical', 'major', 'minor', 'warning', 'indeterminate', 'informational'],
    },
    CORS_ORIGINS: ['http://localhost', 'http://127.0.0.1'],
    CORS_MAX_AGE: 600,
    OAUTH2_CLIENT_ID: '',
    OAUTH2_CLIENT_SECRET: '',
    OIDC_ISSUER_URL: null,
    OIDC_TOKEN_AUTH_METHODS: ['client_secret_basic', 'client_secret_post', 'client_secret_jwt'],
    OIDC_LOGOUT_URL: null,
    OIDC_ROLE_CLAIM: 'roles',
    OIDC_GROUP_CLAIM: 'groups',
    ALLOWED_OIDC_ROLES: ['*'],
    ALLOWED_EMAIL_DOMAINS: ['*'],
    OIDC_LINK_USER_EMAIL: true,
    COGNITO_USER_POOL_ID: null,
    GITHUB_URL: 'https://github.com',
    GITLAB_URL: 'https://gitlab.com',
    KEYCLOAK_URL: null,
    KEYCLOAK_REALM: null,
    OIDC_AUTH_URL: null,
    AZURE_TENANT: 'common',
    AWS_REGION: 'us-east-1',
    COGNITO_DOMAIN: null,
    DEBUG: false,
    QUERY_TIME_LIMIT_MS: 500,
    LOGIN_FAILURES_PER_ACCOUNT: 5,
    LOGIN_FAILURES_PER_ADDRESS: 20,
    LOGIN_FAILURE_WINDOW: 300,
    USE_PROXYFIX: false,
    MAX_BODY_BYTES: 1024 * 1024,
    MAIL_LOG: null,
    BASE_URL: '',
    CONSOLE_URL: '',
  };
}

/**
 * Other names a setting is read under from the environment, as the real server's environment names. COLOR and COLORS
 * are not aliases of COLOR_MAP: npm puts COLOR=0 or 1 in the environment of every script, which replaced the whole
 * colour map (and the real server reads COLOR_MAP from its config file only).
 */
export const SETTING_ALIASES: Readonly<Record<string, keyof ServerSettings>> = Object.freeze({
  SORT_BY: 'SORT_LIST_BY',
  SEVERITY: 'SEVERITY_MAP',
  CLIENT_ID: 'OAUTH2_CLIENT_ID',
  PROVIDER: 'AUTH_PROVIDER',
  ALLOWED_KEYCLOAK_ROLES: 'ALLOWED_OIDC_ROLES',
  ALLOWED_GITLAB_GROUPS: 'ALLOWED_OIDC_ROLES',
});

/** Settings whose environment value is parsed as JSON (lists and maps), like the real server's env parsing. */
function parseEnvValue(current: unknown, raw: string): unknown {
  if (typeof current === 'boolean') return ['true', '1', 'yes', 'on', 't', 'y'].includes(raw.trim().toLowerCase());
  if (typeof current === 'number') {
    const n = Number(raw);
    if (!Number.isFinite(n)) throw new Error(`expected a number, got "${raw}"`);
    return n;
  }
  if (Array.isArray(current)) {
    const t = raw.trim();
    if (t.startsWith('[')) return JSON.parse(t);
    return t === '' ? [] : t.split(',').map((s) => s.trim()).filter(Boolean);
  }
  if (current !== null && typeof current === 'object') return JSON.parse(raw);
  return raw;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** COLOR_MAP must look like the real server's: {severity: {name: colour}, status?: {name: colour}, text?, highlight?}. */
function checkColorMap(m: unknown): void {
  const stringMap = (v: unknown): boolean => isPlainObject(v) && Object.values(v).every((c) => typeof c === 'string');
  if (!isPlainObject(m) || !stringMap(m.severity) || (m.status !== undefined && !stringMap(m.status))
    || (m.text !== undefined && typeof m.text !== 'string') || (m.highlight !== undefined && typeof m.highlight !== 'string')) {
    throw new Error('COLOR_MAP must be a map like {"severity": {"critical": "red", ...}, "status": {"ack": "skyblue"}, "text": "black"}');
  }
}

/**
 * Builds settings from defaults, then a JSON config file (ALERTA_SVR_CONF_FILE or the given path),
 * then environment variables of the same names, then explicit overrides. Later sources win.
 */
export function loadSettings(opts: {
  env?: NodeJS.ProcessEnv;
  configFile?: string | null;
  overrides?: Partial<ServerSettings>;
} = {}): ServerSettings {
  const s = defaultSettings();
  const env = opts.env ?? {};
  const file = opts.configFile ?? env.ALERTA_SVR_CONF_FILE ?? null;
  if (file) {
    if (!existsSync(file)) throw new Error(`config file not found: ${file}`);
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    for (const [k, v] of Object.entries(parsed)) {
      if (k in s) (s as unknown as Record<string, unknown>)[k] = v;
    }
  }
  for (const [name, raw] of Object.entries(env)) {
    if (raw === undefined) continue;
    // a terminal may export its width as COLUMNS; a list of console columns is never a bare number
    if (name === 'COLUMNS' && /^\s*\d+\s*$/.test(raw)) continue;
    const key = (name in s ? name : Object.hasOwn(SETTING_ALIASES, name) ? SETTING_ALIASES[name] : undefined) as keyof ServerSettings | undefined;
    if (!key) continue;
    try {
      (s as unknown as Record<string, unknown>)[key] = parseEnvValue(s[key], raw);
    } catch (e) {
      throw new Error(`invalid value for ${name}: ${(e as Error).message}`, { cause: e });
    }
  }
  Object.assign(s, opts.overrides ?? {});
  if (!['deny', 'none', 'all'].includes(s.CUSTOMER_VIEWS_UNMATCHED)) {
    throw new Error(`CUSTOMER_VIEWS_UNMATCHED must be 'deny', 'none' or 'all', not '${String(s.CUSTOMER_VIEWS_UNMATCHED)}'`);
  }
  checkColorMap(s.COLOR_MAP);
  for (const [name, code] of Object.entries(s.SEVERITY_MAP)) {
    if (typeof code !== 'number' || !Number.isInteger(code)) throw new Error(`SEVERITY_MAP: the code of '${name}' must be an integer`);
  }
  if (!(s.DEFAULT_NORMAL_SEVERITY in s.SEVERITY_MAP)) {
    throw new Error(`DEFAULT_NORMAL_SEVERITY (${s.DEFAULT_NORMAL_SEVERITY}) is not one of ${Object.keys(s.SEVERITY_MAP).join(', ')}`);
  }
  return s;
}

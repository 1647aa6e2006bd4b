// Rules of the administration and report screens: who may see and change what,
// the states of blackouts, keys and heartbeats, what the blackout and key forms send, and where a report row leads.
import type { Preferences, Top10Entry } from './types.ts';
import { expandScopes, scopesMeet } from './perms.ts';
import { formatDate, parseIsoTimestamp } from './date-format.ts';
import { allOf, exactAnyTerm } from './query-join.ts';
import { exactTerm } from './query-values.ts';
import { validateEmail, validatePassword, validatePasswordConfirm, validateRequired } from './validation.ts';

// ---- permissions per screen ----

export type AdminScreen = 'heartbeats' | 'blackouts' | 'keys' | 'users' | 'groups' | 'customers' | 'perms' | 'reports';

/**
 * The scope that shows a screen's list and the scope that changes its items, as the Alerta API enforces them
 * (a control the API would refuse with 403 is not offered). Users are admin-only even to read (GET /users needs
 * admin:users); groups, customers and permissions can be read with read:X but only changed with admin:X.
 */
export const SCREEN_SCOPES: Readonly<Record<AdminScreen, { view: string; manage: string | null }>> = Object.freeze({
  heartbeats: { view: 'read:heartbeats', manage: 'write:heartbeats' },
  blackouts: { view: 'read:blackouts', manage: 'write:blackouts' },
  keys: { view: 'read:keys', manage: 'write:keys' },
  users: { view: 'admin:users', manage: 'admin:users' },
  groups: { view: 'read:groups', manage: 'admin:groups' },
  customers: { view: 'read:customers', manage: 'admin:customers' },
  perms: { view: 'read:perms', manage: 'admin:perms' },
  reports: { view: 'read:alerts', manage: null },
});

/** The roles the server creates itself (ADMIN_ROLES, USER_ROLES, GUEST_ROLES): their permission cannot be deleted. */
export const SYSTEM_ROLES: readonly string[] = Object.freeze(['admin', 'user', 'guest']);

export function isSystemRole(match: string | null | undefined, systemRoles: readonly string[] = SYSTEM_ROLES): boolean {
  return !!match && systemRoles.includes(match.trim());
}

// ---- states ----

export type BlackoutStatus = 'active' | 'pending' | 'expired';

function epochMs(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * A blackout's state at `now` (epoch ms): pending before its start, active until its end, expired after. Computed from
 * the times rather than read from the list, so a page left open does not keep calling an ended blackout active. When
 * a time cannot be read, the server's status is kept (or 'expired' when that is unknown too: it suppresses nothing).
 */
export function blackoutStatus(
  b: { startTime?: string | null; endTime?: string | null; status?: string | null },
  now: number,
): BlackoutStatus {
  const start = epochMs(b.startTime);
  const end = epochMs(b.endTime);
  if (start === null || end === null) {
    return b.status === 'active' || b.status === 'pending' || b.status === 'expired' ? b.status : 'expired';
  }
  if (now < start) return 'pending';
  if (now < end) return 'active';
  return 'expired';
}

/** Seconds left until a blackout ends (active) or starts (pending); null once expired. */
export function blackoutRemaining(b: { startTime?: string | null; endTime?: string | null }, now: number): number | null {
  const start = epochMs(b.startTime);
  const end = epochMs(b.endTime);
  if (start === null || end === null) return null;
  if (now < start) return Math.floor((start - now) / 1000);
  if (now < end) return Math.floor((end - now) / 1000);
  return null;
}

export type KeyStatus = 'active' | 'expired';

/** An API key is expired once its expiry time has passed; an unreadable expiry keeps the server's status. */
export function keyStatus(k: { expireTime?: string | null; status?: string | null }, now: number): KeyStatus {
  const exp = epochMs(k.expireTime);
  if (exp === null) return k.status === 'expired' ? 'expired' : 'active';
  return now >= exp ? 'expired' : 'active';
}

export const HEARTBEAT_STATUSES = Object.freeze(['ok', 'slow', 'expired'] as const);
export type HeartbeatStatus = (typeof HEARTBEAT_STATUSES)[number];

/**
 * The server decides ok/slow/expired (it knows the receive time and latency); an unknown word is shown as expired,
 * the state that asks for attention, rather than hidden by the status filter.
 */
export function heartbeatStatus(h: { status?: string | null }): HeartbeatStatus {
  const s = (h.status ?? '').toLowerCase();
  return s === 'ok' || s === 'slow' ? s : 'expired';
}

// ---- API keys ----

/** A key as shown while hidden: four bullets and its last four characters, enough to tell keys apart. */
export function maskKey(key: string | null | undefined): string {
  const k = key ?? '';
  return `••••${k.length > 4 ? k.slice(-4) : ''}`;
}

/**
 * The scopes a user may put on a new API key: the user's own scopes expanded by the hierarchy against the server's
 * list, restricted to scopes the server knows (the API refuses any other with 403).
 */
export function grantableScopes(held: readonly string[], known: readonly string[]): string[] {
  const expanded = expandScopes(held, known);
  return known.filter((s) => expanded.includes(s));
}

/** The requested scopes that are not within the grantable ones (empty when the request is acceptable). */
export function scopesOutside(requested: readonly string[], grantable: readonly string[]): string[] {
  return requested.filter((s) => !grantable.includes(s));
}

/**
 * The scopes a new key starts with: none. Pre-ticking `read` (every resource) made a key meant for alerts only
 * carry `["read", "read:alerts"]`: a key gets exactly what the user ticks.
 */
export const NEW_KEY_SCOPES: readonly string[] = Object.freeze([]);

/** The scopes a key will be given: the ticked ones, each once, in the server's order; unlisted ones (an old key's) last. */
export function keyScopes(selected: readonly string[], known: readonly string[]): string[] {
  const chosen = new Set(selected);
  return [...known.filter((s) => chosen.has(s)), ...[...chosen].filter((s) => !known.includes(s))];
}

/**
 * The ticked scopes that another ticked scope already gives (`read:alerts` under `read` or `write:alerts`), each with
 * the first scope that gives it: the dialog says so, since such a box adds nothing to the key.
 */
export function coveredScopes(selected: readonly string[]): { scope: string; by: string }[] {
  const out: { scope: string; by: string }[] = [];
  for (const scope of selected) {
    const by = selected.find((other) => other !== scope && scopesMeet(scope, [other]));
    if (by) out.push({ scope, by });
  }
  return out;
}

export interface KeyForm {
  text: string;
  scopes: readonly string[];
  /** the customer field as typed (shown only with customer views) */
  customer: string;
  /** ISO time, absent for the server's default */
  expireTime?: string;
}

/**
 * The body of POST /key (new) or PUT /key/{id} (with `original`, an edit). The server assigns the customer again on
 * every update (alerta's assign_customer: absent means the caller's own customer, or none for an administrator), so an
 * edit always names the customer it wants: the field's value with customer views, otherwise the one the key has.
 */
export function apiKeyBody(
  form: KeyForm,
  known: readonly string[],
  options: { customerViews: boolean; original?: { customer: string | null } },
): Record<string, unknown> {
  const body: Record<string, unknown> = { text: form.text.trim(), scopes: keyScopes(form.scopes, known) };
  if (form.expireTime) body.expireTime = form.expireTime;
  if (options.customerViews) body.customer = form.customer.trim() || null;
  else if (options.original) body.customer = options.original.customer ?? null;
  return body;
}

// ---- blackout form ----

/** What a blackout covers besides its environment: single values and lists, each optional. */
export const BLACKOUT_TEXT_FIELDS = ['resource', 'event', 'group', 'origin', 'customer'] as const;
export const BLACKOUT_LIST_FIELDS = ['service', 'tags'] as const;
type TextField = (typeof BLACKOUT_TEXT_FIELDS)[number];
type ListField = (typeof BLACKOUT_LIST_FIELDS)[number];

export type BlackoutScope = { environment: string; text: string } & Record<TextField, string> & Record<ListField, string[]>;

export interface BlackoutForm extends BlackoutScope {
  startNow: boolean;
  /** datetime-local values in the user's zone, used when startNow is off */
  start: string;
  end: string;
  /** seconds, used when startNow is on */
  duration: number;
  /**
   * An existing blackout's exact instants (ISO), which the minute-precision fields cannot hold: a field the user did
   * not change keeps its instant to the millisecond.
   */
  exact?: { startTime: string; endTime: string };
}

export type BlackoutFormError = { field: 'environment' | 'start' | 'end'; key: 'Required' | 'EndBeforeStart' | 'NotValid' };

type ScopeSource = Partial<Record<'environment' | 'text' | TextField, string | null>> & Partial<Record<ListField, readonly string[] | null>>;

/** The scope part of a form from anything that has some of its fields (a prefill, a blackout). */
function scopeOf(source: ScopeSource): BlackoutScope {
  const scope = { environment: source.environment ?? '', text: source.text ?? '' } as BlackoutScope;
  for (const k of BLACKOUT_TEXT_FIELDS) scope[k] = source[k] ?? '';
  for (const k of BLACKOUT_LIST_FIELDS) scope[k] = [...(source[k] ?? [])];
  return scope;
}

/** A new blackout form: start now (pref blackoutStartNow) for the preferred period, scope fields from a prefill. */
export function newBlackoutForm(
  prefs: Partial<Pick<Preferences, 'blackoutStartNow'>> | null | undefined,
  periodSeconds: number,
  prefill: Partial<BlackoutScope> = {},
): BlackoutForm {
  return { ...scopeOf(prefill), startNow: prefs?.blackoutStartNow ?? true, start: '', end: '', duration: periodSeconds };
}

/**
 * The pre-filled blackout that the alert detail links to: `/blackouts?new=1&environment=..&service=..&resource=..`.
 * Null when the query does not ask for a new blackout. `service` and `tags` may repeat or be comma-separated.
 */
export function blackoutPrefillFromQuery(search: string | URLSearchParams): Partial<BlackoutScope> | null {
  const q = typeof search === 'string' ? new URLSearchParams(search.startsWith('?') ? search.slice(1) : search) : search;
  if (!q.has('new') || q.get('new') === '0' || q.get('new') === 'false') return null;
  const out: Partial<BlackoutScope> = {};
  for (const k of ['environment', 'text', ...BLACKOUT_TEXT_FIELDS] as const) {
    const v = q.get(k)?.trim();
    if (v) out[k] = v;
  }
  const list = (...names: string[]) => [...new Set(names.flatMap((n) => q.getAll(n)).flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== ''))];
  const service = list('service');
  const tags = list('tags', 'tag');
  if (service.length) out.service = service;
  if (tags.length) out.tags = tags;
  return out;
}

/** The form of an existing blackout (edit): its own times, not "start now". `toLocalInput` renders a datetime-local value. */
export function blackoutFormOf(b: ScopeSource & { startTime: string; endTime: string; duration: number }, toLocalInput: (iso: string) => string): BlackoutForm {
  return {
    ...scopeOf(b),
    startNow: false,
    start: toLocalInput(b.startTime),
    end: toLocalInput(b.endTime),
    duration: b.duration,
    exact: { startTime: b.startTime, endTime: b.endTime },
  };
}

/**
 * The body of POST /blackout from the form, or the first field error. With `original` (an edit, PUT /blackout/{id})
 * only what the user changed is sent: times shown to the minute must not move a window that started at 14:29:53.473
 * when only its reason was edited, nor its start when only its end was moved (the server keeps a time it is not
 * sent). Empty scope fields are sent as null, so an edit can clear them.
 * `parseLocal` turns a datetime-local value into epoch ms in the user's zone.
 */
export function blackoutBody(
  form: BlackoutForm,
  parseLocal: (value: string) => number | null,
  original?: BlackoutForm,
): { ok: true; body: Record<string, unknown> } | { ok: false; error: BlackoutFormError } {
  const environment = form.environment.trim();
  if (!environment) return { ok: false, error: { field: 'environment', key: 'Required' } };
  const startChanged = !original || form.start !== original.start;
  const endChanged = !original || form.end !== original.end;
  let times: Record<string, unknown> = {};
  if (form.startNow) {
    // No start time: the server starts it on its own clock, so a client clock running ahead cannot make it pending.
    times = { duration: Math.max(1, Math.round(form.duration)) };
  } else if (startChanged || endChanged) {
    if (!form.start) return { ok: false, error: { field: 'start', key: 'Required' } };
    if (!form.end) return { ok: false, error: { field: 'end', key: 'Required' } };
    // The field left alone keeps its exact instant; the one changed is read from its minute-precision value.
    const keptStart = startChanged ? null : exactMs(original?.exact?.startTime);
    const keptEnd = endChanged ? null : exactMs(original?.exact?.endTime);
    const s = keptStart ?? parseLocal(form.start);
    const e = keptEnd ?? parseLocal(form.end);
    if (s === null) return { ok: false, error: { field: 'start', key: 'NotValid' } };
    if (e === null) return { ok: false, error: { field: 'end', key: 'NotValid' } };
    if (e <= s) return { ok: false, error: { field: 'end', key: 'EndBeforeStart' } };
    if (startChanged) times.startTime = new Date(s).toISOString();
    if (endChanged) times.endTime = new Date(e).toISOString();
    times.duration = Math.max(1, Math.round((e - s) / 1000));
  }
  const scope = (f: BlackoutForm): Record<string, unknown> => {
    const out: Record<string, unknown> = { environment: f.environment.trim() };
    for (const k of BLACKOUT_LIST_FIELDS) out[k] = [...new Set(f[k].map((x) => x.trim()).filter((x) => x !== ''))];
    for (const k of BLACKOUT_TEXT_FIELDS) out[k] = f[k].trim() === '' ? null : f[k].trim();
    out.text = f.text.trim();
    return out;
  };
  const mine = scope(form);
  if (original) {
    const before = scope(original);
    for (const k of Object.keys(mine)) if (JSON.stringify(mine[k]) === JSON.stringify(before[k])) delete mine[k];
  }
  return { ok: true, body: { ...mine, ...times } };
}

function exactMs(iso: string | undefined): number | null {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(ms) ? ms : null;
}

// ---- reports ----

/**
 * Where a report row leads: the alert list searching for exactly that event on exactly those resources, e.g.
 * `event:"^NodeDown$" AND resource:"\Y|^(?:db01|db02)$|\Y"` (one term for any number of resources, so the real
 * server drops none).
 */
export function reportRowQuery(entry: Pick<Top10Entry, 'event' | 'resources'>): string {
  const resources = (entry.resources ?? []).map((r) => r.resource).filter((r): r is string => !!r);
  return allOf([exactTerm('event', entry.event), exactAnyTerm('resource', resources)].filter((t): t is string => t !== null)) ?? '';
}

/** The in-app link of a report row. */
export function reportRowHref(entry: Pick<Top10Entry, 'event' | 'resources'>): string {
  return `/alerts?q=${encodeURIComponent(reportRowQuery(entry))}`;
}

/** Reports show 10 rows, as in the old console. */
export const REPORT_ROWS = 10;

// ---- user form ----

export interface UserFormInput {
  name: string;
  email: string;
  password: string;
  confirm: string;
}

export type UserFormErrors = Partial<Record<keyof UserFormInput, 'Required' | 'NotValid' | 'Min6Char' | 'PasswordNotMatch'>>;

/**
 * Field errors of the user dialog: name and a valid e-mail always; on create a password of at least 6
 * characters with a matching confirmation; on edit a password only when one is typed (blank keeps the old one).
 */
export function validateUserForm(input: UserFormInput, creating: boolean): UserFormErrors {
  const errors: UserFormErrors = {};
  const name = validateRequired(input.name);
  if (!name.ok) errors.name = name.error;
  const email = validateEmail(input.email);
  if (!email.ok) errors.email = email.error;
  if (creating || input.password !== '' || input.confirm !== '') {
    const pw = validatePassword(input.password);
    if (!pw.ok) errors.password = pw.error;
    const confirm = validatePasswordConfirm(input.password, input.confirm);
    if (!confirm.ok) errors.confirm = confirm.error;
  }
  return errors;
}

// ---- date-time inputs ----

/** An API time as the value of an `<input type="datetime-local">` in the user's zone (pref timezone). */
export function toDateTimeInput(iso: string | null | undefined, timezone: 'local' | 'utc'): string {
  if (!iso) return '';
  const ms = parseIsoTimestamp(iso, 'utc');
  return Number.isFinite(ms) ? formatDate(ms, 'YYYY-MM-DD[T]HH:mm', { timezone, locale: 'en' }) : '';
}

/** A datetime-local value read in the user's zone, as epoch ms; null when it is not a date. */
export function fromDateTimeInput(value: string, timezone: 'local' | 'utc'): number | null {
  if (!value) return null;
  const ms = parseIsoTimestamp(value, timezone);
  return Number.isFinite(ms) ? ms : null;
}

// ---- scope matrix ----

export const SCOPE_LEVELS = Object.freeze(['read', 'write', 'delete', 'admin'] as const);
export type ScopeLevel = (typeof SCOPE_LEVELS)[number];

export interface ScopeTable {
  /** one row per resource, in the server's order; '' is the row of the unqualified scopes (read, write, admin) */
  rows: { resource: string; cells: Partial<Record<ScopeLevel, string>> }[];
  /** scopes that are not `<level>[:<resource>]` with a known level */
  other: string[];
}

/**
 * The scopes laid out as a table, resources down and levels across, as an administrator reads them ("alerts: read,
 * write, delete, admin"). Only scopes in the list appear, so no cell offers what the server would refuse.
 */
export function scopeTable(scopes: readonly string[]): ScopeTable {
  const rows = new Map<string, Partial<Record<ScopeLevel, string>>>();
  const other: string[] = [];
  for (const scope of scopes) {
    const [level, resource = '', extra] = scope.split(':');
    if (extra !== undefined || !(SCOPE_LEVELS as readonly string[]).includes(level ?? '')) {
      other.push(scope);
      continue;
    }
    const row = rows.get(resource) ?? {};
    row[level as ScopeLevel] = scope;
    rows.set(resource, row);
  }
  const ordered = [...rows.entries()].sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : 0));
  return { rows: ordered.map(([resource, cells]) => ({ resource, cells })), other };
}

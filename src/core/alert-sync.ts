// Keeping every alert of a view (its "set") in step with the API by deltas, instead of asking for all of them every
// cycle. Alerta has no change feed, no ETag and no push; what it does have is two server-side times and three cheap
// questions:
//   - `from-date=T` returns the alerts whose lastReceiveTime is later than T (new alerts, duplicates, correlated
//     severity changes: every receive moves it);
//   - `sort-by=updateTime` puts first the alerts whose status last changed (ack, shelve, close, expire, a receive that
//     changed the status): their updateTime moves;
//   - `/alerts/count` gives the total, severity and status counts of a filter, with `from-date`/`to-date` for a range
//     of receive times.
// Tags, attributes and notes move neither time, and a deletion leaves no trace but the counts; the rules below say
// how each of those is found. The data worker (src/worker/set-sync.ts) runs them; this module holds what they decide,
// so it can be tested without a network. The whole protocol, with the reasons, is in docs/architecture.md#the-alert-set.
import type { Alert, AlertsView, Config, CountMap } from './types.ts';
import { setFilterParams, sortParams } from './alerts-query.ts';
import { resolveRange } from './date-range.ts';
import { severityCode, statusRank, type SeverityConfig } from './severity.ts';

// ---- constants ------------------------------------------------------------------------------------------------------

/**
 * How long a change may take to become visible after the server stamped its time: the plugins the server runs
 * between stamping a receive or an action and writing it, the database commit, and the clocks of several API hosts.
 * A cursor only moves past a time once the server's own clock is this far beyond it ("settled"); until then the
 * window is asked for once more, so a change written late is found all the same.
 */
export const SETTLE_MS = 10_000;

/** Alerts per page of a delta (received or updated since): a storm's cycle rarely needs a second page. */
export const DELTA_PAGE = 500;

/** Alerts per page of a full pull: a page is at most a few MB, far below the worker's cap on an answer. */
export const PULL_PAGE = 5_000;

/** The same with each alert's history (up to 100 entries each on the real server): pages stay a few MB. */
export const PULL_PAGE_WITH_HISTORY = 500;

/**
 * Repairing a set whose counts disagree with the server's: the receive times are cut into this many ranges, each
 * range counted by the server; a range that disagrees is cut again, and fetched once it holds at most
 * RECONCILE_LEAF alerts. A deleted alert among 100,000 costs about 20 counts and one small page, not a full pull.
 */
export const RECONCILE_FANOUT = 8;
export const RECONCILE_LEAF = 200;
/** A repair that would fetch more than this share of the set is a full pull instead. */
export const RECONCILE_MAX_SHARE = 0.25;

/**
 * The safety net: what no cheap check can see (another client's tags, attributes or notes) is brought by a full pull
 * this often (`sync_full_every` in config.json, in seconds, overrides it)...
 */
export const SAFETY_PULL_MS = 5 * 60_000;
/** ...and never more often than this many times the last pull's own duration: a pull takes at most 1 % of the time. */
export const SAFETY_PULL_SHARE = 100;

/**
 * A plain list's page is asked for again at least this often, changed or not: what no cheap check sees (another
 * client's tags, attributes and notes) shows within a minute. A page is small: this costs a fraction of asking every
 * cycle.
 */
export const PAGE_SAFETY_MS = 60_000;

/** Updates paged through in one catch-up before a full pull is cheaper (a console asleep for hours). */
export const MAX_UPDATE_PAGES = 10;

// ---- times --------------------------------------------------------------------------------------------------------

/** An ISO-8601 time of the API as epoch ms (NaN when it is not one). */
export function timeMs(iso: string | null | undefined): number {
  if (typeof iso !== 'string' || iso === '') return Number.NaN;
  return Date.parse(iso);
}

/** Epoch ms as the API writes times: ISO-8601 UTC with milliseconds. */
export function isoOf(ms: number): string {
  return new Date(ms).toISOString();
}

/** The later of two times ('' counts as nothing known). */
export function laterOf(a: string, b: string): string {
  const ta = timeMs(a);
  const tb = timeMs(b);
  if (!Number.isFinite(ta)) return Number.isFinite(tb) ? b : '';
  if (!Number.isFinite(tb)) return a;
  return tb > ta ? b : a;
}

function earlierOf(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return timeMs(b) < timeMs(a) ? b : a;
}

// ---- the set and its requests -----------------------------------------------------------------------------------------

/**
 * What selects a view's set: its filter without its environment tab, sort, paging or grouping. Two views that differ
 * only in those share one set, so switching tabs or grouping needs no new pull. `identity` is the signed-in user and
 * the customers they see: another user's set is never taken for this one's.
 */
export function setKeyOf(view: Pick<AlertsView, 'query' | 'filter' | 'watchedBy' | 'showHistory'>, identity: string): string {
  const { environment: _environment, ...filter } = view.filter;
  return JSON.stringify({ who: identity, query: view.query, filter, watchedBy: view.watchedBy, history: view.showHistory });
}

/** The parts of a view's requests that stay the same from one cycle to the next. */
export interface SetQuery {
  /** the filter (no dates, no paging, no sort) */
  filter: URLSearchParams;
  /** the view's own time range, resolved at the cycle's time (a relative range slides) */
  range: { from: string | null; to: string | null };
  /** each alert with its history (the list shows the last note) */
  history: boolean;
  /** the statuses the view lists (null: every status): an updated alert is in the set when its status is one */
  statuses: string[] | null;
}

export function setQueryOf(view: AlertsView, now: Date): SetQuery {
  const statuses = Array.isArray(view.filter.status) ? view.filter.status.filter((s) => typeof s === 'string' && s !== '') : [];
  return {
    filter: setFilterParams(view),
    range: resolveRange(Array.isArray(view.filter.dateRange) ? view.filter.dateRange : [null, null], now),
    history: view.showHistory,
    statuses: statuses.length ? statuses : null,
  };
}

/** (after, upTo]: a range of receive times, either end open (null). */
export interface TimeWindow {
  after: string | null;
  upTo: string | null;
}

function paramsOf(q: SetQuery, window: TimeWindow, opts: { withoutStatus?: boolean; sort?: string; page?: number; pageSize?: number; count?: boolean } = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of q.filter) if (!(opts.withoutStatus && k === 'status')) params.append(k, v);
  if (opts.sort) params.append('sort-by', opts.sort);
  if (q.history && !opts.count) params.append('show-history', 'true');
  if (opts.page !== undefined) params.append('page', String(opts.page));
  if (opts.pageSize !== undefined) params.append('page-size', String(opts.pageSize));
  // The view's own range and the cursor's, intersected: the later start, the earlier end.
  const after = window.after === null ? q.range.from : q.range.from === null ? window.after : laterOf(window.after, q.range.from);
  const upTo = earlierOf(window.upTo, q.range.to);
  if (after) params.append('from-date', after);
  if (upTo) params.append('to-date', upTo);
  return params;
}

/** GET /alerts/count of the whole set (or of a range of receive times): the check of every cycle. */
export function countParams(q: SetQuery, window: TimeWindow = { after: null, upTo: null }): URLSearchParams {
  return paramsOf(q, window, { count: true });
}

/** GET /alerts of what was received in a window, newest first: the receive delta, and a window being settled. */
export function receivedParams(q: SetQuery, window: TimeWindow, page = 1, pageSize = DELTA_PAGE): URLSearchParams {
  return paramsOf(q, window, { sort: 'lastReceiveTime', page, pageSize });
}

/**
 * GET /alerts of the last updated alerts, whatever their status (an alert closed or acked away from the view is
 * found here too, and leaves the set): the update delta.
 */
export function updatedParams(q: SetQuery, page: number, pageSize: number): URLSearchParams {
  return paramsOf(q, { after: null, upTo: null }, { withoutStatus: q.statuses !== null && plainStatuses(q.statuses), sort: 'updateTime', page, pageSize });
}

/** A page of a full pull: the newest PULL_PAGE alerts received up to `upTo` (keyset paging on lastReceiveTime). */
export function pullParams(q: SetQuery, upTo: string | null, page = 1): URLSearchParams {
  return paramsOf(q, { after: null, upTo }, { sort: 'lastReceiveTime', page, pageSize: pullPageSize(q) });
}

export function pullPageSize(q: Pick<SetQuery, 'history'>): number {
  return q.history ? PULL_PAGE_WITH_HISTORY : PULL_PAGE;
}

/** GET /alerts of some alerts by id (those this console just changed), as the set's filter sees them. */
export function idsParams(q: SetQuery, ids: readonly string[]): URLSearchParams {
  const params = paramsOf(q, { after: null, upTo: null }, { sort: 'lastReceiveTime', page: 1, pageSize: ids.length });
  for (const id of ids) params.append('id', id);
  return params;
}

/**
 * The two questions of a plain list's change probe (src/worker/page-probe.ts): the newest alert of the list received
 * after a time (its total says how many were), and the alert of the list (whatever its status) updated last.
 */
export function pageProbeParams(view: AlertsView, now: Date): { received: (after: string | null) => URLSearchParams; updated: () => URLSearchParams } {
  const q = setQueryOf(view, now);
  if (view.filter.environment) q.filter.append('environment', view.filter.environment);
  const probe = { ...q, history: false };
  return {
    received: (after) => paramsOf(probe, { after, upTo: null }, { sort: 'lastReceiveTime', page: 1, pageSize: 1 }),
    updated: () => updatedParams(probe, 1, 1),
  };
}

/** Statuses compared exactly (a `~` pattern is the server's to evaluate): only then can an update be judged here. */
function plainStatuses(statuses: readonly string[]): boolean {
  return statuses.every((s) => !s.startsWith('~') && !s.startsWith('!'));
}

/**
 * Whether an alert the update delta brought belongs to the set: its status is one the view lists (compared exactly,
 * as the server's `status=` filter does). Everything else of the filter the server has applied already.
 */
export function keepsStatus(alert: Pick<Alert, 'status'>, q: Pick<SetQuery, 'statuses'>): boolean {
  if (q.statuses === null || !plainStatuses(q.statuses)) return true;
  return q.statuses.includes(alert.status);
}

/** Whether an alert's receive time is inside the view's own range (a relative range slides: old alerts leave). */
export function inRange(alert: Pick<Alert, 'lastReceiveTime'>, q: Pick<SetQuery, 'range'>): boolean {
  const t = timeMs(alert.lastReceiveTime);
  if (q.range.from !== null && !(t > timeMs(q.range.from))) return false;
  if (q.range.to !== null && !(t <= timeMs(q.range.to))) return false;
  return true;
}

// ---- counts -------------------------------------------------------------------------------------------------------------

export interface SetCounts {
  total: number;
  severityCounts: CountMap;
  statusCounts: CountMap;
}

export function emptyCounts(): SetCounts {
  return { total: 0, severityCounts: {}, statusCounts: {} };
}

/** Adds (sign 1) or removes (sign -1) one alert from counts kept as the server counts: raw severity and status. */
export function countAlert(counts: SetCounts, alert: Pick<Alert, 'severity' | 'status'>, sign: 1 | -1): void {
  counts.total += sign;
  bump(counts.severityCounts, alert.severity, sign);
  bump(counts.statusCounts, alert.status, sign);
}

function bump(map: CountMap, key: string, by: number) {
  const next = (map[key] ?? 0) + by;
  if (next === 0) delete map[key];
  else map[key] = next;
}

export function countsOf(alerts: Iterable<Pick<Alert, 'severity' | 'status'>>): SetCounts {
  const counts = emptyCounts();
  for (const a of alerts) countAlert(counts, a, 1);
  return counts;
}

/** Whether two counts agree: the same total and the same count for every severity and status (zeros left out). */
export function sameCounts(a: SetCounts, b: SetCounts): boolean {
  return a.total === b.total && sameMap(a.severityCounts, b.severityCounts) && sameMap(a.statusCounts, b.statusCounts);
}

function sameMap(a: CountMap, b: CountMap): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if ((a[k] ?? 0) !== (b[k] ?? 0)) return false;
  return true;
}

// ---- cursors -------------------------------------------------------------------------------------------------------------

/** One of the two streams of changes: the newest time seen, and the time up to which nothing can still appear. */
export interface Stream {
  seen: string;
  settled: string;
}

export interface Cursors {
  /** lastReceiveTime */
  received: Stream;
  /** updateTime */
  updated: Stream;
  /** the latest time known to have passed on the server's clock (its empty answers say what time it is) */
  serverNow: string;
}

export function emptyCursors(): Cursors {
  return { received: { seen: '', settled: '' }, updated: { seen: '', settled: '' }, serverNow: '' };
}

/**
 * While changes keep coming, a window is settled at least this often: what was written late in a long storm is found
 * within a minute or so, and a window is asked for again at most once a minute, not every cycle.
 */
export const SETTLE_EVERY_MS = 60_000;

/**
 * The time a stream may settle to now, or null: its newest time seen, once the server's clock is SETTLE_MS past it
 * (one more question after the last change); while changes keep coming (the newest seen moves on), as far as the
 * clock allows, but only when that is SETTLE_EVERY_MS past the last settled time. Nothing to settle: null.
 */
export function settleTarget(stream: Stream, serverNow: string): string | null {
  const now = timeMs(serverNow);
  const seen = timeMs(stream.seen);
  if (!Number.isFinite(now) || !Number.isFinite(seen)) return null;
  const target = Math.min(seen, now - SETTLE_MS);
  const settled = timeMs(stream.settled);
  if (Number.isFinite(settled) && target <= settled) return null;
  if (target < seen && Number.isFinite(settled) && target - settled < SETTLE_EVERY_MS) return null;
  return isoOf(target);
}

/** The cursors a full pull leaves: what it saw, settled only as far as it safely can. */
export function cursorsAfterPull(newestReceive: string, newestUpdate: string, serverNow: string): Cursors {
  const back = (t: string) => (Number.isFinite(timeMs(t)) ? isoOf(timeMs(t) - SETTLE_MS) : '');
  return {
    received: { seen: newestReceive, settled: back(newestReceive) },
    updated: { seen: newestUpdate, settled: back(newestUpdate) },
    serverNow: laterOf(serverNow, newestReceive),
  };
}

// ---- what an answer may hold -------------------------------------------------------------------------------------------

/** The part of a /alerts answer the checks read. */
export interface ListAnswer {
  alerts: readonly Pick<Alert, 'id' | 'lastReceiveTime' | 'updateTime' | 'customer'>[];
  total: number;
}

/**
 * Why a page of received alerts cannot be what was asked for (null: it can): an alert outside the window, the
 * alerts not newest first, fewer alerts than the total says the page holds, or an alert of a customer this session
 * does not see (an answer meant for another session). Such an answer is not applied: the set is pulled again.
 */
export function receivedProblem(answer: ListAnswer, window: TimeWindow, page: number, pageSize: number, customers: readonly string[] | null): string | null {
  const after = window.after === null ? Number.NEGATIVE_INFINITY : timeMs(window.after);
  const upTo = window.upTo === null ? Number.POSITIVE_INFINITY : timeMs(window.upTo);
  let previous = Number.POSITIVE_INFINITY;
  for (const a of answer.alerts) {
    const t = timeMs(a.lastReceiveTime);
    if (!(t > after && t <= upTo)) return `an alert received outside the window asked for (${a.lastReceiveTime})`;
    if (t > previous) return 'the alerts are not newest first';
    previous = t;
  }
  return pageProblem(answer, page, pageSize) ?? customerProblem(answer, customers);
}

/** The same for a page of the last updated alerts: newest update first, complete, this session's customers. */
export function updatedProblem(answer: ListAnswer, page: number, pageSize: number, customers: readonly string[] | null): string | null {
  let previous = Number.POSITIVE_INFINITY;
  for (const a of answer.alerts) {
    const t = timeMs(a.updateTime);
    if (!Number.isFinite(t)) return 'an alert without an update time';
    if (t > previous) return 'the alerts are not in the order of their last update';
    previous = t;
  }
  return pageProblem(answer, page, pageSize) ?? customerProblem(answer, customers);
}

function pageProblem(answer: ListAnswer, page: number, pageSize: number): string | null {
  const expected = Math.max(0, Math.min(pageSize, answer.total - (page - 1) * pageSize));
  return answer.alerts.length === expected ? null : `${answer.alerts.length} alerts where the total says ${expected}`;
}

/**
 * An alert of a customer the session does not see (a session limited to customers sees only theirs: an alert without
 * a customer is not one of them either): the answer was meant for another session.
 */
export function customerProblem(answer: { alerts: readonly Pick<Alert, 'customer'>[] }, customers: readonly string[] | null): string | null {
  if (!customers || customers.length === 0 || customers.includes('*')) return null;
  const foreign = answer.alerts.find((a) => a.customer === null || !customers.includes(a.customer));
  return foreign ? 'an alert of a customer this session does not see' : null;
}

// ---- repairing a set whose counts disagree -----------------------------------------------------------------------------

/**
 * Cuts a window of receive times into at most `fanout` windows holding about as many of the set's alerts each
 * (`times`: the receive times the set holds in the window, in ms, ascending), so the server's counts of each say
 * where the difference is. With too few alerts known to cut by, the time span itself is cut (`serverNowMs` closes an
 * open end). Empty when the window cannot be cut any more (one millisecond).
 */
export function splitWindow(window: TimeWindow, times: readonly number[], serverNowMs: number, fanout = RECONCILE_FANOUT): TimeWindow[] {
  const lo = window.after === null ? null : timeMs(window.after);
  const hi = window.upTo === null ? null : timeMs(window.upTo);
  const cuts = new Set<number>();
  const inside = (t: number) => (lo === null || t > lo) && (hi === null || t < hi);
  if (times.length >= fanout) {
    for (let k = 1; k < fanout; k++) {
      const t = times[Math.floor((k * times.length) / fanout)]!;
      if (inside(t)) cuts.add(t);
    }
  }
  if (cuts.size === 0) {
    const from = lo ?? (times.length ? times[0]! - 1 : 0);
    const to = hi ?? Math.max(serverNowMs, times.length ? times[times.length - 1]! : from + 1);
    const step = (to - from) / fanout;
    for (let k = 1; k < fanout; k++) {
      const t = Math.floor(from + k * step);
      if (inside(t) && t > from && t < to) cuts.add(t);
    }
    // An open start: everything before the first known time is one window of its own.
    if (lo === null && times.length && inside(times[0]! - 1)) cuts.add(times[0]! - 1);
  }
  if (cuts.size === 0) return [];
  const sorted = [...cuts].sort((a, b) => a - b);
  const out: TimeWindow[] = [];
  let after = window.after;
  for (const t of sorted) {
    out.push({ after, upTo: isoOf(t) });
    after = isoOf(t);
  }
  out.push({ after, upTo: window.upTo });
  return out;
}

/** Whether a receive time (ms) is in a window (its ends read once: it tests 100,000 times in a row). */
export function windowTest(window: TimeWindow): (t: number) => boolean {
  const after = window.after === null ? Number.NEGATIVE_INFINITY : timeMs(window.after);
  const upTo = window.upTo === null ? Number.POSITIVE_INFINITY : timeMs(window.upTo);
  return (t) => t > after && t <= upTo;
}

// ---- the safety net -----------------------------------------------------------------------------------------------------

/** How long after a full pull the next one is due (configured, or SAFETY_PULL_MS), never under SHARE × its duration. */
export function safetyIntervalMs(configuredMs: number | null | undefined, lastPullMs: number): number {
  const base = typeof configuredMs === 'number' && Number.isFinite(configuredMs) && configuredMs > 0 ? configuredMs : SAFETY_PULL_MS;
  return Math.max(base, lastPullMs * SAFETY_PULL_SHARE);
}

/** `sync_full_every` of the config (seconds) as ms, or null when not set or not a positive number. */
export function configuredSafetyMs(config: Partial<Pick<Config, 'sync_full_every'>>): number | null {
  const s = config.sync_full_every;
  return typeof s === 'number' && Number.isFinite(s) && s > 0 ? s * 1000 : null;
}

// ---- the view's order, here ---------------------------------------------------------------------------------------------

/** How the API sorts by each key (the real server's sortable fields): what of an alert it compares, and which way. */
type Kind = 'text' | 'number' | 'time' | 'list' | 'bool';
const SORT_KEYS: Record<string, { get: (a: Alert) => unknown; dir: 1 | -1; kind: Kind }> = {
  resource: { get: (a) => a.resource, dir: 1, kind: 'text' },
  event: { get: (a) => a.event, dir: 1, kind: 'text' },
  environment: { get: (a) => a.environment, dir: 1, kind: 'text' },
  correlate: { get: (a) => a.correlate, dir: 1, kind: 'list' },
  service: { get: (a) => a.service, dir: 1, kind: 'list' },
  group: { get: (a) => a.group, dir: 1, kind: 'text' },
  value: { get: (a) => a.value, dir: 1, kind: 'text' },
  text: { get: (a) => a.text, dir: 1, kind: 'text' },
  tags: { get: (a) => a.tags, dir: 1, kind: 'list' },
  origin: { get: (a) => a.origin, dir: 1, kind: 'text' },
  type: { get: (a) => a.type, dir: 1, kind: 'text' },
  createTime: { get: (a) => a.createTime, dir: -1, kind: 'time' },
  timeout: { get: (a) => a.timeout, dir: 1, kind: 'number' },
  rawData: { get: (a) => a.rawData ?? '', dir: 1, kind: 'text' },
  customer: { get: (a) => a.customer ?? '', dir: 1, kind: 'text' },
  duplicateCount: { get: (a) => a.duplicateCount, dir: 1, kind: 'number' },
  repeat: { get: (a) => a.repeat, dir: 1, kind: 'bool' },
  previousSeverity: { get: (a) => a.previousSeverity, dir: 1, kind: 'text' },
  trendIndication: { get: (a) => a.trendIndication, dir: 1, kind: 'text' },
  receiveTime: { get: (a) => a.receiveTime, dir: -1, kind: 'time' },
  lastReceiveId: { get: (a) => a.lastReceiveId, dir: 1, kind: 'text' },
  lastReceiveTime: { get: (a) => a.lastReceiveTime, dir: -1, kind: 'time' },
  updateTime: { get: (a) => a.updateTime, dir: -1, kind: 'time' },
};

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const compareNumber = (a: number, b: number) => a - b;

function compareList(x: readonly string[], y: readonly string[]): number {
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const c = compareText(x[i]!, y[i]!);
    if (c) return c;
  }
  return x.length - y.length;
}

/** An attribute's value as the server orders it (JSON values; a missing one after every other, as SQL's NULL). */
function compareAttribute(x: unknown, y: unknown): number {
  if (x === undefined || x === null) return y === undefined || y === null ? 0 : 1;
  if (y === undefined || y === null) return -1;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return compareText(typeof x === 'string' ? x : JSON.stringify(x), typeof y === 'string' ? y : JSON.stringify(y));
}

/** One key of an order: what is read of each alert once (a sort of 100,000 alerts reads each once, not per comparison). */
interface OrderKey {
  read: (a: Alert) => unknown;
  compare: (x: never, y: never) => number;
  /** 1 or -1: the key's natural direction times the `-` of its sort-by value */
  dir: number;
}

function orderKeys(sortBy: readonly string[], config?: SeverityConfig): OrderKey[] {
  const keys: OrderKey[] = [];
  for (const raw of sortBy) {
    const reverse = raw.startsWith('-') ? -1 : 1;
    const name = reverse === -1 ? raw.slice(1) : raw;
    if (name === 'severity') keys.push({ read: (a) => severityCode(a.severity, config), compare: compareNumber, dir: reverse });
    else if (name === 'status') keys.push({ read: (a) => statusRank(a.status, config), compare: compareText, dir: reverse });
    else if (name.startsWith('attributes.')) {
      const attr = name.slice('attributes.'.length);
      keys.push({ read: (a) => a.attributes?.[attr], compare: compareAttribute, dir: reverse });
    } else {
      const key = SORT_KEYS[name];
      if (!key) continue;
      const dir = reverse * key.dir;
      if (key.kind === 'time') keys.push({ read: (a) => timeMs(key.get(a) as string) || 0, compare: compareNumber, dir });
      else if (key.kind === 'number') keys.push({ read: (a) => Number(key.get(a)) || 0, compare: compareNumber, dir });
      else if (key.kind === 'bool') keys.push({ read: (a) => (key.get(a) ? 1 : 0), compare: compareNumber, dir });
      else if (key.kind === 'list') keys.push({ read: (a) => (Array.isArray(key.get(a)) ? (key.get(a) as unknown[]).map(String) : []), compare: compareList, dir });
      else keys.push({ read: (a) => String(key.get(a) ?? ''), compare: compareText, dir });
    }
  }
  return keys;
}

function compareRead(keys: readonly OrderKey[], x: readonly unknown[], y: readonly unknown[], idX: string, idY: string): number {
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const c = k.dir * (k.compare as (a: unknown, b: unknown) => number)(x[i], y[i]);
    if (c) return c;
  }
  return compareText(idX, idY);
}

/**
 * The order of a view's alerts, worked out here from its sort-by values as the server would sort them: severity by
 * the alarm model's codes (most severe first), status by its letters, times newest first, numbers and text as the
 * server's columns (text by code point: a PostgreSQL database with another collation may order case and accents
 * differently), `-` reversing a key. Alerts the keys do not tell apart keep the order of their ids, so the order is
 * the same on every cycle (the server leaves such ties in no particular order).
 */
export function alertOrder(sortBy: readonly string[], config?: SeverityConfig): (a: Alert, b: Alert) => number {
  const keys = orderKeys(sortBy, config);
  return (a, b) =>
    compareRead(
      keys,
      keys.map((k) => k.read(a)),
      keys.map((k) => k.read(b)),
      a.id,
      b.id,
    );
}

/** Alerts sorted by alertOrder, each alert's keys read once. */
export function sortAlerts<T extends Alert>(alerts: readonly T[], sortBy: readonly string[], config?: SeverityConfig): T[] {
  const keys = orderKeys(sortBy, config);
  const read = alerts.map((a) => ({ a, k: keys.map((key) => key.read(a)) }));
  read.sort((x, y) => compareRead(keys, x.k, y.k, x.a.id, y.a.id));
  return read.map((r) => r.a);
}

/** A view's alerts in the order its list asks the server for them (its column, or the config's sort_by). */
export function sortForView<T extends Alert>(alerts: readonly T[], view: AlertsView, config: Pick<Config, 'sort_by'> & SeverityConfig): T[] {
  return sortAlerts(alerts, sortParams(view, config), config);
}

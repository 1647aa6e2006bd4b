// Alert groups: the alerts of a view gathered by the value of one field, so a storm of hundreds of alerts reads as a
// few dozen lines ("DiskFull: 83 alerts, worst critical"). The rules of what a group is, what it shows, how groups
// are ordered, what an action on a whole group applies to, what "grew since you looked" means and what the overview
// ("What is going on") counts. The worker applies them to the alerts it fetched; the UI shows what it is sent.
// See docs/groups.md for how the data is fetched and how this relates to the API's /alerts/topn/count.
import type { Alert, AlertsView, Config, CountMap, Severity } from './types.ts';
import { compareSeverity, normaliseStatus, severityCode, type SeverityConfig } from './severity.ts';
import { isActionAllowed } from './actions.ts';
import { isWatchedBy } from './watch.ts';
import { compareNames } from './names.ts';

/** The fields the list can be grouped by, in the menu's order. `customer` only where customer views are on. */
export const GROUP_FIELDS = Object.freeze(['event', 'resource', 'service', 'group', 'origin', 'environment', 'customer'] as const);
export type GroupField = (typeof GROUP_FIELDS)[number];

/** The fields the overview ("What is going on") shows the top values of. */
export const OVERVIEW_FIELDS = Object.freeze(['event', 'resource', 'service', 'origin', 'environment'] as const);
export type OverviewField = (typeof OVERVIEW_FIELDS)[number];

/** How many values of each field the overview lists. */
export const OVERVIEW_TOP = 5;

/**
 * The key of the group of alerts that have no value in the field (an empty string, no customer, no service). A
 * control character no sender puts into a field value: it cannot collide with a real value, and the URL hash
 * escapes it (%00).
 */
export const EMPTY_GROUP = '\u0000';

export function isGroupField(x: unknown): x is GroupField {
  return typeof x === 'string' && (GROUP_FIELDS as readonly string[]).includes(x);
}

/** The fields offered in this console: customer only with customer views (the customer is hidden otherwise). */
export function offeredGroupFields(config: Pick<Config, 'customer_views'> | null | undefined): GroupField[] {
  return GROUP_FIELDS.filter((f) => f !== 'customer' || config?.customer_views === true);
}

/** A stored or linked group-by (URL hash, preference) as a field the console offers, else null (not grouped). */
export function groupFieldOf(value: unknown, config: Pick<Config, 'customer_views'> | null | undefined): GroupField | null {
  return isGroupField(value) && offeredGroupFields(config).includes(value) ? value : null;
}

/**
 * The groups an alert belongs to, by key. One group per value; an alert in two services belongs to both service
 * groups (each service once, however often the list repeats it); an empty value, a missing customer and an empty
 * service list all make the one "no value" group (EMPTY_GROUP). Values are compared exactly, as the API's filters do.
 */
export function groupKeysOf(alert: Pick<Alert, GroupField>, field: GroupField): string[] {
  if (field === 'service') {
    const services = Array.isArray(alert.service) ? alert.service.filter((s): s is string => typeof s === 'string' && s !== '') : [];
    return services.length ? [...new Set(services)] : [EMPTY_GROUP];
  }
  const value = alert[field];
  return typeof value === 'string' && value !== '' ? [value] : [EMPTY_GROUP];
}

/** The field value a group key stands for ('' for the "no value" group). */
export function groupValue(key: string): string {
  return key === EMPTY_GROUP ? '' : key;
}

/** What a group shows: its size, its worst severity, its statuses, environments and last receive. */
export interface AlertGroup {
  /** the field value, or EMPTY_GROUP */
  key: string;
  /** alerts in the group (each once) */
  count: number;
  /** the most severe severity among them: the group is coloured like a row of this severity */
  severity: Severity;
  severityCounts: CountMap;
  /** by status, legacy status codes counted as what they stand for (NORM as open...) */
  statusCounts: CountMap;
  /** the environments of its alerts, sorted */
  environments: string[];
  /** the newest lastReceiveTime among them (ISO-8601) */
  lastReceiveTime: string;
  /** how many of them the current user watches (null: nobody signed in) */
  watched: number | null;
  /** how many of them arrived since the operator last looked at the group (0: none, or never looked away) */
  grown: number;
}

/** A group with its members (alert ids, in the order of the alerts given: the view's own sort). */
export interface GroupWithMembers {
  group: AlertGroup;
  ids: string[];
}

/**
 * What "Download as CSV" exports of a grouped list (docs/groups.md): the alerts of its open groups in the list's order
 * (groups in display order, each group's alerts in the view's order), each once (an alert in two open groups comes with
 * the first); with no group open (or none of the open ones left), every alert of the view in the view's order (`all`).
 */
export function exportedIds(groups: readonly GroupWithMembers[], open: Iterable<string>, all: readonly string[]): string[] {
  const wanted = new Set(open);
  const openGroups = groups.filter((g) => wanted.has(g.group.key));
  if (openGroups.length === 0) return [...all];
  const ids = new Set<string>();
  for (const g of openGroups) for (const id of g.ids) ids.add(id);
  return [...ids];
}

/** The groups of a list of alerts, in display order (compareGroups), with their members. */
export function groupAlerts(
  alerts: readonly Alert[],
  field: GroupField,
  options: { config?: SeverityConfig; username?: string | null } = {},
): GroupWithMembers[] {
  const { config, username = null } = options;
  const byKey = new Map<string, { group: AlertGroup; ids: string[]; environments: Set<string>; code: number }>();
  for (const alert of alerts) {
    const status = normaliseStatus(alert.status);
    const code = severityCode(alert.severity, config);
    const watched = username ? isWatchedBy(alert, username) : false;
    for (const key of groupKeysOf(alert, field)) {
      let entry = byKey.get(key);
      if (!entry) {
        entry = {
          group: { key, count: 0, severity: alert.severity, severityCounts: {}, statusCounts: {}, environments: [], lastReceiveTime: '', watched: username ? 0 : null, grown: 0 },
          ids: [],
          environments: new Set(),
          code,
        };
        byKey.set(key, entry);
      }
      const g = entry.group;
      g.count++;
      entry.ids.push(alert.id);
      if (code < entry.code || (code === entry.code && compareSeverity(alert.severity, g.severity, config) < 0)) {
        entry.code = code;
        g.severity = alert.severity;
      }
      g.severityCounts[alert.severity] = (g.severityCounts[alert.severity] ?? 0) + 1;
      g.statusCounts[status] = (g.statusCounts[status] ?? 0) + 1;
      if (typeof alert.environment === 'string') entry.environments.add(alert.environment);
      if (typeof alert.lastReceiveTime === 'string' && alert.lastReceiveTime > g.lastReceiveTime) g.lastReceiveTime = alert.lastReceiveTime;
      if (watched && g.watched !== null) g.watched++;
    }
  }
  const out: GroupWithMembers[] = [];
  for (const entry of byKey.values()) {
    entry.group.environments = [...entry.environments].sort(compareNames);
    out.push({ group: entry.group, ids: entry.ids });
  }
  return out.sort((a, b) => compareGroups(a.group, b.group, config));
}

/**
 * Display order of groups: the worst severity first, then the biggest, then by value (the "no value" group after
 * the named ones of the same severity and size). A wall display uses the same order: largest and worst first.
 */
export function compareGroups(a: Pick<AlertGroup, 'key' | 'severity' | 'count'>, b: Pick<AlertGroup, 'key' | 'severity' | 'count'>, config?: SeverityConfig): number {
  const bySeverity = severityCode(a.severity, config) - severityCode(b.severity, config);
  if (bySeverity !== 0) return bySeverity;
  if (a.count !== b.count) return b.count - a.count;
  if ((a.key === EMPTY_GROUP) !== (b.key === EMPTY_GROUP)) return a.key === EMPTY_GROUP ? 1 : -1;
  return compareNames(a.key, b.key) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

// ---- grew since you looked ----------------------------------------------------------------------------------------

/**
 * What the operator has seen of each group: the alert ids in it when they last looked. A group is looked at when it
 * is first shown, whenever it is open, and when an action was taken on it; it "grew" by the alerts that joined it
 * since (new alerts, and older ones coming back, e.g. reopened). Alerts leaving it do not count.
 */
export type LookedState = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * The groups with their `grown` counts, and the looked state after this snapshot: groups never seen before and groups
 * in `looking` (open, or acted on) are looked at now. Groups gone from the view are forgotten.
 */
export function applyLooked(groups: readonly GroupWithMembers[], previous: LookedState | null, looking: ReadonlySet<string>): { groups: GroupWithMembers[]; looked: Map<string, ReadonlySet<string>> } {
  const looked = new Map<string, ReadonlySet<string>>();
  const out = groups.map((entry) => {
    const before = previous?.get(entry.group.key);
    if (!before || looking.has(entry.group.key)) {
      looked.set(entry.group.key, new Set(entry.ids));
      return entry.group.grown === 0 ? entry : { ...entry, group: { ...entry.group, grown: 0 } };
    }
    looked.set(entry.group.key, before);
    let grown = 0;
    for (const id of entry.ids) if (!before.has(id)) grown++;
    return grown === entry.group.grown ? entry : { ...entry, group: { ...entry.group, grown } };
  });
  return { groups: out, looked };
}

// ---- actions on a whole group ----------------------------------------------------------------------------------------

/** What can be done to every alert of a group at once. */
export const GROUP_ACTIONS = Object.freeze(['ack', 'shelve', 'close', 'watch', 'unwatch', 'delete'] as const);
export type GroupAction = (typeof GROUP_ACTIONS)[number];

export function isGroupAction(x: unknown): x is GroupAction {
  return typeof x === 'string' && (GROUP_ACTIONS as readonly string[]).includes(x);
}

/**
 * The alerts of a group an action applies to, each once (an alert listed twice, as a service list repeating a
 * service can make it, is acted on once): those whose status allows it (ack: open ones; shelve: open or acked;
 * close: not closed), those not yet watched (watch) or watched (unwatch) by the user, every one (delete). The others
 * are left alone, not failed.
 */
export function groupActionTargets(
  alerts: readonly Pick<Alert, 'id' | 'status' | 'tags'>[],
  action: GroupAction,
  username: string | null,
): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const a of alerts) {
    if (seen.has(a.id)) continue;
    seen.add(a.id);
    const applies =
      action === 'delete'
        ? true
        : action === 'watch'
          ? username !== null && !isWatchedBy(a, username)
          : action === 'unwatch'
            ? username !== null && isWatchedBy(a, username)
            : isActionAllowed(action, a.status);
    if (applies) out.push(a.id);
  }
  return out;
}

/**
 * How many alerts of a group an action would apply to, from its counts (what the confirmation says before the
 * worker works out the ids): the same rule as groupActionTargets.
 */
export function groupActionCount(group: Pick<AlertGroup, 'count' | 'statusCounts' | 'watched'>, action: GroupAction): number {
  const status = (s: string) => group.statusCounts[s] ?? 0;
  switch (action) {
    case 'ack':
      return status('open');
    case 'shelve':
      return status('open') + status('ack');
    case 'close':
      return group.count - status('closed');
    case 'watch':
      return group.count - (group.watched ?? group.count);
    case 'unwatch':
      return group.watched ?? 0;
    case 'delete':
      return group.count;
  }
}

/** The watch toggle of a group: watch what is not yet watched, or, when every alert already is, unwatch them all. */
export function groupWatchAction(group: Pick<AlertGroup, 'count' | 'watched'>): 'watch' | 'unwatch' {
  return group.watched !== null && group.count > 0 && group.watched >= group.count ? 'unwatch' : 'watch';
}

// ---- the overview ------------------------------------------------------------------------------------------------------

export interface OverviewValue {
  /** the value, or EMPTY_GROUP */
  key: string;
  count: number;
  /** the worst severity among its alerts */
  severity: Severity;
}

export interface OverviewColumn {
  field: OverviewField;
  /** the top values: the worst first, then the most frequent (as groups are ordered), at most OVERVIEW_TOP */
  values: OverviewValue[];
  /** how many distinct values the field has in the view */
  distinct: number;
}

/**
 * "What is going on": for each overview field, the values with the most alerts (counted as groups are: an alert in two
 * services counts once for each), each with its count and worst severity. The top values are those with the most
 * alerts; they are listed worst first, then biggest, so the most urgent reads first.
 */
export function overviewOf(alerts: readonly Alert[], options: { config?: SeverityConfig; top?: number } = {}): OverviewColumn[] {
  const top = options.top ?? OVERVIEW_TOP;
  return OVERVIEW_FIELDS.map((field) => {
    const groups = groupAlerts(alerts, field, { config: options.config }).map((g) => g.group);
    const biggest = [...groups].sort((a, b) => b.count - a.count || compareGroups(a, b, options.config)).slice(0, top);
    const values = biggest.sort((a, b) => compareGroups(a, b, options.config)).map((g) => ({ key: g.key, count: g.count, severity: g.severity }));
    return { field, values, distinct: groups.length };
  });
}

// ---- what the worker fetches ---------------------------------------------------------------------------------------------

/**
 * Whether a view needs every alert in it rather than one page: grouped, or with the overview shown. The worker then
 * keeps every alert of the view's filter in step by deltas (src/core/alert-sync.ts) in place of the page: the groups,
 * their members, the page of a flat list and the overview all come from that set, whatever its size.
 */
export function needsAllAlerts(view: Pick<AlertsView, 'groupBy' | 'overview'>): boolean {
  return isGroupField(view.groupBy) || view.overview === true;
}

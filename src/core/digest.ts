// "Since you last looked": what changed in the alerts of a view while the operator was away. The data worker records
// each change it sees between two versions of an alert in a journal (per server and user, on this device only, never
// sent anywhere); on coming back, the digest sums the journal since the operator's mark, per alert and grouped like
// the list. Rules only: the worker records and keeps the journal, the page shows the digest.
import type { Alert } from './types.ts';
import { normaliseStatus, trendBetween, type SeverityConfig } from './severity.ts';
import { groupKeysOf, type GroupField } from './alert-groups.ts';

export type ChangeKind = 'new' | 'duplicate' | 'escalated' | 'deescalated' | 'status' | 'expired' | 'deleted';

/** The alert's fields an entry keeps: enough to filter it by a view, group it like the list and name it. */
export type JournalAlert = Pick<Alert, 'id' | 'resource' | 'event' | 'environment' | 'severity' | 'status' | 'service' | 'group' | 'origin' | 'customer'>;

export interface JournalEntry {
  kind: ChangeKind;
  /** when it happened (epoch ms): the server's time where the alert tells it, else when the console saw it */
  at: number;
  /** severity (escalated, deescalated) or status (status, expired) before and after; no `from` when unknown */
  from?: string;
  to?: string;
  /** who changed the status, from the alert's history; null when the answer did not tell */
  by?: string | null;
  alert: JournalAlert;
}

/** How long the journal keeps what it saw, unless configured otherwise. */
export const JOURNAL_WINDOW_MS = 7 * 24 * 3600_000;
/** At most this many entries per server and user; past it the oldest go first. */
export const JOURNAL_MAX_ENTRIES = 20_000;
/** Away at least this long, the console offers the digest when it opens. */
export const DIGEST_AWAY_MS = 15 * 60_000;

function journalAlert(a: Alert): JournalAlert {
  return {
    id: a.id, resource: a.resource, event: a.event, environment: a.environment, severity: a.severity, status: a.status,
    service: [...a.service], group: a.group, origin: a.origin, customer: a.customer,
  };
}

function timeOf(iso: string | null | undefined, fallback: number): number {
  const t = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(t) ? t : fallback;
}

/** The newest history entry that set this status, when the answer carried the alert's history. */
function statusEntry(a: Alert, status: string) {
  let newest: Alert['history'][number] | undefined;
  for (const h of a.history) {
    if (normaliseStatus(h.status) !== status || h.type === 'note' || h.type === 'value') continue;
    if (!newest || h.updateTime > newest.updateTime) newest = h;
  }
  return newest;
}

/**
 * The changes between what the console knew of an alert (`before`, undefined when it did not know it) and what it
 * knows now (`after`, undefined when the alert is gone from the API). An alert it did not know counts as new when
 * it was created after `knownSince` (when the console's knowledge of the view starts); an older one came into the
 * view by a change of status. `seenAt` dates what the alert does not (a deletion).
 */
export function changesBetween(before: Alert | undefined, after: Alert | undefined, opts: { seenAt: number; knownSince: number; config?: SeverityConfig }): JournalEntry[] {
  const { seenAt, knownSince, config } = opts;
  if (!after) return before ? [{ kind: 'deleted', at: seenAt, alert: journalAlert(before) }] : [];
  const alert = journalAlert(after);
  const status = normaliseStatus(after.status);
  const statusChange = (from: string | undefined): JournalEntry => {
    const entry = statusEntry(after, status);
    return {
      kind: status === 'expired' ? 'expired' : 'status', at: timeOf(entry?.updateTime ?? after.updateTime, seenAt),
      ...(from !== undefined ? { from } : {}), to: status, by: entry?.user ?? null, alert,
    };
  };
  if (!before) {
    const created = timeOf(after.createTime, seenAt);
    return created > knownSince ? [{ kind: 'new', at: created, alert }] : [statusChange(undefined)];
  }
  const out: JournalEntry[] = [];
  if (after.duplicateCount > before.duplicateCount) out.push({ kind: 'duplicate', at: timeOf(after.lastReceiveTime, seenAt), alert });
  const trend = trendBetween(before.severity, after.severity, config);
  if (trend !== 'noChange') {
    out.push({ kind: trend === 'moreSevere' ? 'escalated' : 'deescalated', at: timeOf(after.lastReceiveTime, seenAt), from: before.severity, to: after.severity, alert });
  }
  const was = normaliseStatus(before.status);
  if (was !== status) out.push(statusChange(was));
  return out;
}

/** The entries worth keeping at `now`: those of the window, the newest `maxEntries` of them, oldest first. */
export function pruneJournal(entries: readonly JournalEntry[], now: number, window = { ms: JOURNAL_WINDOW_MS, maxEntries: JOURNAL_MAX_ENTRIES }): JournalEntry[] {
  const kept = entries.filter((e) => e.at > now - window.ms).sort((a, b) => a.at - b.at);
  return kept.length > window.maxEntries ? kept.slice(kept.length - window.maxEntries) : kept;
}

/** Whether the console offers the digest as it opens: the operator was away long enough and something changed. */
export function digestDue(lastLookedAt: number | null, now: number, changes: number, awayMs = DIGEST_AWAY_MS): boolean {
  return lastLookedAt !== null && now - lastLookedAt >= awayMs && changes > 0;
}

export interface DigestItem {
  id: string;
  /** the alert as the newest entry knew it */
  alert: JournalAlert;
  new: boolean;
  /** its severity's net move over the window: up and back down again is no move */
  severity: 'escalated' | 'deescalated' | null;
  /** its newest status, where one changed in the window */
  status: string | null;
  ackedByOthers: boolean;
  deleted: boolean;
  /** new or escalated, and still open: what needs someone */
  stillOpen: boolean;
  lastAt: number;
}

export interface DigestCounts {
  new: number;
  escalated: number;
  deescalated: number;
  closed: number;
  ackedByOthers: number;
  deleted: number;
  stillOpen: number;
}

export interface Digest {
  /** the mark: changes after it count */
  since: number;
  /** the newest change counted (null: none), which says how old an offline digest is */
  until: number | null;
  counts: DigestCounts;
  /** one per alert, the newest change first */
  items: DigestItem[];
  /** the items under the list's groups (an alert with two services under each), largest group first; one group with an empty key when the list is not grouped */
  groups: { key: string; items: DigestItem[] }[];
}

const CLOSED = new Set(['closed', 'expired']);

/**
 * The digest of the journal's entries after `since`, for the operator `me` (their own status changes are not
 * "acked by others"; a change whose author the API did not tell is counted as someone else's), grouped by the
 * list's field when it is grouped.
 */
export function digestOf(entries: readonly JournalEntry[], opts: { since: number; me: string | null; groupBy?: GroupField | null; config?: SeverityConfig }): Digest {
  const byAlert = new Map<string, JournalEntry[]>();
  for (const e of entries) {
    if (e.at <= opts.since) continue;
    const list = byAlert.get(e.alert.id);
    if (list) list.push(e);
    else byAlert.set(e.alert.id, [e]);
  }
  const items: DigestItem[] = [];
  for (const [id, list] of byAlert) {
    list.sort((a, b) => a.at - b.at);
    const last = list[list.length - 1]!;
    const moves = list.filter((e) => e.kind === 'escalated' || e.kind === 'deescalated');
    const trend = moves.length ? trendBetween(moves[0]!.from, moves[moves.length - 1]!.to, opts.config) : 'noChange';
    const statuses = list.filter((e) => e.kind === 'status' || e.kind === 'expired');
    const status = statuses.length ? statuses[statuses.length - 1]!.to ?? null : null;
    const isNew = list.some((e) => e.kind === 'new');
    const severity = trend === 'moreSevere' ? 'escalated' : trend === 'lessSevere' ? 'deescalated' : null;
    const deleted = last.kind === 'deleted';
    const current = normaliseStatus(last.alert.status);
    items.push({
      id, alert: last.alert, new: isNew, severity, status,
      ackedByOthers: statuses.some((e) => e.to === 'ack' && (e.by == null || e.by !== opts.me)),
      deleted,
      stillOpen: !deleted && (isNew || severity === 'escalated') && current === 'open',
      lastAt: last.at,
    });
  }
  items.sort((a, b) => b.lastAt - a.lastAt || (a.id < b.id ? -1 : 1));
  const counts: DigestCounts = { new: 0, escalated: 0, deescalated: 0, closed: 0, ackedByOthers: 0, deleted: 0, stillOpen: 0 };
  for (const i of items) {
    if (i.new) counts.new++;
    if (i.severity === 'escalated') counts.escalated++;
    if (i.severity === 'deescalated') counts.deescalated++;
    if (i.status !== null && CLOSED.has(i.status)) counts.closed++;
    if (i.ackedByOthers) counts.ackedByOthers++;
    if (i.deleted) counts.deleted++;
    if (i.stillOpen) counts.stillOpen++;
  }
  const groups = new Map<string, DigestItem[]>();
  for (const i of items) {
    const keys = opts.groupBy ? groupKeysOf(i.alert, opts.groupBy) : [''];
    for (const key of keys) {
      const list = groups.get(key);
      if (list) list.push(i);
      else groups.set(key, [i]);
    }
  }
  return {
    since: opts.since,
    until: items.length ? Math.max(...items.map((i) => i.lastAt)) : null,
    counts,
    items,
    groups: [...groups].map(([key, list]) => ({ key, items: list })).sort((a, b) => b.items.length - a.items.length || (a.key < b.key ? -1 : 1)),
  };
}

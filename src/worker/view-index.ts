// Every alert of a view (a grouped list, or one with the overview shown), as the last poll brought it: the groups and
// their members, "grew since you looked", the overview, the rows to send (the open groups' alerts, or the page of a
// flat list) and what changed since the last message. The alerts feed polls; this holds what the answer means.
import type { AlertRow, GroupsSnapshot } from './contract/index.ts';
import type { AlertsView, Config } from '../core/types.ts';
import {
  applyLooked,
  exportedIds,
  groupAlerts,
  groupFieldOf,
  overviewOf,
  type AlertGroup,
  type GroupField,
  type GroupWithMembers,
  type LookedState,
  type OverviewColumn,
} from '../core/alert-groups.ts';

/** The groups and the overview as a full message (and the cache) holds them. */
export interface IndexSnapshot {
  groups?: GroupsSnapshot;
  overview?: OverviewColumn[];
}

/** What the cache holds of the groups (every alert of them is in the kept set, src/worker/set-sync.ts). */
export type CachedIndex = IndexSnapshot;

/** The parts of a message about the groups and the overview. */
export interface IndexParts {
  groupOrder?: string[];
  groups?: AlertGroup[];
  members?: Record<string, string[]>;
  overview?: OverviewColumn[];
}

/**
 * The alerts of an open group sent before the tabs say which of its lines they show: a screenful and more, so a group
 * opened with a click shows its first alerts at once.
 */
export const FIRST_ROWS = 60;

const fingerprint = (group: AlertGroup) => JSON.stringify(group);
const sameIds = (a: readonly string[] | undefined, b: readonly string[]) => a !== undefined && a.length === b.length && a.every((id, i) => id === b[i]);

export class ViewIndex {
  readonly field: GroupField | null;
  private readonly overviewShown: boolean;
  /** every alert of the view in the view's order; null until a poll answered (a cached start has only what was sent) */
  private alerts: AlertRow[] | null = null;
  private byId = new Map<string, AlertRow>();
  private groupList: GroupWithMembers[] = [];
  private looked: LookedState | null = null;
  private open = new Set<string>();
  /** the alerts whose lines the tabs show or are about to (their window of an open group's lines, with a margin) */
  private window = new Set<string>();
  private overview: OverviewColumn[] | undefined;
  // What the UI was last sent (or the cache restored): patches carry what differs from it.
  private sentGroups = new Map<string, string>();
  private sentOrder: string[] | null = null;
  private sentMembers = new Map<string, string[]>();
  private sentOverview: string | null = null;

  constructor(
    view: AlertsView,
    private readonly options: { config: () => Config; username: () => string | null },
  ) {
    this.field = groupFieldOf(view.groupBy, options.config());
    this.overviewShown = view.overview === true;
  }

  /** Whether a poll has filled it (false: only what a cached snapshot held). */
  get loaded(): boolean {
    return this.alerts !== null;
  }

  /** The answer of a poll: all alerts of the view, in its order. */
  update(alerts: AlertRow[]): void {
    this.alerts = alerts;
    this.byId = new Map(alerts.map((a) => [a.id, a]));
    const config = this.options.config();
    if (this.field) {
      const grouped = groupAlerts(alerts, this.field, { config, username: this.options.username() });
      const withLooks = applyLooked(grouped, this.looked, this.open);
      this.groupList = withLooks.groups;
      this.looked = withLooks.looked;
    }
    this.overview = this.overviewShown ? overviewOf(alerts, { config }) : undefined;
  }

  /** The groups the tabs showing the view have open: their alerts are sent, and they count as looked at. */
  setOpen(keys: Iterable<string>): void {
    this.open = new Set(keys);
    this.markLooked(this.open);
  }

  /**
   * The alerts of open groups the tabs show (their lines in view and a margin): only these rows are sent, so a group of
   * thousands costs the page the rows it can show, and a poll that changes none of them sends none.
   */
  setWindow(ids: Iterable<string>): void {
    this.window = new Set(ids);
  }

  /** An action was taken on these groups (or they were opened): whatever joined them so far has been seen. */
  markLooked(keys: ReadonlySet<string>): void {
    if (!this.looked || keys.size === 0) return;
    const looked = new Map(this.looked);
    this.groupList = this.groupList.map((entry) => {
      if (!keys.has(entry.group.key)) return entry;
      looked.set(entry.group.key, new Set(entry.ids));
      return entry.group.grown === 0 ? entry : { ...entry, group: { ...entry.group, grown: 0 } };
    });
    this.looked = looked;
  }

  /**
   * The rows the UI keeps: of a grouped list's open groups, the alerts in the tabs' window and the first
   * FIRST_ROWS of each (what a group just opened shows before its window is known), each once, in display order; a
   * flat list's page (the overview's view: its page comes out of the same answer).
   */
  rows(page: number, rowsPerPage: number): AlertRow[] {
    if (!this.alerts) return [];
    if (!this.field) return this.alerts.slice((page - 1) * rowsPerPage, page * rowsPerPage);
    const out: AlertRow[] = [];
    const taken = new Set<string>();
    for (const entry of this.groupList) {
      if (!this.open.has(entry.group.key)) continue;
      entry.ids.forEach((id, k) => {
        if (taken.has(id) || (k >= FIRST_ROWS && !this.window.has(id))) return;
        taken.add(id);
        out.push(this.byId.get(id)!);
      });
    }
    return out;
  }

  /** How many alerts the answer held (what paging and the open counts can rely on). */
  get size(): number {
    return this.alerts?.length ?? 0;
  }

  /** All alerts of the answer (the open counts of a complete answer). */
  all(): readonly AlertRow[] {
    return this.alerts ?? [];
  }

  /**
   * The alerts of a group as last known: of the set it was worked out from, or, before that (a start before the kept
   * set has loaded), the cached members of an open group as `known` finds them. Null when unknown.
   */
  members(key: string, known: (id: string) => AlertRow | undefined): AlertRow[] | null {
    const entry = this.groupList.find((g) => g.group.key === key);
    if (entry && this.alerts) return entry.ids.map((id) => this.byId.get(id)!);
    const ids = this.sentMembers.get(key);
    if (!ids) return null;
    const rows = ids.map((id) => known(id));
    return rows.every((r): r is AlertRow => r !== undefined) ? rows : null;
  }

  /** What a download of the grouped list holds (exportedIds), from the last poll; null before one answered. */
  exported(open: Iterable<string>): AlertRow[] | null {
    if (!this.alerts || !this.field) return null;
    return exportedIds(this.groupList, open, this.alerts.map((a) => a.id)).map((id) => this.byId.get(id)!);
  }

  /** An alert of the set it was worked out from, by id. */
  row(id: string): AlertRow | undefined {
    return this.byId.get(id);
  }

  /** Everything, for a full message; what it holds counts as sent. */
  full(): IndexSnapshot {
    this.markAllSent();
    return this.snapshot();
  }

  /** Everything as last sent, for the cache. */
  snapshot(): IndexSnapshot {
    return {
      ...(this.field ? { groups: { field: this.field, groups: this.groupList.map((g) => g.group), members: Object.fromEntries(this.sentMembers) } } : {}),
      ...(this.overview ? { overview: this.overview } : {}),
    };
  }

  /**
   * For the cache: the groups as sent (what a later start paints first). Not the alerts of the open groups: the set is
   * kept whole beside (a group of 20,000 would make this copy tens of MB, read before anything shows).
   */
  cacheSnapshot(): CachedIndex {
    return this.snapshot();
  }

  /** What changed since the last message; what it holds counts as sent. */
  patch(): IndexParts {
    const out: IndexParts = {};
    if (this.field) {
      const order = this.groupList.map((g) => g.group.key);
      if (!sameIds(this.sentOrder ?? undefined, order)) out.groupOrder = order;
      const changed = this.groupList.filter((g) => this.sentGroups.get(g.group.key) !== fingerprint(g.group)).map((g) => g.group);
      if (changed.length) out.groups = changed;
      const members: Record<string, string[]> = {};
      let anyMembers = false;
      for (const entry of this.groupList) {
        if (!this.open.has(entry.group.key) || sameIds(this.sentMembers.get(entry.group.key), entry.ids)) continue;
        members[entry.group.key] = entry.ids;
        anyMembers = true;
      }
      if (anyMembers) out.members = members;
    }
    if (this.overview && JSON.stringify(this.overview) !== this.sentOverview) out.overview = this.overview;
    this.markAllSent();
    return out;
  }

  /** A cached snapshot was shown: patches from the first poll on are against it. */
  restore(cached: CachedIndex): void {
    if (cached.groups && cached.groups.field === this.field) {
      this.groupList = cached.groups.groups.map((group) => ({ group, ids: cached.groups!.members[group.key] ?? [] }));
      this.sentOrder = cached.groups.groups.map((g) => g.key);
      this.sentGroups = new Map(cached.groups.groups.map((g) => [g.key, fingerprint(g)]));
      this.sentMembers = new Map(Object.entries(cached.groups.members));
    }
    if (cached.overview && this.overviewShown) {
      this.overview = cached.overview;
      this.sentOverview = JSON.stringify(cached.overview);
    }
  }

  private markAllSent() {
    if (this.field) {
      this.sentOrder = this.groupList.map((g) => g.group.key);
      this.sentGroups = new Map(this.groupList.map((g) => [g.group.key, fingerprint(g.group)]));
      // Members are sent for the open groups only; a cached start keeps the ones it had until a poll knows better.
      if (this.alerts) this.sentMembers = new Map(this.groupList.filter((g) => this.open.has(g.group.key)).map((g) => [g.group.key, g.ids]));
    }
    this.sentOverview = this.overview ? JSON.stringify(this.overview) : null;
  }
}

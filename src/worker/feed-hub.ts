// The leader's feeds: one per distinct thing any tab shows (an alerts view, an alert's detail page, an indicator
// panel), shared by every tab that shows it. A feed starts when the first tab asks for it and stops when the last one
// leaves, closes or dies; it polls at the visible cadence while any of its tabs is looked at.
import type { AlertsView } from '../core/types.ts';
import type { IndicatorSpec } from './contract/index.ts';
import { viewKey } from '../core/alerts-view.ts';
import type { AlertsFeed, Feed } from './alerts-feed.ts';
import type { DetailFeed } from './detail-feed.ts';

/** What one tab shows in one of its three places. */
export type Wanted = { slot: 'alerts'; view: AlertsView } | { slot: 'detail'; id: string } | { slot: 'indicators'; queries: IndicatorSpec[] };
export type Slot = Wanted['slot'];

/** Whether a tab looks at what it asked for: a tab that is not must not make the feed poll at full speed. */
export interface Looking {
  /** shown in a visible tab, a wall display, or kept for notifications in a tab that still shows the list */
  fast: boolean;
}

export function wantedKey(w: Wanted): string {
  if (w.slot === 'alerts') return viewKey(w.view);
  if (w.slot === 'detail') return `detail:${w.id}`;
  return `indicators:${JSON.stringify(w.queries)}`;
}

/** What a tab's grouped list shows: its open groups, and the alerts of theirs in its window (with a margin). */
export interface OpenGroups {
  keys: readonly string[];
  window: readonly string[];
}

interface Entry {
  wanted: Wanted;
  feed: Feed;
  /** tab id → whether it looks */
  tabs: Map<string, Looking>;
}

export interface HubDeps {
  create: (wanted: Wanted, key: string) => Feed;
}

/** Lists that stopped (their screen was left) whose rows still seed a detail page opened from them. */
const KEEP_LEFT_LISTS = 3;

export class FeedHub {
  private entries = new Map<string, Entry>();
  /** tab id → slot → key */
  private tabs = new Map<string, Map<Slot, string>>();
  /** the last alert lists left, newest first: opening an alert leaves its list before the detail page asks for it */
  private leftLists: AlertsFeed[] = [];
  /** tab id → the groups it shows open in its alerts list, and the alerts of theirs it shows */
  private open = new Map<string, OpenGroups>();

  constructor(private deps: HubDeps) {}

  /** A tab shows `wanted` in its slot (null: nothing there any more). */
  want(tab: string, slot: Slot, wanted: Wanted | null, looking: Looking): void {
    const slots = this.tabs.get(tab) ?? new Map<Slot, string>();
    this.tabs.set(tab, slots);
    const key = wanted ? wantedKey(wanted) : null;
    const before = slots.get(slot);
    if (before !== undefined && before !== key) this.leave(tab, before);
    if (key === null || !wanted) {
      slots.delete(slot);
      return;
    }
    slots.set(slot, key);
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { wanted, feed: this.deps.create(wanted, key), tabs: new Map([[tab, looking]]) };
      this.entries.set(key, entry);
      this.pace(entry);
      if (slot === 'alerts') this.applyOpen(entry);
      void entry.feed.start();
      return;
    }
    entry.tabs.set(tab, looking);
    this.pace(entry);
    if (slot === 'alerts') this.applyOpen(entry);
    // A tab joining a feed that already runs, or asking again (it woke up, or a new leader took over), gets the
    // whole current state at once.
    entry.feed.resend(tab);
  }

  /**
   * The groups a tab shows open in its alerts list and the alerts of theirs it shows: the feed of that list sends
   * those of every tab.
   */
  setOpen(tab: string, open: OpenGroups): void {
    this.open.set(tab, open);
    const key = this.tabs.get(tab)?.get('alerts');
    const entry = key === undefined ? undefined : this.entries.get(key);
    if (entry) this.applyOpen(entry);
  }

  /** A tab became visible or hidden: the feeds it shows follow. */
  look(tab: string, looking: (slot: Slot) => Looking): void {
    for (const [slot, key] of this.tabs.get(tab) ?? []) {
      const entry = this.entries.get(key);
      if (!entry) continue;
      entry.tabs.set(tab, looking(slot));
      this.pace(entry);
    }
  }

  /** The tab is gone: every feed it alone showed stops. */
  dropTab(tab: string): void {
    for (const key of this.tabs.get(tab)?.values() ?? []) this.leave(tab, key);
    this.tabs.delete(tab);
    this.open.delete(tab);
  }

  /** Keeps only the tabs that are still alive (their workers hold their tab locks). */
  keepTabs(alive: ReadonlySet<string>): void {
    for (const tab of [...this.tabs.keys()]) if (!alive.has(tab)) this.dropTab(tab);
  }

  /** Polls now: the feeds with these keys, or every feed. */
  async refresh(keys?: readonly string[]): Promise<void> {
    const entries = keys ? keys.flatMap((k) => this.entries.get(k) ?? []) : [...this.entries.values()];
    await Promise.all(entries.map((e) => e.feed.refresh()));
  }

  /**
   * This console changed (or deleted) these alerts: every list the leader polls brings them in its next cycle (its
   * set asks for them by id; a plain list asks for its page), whatever its cheap checks say.
   */
  touch(ids: readonly string[], deleted: boolean): void {
    for (const entry of this.entries.values()) entry.feed.touched?.(ids, deleted);
  }

  /** The feeds of a kind, for what the session and the detail page need from them. */
  feeds<S extends Slot>(slot: S): (S extends 'alerts' ? AlertsFeed : S extends 'detail' ? DetailFeed : Feed)[] {
    return [...this.entries.values()].filter((e) => e.wanted.slot === slot).map((e) => e.feed) as never;
  }

  /**
   * The row of an alert as a list has it, with the time of that list's answer: from a list shown now, or from one
   * just left (a click on a row leaves the list before the detail page asks for the alert).
   */
  listRow(id: string): ReturnType<AlertsFeed['row']> {
    for (const feed of [...this.feeds('alerts'), ...this.leftLists]) {
      const row = feed.row(id);
      if (row) return row;
    }
    return undefined;
  }

  keysOf(tab: string): string[] {
    return [...(this.tabs.get(tab)?.values() ?? [])];
  }

  stopAll(): void {
    for (const entry of this.entries.values()) entry.feed.stop();
    this.entries.clear();
    this.tabs.clear();
    this.leftLists = [];
    this.open.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private leave(tab: string, key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.tabs.delete(tab);
    if (entry.tabs.size === 0) {
      entry.feed.stop();
      this.entries.delete(key);
      if (entry.wanted.slot === 'alerts') this.leftLists = [entry.feed as AlertsFeed, ...this.leftLists].slice(0, KEEP_LEFT_LISTS);
    } else {
      this.pace(entry);
      if (entry.wanted.slot === 'alerts') this.applyOpen(entry);
    }
  }

  private applyOpen(entry: Entry) {
    const keys = new Set<string>();
    const window = new Set<string>();
    for (const tab of entry.tabs.keys()) {
      const open = this.open.get(tab);
      for (const k of open?.keys ?? []) keys.add(k);
      for (const id of open?.window ?? []) window.add(id);
    }
    entry.feed.setOpenGroups?.(keys, window);
  }

  private pace(entry: Entry) {
    entry.feed.setHidden(![...entry.tabs.values()].some((l) => l.fast));
  }
}

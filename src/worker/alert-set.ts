// Every alert of a set (src/core/alert-sync.ts), by id, with its counts kept as the server counts them: the whole set's
// (the check of every cycle), and each environment's (the tab counts). Changes are applied one alert at a time, and
// what changed since it was last asked is remembered, so a cycle that changed nothing costs nothing downstream.
import type { AlertRow } from './contract/index.ts';
import type { EnvironmentCount } from '../core/types.ts';
import { countAlert, emptyCounts, timeMs, windowTest, type SetCounts, type TimeWindow } from '../core/alert-sync.ts';

/** Whether two copies of an alert differ in anything the console shows. */
export function sameAlert(a: AlertRow, b: AlertRow): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

export class AlertSet {
  private byId = new Map<string, AlertRow>();
  /** each alert's lastReceiveTime in ms, read once (a repair compares them many times over 100,000 alerts) */
  private received = new Map<string, number>();
  private totals: SetCounts = emptyCounts();
  private byEnvironment = new Map<string, SetCounts>();
  /** ids added, changed or removed since the last takeChanges() */
  private touched = new Set<string>();
  /** bumped by every change: what was worked out from the set (groups, order) is good while it is the same */
  version = 0;

  get size(): number {
    return this.byId.size;
  }

  get(id: string): AlertRow | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  values(): IterableIterator<AlertRow> {
    return this.byId.values();
  }

  /** Puts an alert in (or its newer copy in place of the old one); false when the copy is the same. */
  upsert(alert: AlertRow): boolean {
    const old = this.byId.get(alert.id);
    if (old && sameAlert(old, alert)) return false;
    if (old) this.count(old, -1);
    this.byId.set(alert.id, alert);
    this.received.set(alert.id, timeMs(alert.lastReceiveTime));
    this.count(alert, 1);
    this.changed(alert.id);
    return true;
  }

  remove(id: string): boolean {
    const old = this.byId.get(id);
    if (!old) return false;
    this.byId.delete(id);
    this.received.delete(id);
    this.count(old, -1);
    this.changed(id);
    return true;
  }

  /** The set becomes exactly these alerts (a full pull): only what differs counts as changed. */
  replaceAll(alerts: Iterable<AlertRow>): void {
    const keep = new Set<string>();
    for (const a of alerts) {
      keep.add(a.id);
      this.upsert(a);
    }
    for (const id of [...this.byId.keys()]) if (!keep.has(id)) this.remove(id);
  }

  /** The alerts received in a window replaced by the server's (a repaired range): what differs counts as changed. */
  replaceWindow(window: TimeWindow, alerts: readonly AlertRow[]): void {
    const keep = new Set(alerts.map((a) => a.id));
    for (const id of this.idsIn(window)) if (!keep.has(id)) this.remove(id);
    for (const a of alerts) this.upsert(a);
  }

  counts(): SetCounts {
    return this.totals;
  }

  /** Counts per environment, as /environments gives them (the tab counts). */
  environments(): EnvironmentCount[] {
    return [...this.byEnvironment.entries()].map(([environment, c]) => ({
      environment,
      count: c.total,
      severityCounts: { ...c.severityCounts },
      statusCounts: { ...c.statusCounts },
    }));
  }

  /** The receive times of the alerts in a window, in ms, ascending. */
  receiveTimes(window: TimeWindow): number[] {
    const test = windowTest(window);
    const out: number[] = [];
    for (const t of this.received.values()) if (test(t)) out.push(t);
    return out.sort((a, b) => a - b);
  }

  /** The counts of the alerts received in a window. */
  countsIn(window: TimeWindow): SetCounts {
    const test = windowTest(window);
    const counts = emptyCounts();
    for (const [id, t] of this.received) if (test(t)) countAlert(counts, this.byId.get(id)!, 1);
    return counts;
  }

  idsIn(window: TimeWindow): string[] {
    const test = windowTest(window);
    const out: string[] = [];
    for (const [id, t] of this.received) if (test(t)) out.push(id);
    return out;
  }

  /** The ids that changed since the last call (and forgets them). */
  takeChanges(): Set<string> {
    const out = this.touched;
    this.touched = new Set();
    return out;
  }

  private changed(id: string) {
    this.touched.add(id);
    this.version++;
  }

  private count(alert: AlertRow, sign: 1 | -1) {
    countAlert(this.totals, alert, sign);
    const env = alert.environment;
    let c = this.byEnvironment.get(env);
    if (!c) this.byEnvironment.set(env, (c = emptyCounts()));
    countAlert(c, alert, sign);
    if (c.total === 0) this.byEnvironment.delete(env);
  }
}

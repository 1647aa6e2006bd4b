// What changed between two polls of the same view: which rows to send, whether the order moved, which alerts are new.
import type { AlertRow } from './contract/index.ts';
import { normaliseStatus } from '../core/severity.ts';

export interface RowDiff {
  /** rows that are new on the page or differ from the previous poll */
  changed: AlertRow[];
  /** the page's ids in order, when order or membership changed; undefined otherwise */
  order: string[] | undefined;
}

/** Fingerprint of a row: any visible change (status, tags, counts, history...) changes it. */
export function rowFingerprint(row: AlertRow): string {
  return JSON.stringify(row);
}

export function diffRows(previous: ReadonlyMap<string, string> | null, previousOrder: readonly string[] | null, next: readonly AlertRow[]): RowDiff {
  const changed: AlertRow[] = [];
  for (const row of next) {
    if (!previous || previous.get(row.id) !== rowFingerprint(row)) changed.push(row);
  }
  const ids = next.map((r) => r.id);
  const sameOrder = previousOrder !== null && previousOrder.length === ids.length && ids.every((id, i) => previousOrder[i] === id);
  return { changed, order: sameOrder ? undefined : ids };
}

export function fingerprints(rows: readonly AlertRow[]): Map<string, string> {
  return new Map(rows.map((r) => [r.id, rowFingerprint(r)]));
}

export interface SeenState {
  ids: ReadonlySet<string>;
  /** the newest lastReceiveTime seen in earlier polls of the view (server clock, ISO-8601) */
  newest: string;
}

export function seenState(previous: SeenState | null, rows: readonly AlertRow[]): SeenState {
  let newest = previous?.newest ?? '';
  for (const r of rows) if (r.lastReceiveTime > newest) newest = r.lastReceiveTime;
  return { ids: new Set(rows.map((r) => r.id)), newest };
}

/**
 * Alerts worth a sound or a notification: open, not a repeat, absent from the previous poll of the same view and
 * received after anything seen before (so an old alert sliding onto the page when another one closes does not ring).
 * With no previous poll (first load of a view, or only a cached snapshot) nothing is new: a page full of old alerts
 * must not ring.
 */
export function newAlertIds(previous: SeenState | null, next: readonly AlertRow[]): string[] {
  if (!previous) return [];
  return next
    .filter((a) => !previous.ids.has(a.id) && !a.repeat && normaliseStatus(a.status) === 'open' && a.lastReceiveTime > previous.newest)
    .map((a) => a.id);
}

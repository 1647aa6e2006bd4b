// The actions this user made that wait to be sent (the worker's offline outbox), as the UI shows them: each row, card
// and detail page with its pending entries, and the count in the freshness line.
import { atom, type Atom } from 'jotai';
import type { OutboxEntry } from '../../worker/contract/index.ts';
import type { EventHandlers } from './store.ts';

export const outboxAtom = atom<readonly OutboxEntry[]>([]);
/** the list of what waits to be sent, with Cancel */
export const outboxOpenAtom = atom(false);

const NONE: readonly OutboxEntry[] = Object.freeze([]);

/** The entries by alert; an alert without any gets the same empty list, so its row does not re-render. */
export const pendingByAlertAtom = atom((get) => {
  const map = new Map<string, OutboxEntry[]>();
  for (const entry of get(outboxAtom)) map.set(entry.alertId, [...(map.get(entry.alertId) ?? []), entry]);
  return map;
});

/**
 * The per-alert atoms of the alerts asked about most recently (alert pages, rows). Only so many are kept: a console
 * open for days opens thousands of alerts, and an atom dropped here is made again when asked for (it is derived
 * from the outbox, so nothing is lost; a component still holding the old one keeps working).
 */
const pendingAtoms = new Map<string, Atom<readonly OutboxEntry[]>>();
/** the longest page (200 rows) and the alert pages opened from it */
export const PENDING_ATOMS_KEPT = 250;

/** An alert's pending entries. */
export function pendingAtom(alertId: string): Atom<readonly OutboxEntry[]> {
  let a = pendingAtoms.get(alertId);
  if (a) {
    // most recently asked for last
    pendingAtoms.delete(alertId);
    pendingAtoms.set(alertId, a);
    return a;
  }
  let last: readonly OutboxEntry[] = NONE;
  a = atom((get) => {
    const next = get(pendingByAlertAtom).get(alertId) ?? NONE;
    // the same entries as before: the same array, so nothing re-renders
    if (next.length === last.length && next.every((e, i) => e.id === last[i]?.id)) return last;
    last = next;
    return next;
  });
  pendingAtoms.set(alertId, a);
  while (pendingAtoms.size > PENDING_ATOMS_KEPT) pendingAtoms.delete(pendingAtoms.keys().next().value as string);
  return a;
}

export const outboxHandlers: EventHandlers<'outbox'> = {
  outbox: (store, event) => store.set(outboxAtom, event.entries),
};

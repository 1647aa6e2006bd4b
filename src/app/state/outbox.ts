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
const byAlertAtom = atom((get) => {
  const map = new Map<string, OutboxEntry[]>();
  for (const entry of get(outboxAtom)) map.set(entry.alertId, [...(map.get(entry.alertId) ?? []), entry]);
  return map;
});

const pendingAtoms = new Map<string, Atom<readonly OutboxEntry[]>>();

/** An alert's pending entries (one atom per alert id, forgotten with the rows: see forgetPending). */
export function pendingAtom(alertId: string): Atom<readonly OutboxEntry[]> {
  let a = pendingAtoms.get(alertId);
  if (!a) {
    let last: readonly OutboxEntry[] = NONE;
    a = atom((get) => {
      const next = get(byAlertAtom).get(alertId) ?? NONE;
      // the same entries as before: the same array, so nothing re-renders
      if (next.length === last.length && next.every((e, i) => e.id === last[i]?.id)) return last;
      last = next;
      return next;
    });
    pendingAtoms.set(alertId, a);
  }
  return a;
}

/** Forgets the per-alert atoms of alerts no longer shown and without pending entries. */
export function forgetPending(keep: ReadonlySet<string>, entries: readonly OutboxEntry[]) {
  const pending = new Set(entries.map((e) => e.alertId));
  for (const id of pendingAtoms.keys()) if (!keep.has(id) && !pending.has(id)) pendingAtoms.delete(id);
}

export const outboxHandlers: EventHandlers<'outbox'> = {
  outbox: (store, event) => store.set(outboxAtom, event.entries),
};

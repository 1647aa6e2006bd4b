// The actions this user made that wait to be sent (the worker's offline outbox), as the UI shows them: each row, card
// and detail page with its pending entries, and the count in the freshness line.
import { useMemo } from 'react';
import { atom, useAtomValue, type Atom } from 'jotai';
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
 * An atom of one alert's pending entries: a new one at every call, for one component (usePendingEntries keeps it for
 * the component's life). Nothing keyed by an alert id is kept here, so a console open for days (a wall display's
 * churn, thousands of alert pages opened) keeps an atom only for the rows and pages on screen.
 */
export function pendingEntriesAtom(alertId: string): Atom<readonly OutboxEntry[]> {
  let last: readonly OutboxEntry[] = NONE;
  return atom((get) => {
    const next = get(pendingByAlertAtom).get(alertId) ?? NONE;
    // the same entries as before: the same array, so nothing re-renders
    if (next.length === last.length && next.every((e, i) => e.id === last[i]?.id)) return last;
    last = next;
    return next;
  });
}

/** The actions of this alert that wait to be sent; the component re-renders only when they change. */
export function usePendingEntries(alertId: string): readonly OutboxEntry[] {
  return useAtomValue(useMemo(() => pendingEntriesAtom(alertId), [alertId]));
}

export const outboxHandlers: EventHandlers<'outbox'> = {
  outbox: (store, event) => store.set(outboxAtom, event.entries),
};

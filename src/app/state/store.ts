// The one jotai store of the app. Worker events are applied to it outside React; components read atoms.
import { createStore, type WritableAtom } from 'jotai';
import type { WorkerEvent } from '../../worker/contract/index.ts';

export type Store = ReturnType<typeof createStore>;

export const store = createStore();

/** How a state module applies the worker events it owns to a store (the app's, or a test's fresh one). */
export type EventHandlers<K extends WorkerEvent['type']> = {
  [T in K]: (store: Store, event: Extract<WorkerEvent, { type: T }>) => void;
};

/**
 * Sets an atom to a value the worker sent, unless it equals what the atom holds: a start goes on with the cached config
 * and preferences, and when their revalidation brings the same values nothing that reads them may render again.
 */
export function setIfChanged<T>(store: Store, target: WritableAtom<T, [T], void>, value: T): void {
  if (JSON.stringify(store.get(target)) !== JSON.stringify(value)) store.set(target, value);
}

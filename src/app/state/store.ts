// The one jotai store of the app. Worker events are applied to it outside React; components read atoms.
import { createStore } from 'jotai';
import type { WorkerEvent } from '../../worker/contract/index.ts';

export type Store = ReturnType<typeof createStore>;

export const store = createStore();

/** How a state module applies the worker events it owns to a store (the app's, or a test's fresh one). */
export type EventHandlers<K extends WorkerEvent['type']> = {
  [T in K]: (store: Store, event: Extract<WorkerEvent, { type: T }>) => void;
};

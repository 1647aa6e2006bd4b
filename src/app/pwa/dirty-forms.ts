// Forms with unsaved input hold back updates: the update prompt waits, and kiosk mode does not reload under them.
import { useEffect } from 'react';
import { store } from '../state/store.ts';
import { dirtyFormsAtom } from './pwa-state.ts';

/** Marks the form `id` as holding unsaved input (or not). Call it with false when the input is saved or discarded. */
export function markDirty(id: string, dirty: boolean): void {
  const current = store.get(dirtyFormsAtom);
  if (current.has(id) === dirty) return;
  const next = new Set(current);
  if (dirty) next.add(id);
  else next.delete(id);
  store.set(dirtyFormsAtom, next);
}

/** True while any form holds unsaved input. */
export function hasDirtyForms(): boolean {
  return store.get(dirtyFormsAtom).size > 0;
}

/**
 * For a form component: `useDirtyForm('note-<alertId>', text.trim() !== '')`. The mark is cleared when the
 * component unmounts, so a closed form never blocks an update.
 */
export function useDirtyForm(id: string, dirty: boolean): void {
  useEffect(() => {
    markDirty(id, dirty);
  }, [id, dirty]);
  useEffect(() => () => markDirty(id, false), [id]);
}

// State of the alerts screen that is not the worker's data: what the user chose (filter, sort, page, panel),
// the selection, which row has keyboard focus, and a shared 1 s clock for the time-left cells.
// Per-row derived atoms (isSelected, isFocused) change for at most two rows at a time, so a selection or focus
// change re-renders those rows and not the page.
import { atom, type Atom } from 'jotai';
import type { AlertFilter, SortState } from '../../../core/types.ts';
import { EMPTY_SELECTION, type Selection } from '../../../core/alerts-selection.ts';
import { store } from '../../state/store.ts';
import { orderAtom } from '../../state/alerts.ts';

export interface ScreenState {
  filter: AlertFilter;
  sort: SortState;
  showPanel: boolean;
  page: number;
  /** null until the user picks one in the footer: the preference applies */
  rowsPerPage: number | null;
  watchOnly: boolean;
}

export const selectionAtom = atom<Selection>(EMPTY_SELECTION);
export const focusedIdAtom = atom<string | null>(null);
/** set while an action runs, so the buttons show it and a second press is ignored */
export const busyAtom = atom(false);
/** what the user chose on this device before the preference round-trip finished (or when signed out) */
export const densityOverrideAtom = atom<'comfortable' | 'compact' | null>(null);
export const muteOverrideAtom = atom<boolean | null>(null);

/** Epoch ms, advanced every second while a time-left cell is on screen (and only then). */
export const clockAtom = atom(Date.now());
clockAtom.onMount = (set) => {
  set(Date.now());
  const timer = setInterval(() => set(Date.now()), 1000);
  return () => clearInterval(timer);
};

const selectedAtoms = new Map<string, Atom<boolean>>();
const focusedAtoms = new Map<string, Atom<boolean>>();

export function isSelectedAtom(id: string): Atom<boolean> {
  let a = selectedAtoms.get(id);
  if (!a) {
    a = atom((get) => get(selectionAtom).has(id));
    selectedAtoms.set(id, a);
  }
  return a;
}

/**
 * The row Tab lands on: the remembered one while it is on the page, else the first row. Computed once per change of
 * the page, so the per-row atoms below depend on one value and not each on the whole page order.
 */
export const effectiveFocusAtom = atom((get) => {
  const focused = get(focusedIdAtom);
  const order = get(orderAtom);
  return focused !== null && order.includes(focused) ? focused : (order[0] ?? null);
});

export function isFocusedAtom(id: string): Atom<boolean> {
  let a = focusedAtoms.get(id);
  if (!a) {
    a = atom((get) => get(effectiveFocusAtom) === id);
    focusedAtoms.set(id, a);
  }
  return a;
}

export const anySelectedAtom = atom((get) => get(selectionAtom).size > 0);

/** Forget the derived atoms of rows that left the page, so a long-running wall display does not grow. */
export function forgetRowsNotIn(order: readonly string[]) {
  const keep = new Set(order);
  for (const id of selectedAtoms.keys()) if (!keep.has(id)) selectedAtoms.delete(id);
  for (const id of focusedAtoms.keys()) if (!keep.has(id)) focusedAtoms.delete(id);
}

export function clearSelection() {
  if (store.get(selectionAtom).size > 0) store.set(selectionAtom, EMPTY_SELECTION);
}

/** Alerts waiting for the delete confirmation (a row, the keyboard or the bulk bar asked). */
export const pendingDeleteAtom = atom<{ ids: string[]; bulk: boolean } | null>(null);
/** the keyboard shortcuts dialog */
export const shortcutsOpenAtom = atom(false);

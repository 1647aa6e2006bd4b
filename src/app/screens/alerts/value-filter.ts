// A value of the list one click from a filter: Alt-click on a cell adds field = value to the search, Alt+Shift-click
// adds NOT field = value (src/core/query-values.ts writes the term); the search box then offers to undo it.
import { useCallback } from 'react';
import { atom, useStore } from 'jotai';
import { useLocation } from 'wouter';
import { searchWithQ } from '../../../core/alerts-location.ts';
import { addressAtom, clearSelection } from '../../state/alerts-screen.ts';

/** The last search a value click changed: the box offers to go back while the search is still the one it made. */
export const searchUndoAtom = atom<{ before: string; after: string } | null>(null);

/** The list's address with another search (the page goes back to the first, the rest of the address stays). */
export function addressWithQ(q: string): string {
  return `${location.pathname.replace(import.meta.env.BASE_URL.replace(/\/$/, ''), '')}${searchWithQ(location.search, q)}${location.hash}`;
}

/**
 * Adds (or excludes) a value in the search in force; nothing happens when the value cannot be written or is there
 * already. Joining it to the search needs the query parser, which loads on the first such click (off the first screen).
 */
export function useValueFilter(): (field: string, value: string, exclude: boolean) => void {
  const store = useStore();
  const [, navigate] = useLocation();
  return useCallback(
    (field, value, exclude) => {
      void import('../../../core/query-join.ts').then(({ withValueFilter }) => {
        const before = store.get(addressAtom).q;
        const after = withValueFilter(before, field, value, exclude);
        if (after === null || after === before.trim()) return;
        store.set(searchUndoAtom, { before, after });
        clearSelection(store);
        navigate(addressWithQ(after));
      });
    },
    [store, navigate],
  );
}

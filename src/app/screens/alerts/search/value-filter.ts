// A value one click from a filter (docs/search.md): a value's menu (right-click or long press on a table cell, the
// row's f / context-menu key / Shift+F10, the cards' and the alert page's filter buttons) or Alt-click on a table cell
// adds field = value to the search, Alt+Shift-click or "Exclude" adds NOT field = value (src/core/query-values.ts
// writes the term); the search box then offers to undo it.
import { useCallback } from 'react';
import { atom, useStore } from 'jotai';
import { useLocation } from 'wouter';
import { searchWithQ } from '../../../../core/alerts-location.ts';
import type { ValueFilterTarget } from '../../../../core/query-values.ts';
import { addressAtom, clearSelection, listAddress } from '../../../state/alerts-screen.ts';
import type { Store } from '../../../state/store.ts';

/** The last search a value click changed: the box offers to go back while the search is still the one it made. */
export const searchUndoAtom = atom<{ before: string; after: string } | null>(null);

/** The list's address with another search (the page goes back to the first, the rest of the address stays). */
export function addressWithQ(q: string): string {
  return `${location.pathname.replace(import.meta.env.BASE_URL.replace(/\/$/, ''), '')}${searchWithQ(location.search, q)}${location.hash}`;
}

/** A value the menu offers, with the name of its field as the user sees it (a column's header). */
export interface ValueMenuTarget extends ValueFilterTarget {
  label: string;
}

/**
 * An open value menu: its values, where it shows (a point in the viewport: the pointer, or under the element it was
 * opened from; `above` is where it ends when there is no room below), the element the focus goes back to, and whether its filters apply to the list on screen or, from the
 * alert page, to the list last searched.
 */
export interface ValueMenuRequest {
  targets: readonly ValueMenuTarget[];
  x: number;
  y: number;
  above: number;
  opener: HTMLElement | null;
  scope: 'list' | 'detail';
}

/** The one value menu of the page (rendered only while open: ValueMenu.tsx). */
export const valueMenuAtom = atom<ValueMenuRequest | null>(null);

/** Opens the value menu under (or at the end of) an element, for a keyboard or a button. */
export function openValueMenuAt(store: Store, el: HTMLElement, targets: readonly ValueMenuTarget[], scope: 'list' | 'detail', opener: HTMLElement | null = el) {
  const r = el.getBoundingClientRect();
  store.set(valueMenuAtom, { targets, x: r.left, y: r.bottom, above: r.top, opener, scope });
}

/**
 * Adds (or excludes) a value in the search in force; false when the value cannot be written or is there already.
 * From the alert page the list opens as it was last shown (its hash: filter, sort, grouping), the value added to its
 * search. Joining it to the search needs the query parser, which loads on the first such click (off the first screen).
 */
export function useValueFilter(): (field: string, value: string, exclude: boolean, scope?: 'list' | 'detail') => Promise<boolean> {
  const store = useStore();
  const [, navigate] = useLocation();
  return useCallback(
    async (field, value, exclude, scope = 'list') => {
      const { withValueFilter } = await import('../../../../core/query-join.ts');
      const address = store.get(addressAtom);
      const before = address.q;
      const after = withValueFilter(before, field, value, exclude);
      if (after === null) return false;
      if (scope === 'list' && after === before.trim()) return false;
      store.set(searchUndoAtom, after === before.trim() ? null : { before, after });
      clearSelection(store);
      navigate(scope === 'list' ? addressWithQ(after) : listAddress(store, after));
      return true;
    },
    [store, navigate],
  );
}

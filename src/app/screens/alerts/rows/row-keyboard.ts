// Keyboard handling shared by the table and the phone cards: roving focus between rows (one tabbable row), open,
// select and act on the focused row. The rules are src/core/row-navigation.ts; this applies them to the DOM.
import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { isActionAllowed } from '../../../../core/actions.ts';
import { moveIndex, rowCommand } from '../../../../core/row-navigation.ts';
import { toggleSelected } from '../../../../core/alerts-selection.ts';
import { isWatchedBy } from '../../../../core/watch.ts';
import { rowOf } from '../../../state/alerts.ts';
import type { Store } from '../../../state/store.ts';
import { clearSelection, effectiveFocusAtom, focusedIdAtom, navigationKeysAtom, pendingDeleteAtom, selectionAtom, type RowContext } from '../../../state/alerts-screen.ts';
import { alertCommands } from '../../../data/alerts.ts';

/** How long a focus move waits for its row to be rendered: far longer than a render takes, even on a busy machine. */
export const FOCUS_WAIT_MS = 3000;

let pendingFocus: (() => void) | null = null;

/**
 * Focuses the row element of an alert (table row or card) inside `container` and scrolls it into view. Only rows near
 * the viewport are rendered: a row that is not there yet (focus just moved to it, so the list renders it next) is
 * focused as soon as it is inserted, however long the render takes, unless the focus went elsewhere meanwhile
 * (another move, a click, a key that left the list) or FOCUS_WAIT_MS passed.
 */
export function focusRow(container: HTMLElement | null, id: string | null) {
  pendingFocus?.();
  if (!container || id === null) return;
  // A line of a grouped list goes by its key (a group's header, an alert under a group); a plain row by its alert id.
  const find = () =>
    container.querySelector<HTMLElement>(`[data-item-key="${CSS.escape(id)}"]`) ??
    container.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(id)}"]:not([data-item-key])`);
  const apply = (el: HTMLElement) => {
    el.focus({ preventScroll: true });
    el.scrollIntoView({ block: 'nearest' });
  };
  const el = find();
  if (el) {
    apply(el);
    return;
  }
  // The focus the user had when the move was made; if it changes before the row appears, the move is stale.
  const had = document.activeElement;
  const observer = new MutationObserver(() => {
    const found = find();
    if (!found) return;
    stop();
    if (document.activeElement === had || document.activeElement === document.body) apply(found);
  });
  const timer = setTimeout(() => stop(), FOCUS_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    if (pendingFocus === stop) pendingFocus = null;
  };
  pendingFocus = stop;
  observer.observe(container, { childList: true, subtree: true });
}

/** The focused row: the remembered one, else the first of the page (the one Tab lands on). */
export function currentFocusId(store: Store): string | null {
  return store.get(effectiveFocusAtom);
}

/**
 * Keeps the keyboard focus on the list's row when the element holding it goes away: the row's alert left the page
 * (closed, deleted: the focus goes on to the row that took its place), or the list changed layout (`layout`: the cards
 * replaced the table's rows, or the other way, and the same alert's card or row takes it back).
 */
export function useKeepRowFocus(container: RefObject<HTMLElement | null>, layout: unknown) {
  const order = useAtomValue(navigationKeysAtom);
  const store = useStore();
  const hadFocus = useRef(false);
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const onIn = () => (hadFocus.current = true);
    const onOut = (e: FocusEvent) => {
      const to = e.relatedTarget as Node | null;
      if (to) {
        hadFocus.current = el.contains(to);
        return;
      }
      // Focus going nowhere: the user left (a click on nothing, another window), or the focused element was removed,
      // which Chromium reports too; only the first ends the list's focus.
      const from = e.target as Node;
      queueMicrotask(() => {
        if (from.isConnected) hadFocus.current = false;
      });
    };
    el.addEventListener('focusin', onIn);
    el.addEventListener('focusout', onOut);
    return () => {
      el.removeEventListener('focusin', onIn);
      el.removeEventListener('focusout', onOut);
    };
  }, [container]);
  useEffect(() => {
    // A removed element drops focus to <body>; a row still there keeps it.
    if (!hadFocus.current || !focusIsNowhere()) return;
    return refocusRowNextFrame(container, () => currentFocusId(store));
  }, [order, layout, container, store]);
}

const focusIsNowhere = () => !document.activeElement || document.activeElement === document.body;

/**
 * Gives the list's row the focus that a removed element dropped, at the next frame (once the list has rendered), unless
 * the focus went somewhere meanwhile: a user who acts on a row and at once clicks into the search box keeps typing
 * there. Returns the cancel.
 */
export function refocusRowNextFrame(container: RefObject<HTMLElement | null>, id: () => string | null): () => void {
  const frame = requestAnimationFrame(() => {
    if (focusIsNowhere()) focusRow(container.current, id());
  });
  return () => cancelAnimationFrame(frame);
}

/**
 * The keys of the list. `pageSize` is how many rows PageUp/PageDown jump: the rows that fit the viewport;
 * `valueMenu` opens the menu of a row's values (value-menu-gestures.ts). In a grouped list, focus moves through group
 * headers and alerts alike, and `onGroupKey` takes the keys pressed on a group's line.
 */
export function useRowKeyboard(
  ctx: RowContext,
  open: (id: string) => void,
  container: () => HTMLElement | null,
  pageSize: () => number,
  valueMenu: (id: string, rowEl: HTMLElement) => void,
  onGroupKey?: (e: KeyboardEvent<HTMLElement>, group: string) => boolean,
) {
  const store = useStore();
  return useCallback(
    (e: KeyboardEvent<HTMLElement>) => {
      // Keys typed into a control inside a row (the custom-actions menu, a checkbox) belong to that control,
      // except the navigation keys on the checkbox.
      const target = e.target as HTMLElement;
      const line = target.closest<HTMLElement>('[data-row-id], [data-group-key]');
      const onRow = target === line;
      const command = rowCommand(e);
      const group = line?.getAttribute('data-group-key');
      if (group != null && onRow && onGroupKey?.(e, group)) {
        e.preventDefault();
        e.stopPropagation();
        return;
      }
      if (!command) return;
      if (!onRow) {
        if (target.closest('[role="menu"]')) return;
        const control = ['BUTTON', 'A', 'INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
        if (control && command.kind !== 'move') return;
      }
      const order = store.get(navigationKeysAtom);
      const key = line?.getAttribute('data-item-key') ?? line?.getAttribute('data-row-id') ?? currentFocusId(store);
      if (key == null) return;
      if (group != null && command.kind !== 'move') return;
      const id = line?.getAttribute('data-row-id') ?? key;
      const alert = rowOf(store, id);
      switch (command.kind) {
        case 'move': {
          const next = order[moveIndex(command.to, order.indexOf(key), order.length, pageSize())] ?? null;
          if (next !== null) {
            store.set(focusedIdAtom, next);
            focusRow(container(), next);
          }
          break;
        }
        case 'open':
          open(id);
          break;
        case 'toggleSelect':
          store.set(selectionAtom, (s) => toggleSelected(s, id));
          break;
        case 'clearSelection':
          if (store.get(selectionAtom).size === 0) return;
          clearSelection(store);
          break;
        case 'act':
          if (!ctx.canWrite || !alert || !isActionAllowed(command.action, alert.status)) return;
          void alertCommands.act('list', [id], command.action);
          break;
        case 'watch':
          if (!ctx.canWrite || !alert || !ctx.username) return;
          void alertCommands.watch('list', [id], !isWatchedBy(alert, ctx.username));
          break;
        case 'delete':
          if (!ctx.canDelete) return;
          store.set(pendingDeleteAtom, { ids: [id], bulk: false });
          break;
        case 'valueMenu': {
          const rowEl = target.closest<HTMLElement>('[data-row-id]');
          if (!rowEl) return;
          valueMenu(id, rowEl);
          break;
        }
      }
      e.preventDefault();
      e.stopPropagation();
    },
    [ctx, open, container, pageSize, valueMenu, store, onGroupKey],
  );
}

// Keyboard handling shared by the table and the phone cards: roving focus between rows (one tabbable row), open,
// select and act on the focused row. The rules are src/core/row-navigation.ts; this applies them to the DOM.
import { useCallback, type KeyboardEvent } from 'react';
import { isActionAllowed } from '../../../core/actions.ts';
import { moveIndex, rowCommand } from '../../../core/row-navigation.ts';
import { toggleSelected } from '../../../core/alerts-selection.ts';
import { isWatchedBy } from '../../../core/watch.ts';
import { orderAtom, rowAtom } from '../../state/alerts.ts';
import { store } from '../../state/store.ts';
import { clearSelection, focusedIdAtom, pendingDeleteAtom, selectionAtom } from './alerts-screen-state.ts';
import { runCommand } from './alert-commands.ts';
import type { RowContext } from './AlertCells.tsx';

/** Focuses the row element of an alert (table row or card) inside `container`. */
export function focusRow(container: HTMLElement | null, id: string | null) {
  if (!container || id === null) return;
  const el = container.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(id)}"]`);
  el?.focus();
  el?.scrollIntoView({ block: 'nearest' });
}

/** The focused row: the remembered one, else the first of the page (the one Tab lands on). */
export function currentFocusId(): string | null {
  const order = store.get(orderAtom);
  const id = store.get(focusedIdAtom);
  return id !== null && order.includes(id) ? id : (order[0] ?? null);
}

export function useRowKeyboard(ctx: RowContext, open: (id: string) => void, container: () => HTMLElement | null) {
  return useCallback(
    (e: KeyboardEvent<HTMLElement>) => {
      // Keys typed into a control inside a row (the custom-actions menu, a checkbox) belong to that control,
      // except the navigation keys on the checkbox.
      const target = e.target as HTMLElement;
      const onRow = target.hasAttribute('data-row-id');
      const command = rowCommand(e);
      if (!command) return;
      if (!onRow) {
        if (target.closest('[role="menu"]')) return;
        const control = ['BUTTON', 'A', 'INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
        if (control && command.kind !== 'move') return;
      }
      const order = store.get(orderAtom);
      const id = target.closest<HTMLElement>('[data-row-id]')?.getAttribute('data-row-id') ?? currentFocusId();
      if (id === null) return;
      const alert = rowAtom(id) ? store.get(rowAtom(id)!) : null;
      switch (command.kind) {
        case 'move': {
          const next = order[moveIndex(command.to, order.indexOf(id), order.length)] ?? null;
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
          clearSelection();
          break;
        case 'act':
          if (!ctx.canWrite || !alert || !isActionAllowed(command.action, alert.status)) return;
          void runCommand([id], { kind: 'act', action: command.action });
          break;
        case 'watch':
          if (!ctx.canWrite || !alert || !ctx.username) return;
          void runCommand([id], { kind: 'watch', on: !isWatchedBy(alert, ctx.username) });
          break;
        case 'delete':
          if (!ctx.canDelete) return;
          store.set(pendingDeleteAtom, { ids: [id], bulk: false });
          break;
      }
      e.preventDefault();
      e.stopPropagation();
    },
    [ctx, open, container],
  );
}

// How a value's menu is reached in the list (docs/search.md): a right-click (or a long press of a finger) on a table
// cell holding a value opens the menu of that value; on a phone card, of the card's values; the row's keys (f, the
// context-menu key, Shift+F10) open the menu of every value of the row. One listener on the list, not one per row or
// cell: the rows render nothing for it.
import { useCallback, useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';
import { useStore } from 'jotai';
import { columnDef, type ColumnDef } from '../../../../core/columns.ts';
import { cellValues, rowValues } from '../../../../core/query-values.ts';
import type { AlertRow } from '../../../../worker/contract/index.ts';
import { rowOf } from '../../../state/alerts.ts';
import type { RowContext } from '../../../state/alerts-screen.ts';
import { useT } from '../../../state/i18n.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import { columnLabel } from './AlertCells.tsx';
import { openValueMenuAt, valueMenuAtom, type ValueMenuTarget } from '../search/value-filter.ts';

/** How long a finger rests on a value before its menu opens (the platforms' own long press is about as long). */
const LONG_PRESS_MS = 500;
/** How far a finger may move during a long press before it counts as a scroll. */
const LONG_PRESS_SLOP_PX = 10;
/** What a phone card shows, before the configured columns: its values come first in its menu. */
const CARD_COLUMNS = ['severity', 'status', 'resource', 'event', 'environment', 'service'].map((name) => columnDef(name)).filter((c): c is ColumnDef => c !== null);

/** Every value of a row a filter can be made of, named by its column's header. */
export function rowTargets(columns: readonly ColumnDef[], alert: AlertRow, t: (key: MessageKey) => string): ValueMenuTarget[] {
  const byName = new Map(columns.map((c) => [c.name, c]));
  return rowValues(columns, alert).map((v) => ({ field: v.field, value: v.value, label: columnLabel(byName.get(v.column)!, t) }));
}

/** The columns a phone card's menu offers: what the card shows, then the configured columns. */
export function cardColumns(ctx: RowContext): ColumnDef[] {
  return [...CARD_COLUMNS, ...ctx.columns.filter((c) => !CARD_COLUMNS.some((d) => d.name === c.name))];
}

/**
 * Handlers for the list's element: `cell` for the table (a cell's own value), `card` for the phone cards (the card's
 * values). A long press that opened the menu does not also open the alert (Safari sends a click when the finger lifts).
 */
export function useValueMenuGestures(ctx: RowContext, kind: 'cell' | 'card') {
  const store = useStore();
  const { t } = useT();
  const press = useRef<{ timer: ReturnType<typeof setTimeout>; x: number; y: number } | null>(null);
  const swallowClickUntil = useRef(0);
  const endPress = useCallback(() => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
  }, []);
  useEffect(() => endPress, [endPress]);

  /** Opens the menu of what is at `el` at a viewport point; false when nothing there can be a filter. */
  const openAt = useCallback(
    (el: HTMLElement, x: number, y: number): boolean => {
      const rowEl = el.closest<HTMLElement>('[data-row-id]');
      const alert = rowEl ? rowOf(store, rowEl.getAttribute('data-row-id')!) : undefined;
      if (!rowEl || !alert) return false;
      let targets: ValueMenuTarget[];
      if (kind === 'cell') {
        const name = el.closest<HTMLElement>('[data-column]')?.getAttribute('data-column');
        const column = ctx.columns.find((c) => c.name === name);
        targets = column ? cellValues(column, alert).map((v) => ({ ...v, label: columnLabel(column, t) })) : [];
      } else {
        targets = rowTargets(cardColumns(ctx), alert, t);
      }
      if (targets.length === 0) return false;
      store.set(valueMenuAtom, { targets, x, y, above: y, opener: rowEl, scope: 'list' });
      return true;
    },
    [store, ctx, kind, t],
  );

  const onContextMenu = useCallback(
    (e: MouseEvent<HTMLElement>) => {
      endPress();
      // with text selected (to copy it), or with a modifier, the browser's own menu
      if (e.shiftKey || e.ctrlKey || e.metaKey || window.getSelection()?.toString()) return;
      if ((e.target as HTMLElement).closest('a, button, input, label, [role="menu"]')) return;
      if (openAt(e.target as HTMLElement, e.clientX, e.clientY)) e.preventDefault();
    },
    [openAt, endPress],
  );

  // A long press of a finger: browsers that send no contextmenu for it (Safari on iOS) get the menu too.
  const onPointerDown = useCallback(
    (e: PointerEvent<HTMLElement>) => {
      endPress();
      if (e.pointerType !== 'touch' || (e.target as HTMLElement).closest('a, button, input, label')) return;
      const target = e.target as HTMLElement;
      const { clientX: x, clientY: y } = e;
      press.current = {
        x,
        y,
        timer: setTimeout(() => {
          press.current = null;
          if (store.get(valueMenuAtom) === null && openAt(target, x, y)) swallowClickUntil.current = Date.now() + 800;
        }, LONG_PRESS_MS),
      };
    },
    [openAt, endPress, store],
  );
  const onPointerMove = useCallback(
    (e: PointerEvent<HTMLElement>) => {
      const p = press.current;
      if (p && Math.hypot(e.clientX - p.x, e.clientY - p.y) > LONG_PRESS_SLOP_PX) endPress();
    },
    [endPress],
  );
  const onClickCapture = useCallback((e: MouseEvent<HTMLElement>) => {
    if (Date.now() < swallowClickUntil.current) {
      swallowClickUntil.current = 0;
      e.stopPropagation();
      e.preventDefault();
    }
  }, []);

  /** The row keys' menu: every value of the row, under the row. */
  const openForRow = useCallback(
    (id: string, rowEl: HTMLElement) => {
      const alert = rowOf(store, id);
      if (!alert) return;
      openValueMenuAt(store, rowEl, rowTargets(kind === 'cell' ? ctx.columns : cardColumns(ctx), alert, t), 'list');
    },
    [store, ctx, kind, t],
  );

  // the list element's listeners, spread on it
  const handlers = { onContextMenu, onPointerDown, onPointerMove, onPointerUp: endPress, onPointerCancel: endPress, onClickCapture };
  return { handlers, openForRow };
}

// The alert table (laptop and wall display), built from ARIA table roles on CSS grid rows rather than <table>:
// each row lays out on its own and rows off screen skip layout and paint (content-visibility), which a table's rows
// cannot do. With 200 rows that is the difference between repainting the page and repainting the visible rows.
// The alert table: configured columns, sortable headers, severity-coloured rows, trend
// arrows that start multi-select, checkboxes while anything is selected, row actions on hover and keyboard focus.
// One memoised row per id, each reading only its own atom: an unchanged poll re-renders no row.
import { memo, useCallback, useRef, useState, type MouseEvent } from 'react';
import { useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import type { ColumnDef } from '../../../core/columns.ts';
import { readableRowTextColor, severityColor } from '../../../core/severity.ts';
import { nextSort, sortShown } from '../../../core/alerts-location.ts';
import { ROW_HEIGHTS } from '../../../core/preferences.ts';
import { selectionCoverage, toggleAll, toggleSelected } from '../../../core/alerts-selection.ts';
import type { AlertRow } from '../../../worker/contract/index.ts';
import { orderAtom, rowAtom } from '../../state/alerts.ts';
import { useT } from '../../state/i18n.ts';
import { Icon } from '../../components/Icon.tsx';
import {
  anySelectedAtom,
  focusedIdAtom,
  isFocusedAtom,
  isSelectedAtom,
  pageAtom,
  selectionAtom,
  sortAtom,
  type RowContext,
} from '../../state/alerts-screen.ts';
import { CellContent, columnLabel } from './AlertCells.tsx';
import { columnWidth } from './column-widths.ts';
import { RowActions } from './RowActions.tsx';
import { useKeepRowFocus, useRowKeyboard } from './row-keyboard.ts';
import { useProgressiveCount } from './screen-hooks.ts';

// Text arrows, not SVG icons: 200 extra SVG roots are a measurable part of rendering a full page.
/** The selection/trend column. The actions column takes no room: its buttons overlay the row's end while shown. */
const SELECT_WIDTH = 40;

const TREND_ARROW = { moreSevere: '↑', lessSevere: '↓', noChange: '–' } as const;
const NO_HOVER = typeof window !== 'undefined' && window.matchMedia('(hover: none)').matches;

export function AlertTable({ ctx, onOpen }: { ctx: RowContext; onOpen: (id: string) => void }) {
  const order = useAtomValue(orderAtom);
  const shown = useProgressiveCount(order.length);
  const { t } = useT();
  const tableRef = useRef<HTMLDivElement>(null);
  const onKeyDown = useRowKeyboard(ctx, onOpen, () => tableRef.current);
  useKeepRowFocus(tableRef);
  const cellPad = ctx.compact ? 'px-2' : 'px-2';
  const widths = ctx.columns.map((c) => columnWidth(c, ctx));
  const tableWidth = SELECT_WIDTH + widths.reduce((sum, w) => sum + w, 0);
  // Columns keep their width and share any extra room in proportion, like a fixed-layout table.
  const grid = `${SELECT_WIDTH}px ${widths.map((w) => `minmax(${w}px, ${w}fr)`).join(' ')} 0px`;

  return (
    <div ref={tableRef} role="table" aria-label={t('Alerts')} aria-rowcount={order.length + 1} className="text-left" style={{ minWidth: tableWidth }}>
      <div role="rowgroup" className="sticky top-0 z-10 bg-gray-100 text-xs uppercase text-gray-700 shadow-sm min-[1920px]:text-sm dark:bg-gray-800 dark:text-gray-200">
        <div role="row" className="grid items-center" style={{ gridTemplateColumns: grid }}>
          <div role="columnheader" className="px-2 py-2">
            <HeaderSelect order={order} />
          </div>
          {ctx.columns.map((column) => (
            <SortHeader key={column.name} column={column} label={columnLabel(column, t)} />
          ))}
          <div role="columnheader" className="p-0">
            <span className="sr-only">{t('Actions')}</span>
          </div>
        </div>
      </div>
      <div role="rowgroup" onKeyDown={onKeyDown}>
        {order.slice(0, shown).map((id) => (
          <AlertTableRow key={id} id={id} ctx={ctx} onOpen={onOpen} cellPad={cellPad} grid={grid} />
        ))}
      </div>
    </div>
  );
}

function HeaderSelect({ order }: { order: string[] }) {
  const { t } = useT();
  const [selection, setSelection] = useAtom(selectionAtom);
  if (selection.size === 0) return <span className="sr-only">{t('Trend')}</span>;
  const coverage = selectionCoverage(selection, order);
  return (
    <input
      type="checkbox"
      className="h-4 w-4 accent-brand"
      aria-label={t('SelectAll')}
      checked={coverage === 'all'}
      ref={(el) => {
        if (el) el.indeterminate = coverage === 'some';
      }}
      onChange={() => setSelection((s) => toggleAll(s, order))}
    />
  );
}

function SortHeader({ column, label }: { column: ColumnDef; label: string }) {
  const { t } = useT();
  const [sort, setSort] = useAtom(sortAtom);
  const setPage = useSetAtom(pageAtom);
  const onSort = (next: typeof sort) => {
    setSort(next);
    setPage(1);
  };
  const shown = sortShown(sort, column.name);
  if (column.sortKey === null && column.kind !== 'duration' && column.kind !== 'timeoutLeft') {
    return (
      <div role="columnheader" className="truncate px-2 py-2 font-semibold" title={label}>
        {label}
      </div>
    );
  }
  const next = nextSort(sort, column.name);
  const nextShown = sortShown(next, column.name);
  return (
    <div role="columnheader" aria-sort={shown} className="min-w-0 px-1 py-1 font-semibold">
      <button
        type="button"
        className="inline-flex max-w-full items-center gap-1 rounded px-1 py-1 uppercase hover:bg-black/5 dark:hover:bg-white/10"
        onClick={() => onSort(next)}
        title={nextShown === 'descending' ? t('SortDescending') : t('SortAscending')}
      >
        <span className="truncate">{label}</span>
        {shown !== 'none' ? (
          <Icon name={shown === 'ascending' ? 'arrowUp' : 'arrowDown'} size={14} />
        ) : (
          <span className="inline-block w-3.5" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}

const AlertTableRow = memo(function AlertTableRow({ id, ctx, onOpen, cellPad, grid }: { id: string; ctx: RowContext; onOpen: (id: string) => void; cellPad: string; grid: string }) {
  const alert = useAtomValue(rowAtom(id));
  if (!alert) return null;
  return <RowBody alert={alert} id={id} ctx={ctx} onOpen={onOpen} cellPad={cellPad} grid={grid} />;
});

function RowBody({
  alert,
  id,
  ctx,
  onOpen,
  cellPad,
  grid,
}: {
  alert: AlertRow;
  id: string;
  ctx: RowContext;
  onOpen: (id: string) => void;
  cellPad: string;
  grid: string;
}) {
  const store = useStore();
  const selected = useAtomValue(isSelectedAtom(id));
  const focused = useAtomValue(isFocusedAtom(id));
  const anySelected = useAtomValue(anySelectedAtom);
  // The action buttons (4-6 buttons with icons) exist only where they can be seen: the hovered row, the row with
  // keyboard focus, or every row on devices without hover. 200 rows × 5 buttons would otherwise dominate rendering.
  const [hovered, setHovered] = useState(false);
  const showActions = hovered || focused || NO_HOVER;
  const { t } = useT();
  const background = severityColor(alert.severity, ctx.config);
  const color = readableRowTextColor(alert.severity, ctx.config);
  const height = ROW_HEIGHTS[ctx.compact ? 'compact' : 'comfortable'];
  const trendLabel = alert.trend === 'moreSevere' ? t('MoreSevere') : alert.trend === 'lessSevere' ? t('LessSevere') : t('NoChange');

  const onClick = useCallback(
    (e: MouseEvent) => {
      // A click that ends a text selection is not a request to open the alert.
      if (window.getSelection()?.toString()) return;
      if ((e.target as HTMLElement).closest('a')) return;
      if (store.get(selectionAtom).size > 0) store.set(selectionAtom, (s) => toggleSelected(s, id));
      else onOpen(id);
    },
    [id, onOpen, store],
  );

  return (
    <div
      role="row"
      data-row-id={id}
      data-severity={alert.severity}
      data-selected={selected || undefined}
      tabIndex={focused ? 0 : -1}
      onFocus={() => {
        if (store.get(focusedIdAtom) !== id) store.set(focusedIdAtom, id);
      }}
      onClick={onClick}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      style={{ backgroundColor: background, color, height, gridTemplateColumns: grid, containIntrinsicSize: `auto ${height}px` }}
      className={`group relative grid cursor-pointer items-stretch border-b border-black/10 [content-visibility:auto] hover:brightness-[0.93] focus:outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent ${selected ? 'outline-2 -outline-offset-2 outline-brand' : ''}`}
    >
      <div role="cell" className={`${cellPad} flex items-center justify-center`}>
        {anySelected ? (
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand"
            checked={selected}
            tabIndex={focused ? 0 : -1}
            aria-label={t('SelectAlert', { id: alert.id.slice(0, 8) })}
            onClick={(e) => e.stopPropagation()}
            onChange={() => store.set(selectionAtom, (s) => toggleSelected(s, id))}
          />
        ) : (
          <button
            type="button"
            tabIndex={-1}
            className="inline-flex h-6 w-6 items-center justify-center rounded hover:bg-black/10"
            aria-label={`${trendLabel} – ${t('SelectRow')}`}
            title={`${trendLabel} – ${t('SelectRow')}`}
            onClick={(e) => {
              e.stopPropagation();
              store.set(selectionAtom, (s) => toggleSelected(s, id));
            }}
          >
            <span aria-hidden="true" className="text-base leading-none">
              {TREND_ARROW[alert.trend] ?? TREND_ARROW.noChange}
            </span>
          </button>
        )}
      </div>
      {ctx.columns.map((column) => (
        <div role="cell" key={column.name} className={`${cellPad} min-w-0 content-center truncate`}>
          <CellContent column={column} alert={alert} ctx={ctx} />
        </div>
      ))}
      {/* Sticky so the actions stay reachable when the table scrolls sideways; the buttons overlay the end of the
          row only while shown (hover, keyboard focus), so no column is hidden otherwise. Only those rows get a
          sticky cell: 200 sticky cells make every layout of the table several times slower. */}
      <div role="cell" className={`${showActions ? 'sticky' : ''} right-0 p-0`}>
        {showActions && (
          <div
            className="absolute inset-y-0 right-0 flex items-center rounded-l px-1 opacity-0 shadow-[-8px_0_8px_-6px_rgba(0,0,0,0.25)] transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100"
            style={{ backgroundColor: background }}
          >
            <RowActions alert={alert} ctx={ctx} tabbable={focused} />
          </div>
        )}
      </div>
    </div>
  );
}

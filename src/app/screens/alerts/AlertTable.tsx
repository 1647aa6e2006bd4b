// The alert table (laptop and wall display): configured columns, sortable headers, severity-coloured rows, trend
// arrows that start multi-select, checkboxes while anything is selected, row actions on hover and keyboard focus.
// One memoised row per id, each reading only its own atom: an unchanged poll re-renders no row.
import { memo, useCallback, useRef, type MouseEvent } from 'react';
import { useAtomValue } from 'jotai';
import type { ColumnDef } from '../../../core/columns.ts';
import type { SortState } from '../../../core/types.ts';
import { readableRowTextColor, severityColor } from '../../../core/severity.ts';
import { nextSort, sortShown } from '../../../core/alerts-location.ts';
import { ROW_HEIGHTS } from '../../../core/preferences.ts';
import { selectionCoverage, toggleAll, toggleSelected } from '../../../core/alerts-selection.ts';
import type { AlertRow } from '../../../worker/contract.ts';
import { orderAtom, rowAtom } from '../../state/alerts.ts';
import { store } from '../../state/store.ts';
import { useT } from '../../state/i18n.ts';
import { Icon } from '../../components/Icon.tsx';
import { anySelectedAtom, focusedIdAtom, isFocusedAtom, isSelectedAtom, selectionAtom } from './alerts-screen-state.ts';
import { CellContent, cellStyle, columnLabel, type RowContext } from './AlertCells.tsx';
import { RowActions } from './RowActions.tsx';
import { useRowKeyboard } from './row-keyboard.ts';

const TREND_ICON = { moreSevere: 'arrowUp', lessSevere: 'arrowDown', noChange: 'remove' } as const;

export function AlertTable({
  ctx,
  sort,
  onSort,
  onOpen,
}: {
  ctx: RowContext;
  sort: SortState;
  onSort: (sort: SortState) => void;
  onOpen: (id: string) => void;
}) {
  const order = useAtomValue(orderAtom);
  const { t } = useT();
  const tableRef = useRef<HTMLTableElement>(null);
  const onKeyDown = useRowKeyboard(ctx, onOpen, () => tableRef.current);
  const cellPad = ctx.compact ? 'px-2 py-0.5' : 'px-2 py-1';

  return (
    <table ref={tableRef} className="w-full border-collapse text-left" aria-label={t('Alerts')}>
      <thead className="sticky top-0 z-10 bg-gray-100 text-xs uppercase text-gray-700 shadow-sm dark:bg-gray-800 dark:text-gray-200">
        <tr>
          <th scope="col" className="w-10 px-2 py-2">
            <HeaderSelect order={order} />
          </th>
          {ctx.columns.map((column) => (
            <SortHeader key={column.name} column={column} sort={sort} onSort={onSort} label={columnLabel(column, t)} />
          ))}
          <th scope="col" className="px-2 py-2">
            <span className="sr-only">{t('Actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody onKeyDown={onKeyDown}>
        {order.map((id) => (
          <AlertTableRow key={id} id={id} ctx={ctx} onOpen={onOpen} cellPad={cellPad} />
        ))}
      </tbody>
    </table>
  );
}

function HeaderSelect({ order }: { order: string[] }) {
  const { t } = useT();
  const selection = useAtomValue(selectionAtom);
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
      onChange={() => store.set(selectionAtom, (s) => toggleAll(s, order))}
    />
  );
}

function SortHeader({ column, sort, onSort, label }: { column: ColumnDef; sort: SortState; onSort: (s: SortState) => void; label: string }) {
  const { t } = useT();
  const shown = sortShown(sort, column.name);
  const style = column.kind === 'html' ? { minWidth: 80 } : undefined;
  if (column.sortKey === null && column.kind !== 'duration' && column.kind !== 'timeoutLeft') {
    return (
      <th scope="col" className="whitespace-nowrap px-2 py-2 font-semibold" style={style}>
        {label}
      </th>
    );
  }
  const next = nextSort(sort, column.name);
  const nextShown = sortShown(next, column.name);
  return (
    <th scope="col" aria-sort={shown} className="whitespace-nowrap px-1 py-1 font-semibold" style={style}>
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded px-1 py-1 uppercase hover:bg-black/5 dark:hover:bg-white/10"
        onClick={() => onSort(next)}
        title={nextShown === 'descending' ? t('SortDescending') : t('SortAscending')}
      >
        {label}
        {shown !== 'none' ? (
          <Icon name={shown === 'ascending' ? 'arrowUp' : 'arrowDown'} size={14} />
        ) : (
          <span className="inline-block w-3.5" aria-hidden="true" />
        )}
      </button>
    </th>
  );
}

const AlertTableRow = memo(function AlertTableRow({ id, ctx, onOpen, cellPad }: { id: string; ctx: RowContext; onOpen: (id: string) => void; cellPad: string }) {
  const atom = rowAtom(id);
  if (!atom) return null;
  return <RowBody atom={atom} id={id} ctx={ctx} onOpen={onOpen} cellPad={cellPad} />;
});

function RowBody({
  atom,
  id,
  ctx,
  onOpen,
  cellPad,
}: {
  atom: NonNullable<ReturnType<typeof rowAtom>>;
  id: string;
  ctx: RowContext;
  onOpen: (id: string) => void;
  cellPad: string;
}) {
  const alert: AlertRow = useAtomValue(atom);
  const selected = useAtomValue(isSelectedAtom(id));
  const focused = useAtomValue(isFocusedAtom(id));
  const anySelected = useAtomValue(anySelectedAtom);
  const { t } = useT();
  const background = severityColor(alert.severity, ctx.config);
  const color = readableRowTextColor(alert.severity, ctx.config);
  const trendLabel = alert.trend === 'moreSevere' ? t('MoreSevere') : alert.trend === 'lessSevere' ? t('LessSevere') : t('NoChange');

  const onClick = useCallback(
    (e: MouseEvent) => {
      // A click that ends a text selection is not a request to open the alert.
      if (window.getSelection()?.toString()) return;
      if ((e.target as HTMLElement).closest('a')) return;
      if (store.get(selectionAtom).size > 0) store.set(selectionAtom, (s) => toggleSelected(s, id));
      else onOpen(id);
    },
    [id, onOpen],
  );

  return (
    <tr
      data-row-id={id}
      data-severity={alert.severity}
      data-selected={selected || undefined}
      tabIndex={focused ? 0 : -1}
      onFocus={() => {
        if (store.get(focusedIdAtom) !== id) store.set(focusedIdAtom, id);
      }}
      onClick={onClick}
      style={{ backgroundColor: background, color, height: ROW_HEIGHTS[ctx.compact ? 'compact' : 'comfortable'] }}
      className={`group cursor-pointer border-b border-black/10 hover:brightness-[0.93] focus:outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent ${selected ? 'outline-2 -outline-offset-2 outline-brand' : ''}`}
    >
      <td className={`w-10 ${cellPad} text-center`}>
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
            <Icon name={TREND_ICON[alert.trend] ?? 'remove'} size={16} />
          </button>
        )}
      </td>
      {ctx.columns.map((column) => (
        <td key={column.name} className={`${cellPad} align-middle ${column.kind === 'html' ? '' : 'whitespace-nowrap'}`} style={cellStyle(column, ctx)}>
          <CellContent column={column} alert={alert} ctx={ctx} />
        </td>
      ))}
      {/* Sticky so the actions stay reachable when the table scrolls sideways; transparent until shown, so the
          column underneath is never hidden by an invisible overlay. */}
      <td className="sticky right-0 px-0 py-0">
        <div
          className="ml-auto w-max rounded-l px-1 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100"
          style={{ backgroundColor: background }}
        >
          <RowActions alert={alert} ctx={ctx} tabbable={focused} />
        </div>
      </td>
    </tr>
  );
}

// The cells of the alert table's header row: the select-all checkbox of the selection column and each column's
// header, a button that sorts by it (from the first page) when the column can be sorted.
import { useAtom, useSetAtom } from 'jotai';
import type { ColumnDef } from '../../../../core/columns.ts';
import { nextSort, sortShown } from '../../../../core/alerts-location.ts';
import { selectionCoverage, toggleAll } from '../../../../core/alerts-selection.ts';
import { useT } from '../../../state/i18n.ts';
import { Icon } from '../../../components/Icon.tsx';
import { pageAtom, selectionAtom, sortAtom } from '../../../state/alerts-screen.ts';
import { PIN_EDGE, TOUCH_BOX, type CellPlace } from './table-structure.ts';

export const HEADER_BG = 'bg-gray-100 dark:bg-gray-800';
/** The header's font: also what the column widths measure headers with (column-layout.ts). */
export const HEADER_TEXT = 'text-xs font-semibold leading-tight min-[1920px]:text-sm';

export function HeaderSelect({ order, touch }: { order: string[]; touch: boolean }) {
  const { t } = useT();
  const [selection, setSelection] = useAtom(selectionAtom);
  if (selection.size === 0) return <span className="sr-only">{t('Trend')}</span>;
  // The whole page, not only the rows on screen.
  const coverage = selectionCoverage(selection, order);
  const box = (
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
  return touch ? <label className={TOUCH_BOX}>{box}</label> : box;
}

/** `target`: the sort button's least height (44 px on a touch screen; less on a header of two lines, which would be twice that). */
export function SortHeader({ column, label, place, target }: { column: ColumnDef; label: string; place: CellPlace; target: string }) {
  const { t } = useT();
  const [sort, setSort] = useAtom(sortAtom);
  const setPage = useSetAtom(pageAtom);
  const onSort = (next: typeof sort) => {
    setSort(next);
    setPage(1);
  };
  const shown = sortShown(sort, column.name);
  const pinClass = place.pinned ? `sticky z-10 ${HEADER_BG} ${place.edge ? PIN_EDGE : ''}` : '';
  const snapClass = place.snap ? 'snap-start' : '';
  // Headers wrap onto two lines rather than being cut (the widths leave room for that); the full name is the
  // accessible name, and the tooltip too, should a narrow pane cut one anyway.
  const text = <span className={`line-clamp-2 min-w-0 break-words text-left ${HEADER_TEXT}`}>{label}</span>;
  if (column.sortKey === null && column.kind !== 'duration' && column.kind !== 'timeoutLeft') {
    return (
      <div role="columnheader" data-column={column.name} className={`flex min-w-0 items-center px-2 py-1 ${pinClass} ${snapClass}`} style={place.style} title={label}>
        {text}
      </div>
    );
  }
  const next = nextSort(sort, column.name);
  const nextShown = sortShown(next, column.name);
  return (
    <div role="columnheader" aria-sort={shown} data-column={column.name} className={`flex min-w-0 items-center px-1 py-0.5 ${pinClass} ${snapClass}`} style={place.style}>
      <button
        type="button"
        className={`inline-flex min-w-0 max-w-full items-center gap-1 rounded px-1 py-0.5 hover:bg-black/5 dark:hover:bg-white/10 ${target}`}
        onClick={() => onSort(next)}
        title={`${label} – ${nextShown === 'descending' ? t('SortDescending') : t('SortAscending')}`}
      >
        {text}
        {shown !== 'none' ? (
          <Icon name={shown === 'ascending' ? 'arrowUp' : 'arrowDown'} size={14} className="shrink-0" />
        ) : (
          <span className="inline-block w-3.5 shrink-0" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}

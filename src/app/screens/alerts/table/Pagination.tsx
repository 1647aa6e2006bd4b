// The table footer: rows per page (5/10/20/50/100/200, as in the old console), the range shown and previous/next page.
import { useId } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { ROWS_PER_PAGE_OPTIONS } from '../../../../core/preferences.ts';
import { metaAtom } from '../../../state/alerts.ts';
import { pageAtom, rowsPerPageAtom, rowsPerPageChoiceAtom, shownPageAtom } from '../../../state/alerts-screen.ts';
import { useT } from '../../../state/i18n.ts';
import { IconButton } from '../../../components/Button.tsx';

const totalAtom = selectAtom(metaAtom, (m) => m.total);

export function Pagination() {
  const total = useAtomValue(totalAtom);
  const page = useAtomValue(shownPageAtom);
  const rowsPerPage = useAtomValue(rowsPerPageAtom);
  const setPage = useSetAtom(pageAtom);
  const setRowsPerPage = useSetAtom(rowsPerPageChoiceAtom);
  const onPage = (p: number) => setPage(p);
  const onRowsPerPage = (n: number) => {
    setRowsPerPage(n);
    setPage(1);
  };
  const { t, formatNumber } = useT();
  const selectId = useId();
  const pages = Math.max(1, Math.ceil(total / rowsPerPage));
  const first = total === 0 ? 0 : (page - 1) * rowsPerPage + 1;
  const last = Math.min(total, page * rowsPerPage);
  return (
    <nav aria-label={t('AlertsPagination')} className="flex flex-wrap items-center justify-end gap-x-4 gap-y-1 border-t border-gray-200 px-3 py-0.5 text-sm dark:border-gray-700">
      <label htmlFor={selectId} className="text-gray-600 dark:text-gray-300">
        {t('RowsPerPage')}
      </label>
      <select
        id={selectId}
        value={rowsPerPage}
        onChange={(e) => onRowsPerPage(Number(e.target.value))}
        className="rounded border border-gray-300 bg-white px-1 py-0.5 dark:border-gray-600 dark:bg-gray-800"
      >
        {ROWS_PER_PAGE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.value}
          </option>
        ))}
      </select>
      <span aria-live="polite" className="tabular-nums">
        {t('AlertsRangeOfTotal', { first: formatNumber(first), last: formatNumber(last), total: formatNumber(total) })}
      </span>
      <span className="flex items-center">
        <IconButton icon="chevronLeft" className="h-8 w-8" label={t('PreviousPage')} disabled={page <= 1} onClick={() => onPage(page - 1)} />
        <span className="sr-only">{t('Page', { page, pages })}</span>
        <IconButton icon="chevronRight" className="h-8 w-8" label={t('NextPage')} disabled={page >= pages} onClick={() => onPage(page + 1)} />
      </span>
    </nav>
  );
}

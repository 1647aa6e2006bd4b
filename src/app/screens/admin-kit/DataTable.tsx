// The list of every administration screen: text filter, sortable headers, paging, loading/empty/error states,
// and on a phone a stack of cards instead of a table too wide to read.
import { useId, useMemo, useState, type ReactNode } from 'react';
import type { WorkerError } from '../../../worker/contract/index.ts';
import { filterByText, pageOf, PAGE_SIZES, sortByValue, type SortDirection, type SortValue } from '../../../core/list-view.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useT } from '../../state/i18n.ts';

/** The edge of the pinned actions column: a shadow, so columns scrolled under it read as scrolled, not cut. */
/** Cells' side padding: closer where the pane is narrower than a wide laptop's, so more columns fit before it scrolls. */
const CELL_X = 'px-2 first:pl-3 @min-[80rem]:px-3';
const PINNED_EDGE = 'shadow-[-8px_0_8px_-8px_rgba(0,0,0,0.3)] dark:shadow-[-8px_0_8px_-8px_rgba(0,0,0,0.8)]';

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** the value the column sorts by; without it the column is not sortable */
  sort?: (row: T) => SortValue;
  className?: string;
  /** the card title on a phone (the first such column) */
  primary?: boolean;
}

export interface DataTableProps<T> {
  /** accessible name of the table, e.g. the screen title */
  label: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** the texts the filter box searches */
  searchText: (row: T) => readonly (string | null | undefined)[];
  loading: boolean;
  error: WorkerError | null;
  onRetry: () => void;
  /** the buttons of a row (edit, delete...); omitted for read-only users */
  actions?: (row: T) => ReactNode;
  /** more filter controls next to the text filter (status chips...) */
  filters?: ReactNode;
  initialSort?: { id: string; direction: SortDirection };
  /** whether filters other than the text one are narrowing the list (for the empty-state text) */
  filtered?: boolean;
  /** rows per page to start with */
  pageSize?: number;
  /** a text filter to start with (e.g. from a link) */
  initialQuery?: string;
}

export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  searchText,
  loading,
  error,
  onRetry,
  actions,
  filters,
  initialSort,
  filtered = false,
  pageSize: initialPageSize = 20,
  initialQuery = '',
}: DataTableProps<T>) {
  const { t } = useT();
  const filterId = useId();
  const [query, setQuery] = useState(initialQuery);
  const [sort, setSort] = useState<{ id: string; direction: SortDirection } | null>(initialSort ?? null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);

  const shown = useMemo(() => {
    const matched = filterByText(rows, query, searchText);
    const col = sort ? columns.find((c) => c.id === sort.id) : undefined;
    return col?.sort ? sortByValue(matched, col.sort, sort!.direction) : matched;
  }, [rows, query, searchText, sort, columns]);


  const slice = pageOf(shown, page, pageSize);
  const primary = columns.find((c) => c.primary) ?? columns[0];
  const others = columns.filter((c) => c !== primary);

  // A new filter, sort or page size starts at the first page; deleting rows keeps the page (pageOf clamps it).
  const toggleSort = (id: string) => {
    setSort((s) => (s?.id === id ? { id, direction: s.direction === 'asc' ? 'desc' : 'asc' } : { id, direction: 'asc' }));
    setPage(1);
  };

  let body: ReactNode;
  if (error && rows.length === 0) {
    body = (
      <div role="alert" className="m-4 flex flex-wrap items-center gap-3 rounded border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
        <Icon name="error" />
        <span className="min-w-0 flex-1 break-words">{error.message}</span>
        <Button icon="refresh" onClick={onRetry}>
          {t('Retry')}
        </Button>
      </div>
    );
  } else if (loading && rows.length === 0) {
    body = (
      <div role="status" aria-live="polite" className="space-y-2 p-4" aria-label={t('Loading')}>
        <span className="sr-only">{t('Loading')}</span>
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="h-8 animate-pulse rounded bg-gray-200 motion-reduce:animate-none dark:bg-gray-700" />
        ))}
      </div>
    );
  } else if (shown.length === 0) {
    body = (
      <p className="p-8 text-center text-gray-500 dark:text-gray-400">
        {query.trim() ? t('SearchNoResults', { query: query.trim() }) : filtered ? t('NoMatchingItems') : t('NoDisplay')}
      </p>
    );
  } else {
    body = (
      <>
        <table className="hidden w-full border-collapse text-left md:table" aria-label={label} aria-busy={loading || undefined}>
          <thead className="sticky top-0 z-10 bg-gray-50 text-xs uppercase text-gray-600 dark:bg-gray-800 dark:text-gray-300">
            <tr>
              {columns.map((c) => {
                const dir = sort?.id === c.id ? sort.direction : null;
                return (
                  <th
                    key={c.id}
                    scope="col"
                    className={`whitespace-nowrap py-2 ${CELL_X} font-semibold ${c.className ?? ''}`}
                    aria-sort={c.sort ? (dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none') : undefined}
                  >
                    {c.sort ? (
                      <button type="button" onClick={() => toggleSort(c.id)} className="inline-flex items-center gap-1 uppercase hover:text-gray-900 dark:hover:text-white">
                        {c.header}
                        <Icon name={dir === 'desc' ? 'arrowDown' : 'arrowUp'} size={14} className={dir ? '' : 'opacity-0'} />
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
              {actions && (
                <th scope="col" className={`sticky right-0 bg-gray-50 px-3 py-2 text-right font-semibold dark:bg-gray-800 ${PINNED_EDGE}`}>
                  {t('Actions')}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {slice.rows.map((row) => (
              <tr key={rowKey(row)} className="border-b border-gray-200 align-top hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800/60">
                {columns.map((c) => (
                  <td key={c.id} className={`py-2 ${CELL_X} ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </td>
                ))}
                {/* The row's buttons stay in view when a wide table scrolls sideways. */}
                {actions && (
                  <td className={`sticky right-0 whitespace-nowrap bg-white px-3 py-1 text-right dark:bg-gray-900 ${PINNED_EDGE}`}>
                    <div className="inline-flex items-center gap-1">{actions(row)}</div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="divide-y divide-gray-200 md:hidden dark:divide-gray-700" aria-label={label}>
          {slice.rows.map((row) => (
            <li key={rowKey(row)} className="px-4 py-3">
              <div className="mb-1 flex items-start gap-2">
                <div className="min-w-0 flex-1 break-words font-semibold">{primary?.cell(row)}</div>
                {actions && <div className="-mt-1 flex shrink-0 items-center gap-1">{actions(row)}</div>}
              </div>
              <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1 text-sm">
                {others.map((c) => (
                  <div key={c.id} className="contents">
                    <dt className="text-gray-500 dark:text-gray-400">{c.header}</dt>
                    <dd className="min-w-0 break-words">{c.cell(row)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b border-gray-200 px-4 py-2 dark:border-gray-700">
        <div className="relative min-w-48 flex-1 sm:max-w-xs">
          <label htmlFor={filterId} className="sr-only">
            {t('FilterList')}
          </label>
          <Icon name="search" size={18} className="pointer-events-none absolute left-2 top-1/2 -translate-y-1/2 text-gray-500" />
          <input
            id={filterId}
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(1);
            }}
            placeholder={t('FilterList')}
            className="w-full rounded border border-gray-300 bg-white py-1.5 pl-8 pr-2 text-sm dark:border-gray-600 dark:bg-gray-800"
          />
        </div>
        {filters}
        {error && rows.length > 0 && (
          <span role="alert" className="inline-flex items-center gap-1 text-sm text-red-700 dark:text-red-300">
            <Icon name="warning" size={16} />
            {error.message}
            <Button variant="ghost" onClick={onRetry}>
              {t('Retry')}
            </Button>
          </span>
        )}
      </div>
      {/* A container: cells may show more where the table has room (the users' switches). */}
      <div className="@container min-h-0 flex-1 overflow-auto">{body}</div>
      {shown.length > PAGE_SIZES[0]! && (
        <nav aria-label={t('Pagination')} className="flex flex-wrap items-center justify-end gap-3 border-t border-gray-200 px-4 py-2 text-sm dark:border-gray-700">
          <label className="inline-flex items-center gap-2">
            {t('RowsPerPage')}
            <select
              value={pageSize}
              onChange={(e) => {
                setPageSize(Number(e.target.value));
                setPage(1);
              }}
              className="rounded border border-gray-300 bg-white px-1 py-1 dark:border-gray-600 dark:bg-gray-800"
            >
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <span aria-live="polite">{t('RangeOfTotal', { first: slice.first, last: slice.last, total: slice.total })}</span>
          <IconButton icon="chevronLeft" label={t('PreviousPage')} disabled={slice.page <= 1} onClick={() => setPage(slice.page - 1)} />
          <IconButton icon="chevronRight" label={t('NextPage')} disabled={slice.page >= slice.pages} onClick={() => setPage(slice.page + 1)} />
        </nav>
      )}
    </div>
  );
}

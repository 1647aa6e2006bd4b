// The history tab: id, update time, severity, status, timeout, type, event, value, user, text; newest first,
// 10 rows per page. On a phone the table keeps the update time, type, user and text (as the old console did).
// Value and text come from the alert's senders and operators: they are HTML, rendered through the same sanitiser as
// the Details tab (SafeHtml), never as raw markup.
import { useState } from 'react';
import type { HistoryEntry } from '../../../core/types.ts';
import { historyPage } from '../../../core/alert-detail.ts';
import { shortId, splitCamel } from '../../../core/columns.ts';
import { formatTimeout } from '../../../core/time-left.ts';
import { IconButton } from '../../components/Button.tsx';
import { SafeHtml } from '../../components/SafeHtml.tsx';
import { useFormatDate } from '../../hooks/useFormatDate.ts';
import { useT } from '../../state/i18n.ts';
import { SeverityChip, StatusChip } from './status-chips.tsx';

const WIDE = 'hidden md:table-cell';

export function HistoryTab({ history }: { history: readonly HistoryEntry[] }) {
  const { t } = useT();
  const { format, utcTooltip } = useFormatDate();
  const [page, setPage] = useState(1);
  const slice = historyPage(history, page);
  const th = 'px-2 py-2 text-left text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-300';
  const td = 'px-2 py-1.5 align-top';

  if (slice.total === 0) return <p className="py-6 text-center text-gray-600 dark:text-gray-300">{t('NoDataAvailable')}</p>;
  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto">
        <table className="w-full min-w-0 border-collapse text-sm">
          <caption className="sr-only">{t('History')}</caption>
          <thead className="border-b border-gray-200 dark:border-gray-700">
            <tr>
              <th scope="col" className={`${th} ${WIDE}`}>
                {t('AlertOrNoteId')}
              </th>
              <th scope="col" className={th}>
                {t('UpdateTime')}
              </th>
              <th scope="col" className={`${th} ${WIDE}`}>
                {t('Severity')}
              </th>
              <th scope="col" className={`${th} ${WIDE}`}>
                {t('Status')}
              </th>
              <th scope="col" className={`${th} ${WIDE}`}>
                {t('Timeout')}
              </th>
              <th scope="col" className={th}>
                {t('Type')}
              </th>
              <th scope="col" className={`${th} ${WIDE}`}>
                {t('Event')}
              </th>
              <th scope="col" className={`${th} ${WIDE}`}>
                {t('Value')}
              </th>
              <th scope="col" className={th}>
                {t('User')}
              </th>
              <th scope="col" className={th}>
                {t('Text')}
              </th>
            </tr>
          </thead>
          <tbody>
            {slice.rows.map((h, i) => (
              <tr key={`${h.id}-${h.updateTime}-${i}`} className="border-b border-gray-100 dark:border-gray-800">
                <td className={`${td} ${WIDE} font-mono`} title={h.id}>
                  {shortId(h.id)}
                </td>
                <td className={`${td} whitespace-nowrap`} title={utcTooltip(h.updateTime)}>
                  <span className="hidden md:inline">{format(h.updateTime, 'mediumDate')}</span>
                  <span className="md:hidden">{format(h.updateTime, 'shortTime')}</span>
                </td>
                <td className={`${td} ${WIDE}`}>
                  <SeverityChip severity={h.severity} />
                </td>
                <td className={`${td} ${WIDE}`}>
                  <StatusChip status={h.status} />
                </td>
                <td className={`${td} ${WIDE} tabular-nums`}>{formatTimeout(h.timeout)}</td>
                <td className={td}>{splitCamel(h.type || 'unknown')}</td>
                <td className={`${td} ${WIDE}`}>{h.event}</td>
                <td className={`${td} ${WIDE} break-words`}>
                  <SafeHtml html={h.value} />
                </td>
                <td className={`${td} break-all`}>{h.user}</td>
                <td className={`${td} min-w-40 break-words`}>
                  <SafeHtml html={h.text} className="whitespace-pre-wrap" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {slice.pages > 1 && (
        <nav aria-label={t('History')} className="flex items-center justify-end gap-2 text-sm">
          <span className="tabular-nums text-gray-700 dark:text-gray-300">
            {slice.first}–{slice.last} / {slice.total}
          </span>
          <IconButton icon="chevronLeft" label={t('PreviousPage')} disabled={slice.page <= 1} onClick={() => setPage(slice.page - 1)} />
          <span aria-live="polite">{t('Page', { page: slice.page, pages: slice.pages })}</span>
          <IconButton icon="chevronRight" label={t('NextPage')} disabled={slice.page >= slice.pages} onClick={() => setPage(slice.page + 1)} />
        </nav>
      )}
    </div>
  );
}

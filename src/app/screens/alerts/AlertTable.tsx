import { memo } from 'react';
import { useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import type { Config } from '../../../core/types.ts';
import { rowTextColor, severityColor, normaliseStatus } from '../../../core/severity.ts';
import { formatDate } from '../../../core/date-format.ts';
import { effectiveDates } from '../../../core/preferences.ts';
import { DEFAULT_PREFERENCES } from '../../../core/preferences.ts';
import { metaAtom, orderAtom, rowAtom } from '../../state/alerts.ts';
import { configAtom } from '../../state/session.ts';
import { useT } from '../../state/i18n.ts';
import type { AlertRow } from '../../../worker/contract.ts';

const hasRowsAtom = selectAtom(metaAtom, (m) => m.freshness !== 'loading');

const TREND_ARROW = { moreSevere: '▲', lessSevere: '▼', noChange: '–' } as const;

export function AlertTable() {
  const order = useAtomValue(orderAtom);
  const loaded = useAtomValue(hasRowsAtom);
  const config = useAtomValue(configAtom);
  const { t } = useT();
  if (!config) return null;
  if (order.length === 0) {
    return <p className="p-8 text-center text-gray-500 dark:text-gray-400">{loaded ? t('NoDisplay') : t('Loading')}</p>;
  }
  return (
    <table className="w-full border-collapse text-left">
      <caption className="sr-only">{t('Alerts')}</caption>
      <thead className="sticky top-0 bg-gray-50 text-xs uppercase text-gray-600 dark:bg-gray-800 dark:text-gray-300">
        <tr>
          <th scope="col" className="w-6 px-2 py-2">
            <span className="sr-only">{t('Trend')}</span>
          </th>
          <th scope="col" className="px-2 py-2">{t('Severity')}</th>
          <th scope="col" className="px-2 py-2">{t('Status')}</th>
          <th scope="col" className="px-2 py-2">{t('LastReceiveTime')}</th>
          <th scope="col" className="px-2 py-2">{t('Environment')}</th>
          <th scope="col" className="px-2 py-2">{t('Service')}</th>
          <th scope="col" className="px-2 py-2">{t('Resource')}</th>
          <th scope="col" className="px-2 py-2">{t('Event')}</th>
          <th scope="col" className="px-2 py-2">{t('Description')}</th>
        </tr>
      </thead>
      <tbody>
        {order.map((id) => (
          <AlertTableRow key={id} id={id} config={config} />
        ))}
      </tbody>
    </table>
  );
}

const AlertTableRow = memo(function AlertTableRow({ id, config }: { id: string; config: Config }) {
  const atom = rowAtom(id);
  if (!atom) return null;
  return <RowCells rowAtom={atom} config={config} />;
});

function RowCells({ rowAtom: atom, config }: { rowAtom: NonNullable<ReturnType<typeof rowAtom>>; config: Config }) {
  const alert: AlertRow = useAtomValue(atom);
  const { t, locale } = useT();
  const background = severityColor(alert.severity, config);
  const color = rowTextColor(alert.severity, config);
  const dates = effectiveDates(DEFAULT_PREFERENCES, config);
  const trendLabel = alert.trend === 'moreSevere' ? t('MoreSevere') : alert.trend === 'lessSevere' ? t('LessSevere') : t('NoChange');
  return (
    <tr style={{ backgroundColor: background, color }} className="border-b border-white/40 hover:brightness-95" data-severity={alert.severity}>
      <td className="px-2 py-2 text-center">
        <span aria-label={trendLabel} title={trendLabel}>
          {TREND_ARROW[alert.trend]}
        </span>
      </td>
      <td className="px-2 py-2 font-semibold capitalize">{alert.severity}</td>
      <td className="px-2 py-2 capitalize">{normaliseStatus(alert.status)}</td>
      <td className="whitespace-nowrap px-2 py-2">
        <time dateTime={alert.lastReceiveTime}>{formatDate(alert.lastReceiveTime, dates.mediumDate, { timezone: 'local', locale })}</time>
      </td>
      <td className="px-2 py-2">{alert.environment}</td>
      <td className="px-2 py-2">{alert.service.join(', ')}</td>
      <td className="px-2 py-2">{alert.resource}</td>
      <td className="px-2 py-2">{alert.event}</td>
      <td className="max-w-md truncate px-2 py-2" title={alert.text}>
        {alert.text}
      </td>
    </tr>
  );
}

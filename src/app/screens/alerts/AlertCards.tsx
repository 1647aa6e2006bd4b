// The phone layout (< 640 px): one readable card per alert instead of a wide table, with the same selection,
// keyboard model and actions, so nothing needs horizontal scrolling to act on an alert.
import { memo, useRef } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { severityColor } from '../../../core/severity.ts';
import { toggleSelected } from '../../../core/alerts-selection.ts';
import { formatDate } from '../../../core/date-format.ts';
import type { AlertRow } from '../../../worker/contract/index.ts';
import { orderAtom, rowAtom } from '../../state/alerts.ts';
import { useT } from '../../state/i18n.ts';
import { Icon } from '../../components/Icon.tsx';
import { SafeHtml } from '../../components/SafeHtml.tsx';
import { anySelectedAtom, focusedIdAtom, isFocusedAtom, isSelectedAtom, selectionAtom, type RowContext } from '../../state/alerts-screen.ts';
import { SeverityChip, StatusLabel, TimeLeft } from './AlertCells.tsx';
import { RowActions } from './RowActions.tsx';
import { useKeepRowFocus, useRowKeyboard } from './row-keyboard.ts';
import { useProgressiveCount } from './screen-hooks.ts';

const TREND_ICON = { moreSevere: 'arrowUp', lessSevere: 'arrowDown', noChange: 'remove' } as const;

export function AlertCards({ ctx, onOpen }: { ctx: RowContext; onOpen: (id: string) => void }) {
  const order = useAtomValue(orderAtom);
  const shown = useProgressiveCount(order.length);
  const { t } = useT();
  const listRef = useRef<HTMLUListElement>(null);
  const onKeyDown = useRowKeyboard(ctx, onOpen, () => listRef.current);
  useKeepRowFocus(listRef);
  return (
    <ul ref={listRef} aria-label={t('Alerts')} className="flex flex-col gap-2 p-2" onKeyDown={onKeyDown}>
      {order.slice(0, shown).map((id) => (
        <AlertCard key={id} id={id} ctx={ctx} onOpen={onOpen} />
      ))}
    </ul>
  );
}

const AlertCard = memo(function AlertCard({ id, ctx, onOpen }: { id: string; ctx: RowContext; onOpen: (id: string) => void }) {
  const alert = useAtomValue(rowAtom(id));
  if (!alert) return null;
  return <CardBody alert={alert} id={id} ctx={ctx} onOpen={onOpen} />;
});

function CardBody({ alert, id, ctx, onOpen }: { alert: AlertRow; id: string; ctx: RowContext; onOpen: (id: string) => void }) {
  const store = useStore();
  const selected = useAtomValue(isSelectedAtom(id));
  const focused = useAtomValue(isFocusedAtom(id));
  const anySelected = useAtomValue(anySelectedAtom);
  const { t } = useT();
  const stripe = severityColor(alert.severity, ctx.config);
  const trendLabel = alert.trend === 'moreSevere' ? t('MoreSevere') : alert.trend === 'lessSevere' ? t('LessSevere') : t('NoChange');
  const toggle = () => store.set(selectionAtom, (s) => toggleSelected(s, id));

  return (
    <li
      data-row-id={id}
      data-severity={alert.severity}
      data-selected={selected || undefined}
      tabIndex={focused ? 0 : -1}
      aria-label={`${alert.severity} ${alert.resource} ${alert.event}`}
      onFocus={(e) => {
        if (e.target === e.currentTarget && store.get(focusedIdAtom) !== id) store.set(focusedIdAtom, id);
      }}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('a, button, input')) return;
        if (store.get(selectionAtom).size > 0) toggle();
        else onOpen(id);
      }}
      className={`cursor-pointer overflow-hidden rounded-lg border bg-white shadow-sm focus:outline-none focus-visible:outline-2 focus-visible:outline-accent dark:bg-gray-800 ${selected ? 'border-brand ring-2 ring-brand' : 'border-gray-200 dark:border-gray-700'}`}
      // Off-screen cards skip layout and paint; 150 px is a typical card until its real height is known.
      style={{ borderLeftWidth: 8, borderLeftColor: stripe, contentVisibility: 'auto', containIntrinsicSize: 'auto 150px' }}
    >
      <div className="flex items-start gap-2 px-3 pt-2">
        {anySelected ? (
          <input
            type="checkbox"
            className="mt-1 h-5 w-5 accent-brand"
            checked={selected}
            tabIndex={focused ? 0 : -1}
            aria-label={t('SelectAlert', { id: alert.id.slice(0, 8) })}
            onChange={toggle}
          />
        ) : (
          <button
            type="button"
            tabIndex={-1}
            className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded hover:bg-black/10"
            aria-label={`${trendLabel} – ${t('SelectRow')}`}
            onClick={toggle}
          >
            <Icon name={TREND_ICON[alert.trend] ?? 'remove'} size={18} />
          </button>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <SeverityChip severity={alert.severity} large />
            <StatusLabel status={alert.status} t={t} />
            <span className="ml-auto text-xs text-gray-500 dark:text-gray-400" title={t('TimeLeft')}>
              <span className="sr-only">{t('TimeLeft')} </span>
              <TimeLeft alert={alert} neverLabel={t('NeverExpires')} />
            </span>
          </div>
          <p className="mt-1 break-words text-base font-semibold">
            {alert.resource} · {alert.event}
          </p>
          <SafeHtml html={alert.text} as="div" className="line-clamp-2 break-words text-sm text-gray-700 dark:text-gray-300" />
          <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
            {alert.environment}
            {alert.service.length > 0 && ` · ${alert.service.join(', ')}`}
            {' · '}
            <time dateTime={alert.lastReceiveTime}>{formatDate(alert.lastReceiveTime, ctx.mediumDate, { timezone: ctx.timezone, locale: ctx.locale })}</time>
            {alert.duplicateCount > 0 && ` · ${t('Dupl')} ${alert.duplicateCount}`}
          </p>
        </div>
      </div>
      <div className="flex justify-end border-t border-gray-100 px-1 py-0.5 dark:border-gray-700">
        <RowActions alert={alert} ctx={ctx} tabbable={focused} size="large" />
      </div>
    </li>
  );
}

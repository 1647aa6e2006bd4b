// Heartbeats: which monitored senders still report in. Status ok/slow/expired with colour and word, a status
// filter, how long ago each was heard from and how long until it expires; delete for users with write:heartbeats.
import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { Heartbeat } from '../../../core/types.ts';
import { HEARTBEAT_STATUSES, heartbeatStatus, SCREEN_SCOPES, type HeartbeatStatus } from '../../../core/admin-rules.ts';
import { formatHms, heartbeatTimeLeft } from '../../../core/time-left.ts';
import { configAtom } from '../../state/session.ts';
import { secondsAgo } from '../../../core/date-format.ts';
import { useT } from '../../state/i18n.ts';
import { AdminPage, NoAccess } from '../admin-kit/AdminPage.tsx';
import { DataTable, type Column } from '../admin-kit/DataTable.tsx';
import { pagePropsOf, tablePropsOf } from '../admin-kit/hooks.ts';
import { usePerms } from '../../hooks/usePerms.ts';
import { useNow } from '../../hooks/useNow.ts';
import { useFormatDate } from '../../hooks/useFormatDate.ts';
import { adminCommands, useResourceList } from '../../data/admin.ts';
import { Chips, StatusBadge, type Tone } from '../admin-kit/StatusBadge.tsx';
import { DeleteButton, useConfirmDelete } from '../admin-kit/ItemActions.tsx';

const TONE: Record<HeartbeatStatus, Tone> = { ok: 'ok', slow: 'warn', expired: 'bad' };
const LABEL_KEY = { ok: 'OK', slow: 'Slow', expired: 'Expired' } as const;

function attributesText(attrs: Record<string, unknown> | null | undefined): string {
  return Object.entries(attrs ?? {})
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join(' ');
}

export function HeartbeatsScreen() {
  const { t, formatRelativeTime, formatNumber } = useT();
  const { can } = usePerms();
  const config = useAtomValue(configAtom);
  const { format, utcTooltip } = useFormatDate();
  const now = useNow(1000);
  const canView = can(SCREEN_SCOPES.heartbeats.view);
  const canDelete = can(SCREEN_SCOPES.heartbeats.manage);
  // A heartbeat's state changes while the page is open: an expired sender must show without a manual refresh.
  const list = useResourceList('heartbeats', canView, { refetchEveryMs: 30_000 });
  const [statuses, setStatuses] = useState<HeartbeatStatus[]>([...HEARTBEAT_STATUSES]);

  const counts = useMemo(() => {
    const c: Record<HeartbeatStatus, number> = { ok: 0, slow: 0, expired: 0 };
    for (const h of list.items) c[heartbeatStatus(h)]++;
    return c;
  }, [list.items]);
  const rows = useMemo(() => list.items.filter((h) => statuses.includes(heartbeatStatus(h))), [list.items, statuses]);

  const del = useConfirmDelete<Heartbeat>(
    (h) => h.origin,
    async (h) => {
      await adminCommands.remove('heartbeats', t('Delete'), h.id);
    },
  );

  const columns = useMemo<Column<Heartbeat>[]>(() => {
    const cols: Column<Heartbeat>[] = [
      { id: 'origin', header: t('Origin'), primary: true, sort: (h) => h.origin, cell: (h) => <span className="font-semibold">{h.origin}</span> },
      {
        id: 'status',
        header: t('Status'),
        sort: (h) => HEARTBEAT_STATUSES.indexOf(heartbeatStatus(h)),
        cell: (h) => {
          const s = heartbeatStatus(h);
          return <StatusBadge tone={TONE[s]}>{t(LABEL_KEY[s])}</StatusBadge>;
        },
      },
      ...(config?.customer_views
        ? [{ id: 'customer', header: t('Customer'), sort: (h: Heartbeat) => h.customer, cell: (h: Heartbeat) => h.customer ?? '' }]
        : []),
      {
        id: 'tags',
        header: t('TypeAndTags'),
        sort: (h) => h.type,
        cell: (h) => (
          <div className="flex flex-col gap-1">
            <span className="text-xs text-gray-600 dark:text-gray-400">{h.type}</span>
            <Chips values={h.tags} />
          </div>
        ),
      },
      {
        id: 'attributes',
        header: t('Attributes'),
        cell: (h) => <span className="break-all font-mono text-xs">{attributesText(h.attributes)}</span>,
        // secondary detail: shown on wide screens, always searchable
        className: 'hidden max-w-xs 2xl:table-cell',
      },
      {
        id: 'receiveTime',
        header: t('LastHeard'),
        sort: (h) => Date.parse(h.receiveTime) || null,
        cell: (h) => {
          const ms = Date.parse(h.receiveTime);
          return (
            <span title={utcTooltip(h.receiveTime)} className="whitespace-nowrap">
              {Number.isFinite(ms) ? formatRelativeTime(secondsAgo(ms, now)) : ''}
              <span className="block text-xs text-gray-500 dark:text-gray-400">{format(h.receiveTime)}</span>
            </span>
          );
        },
      },
      {
        id: 'latency',
        header: t('Latency'),
        sort: (h) => h.latency,
        className: 'text-right',
        cell: (h) => (
          <span className={h.maxLatency && h.latency > h.maxLatency ? 'font-semibold text-amber-800 dark:text-amber-300' : ''} title={t('MaxLatency', { ms: formatNumber(h.maxLatency ?? 0) })}>
            {t('Milliseconds', { ms: formatNumber(h.latency ?? 0) })}
          </span>
        ),
      },
      {
        id: 'expires',
        header: t('ExpiresIn'),
        sort: (h) => heartbeatTimeLeft(h.createTime, h.timeout, now),
        className: 'whitespace-nowrap tabular-nums',
        cell: (h) => {
          const left = heartbeatTimeLeft(h.createTime, h.timeout, now);
          return left === null ? t('NeverExpires') : left === 0 ? <span className="text-red-700 dark:text-red-300">{t('Expired')}</span> : formatHms(left);
        },
      },
      { id: 'timeout', header: t('Timeout'), sort: (h) => h.timeout, className: 'hidden whitespace-nowrap tabular-nums xl:table-cell', cell: (h) => formatHms(h.timeout) },
    ];
    return cols;
  }, [t, config?.customer_views, format, utcTooltip, now, formatRelativeTime, formatNumber]);

  if (!canView) return <NoAccess title={t('Heartbeats')} />;

  const allOn = statuses.length === HEARTBEAT_STATUSES.length;
  return (
    <AdminPage
      title={t('Heartbeats')}
      icon="heartbeat"
      {...pagePropsOf(list)}
      readOnly={!canDelete}
    >
      <DataTable
        label={t('Heartbeats')}
        columns={columns}
        rows={rows}
        rowKey={(h) => h.id}
        searchText={(h) => [h.origin, h.type, h.customer, heartbeatStatus(h), ...h.tags, attributesText(h.attributes)]}
        {...tablePropsOf(list)}
        initialSort={{ id: 'receiveTime', direction: 'desc' }}
        filtered={!allOn}
        actions={canDelete ? (h) => <DeleteButton name={h.origin} onClick={() => del.ask(h)} /> : undefined}
        filters={
          <div role="group" aria-label={t('Status')} className="flex flex-wrap gap-1">
            {HEARTBEAT_STATUSES.map((s) => {
              const on = statuses.includes(s);
              return (
                <button
                  key={s}
                  type="button"
                  aria-pressed={on}
                  onClick={() => setStatuses((cur) => (on ? cur.filter((x) => x !== s) : [...cur, s]))}
                  className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-1 text-xs font-semibold ${
                    on ? 'border-brand bg-indigo-50 text-indigo-900 dark:border-indigo-300 dark:bg-indigo-900 dark:text-indigo-100' : 'border-gray-300 text-gray-600 dark:border-gray-600 dark:text-gray-300'
                  }`}
                >
                  {on && <span aria-hidden="true">✓</span>}
                  {t(LABEL_KEY[s])}
                  <span className="tabular-nums opacity-80">{formatNumber(counts[s])}</span>
                </button>
              );
            })}
          </div>
        }
      />
      {del.dialog}
    </AdminPage>
  );
}

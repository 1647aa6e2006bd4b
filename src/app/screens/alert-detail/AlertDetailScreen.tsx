// The alert detail page: what an operator opens to understand one alert and act on it.
// The data worker keeps the alert current while the page is open (the list's interval), serves the last copy from
// its cache offline, and reports a deleted or unknown alert as not found.
import { useEffect, useMemo, useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { useLocation } from 'wouter';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { Alert } from '../../../core/types.ts';
import { DELETE_ALERT_SCOPE } from '../../../core/actions.ts';
import type { AlertDetailMessage } from '../../../worker/contract/index.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { LATER_ICONS } from '../../components/later-icons.ts';
import { usePerms } from '../../hooks/usePerms.ts';
import { useScreenTitle } from '../../components/page-title.ts';
import { detailAtom } from '../../state/detail.ts';
import { listAddress } from '../../state/alerts-screen.ts';
import { configAtom, connectivityAtom, usernameAtom } from '../../state/session.ts';
import { OUTCOME, pushNotice } from '../../state/notices.ts';
import { useT } from '../../state/i18n.ts';
import { usePendingEntries } from '../../state/outbox.ts';
import { withPending } from '../../../core/outbox.ts';
import { secondsAgo } from '../../../core/date-format.ts';
import { PendingMark } from '../../components/PendingMark.tsx';
import { DetailToolbar, type DetailPermissions } from './DetailToolbar.tsx';
import { DetailsTab } from './DetailsTab.tsx';
import { HistoryTab } from './HistoryTab.tsx';
import { ActionBar } from './ActionBar.tsx';
import { alertCommands, watchAlertDetail } from '../../data/alerts.ts';
import { SeverityChip, StatusChip } from './status-chips.tsx';
import { useNow } from '../../hooks/useNow.ts';
import { ValueMenu } from '../alerts/search/ValueMenu.tsx';

const OFFLINE_REASON_ID = 'alert-detail-offline-reason';

interface NavigationLike {
  currentEntry?: { index: number } | null;
  entries?: () => { url: string | null }[];
}

/**
 * Back to the list as it was (filters, page) when the page was opened from it; from a deep link or another page,
 * to `list` (the list as last shown). The Navigation API tells where "back" leads; without it, `list`.
 */
function goBack(navigate: (to: string) => void, list: string) {
  const nav = (window as unknown as { navigation?: NavigationLike }).navigation;
  const index = nav?.currentEntry?.index ?? -1;
  const previous = index > 0 ? nav?.entries?.()[index - 1]?.url : null;
  if (previous) {
    const url = new URL(previous);
    if (url.origin === window.location.origin && /\/alerts\/?$/.test(url.pathname)) {
      window.history.back();
      return;
    }
  }
  navigate(list);
}

export function AlertDetailScreen({ id }: { id: string }) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const store = useStore();
  const back = () => goBack(navigate, listAddress(store));
  const detail = useAtomValue(detailAtom);
  const config = useAtomValue(configAtom);
  const username = useAtomValue(usernameAtom);
  const connectivity = useAtomValue(connectivityAtom);
  const { can } = usePerms();
  // Relative times ("3 minutes ago") move on between polls; the time left ticks on its own, every second.
  const now = useNow(15_000);
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    watchAlertDetail(id);
    return () => watchAlertDetail(null);
  }, [id]);

  // A message about the alert shown before (or a stale one from a previous visit) is not this page's.
  const msg: AlertDetailMessage | null = detail && detail.id === id ? detail : null;
  // Actions made without a connection show as done, marked pending, until the outbox has sent them.
  const pending = usePendingEntries(id);
  const alert = msg?.alert ? withPending(msg.alert, pending) : null;
  useScreenTitle(alert ? `${alert.event} – ${alert.resource}` : null);

  const perms = useMemo<DetailPermissions>(
    () => ({
      username,
      canWrite: can('write:alerts'),
      canDelete: can(DELETE_ALERT_SCOPE),
      canBlackout: can('write:blackouts'),
      online: connectivity.online,
      offlineReasonId: OFFLINE_REASON_ID,
    }),
    [username, can, connectivity.online],
  );

  const remove = async () => {
    setConfirmDelete(false);
    if (!alert) return;
    if ((await alertCommands.remove('detail', [alert.id])).ok) {
      pushNotice({ level: 'success', key: 'AlertDeleted', text: 'Alert deleted', group: OUTCOME });
      back();
    }
  };

  if (!msg) {
    return (
      <div className="flex h-full min-h-40 items-center justify-center gap-3 text-gray-600 dark:text-gray-300" role="status">
        <span className="h-5 w-5 animate-spin rounded-full border-2 border-brand border-t-transparent motion-reduce:animate-none" aria-hidden="true" />
        {t('Loading')}
      </div>
    );
  }

  if (!alert) return <Missing id={id} msg={msg} onBack={back} />;

  return (
    <div className="flex min-h-full flex-col bg-white text-gray-900 dark:bg-gray-900 dark:text-gray-100">
      <header className="flex flex-col gap-1 border-b border-gray-200 bg-gray-50 px-2 py-2 sm:px-4 dark:border-gray-700 dark:bg-gray-800">
        <div className="flex min-w-0 items-center gap-2">
          <IconButton icon={LATER_ICONS.arrowBack} label={t('Back')} onClick={back} />
          <h1 className="min-w-0 flex-1 truncate text-lg font-semibold" title={t('DetailTitle', { event: alert.event, resource: alert.resource })}>
            {t('DetailTitle', { event: alert.event, resource: alert.resource })}
          </h1>
          <span className="flex shrink-0 items-center gap-1.5">
            <SeverityChip severity={alert.severity} />
            <StatusChip status={alert.status} />
            {pending.length > 0 && <PendingMark />}
          </span>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <DetailToolbar
            alert={alert}
            perms={perms}
            customActions={config?.actions ?? []}
            clipboardTemplate={config?.clipboard_template ?? ''}
            onDelete={() => setConfirmDelete(true)}
          />
          <Freshness msg={msg} online={connectivity.online} now={now} />
        </div>
      </header>

      <TabGroup className="flex flex-1 flex-col">
        <TabList aria-label={t('Details')} className="flex gap-1 border-b border-gray-200 px-2 sm:px-4 dark:border-gray-700">
          {(['Details', 'History', 'Data'] as const).map((key) => (
            <Tab
              key={key}
              className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-semibold text-gray-700 outline-none hover:text-brand focus-visible:ring-2 focus-visible:ring-brand data-[selected]:border-brand data-[selected]:text-brand dark:text-gray-200 dark:data-[selected]:border-amber-300 dark:data-[selected]:text-amber-300"
            >
              {t(key)}
              {key === 'History' && alert.history?.length ? <span className="font-normal text-gray-600 dark:text-gray-400"> ({alert.history.length})</span> : null}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="flex-1 px-2 py-3 sm:px-4">
          <TabPanel>
            <DetailsTab alert={alert} notes={msg.notes} customerViews={config?.customer_views ?? false} perms={perms} now={now} />
          </TabPanel>
          <TabPanel>
            <HistoryTab history={alert.history ?? []} />
          </TabPanel>
          <TabPanel>
            <RawData alert={alert} />
          </TabPanel>
        </TabPanels>
      </TabGroup>

      {(perms.canWrite || perms.canDelete) && (
        <footer className="sticky bottom-0 z-10 border-t border-gray-200 bg-white/95 px-2 py-2 sm:px-4 dark:border-gray-700 dark:bg-gray-900/95">
          <ActionBar alert={alert} perms={perms} onDelete={() => setConfirmDelete(true)} />
        </footer>
      )}

      <ConfirmDialog open={confirmDelete} message={t('ConfirmDelete')} onCancel={() => setConfirmDelete(false)} onConfirm={() => void remove()} />
      <ValueMenu />
    </div>
  );
}

function RawData({ alert }: { alert: Alert }) {
  const { t } = useT();
  const raw = alert.rawData;
  if (raw === null || raw === undefined || raw === '') return <p className="py-4 text-gray-600 italic dark:text-gray-300">{t('NoRawData')}</p>;
  return (
    <pre className="max-h-[70vh] overflow-auto rounded bg-gray-100 p-3 font-mono text-sm whitespace-pre-wrap break-words dark:bg-gray-800">
      {typeof raw === 'string' ? raw : JSON.stringify(raw, null, 2)}
    </pre>
  );
}

/**
 * Stale or offline: the page says how old what it shows is, whether it is only the alert list's copy (opened for the
 * first time without the server), and why the actions are disabled.
 */
function Freshness({ msg, online, now }: { msg: AlertDetailMessage; online: boolean; now: number }) {
  const { t, formatRelativeTime } = useT();
  const stale = msg.freshness === 'offline' || !online || (msg.freshness === 'stale' && msg.error !== null);
  if (!stale) return null;
  const age = msg.updatedAt === null ? null : secondsAgo(msg.updatedAt, now);
  const ageText = age === null ? '' : age > -5 ? t('JustNow') : formatRelativeTime(age);
  return (
    <p role="status" className="flex items-center gap-1.5 rounded bg-amber-100 px-2 py-1 text-sm text-amber-950 dark:bg-amber-900 dark:text-amber-50">
      <Icon name={online ? 'warning' : LATER_ICONS.wifiOff} size={16} className="shrink-0" />
      <span>
        {t('Stale')}
        {ageText && ` – ${t('LastUpdated', { age: ageText })}`}
        {msg.fromList && ` – ${t('DetailFromList')}`}
        {!online && <span id={OFFLINE_REASON_ID}>{` – ${t('OfflineActionsKept')}`}</span>}
      </span>
    </p>
  );
}

/** Deleted, unknown, another customer's — or not reachable and never seen offline: a clear state, not an empty page. */
function Missing({ id, msg, onBack }: { id: string; msg: AlertDetailMessage; onBack: () => void }) {
  const { t } = useT();
  const unreachable = msg.error !== null && msg.error.code !== 404 && (msg.freshness === 'offline' || msg.error.kind === 'network');
  return (
    <div className="flex h-full min-h-60 items-center justify-center p-6">
      <div role="alert" className="max-w-lg rounded-lg border border-gray-200 bg-gray-50 p-6 text-gray-900 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-100">
        <h1 className="mb-2 flex items-center gap-2 text-lg font-semibold">
          <Icon name={unreachable ? LATER_ICONS.wifiOff : 'info'} />
          {unreachable ? t('Offline') : t('NotFound')}
        </h1>
        <p className="mb-1 break-all font-mono text-sm text-gray-700 dark:text-gray-300">{id}</p>
        <p className="mb-4 text-sm">{unreachable ? (msg.error?.message ?? '') : t('DetailNotFoundHelp')}</p>
        <Button variant="primary" icon={LATER_ICONS.arrowBack} onClick={onBack} autoFocus>
          {t('DetailBackToAlerts')}
        </Button>
      </div>
    </div>
  );
}

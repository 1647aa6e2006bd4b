// Blackout periods: alerts matching an active one are suppressed. Status active/pending/expired follows the clock;
// create (start now for the preferred period, or chosen times), edit, delete; opens pre-filled from an alert.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation, useSearch } from 'wouter';
import type { Blackout } from '../../../core/types.ts';
import {
  blackoutPrefillFromQuery,
  blackoutRemaining,
  blackoutStatus,
  newBlackoutForm,
  SCREEN_SCOPES,
  type BlackoutStatus,
} from '../../../core/admin-rules.ts';
import { effectiveBlackoutPeriod } from '../../../core/preferences.ts';
import { formatHms } from '../../../core/time-left.ts';
import { configAtom } from '../../state/session.ts';
import { prefsAtom } from '../../state/user.ts';
import { useT } from '../../state/i18n.ts';
import { AdminPage, NoAccess } from '../admin-kit/AdminPage.tsx';
import { DataTable, type Column } from '../admin-kit/DataTable.tsx';
import { pagePropsOf, tablePropsOf, useSuggestions } from '../admin-kit/hooks.ts';
import { usePerms } from '../../hooks/usePerms.ts';
import { useNow } from '../../hooks/useNow.ts';
import { useFormatDate } from '../../hooks/useFormatDate.ts';
import { adminCommands, useResourceList } from '../../data/admin.ts';
import { Chips, StatusBadge, type Tone } from '../admin-kit/StatusBadge.tsx';
import { DeleteButton, EditButton, useConfirmDelete } from '../admin-kit/ItemActions.tsx';
import { BlackoutDialog, type BlackoutDialogState } from './BlackoutForm.tsx';

const TONE: Record<BlackoutStatus, Tone> = { active: 'ok', pending: 'info', expired: 'muted' };
const LABEL_KEY = { active: 'Active', pending: 'Pending', expired: 'Expired' } as const;
const ORDER: BlackoutStatus[] = ['active', 'pending', 'expired'];

function scopeOf(b: Blackout): string[] {
  const out: string[] = [];
  if (b.service?.length) out.push(...b.service.map((s) => `service: ${s}`));
  if (b.resource) out.push(`resource: ${b.resource}`);
  if (b.event) out.push(`event: ${b.event}`);
  if (b.group) out.push(`group: ${b.group}`);
  if (b.origin) out.push(`origin: ${b.origin}`);
  if (b.tags?.length) out.push(...b.tags.map((s) => `tag: ${s}`));
  return out;
}

/** How a row's buttons name their blackout: its reason when it has one, else what it covers. */
function blackoutName(b: Blackout): string {
  return b.text?.trim() || [b.environment, b.resource, b.event].filter(Boolean).join(' / ');
}

export function BlackoutsScreen() {
  const { t } = useT();
  const { can } = usePerms();
  const config = useAtomValue(configAtom);
  const prefs = useAtomValue(prefsAtom);
  const { format, utcTooltip } = useFormatDate();
  const now = useNow(1000);
  const search = useSearch();
  const [, navigate] = useLocation();
  const canView = can(SCREEN_SCOPES.blackouts.view);
  const canManage = can(SCREEN_SCOPES.blackouts.manage);
  const list = useResourceList('blackouts', canView);
  const lists = useSuggestions(canManage);
  const period = effectiveBlackoutPeriod(prefs, config);
  // The alert detail links to /blackouts?new=1&environment=..: the screen opens with the pre-filled form, and the
  // query is dropped (below) so a reload or Back does not open it again.
  const [dialog, setDialog] = useState<BlackoutDialogState | null>(() => {
    const prefill = canManage ? blackoutPrefillFromQuery(search) : null;
    return prefill ? { mode: 'create', form: newBlackoutForm(prefs, period, prefill) } : null;
  });
  const [showExpired, setShowExpired] = useState(true);

  const openCreate = () => setDialog({ mode: 'create', form: newBlackoutForm(prefs, period) });
  useEffect(() => {
    if (blackoutPrefillFromQuery(search)) navigate('/blackouts', { replace: true });
  }, [search, navigate]);

  const counts = useMemo(() => {
    const c: Record<BlackoutStatus, number> = { active: 0, pending: 0, expired: 0 };
    for (const b of list.items) c[blackoutStatus(b, now)]++;
    return c;
  }, [list.items, now]);
  const rows = useMemo(() => (showExpired ? list.items : list.items.filter((b) => blackoutStatus(b, now) !== 'expired')), [list.items, showExpired, now]);

  const del = useConfirmDelete<Blackout>(
    (b) => blackoutName(b),
    async (b) => {
      await adminCommands.remove('blackouts', t('Delete'), b.id);
    },
  );

  // H:MM:SS up to a day; beyond that "29 days 23:59:39" reads better than 719:59:39.
  const untilText = useCallback(
    (seconds: number) => (seconds < 86400 ? formatHms(seconds) : t('DaysAndTime', { days: Math.floor(seconds / 86400), hms: formatHms(seconds % 86400) })),
    [t],
  );

  const columns = useMemo<Column<Blackout>[]>(
    () => [
      {
        id: 'status',
        header: t('Status'),
        sort: (b) => ORDER.indexOf(blackoutStatus(b, now)),
        cell: (b) => {
          const s = blackoutStatus(b, now);
          const left = blackoutRemaining(b, now);
          return (
            <span className="flex flex-col items-start gap-0.5">
              <StatusBadge tone={TONE[s]}>{t(LABEL_KEY[s])}</StatusBadge>
              {left !== null && (
                <span className="text-xs tabular-nums text-gray-500 dark:text-gray-400">
                  {s === 'pending' ? t('StartsIn', { time: untilText(left) }) : t('EndsIn', { time: untilText(left) })}
                </span>
              )}
            </span>
          );
        },
      },
      { id: 'environment', header: t('Environment'), primary: true, sort: (b) => b.environment, cell: (b) => <span className="font-semibold">{b.environment}</span> },
      {
        id: 'scope',
        header: t('BlackoutScope'),
        cell: (b) => <Chips values={scopeOf(b)} empty={t('WholeEnvironment')} />,
      },
      ...(config?.customer_views ? [{ id: 'customer', header: t('Customer'), sort: (b: Blackout) => b.customer, cell: (b: Blackout) => b.customer ?? '' }] : []),
      {
        id: 'start',
        header: t('Start'),
        sort: (b) => Date.parse(b.startTime) || null,
        className: 'whitespace-nowrap',
        cell: (b) => <span title={utcTooltip(b.startTime)}>{format(b.startTime)}</span>,
      },
      {
        id: 'end',
        header: t('End'),
        sort: (b) => Date.parse(b.endTime) || null,
        className: 'whitespace-nowrap',
        cell: (b) => <span title={utcTooltip(b.endTime)}>{format(b.endTime)}</span>,
      },
      { id: 'text', header: t('Reason'), sort: (b) => b.text, className: 'max-w-xs break-words', cell: (b) => b.text ?? '' },
      { id: 'user', header: t('User'), sort: (b) => b.user, cell: (b) => b.user ?? '' },
    ],
    [t, now, format, utcTooltip, config?.customer_views, untilText],
  );

  if (!canView) return <NoAccess title={t('Blackouts')} />;

  return (
    <AdminPage
      title={t('Blackouts')}
      icon="block"
      {...pagePropsOf(list)}
      createLabel={canManage ? t('NewBlackout') : undefined}
      onCreate={() => openCreate()}
      readOnly={!canManage}
    >
      <DataTable
        label={t('Blackouts')}
        columns={columns}
        rows={rows}
        rowKey={(b) => b.id}
        searchText={(b) => [b.environment, b.text, b.user, b.customer, t(LABEL_KEY[blackoutStatus(b, now)]), ...scopeOf(b)]}
        {...tablePropsOf(list)}
        initialSort={{ id: 'status', direction: 'asc' }}
        filtered={!showExpired}
        filters={
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span className="text-gray-600 dark:text-gray-300">
              {ORDER.map((s) => `${t(LABEL_KEY[s])} ${counts[s]}`).join(' · ')}
            </span>
            <label className="inline-flex items-center gap-1.5">
              <input type="checkbox" checked={showExpired} onChange={(e) => setShowExpired(e.target.checked)} className="h-4 w-4 accent-brand" />
              {t('ShowExpired')}
            </label>
          </div>
        }
        actions={
          canManage
            ? (b) => (
                <>
                  <EditButton name={blackoutName(b)} onClick={() => setDialog({ mode: 'edit', blackout: b })} />
                  <DeleteButton name={blackoutName(b)} onClick={() => del.ask(b)} />
                </>
              )
            : undefined
        }
      />
      {dialog && (
        <BlackoutDialog
          state={dialog}
          lists={lists}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
          }}
        />
      )}
      {del.dialog}
    </AdminPage>
  );
}

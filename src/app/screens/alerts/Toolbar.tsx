// The alerts toolbar: search with clear and pin, watch-only, time ranges, filter, sound, full
// screen, refresh and the menu (panel, density, CSV, shortcuts). With rows selected it becomes the bulk bar.
import { useId, useState, type RefObject } from 'react';
import { useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { TIME_RANGES, presetOf } from '../../../core/date-range.ts';
import { bulkWatchTarget } from '../../../core/actions.ts';
import { bulkTargets } from '../../../core/alerts-selection.ts';
import type { AlertRow } from '../../../worker/contract/index.ts';
import { pageRows, rowOf } from '../../state/alerts.ts';
import type { Store } from '../../state/store.ts';
import { useT } from '../../state/i18n.ts';
import { actionLabel } from '../../i18n/labels.ts';
import { configAtom, sessionAtom, usernameAtom } from '../../state/session.ts';
import {
  clearSelection,
  densityDialogOpenAtom,
  filterActiveAtom,
  filterAtom,
  filtersOpenAtom,
  muteOverrideAtom,
  mutedAtom,
  pageAtom,
  pendingDeleteAtom,
  rowContextAtom,
  selectionAtom,
  shortcutsOpenAtom,
  showPanelAtom,
  viewAtom,
  watchOnlyAtom,
} from '../../state/alerts-screen.ts';
import { alertCommands, exportGroupedAlerts, refreshAlerts } from '../../data/alerts.ts';
import { listBusyAtom } from '../../data/commands.ts';
import { savePreferences } from '../../data/account.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ActionMenu } from '../../components/ActionMenu.tsx';
import { SearchBox } from './SearchBox.tsx';
import { groupByDialogOpenAtom, openGroupsAtom, overviewShownAtom } from '../../state/groups.ts';

export interface ToolbarProps {
  searchRef: RefObject<HTMLInputElement>;
  fullscreen: { active: boolean; toggle: () => void };
}

/** The spinner of the refresh button: the refresh flag is up for 300 ms, as in the old console. */
const REFRESH_FLAG_MS = 300;

function useRefresh(): [boolean, () => void] {
  const [refreshing, setRefreshing] = useState(false);
  return [
    refreshing,
    () => {
      refreshAlerts();
      setRefreshing(true);
      setTimeout(() => setRefreshing(false), REFRESH_FLAG_MS);
    },
  ];
}

/**
 * The list's alerts as CSV (src/core/csv.ts): the API's own fields, named after the environment tab. A plain list
 * exports its page; a grouped list every alert of its open groups, or of the view when none is open (docs/groups.md).
 */
async function downloadCsv(store: Store) {
  // The CSV rules load with the first export, not with the screen.
  const { alertsToCsv, csvFilename } = await import('../../../core/csv.ts');
  const view = store.get(viewAtom);
  // `trend` is the console's own field: the export carries the API's alert fields only.
  const rows = view.groupBy ? await exportGroupedAlerts(view, store.get(openGroupsAtom)) : pageRows(store).map(({ trend: _trend, ...alert }) => alert);
  if (!rows) return;
  const blob = new Blob([alertsToCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = csvFilename(store.get(filterAtom).environment);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const menuItemsClass =
  'z-40 min-w-52 rounded bg-white py-1 text-sm text-gray-900 shadow-lg ring-1 ring-black/10 focus:outline-none dark:bg-gray-800 dark:text-gray-100';

export function Toolbar(props: ToolbarProps) {
  const selection = useAtomValue(selectionAtom);
  if (selection.size > 0) return <BulkBar fullscreen={props.fullscreen} selection={selection} />;
  return <MainBar {...props} />;
}

function MainBar({ searchRef, fullscreen }: ToolbarProps) {
  const { t } = useT();
  const store = useStore();
  const [filter, setFilter] = useAtom(filterAtom);
  const setPage = useSetAtom(pageAtom);
  const filterActive = useAtomValue(filterActiveAtom);
  const [watchOnly, setWatchOnly] = useAtom(watchOnlyAtom);
  const canWatch = useAtomValue(usernameAtom) !== null;
  const muted = useAtomValue(mutedAtom);
  const signedIn = useAtomValue(sessionAtom).authenticated;
  const [showPanel, setShowPanel] = useAtom(showPanelAtom);
  const [overviewShown, setOverviewShown] = useAtom(overviewShownAtom);
  const hasIndicators = (useAtomValue(configAtom)?.indicators?.queries?.length ?? 0) > 0;
  const openFilters = () => store.set(filtersOpenAtom, true);
  const [refreshing, refresh] = useRefresh();
  const rangeId = useId();

  const mute = (m: boolean) => {
    store.set(muteOverrideAtom, m);
    // Signed out (or auth off) the choice holds for this session; signed in it is saved to the user's prefs.
    if (signedIn) void savePreferences({ isMute: m }, { announce: false });
  };
  const preset = presetOf(filter.dateRange);

  return (
    <div className="flex flex-wrap items-center gap-x-1 gap-y-1 px-2 py-1">
      <SearchBox searchRef={searchRef} />

      <label htmlFor={rangeId} className="sr-only">
        {t('AlertsTimeRange')}
      </label>
      <select
        id={rangeId}
        value={preset}
        onChange={(e) => {
          const option = TIME_RANGES.find((o) => o.id === e.target.value);
          if (!option) return;
          if (option.id === 'custom') openFilters();
          else {
            setFilter({ ...filter, dateRange: option.range });
            setPage(1);
          }
        }}
        className="rounded bg-white/15 px-2 py-1.5 text-white focus:bg-white/25 [&>option]:text-gray-900"
      >
        {TIME_RANGES.map((o) => (
          <option key={o.id} value={o.id}>
            {t(o.id === 'custom' ? 'CustomRange' : o.labelKey)}
          </option>
        ))}
      </select>

      <span className="relative">
        <IconButton
          icon="filter"
          label={filterActive ? `${t('Filters')} – ${t('FilterActive')}` : t('Filters')}
          pressed={filterActive}
          className={filterActive ? 'bg-accent text-gray-900 hover:bg-accent' : ''}
          onClick={openFilters}
        />
        {filterActive && <span aria-hidden="true" className="absolute right-1 top-1 h-2 w-2 rounded-full bg-red-600 ring-2 ring-white" />}
      </span>
      {canWatch && (
        <IconButton
          icon="visibility"
          label={t('WatchOnly')}
          pressed={watchOnly}
          className={watchOnly ? 'bg-white/30' : ''}
          onClick={() => {
            setWatchOnly(!watchOnly);
            setPage(1);
          }}
        />
      )}
      <IconButton icon={muted ? 'volumeOff' : 'volumeUp'} label={muted ? t('Unmute') : t('Mute')} pressed={!muted} onClick={() => mute(!muted)} />
      <IconButton icon={fullscreen.active ? 'fullscreenExit' : 'fullscreen'} label={fullscreen.active ? t('ExitFullScreen') : t('FullScreen')} onClick={fullscreen.toggle} />
      <IconButton icon="refresh" label={t('Refresh')} onClick={refresh} className={refreshing ? 'animate-spin' : ''} />
      <ActionMenu
        label={t('More')}
        buttonClassName="inline-flex h-9 w-9 items-center justify-center rounded-full hover:bg-white/15"
        button={<Icon name="moreVert" />}
        itemsClassName={menuItemsClass}
        entries={[
          ...(hasIndicators ? [{ key: 'panel', icon: 'chart' as const, label: showPanel ? t('HidePanel') : t('ShowPanel'), onSelect: () => setShowPanel(!showPanel) }] : []),
          { key: 'density', icon: 'list', label: `${t('DisplayDensity')}…`, onSelect: () => store.set(densityDialogOpenAtom, true) },
          // Triage of a storm: alerts in groups, and the overview of what is going on (GroupByDialog, OverviewPanel).
          { key: 'group-by', icon: 'groupBy', label: `${t('GroupBy')}…`, onSelect: () => store.set(groupByDialogOpenAtom, true) },
          {
            key: 'overview',
            icon: 'insights',
            label: overviewShown ? t('OverviewHide') : t('OverviewShow'),
            onSelect: () => setOverviewShown(!overviewShown),
          },
          { key: 'csv', icon: 'download', label: t('DownloadAsCsv'), onSelect: () => void downloadCsv(store) },
          { key: 'shortcuts', icon: 'help', label: t('KeyboardShortcuts'), onSelect: () => store.set(shortcutsOpenAtom, true) },
        ]}
      />
    </div>
  );
}

function selectedRows(store: Store, selection: ReadonlySet<string>): AlertRow[] {
  return [...selection].flatMap((id) => rowOf(store, id) ?? []);
}

function BulkBar({ fullscreen, selection }: { fullscreen: ToolbarProps['fullscreen']; selection: ReadonlySet<string> }) {
  const { t } = useT();
  const store = useStore();
  const busy = useAtomValue(listBusyAtom);
  const ctx = useAtomValue(rowContextAtom);
  const [refreshing, refresh] = useRefresh();
  const rows = selectedRows(store, selection);
  const username = ctx?.username ?? null;
  const watchOn = username ? bulkWatchTarget(rows, username) : true;
  const ids = rows.map((r) => r.id);
  // Bulk actions clear the selection afterwards; the worker reloads the list after every command.
  const done = () => clearSelection(store);
  // Targets are worked out at the click, from the rows as they are then (a poll may have changed a status).
  const act = (action: 'ack' | 'shelve' | 'close') => void alertCommands.act('list', bulkTargets(selectedRows(store, selection), action), action).then(done);

  return (
    <div className="flex flex-wrap items-center gap-1 px-2 py-1" role="toolbar" aria-label={t('AlertsBulkActions')}>
      <IconButton icon="arrowBack" label={t('Back')} onClick={done} />
      <span className="mr-2 font-semibold" aria-live="polite">
        {t('RowsSelected', { count: selection.size })}
      </span>
      {ctx?.canWrite && (
        <>
          {username && (
            <Button variant="ghost" icon={watchOn ? 'visibility' : 'visibilityOff'} className="text-white hover:bg-white/15" disabled={busy} onClick={() => void alertCommands.watch('list', ids, watchOn).then(done)}>
              {watchOn ? t('Watch') : t('Unwatch')}
            </Button>
          )}
          <Button variant="ghost" icon="ack" className="text-white hover:bg-white/15" disabled={busy || bulkTargets(rows, 'ack').length === 0} onClick={() => act('ack')}>
            {t('Ack')}
          </Button>
          <Button variant="ghost" icon="shelve" className="text-white hover:bg-white/15" disabled={busy || bulkTargets(rows, 'shelve').length === 0} onClick={() => act('shelve')}>
            {t('Shelve')}
          </Button>
          <Button variant="ghost" icon="closeAlert" className="text-white hover:bg-white/15" disabled={busy || bulkTargets(rows, 'close').length === 0} onClick={() => act('close')}>
            {t('Close')}
          </Button>
          {ctx.canDelete && (
            <Button variant="ghost" icon="delete" className="text-white hover:bg-white/15" disabled={busy} onClick={() => store.set(pendingDeleteAtom, { ids, bulk: true })}>
              {t('Delete')}
            </Button>
          )}
          {ctx.customActions.length > 0 && (
            <ActionMenu
              label={t('Actions')}
              buttonClassName="inline-flex h-9 w-9 items-center justify-center rounded-full hover:bg-white/15"
              button={<Icon name="moreVert" />}
              itemsClassName={menuItemsClass}
              entries={ctx.customActions.map((action) => ({ key: action, label: actionLabel(action, t), onSelect: () => void alertCommands.act('list', ids, action).then(done) }))}
            />
          )}
        </>
      )}
      <span className="ml-auto flex items-center">
        <IconButton icon={fullscreen.active ? 'fullscreenExit' : 'fullscreen'} label={fullscreen.active ? t('ExitFullScreen') : t('FullScreen')} onClick={fullscreen.toggle} />
        <IconButton icon="refresh" label={t('Refresh')} onClick={refresh} className={refreshing ? 'animate-spin' : ''} />
      </span>
    </div>
  );
}

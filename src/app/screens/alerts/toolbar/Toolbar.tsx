// The alerts toolbar: search with clear and pin, watch-only, time ranges, filter, sound, full
// screen, refresh and the menu (panel, density, CSV, shortcuts). With rows selected it becomes the bulk bar.
import { lazy, Suspense, useId, type RefObject } from 'react';
import { useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { TIME_RANGES, presetOf } from '../../../../core/date-range.ts';
import { pageRows } from '../../../state/alerts.ts';
import type { Store } from '../../../state/store.ts';
import { useT } from '../../../state/i18n.ts';
import { configAtom, sessionAtom, usernameAtom } from '../../../state/session.ts';
import {
  densityDialogOpenAtom,
  filterActiveAtom,
  filterAtom,
  filtersOpenAtom,
  muteOverrideAtom,
  mutedAtom,
  pageAtom,
  selectionAtom,
  shortcutsOpenAtom,
  showPanelAtom,
  viewAtom,
  watchOnlyAtom,
} from '../../../state/alerts-screen.ts';
import { exportGroupedAlerts } from '../../../data/alerts.ts';
import { savePreferences } from '../../../data/account.ts';
import { IconButton } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { ActionMenu } from '../../../components/ActionMenu.tsx';
import { SearchBox } from '../search/SearchBox.tsx';
import { menuItemsClass, useRefresh, type FullscreenControl } from './toolbar-parts.ts';
import { whenStarted } from '../../../startup.ts';
import { groupByDialogOpenAtom, openGroupsAtom, overviewShownAtom } from '../../../state/groups.ts';

export interface ToolbarProps {
  searchRef: RefObject<HTMLInputElement>;
  fullscreen: FullscreenControl;
}

/**
 * The list's alerts as CSV (src/core/csv.ts): the API's own fields, named after the environment tab. A plain list
 * exports its page; a grouped list every alert of its open groups, or of the view when none is open (docs/groups.md).
 */
async function downloadCsv(store: Store) {
  // The CSV rules load with the first export, not with the screen.
  const { alertsToCsv, csvFilename } = await import('../../../../core/csv.ts');
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

// The bulk bar (rows selected) loads its code once the first rows are on screen, before a row can be selected; until
// it has arrived the toolbar stays as it was.
const loadBulkBar = () => import('./BulkBar.tsx');
whenStarted(() => void loadBulkBar().catch(() => undefined));
const BulkBar = lazy(loadBulkBar);

export function Toolbar(props: ToolbarProps) {
  const selection = useAtomValue(selectionAtom);
  if (selection.size > 0)
    return (
      <Suspense fallback={<MainBar {...props} />}>
        <BulkBar fullscreen={props.fullscreen} selection={selection} />
      </Suspense>
    );
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

// The alerts toolbar (SPEC 2 "Toolbar"): search with clear and pin, watch-only, time ranges, filter, sound, full
// screen, refresh and the menu (panel, density, CSV, shortcuts). With rows selected it becomes the bulk bar.
import { useId, useState, type FormEvent, type RefObject } from 'react';
import { useAtomValue } from 'jotai';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { TIME_RANGES, presetOf } from '../../../core/date-range.ts';
import type { DateRange } from '../../../core/types.ts';
import { bulkWatchTarget } from '../../../core/actions.ts';
import { bulkTargets } from '../../../core/alerts-selection.ts';
import { rowAtom } from '../../state/alerts.ts';
import { store } from '../../state/store.ts';
import { useT } from '../../state/i18n.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { busyAtom, clearSelection, pendingDeleteAtom, selectionAtom } from './alerts-screen-state.ts';
import { runCommand } from './alert-commands.ts';
import type { AlertRow } from '../../../worker/contract/index.ts';

export interface ToolbarProps {
  q: string;
  onSearch: (q: string) => void;
  onSaveSearch: (q: string) => void;
  canWatch: boolean;
  watchOnly: boolean;
  onWatchOnly: (on: boolean) => void;
  dateRange: DateRange;
  onDateRange: (range: DateRange) => void;
  filterActive: boolean;
  onOpenFilters: () => void;
  muted: boolean;
  onMute: (muted: boolean) => void;
  fullscreen: boolean;
  onFullscreen: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  hasIndicators: boolean;
  showPanel: boolean;
  onShowPanel: (show: boolean) => void;
  onDensity: () => void;
  onCsv: () => void;
  onShortcuts: () => void;
  searchRef: RefObject<HTMLInputElement | null>;
  username: string | null;
  canWrite: boolean;
  canDelete: boolean;
  customActions: string[];
}

function MenuEntry({ icon, label, onClick }: { icon: IconName; label: string; onClick: () => void }) {
  return (
    <MenuItem>
      <button type="button" onClick={onClick} className="flex w-full items-center gap-3 px-4 py-2 text-left data-[focus]:bg-gray-100 dark:data-[focus]:bg-gray-700">
        <Icon name={icon} size={18} />
        {label}
      </button>
    </MenuItem>
  );
}

const menuItemsClass =
  'z-40 min-w-52 rounded bg-white py-1 text-sm text-gray-900 shadow-lg ring-1 ring-black/10 focus:outline-none dark:bg-gray-800 dark:text-gray-100';

export function Toolbar({ searchRef, ...props }: ToolbarProps) {
  const selection = useAtomValue(selectionAtom);
  if (selection.size > 0) return <BulkBar {...props} selection={selection} />;
  return <MainBar {...props} searchRef={searchRef} />;
}

function MainBar({ searchRef, ...props }: ToolbarProps) {
  const { t } = useT();
  const [text, setText] = useState(props.q);
  // Back/Forward or a saved search from the drawer change q under the box: the box follows (without remounting,
  // so the focus stays in the box after Enter).
  const [shownQ, setShownQ] = useState(props.q);
  if (shownQ !== props.q) {
    setShownQ(props.q);
    setText(props.q);
  }
  const rangeId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSearch(text.trim());
  };
  const preset = presetOf(props.dateRange);

  return (
    <div className="flex flex-wrap items-center gap-x-1 gap-y-1 px-2 py-1">
      <form role="search" onSubmit={submit} className="flex min-w-0 flex-[1_1_16rem] items-center rounded bg-white/15 px-2 focus-within:bg-white/25">
        <Icon name="search" size={18} className="shrink-0 opacity-80" />
        <input
          ref={searchRef}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => {
            // Like the old console, leaving the box submits a changed search.
            if (text.trim() !== props.q) props.onSearch(text.trim());
          }}
          onKeyDown={(e) => {
            // Escape abandons an edit (back to the search in force). The browser's own Escape-clears-the-box is
            // prevented: with submit-on-blur it would silently drop the search on the next click elsewhere.
            if (e.key === 'Escape') {
              e.preventDefault();
              if (text !== props.q) {
                e.stopPropagation();
                setText(props.q);
              }
            }
          }}
          aria-label={t('Search')}
          placeholder={t('Search')}
          className="min-w-0 flex-1 appearance-none bg-transparent px-2 py-1.5 text-white placeholder:text-white/70 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {text && (
          <IconButton
            icon="close"
            label={t('ClearSearch')}
            size={18}
            className="h-8 w-8 text-white"
            onClick={() => {
              setText('');
              props.onSearch('');
              searchRef.current?.focus();
            }}
          />
        )}
        <IconButton icon="pin" label={t('SaveSearch')} size={18} className="h-8 w-8 text-white" disabled={!text.trim()} onClick={() => props.onSaveSearch(text.trim())} />
      </form>

      <label htmlFor={rangeId} className="sr-only">
        {t('AlertsTimeRange')}
      </label>
      <select
        id={rangeId}
        value={preset}
        onChange={(e) => {
          const option = TIME_RANGES.find((o) => o.id === e.target.value);
          if (!option) return;
          if (option.id === 'custom') props.onOpenFilters();
          else props.onDateRange(option.range);
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
          label={props.filterActive ? `${t('Filters')} – ${t('FilterActive')}` : t('Filters')}
          pressed={props.filterActive}
          className={props.filterActive ? 'bg-accent text-gray-900 hover:bg-accent' : ''}
          onClick={props.onOpenFilters}
        />
        {props.filterActive && <span aria-hidden="true" className="absolute right-1 top-1 h-2 w-2 rounded-full bg-red-600 ring-2 ring-white" />}
      </span>
      {props.canWatch && (
        <IconButton
          icon="visibility"
          label={t('WatchOnly')}
          pressed={props.watchOnly}
          className={props.watchOnly ? 'bg-white/30' : ''}
          onClick={() => props.onWatchOnly(!props.watchOnly)}
        />
      )}
      <IconButton icon={props.muted ? 'volumeOff' : 'volumeUp'} label={props.muted ? t('Unmute') : t('Mute')} pressed={!props.muted} onClick={() => props.onMute(!props.muted)} />
      <IconButton icon={props.fullscreen ? 'fullscreenExit' : 'fullscreen'} label={props.fullscreen ? t('ExitFullScreen') : t('FullScreen')} onClick={props.onFullscreen} />
      <IconButton icon="refresh" label={t('Refresh')} onClick={props.onRefresh} className={props.refreshing ? 'animate-spin' : ''} />
      <Menu>
        <MenuButton aria-label={t('More')} title={t('More')} className="inline-flex h-9 w-9 items-center justify-center rounded-full hover:bg-white/15">
          <Icon name="moreVert" />
        </MenuButton>
        <MenuItems anchor="bottom end" className={menuItemsClass}>
          {props.hasIndicators && (
            <MenuEntry icon="chart" label={props.showPanel ? t('HidePanel') : t('ShowPanel')} onClick={() => props.onShowPanel(!props.showPanel)} />
          )}
          <MenuEntry icon="list" label={`${t('DisplayDensity')}…`} onClick={props.onDensity} />
          <MenuEntry icon="download" label={t('DownloadAsCsv')} onClick={props.onCsv} />
          <MenuEntry icon="help" label={t('KeyboardShortcuts')} onClick={props.onShortcuts} />
        </MenuItems>
      </Menu>
    </div>
  );
}

function selectedRows(selection: ReadonlySet<string>): AlertRow[] {
  const rows: AlertRow[] = [];
  for (const id of selection) {
    const a = rowAtom(id);
    if (a) rows.push(store.get(a));
  }
  return rows;
}

function BulkBar(props: Omit<ToolbarProps, 'searchRef'> & { selection: ReadonlySet<string> }) {
  const { t } = useT();
  const busy = useAtomValue(busyAtom);
  const rows = selectedRows(props.selection);
  const watchOn = props.username ? bulkWatchTarget(rows, props.username) : true;
  const ids = rows.map((r) => r.id);
  // Targets are worked out at the click, from the rows as they are then (a poll may have changed a status).
  const act = (action: 'ack' | 'shelve' | 'close') => void runCommand(bulkTargets(selectedRows(props.selection), action), { kind: 'act', action }, { bulk: true });

  return (
    <div className="flex flex-wrap items-center gap-1 px-2 py-1" role="toolbar" aria-label={t('AlertsBulkActions')}>
      <IconButton icon="arrowBack" label={t('Back')} onClick={clearSelection} />
      <span className="mr-2 font-semibold" aria-live="polite">
        {t('RowsSelected', { count: props.selection.size })}
      </span>
      {props.canWrite && (
        <>
          {props.username && (
            <Button variant="ghost" icon={watchOn ? 'visibility' : 'visibilityOff'} className="text-white hover:bg-white/15" disabled={busy} onClick={() => void runCommand(ids, { kind: 'watch', on: watchOn }, { bulk: true })}>
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
          {props.canDelete && (
            <Button variant="ghost" icon="delete" className="text-white hover:bg-white/15" disabled={busy} onClick={() => store.set(pendingDeleteAtom, { ids, bulk: true })}>
              {t('Delete')}
            </Button>
          )}
          {props.customActions.length > 0 && (
            <Menu>
              <MenuButton aria-label={t('Actions')} title={t('Actions')} className="inline-flex h-9 w-9 items-center justify-center rounded-full hover:bg-white/15">
                <Icon name="moreVert" />
              </MenuButton>
              <MenuItems anchor="bottom end" className={menuItemsClass}>
                {props.customActions.map((action) => (
                  <MenuItem key={action}>
                    <button
                      type="button"
                      className="block w-full px-4 py-2 text-left data-[focus]:bg-gray-100 dark:data-[focus]:bg-gray-700"
                      onClick={() => void runCommand(ids, { kind: 'act', action }, { bulk: true })}
                    >
                      {action}
                    </button>
                  </MenuItem>
                ))}
              </MenuItems>
            </Menu>
          )}
        </>
      )}
      <span className="ml-auto flex items-center">
        <IconButton icon={props.fullscreen ? 'fullscreenExit' : 'fullscreen'} label={props.fullscreen ? t('ExitFullScreen') : t('FullScreen')} onClick={props.onFullscreen} />
        <IconButton icon="refresh" label={t('Refresh')} onClick={props.onRefresh} />
      </span>
    </div>
  );
}

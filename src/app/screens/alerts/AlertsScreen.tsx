// The alerts screen (SPEC 2): environment tabs, toolbar or bulk bar, filter sheet, indicator panel, the table (cards
// on a phone), pagination, CSV, sound and kiosk mode. Filter, sort and panel state live in the URL hash in the old
// console's format; the search (q) and kiosk in the query string. The worker polls the view this screen derives.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { useLocation, useSearch } from 'wouter';
import type { AlertFilter, AlertsView, Config, DateRange, SortState } from '../../../core/types.ts';
import { defaultFilter, viewKey } from '../../../core/alerts-query.ts';
import { emptyStateOf, filterIsActive, hashFor, initialHashState, readAlertsLocation, searchWithQ } from '../../../core/alerts-location.ts';
import { decodeHash } from '../../../core/url-hash.ts';
import { pruneSelection } from '../../../core/alerts-selection.ts';
import { refocusAfterChange } from '../../../core/row-navigation.ts';
import { resolveColumns } from '../../../core/columns.ts';
import { effectiveAudioUrl, effectiveDates, effectiveDensity } from '../../../core/preferences.ts';
import { hasPerms } from '../../../core/perms.ts';
import { DELETE_ALERT_SCOPE } from '../../../core/actions.ts';
import { alertsToCsv, csvFilename } from '../../../core/csv.ts';
import type { Alert } from '../../../core/types.ts';
import { dataWorker } from '../../worker-client.ts';
import { metaAtom, orderAtom, rowAtom, viewKeyAtom } from '../../state/alerts.ts';
import { configAtom, sessionAtom, sessionEndReasonAtom } from '../../state/session.ts';
import { prefsAtom } from '../../state/user.ts';
import { store } from '../../state/store.ts';
import { pushNotice } from '../../state/notices.ts';
import { useT } from '../../state/i18n.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import {
  clearSelection,
  densityOverrideAtom,
  focusedIdAtom,
  forgetRowsNotIn,
  muteOverrideAtom,
  pendingDeleteAtom,
  selectionAtom,
  shortcutsOpenAtom,
  type ScreenState,
} from './alerts-screen-state.ts';
import { runCommand } from './alert-commands.ts';
import { EnvironmentTabs } from './EnvironmentTabs.tsx';
import { AlertTable } from './AlertTable.tsx';
import { AlertCards } from './AlertCards.tsx';
import { FreshnessBar } from './FreshnessBar.tsx';
import { Toolbar } from './Toolbar.tsx';
import { FilterSheet } from './FilterSheet.tsx';
import { IndicatorPanel } from './IndicatorPanel.tsx';
import { Pagination } from './Pagination.tsx';
import { DensityDialog, ShortcutsDialog } from './ScreenDialogs.tsx';
import { useAlertSound, useFullscreen, useMediaQuery, useWakeLock } from './screen-hooks.ts';
import { currentFocusId, focusRow } from './row-keyboard.ts';
import type { RowContext } from './AlertCells.tsx';

const KIOSK_MIN_ROWS = 50;

export function AlertsScreen() {
  const config = useAtomValue(configAtom);
  if (!config) return null;
  return <AlertsScreenFor config={config} />;
}

function screenFromHash(hash: string, config: Config, keep?: Pick<ScreenState, 'rowsPerPage' | 'watchOnly'>): ScreenState {
  const state = initialHashState(decodeHash(hash), config);
  return { ...state, page: 1, rowsPerPage: keep?.rowsPerPage ?? null, watchOnly: keep?.watchOnly ?? false };
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

function currentRows(): Alert[] {
  const rows: Alert[] = [];
  for (const id of store.get(orderAtom)) {
    const a = rowAtom(id);
    if (!a) continue;
    // `trend` is the console's own field: the export carries the API's alert fields only.
    const { trend: _trend, ...alert } = store.get(a);
    rows.push(alert);
  }
  return rows;
}

function AlertsScreenFor({ config }: { config: Config }) {
  const { t, locale } = useT();
  const prefs = useAtomValue(prefsAtom);
  const session = useAtomValue(sessionAtom);
  const endReason = useAtomValue(sessionEndReasonAtom);
  const [densityOverride, setDensityOverride] = useAtom(densityOverrideAtom);
  const [muteOverride, setMuteOverride] = useAtom(muteOverrideAtom);
  const [pendingDelete, setPendingDelete] = useAtom(pendingDeleteAtom);
  const [, navigate] = useLocation();
  const search = useSearch();
  const route = useMemo(() => readAlertsLocation(search, ''), [search]);
  const [screen, setScreen] = useState<ScreenState>(() => screenFromHash(location.hash, config));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [densityOpen, setDensityOpen] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const phone = useMediaQuery('(max-width: 639px)');
  const fullscreen = useFullscreen();

  const username = session.authenticated ? (session.claims?.preferred_username ?? null) : null;
  const permsCtx = useMemo(
    () => ({
      authRequired: config.auth_required,
      allowReadonly: config.allow_readonly,
      readonlyScopes: config.readonly_scopes,
      authenticated: session.authenticated,
      scopes: (session.claims?.scope ?? '').split(' ').filter(Boolean),
    }),
    [config, session],
  );
  const canWrite = hasPerms('write:alerts', permsCtx);
  const canDelete = hasPerms(DELETE_ALERT_SCOPE, permsCtx);
  // A wall display has no pagination and room for more rows: it shows at least 50.
  const rowsPerPage = screen.rowsPerPage ?? (route.kiosk ? Math.max(KIOSK_MIN_ROWS, prefs.rowsPerPage) : prefs.rowsPerPage);
  const density = densityOverride ?? effectiveDensity(prefs);
  const muted = muteOverride ?? prefs.isMute;
  const defaults = useMemo(() => defaultFilter(config), [config]);

  // ---- the view the worker polls ----
  const view = useMemo<AlertsView>(
    () => ({
      query: route.query,
      filter: screen.filter,
      sort: screen.sort,
      page: screen.page,
      rowsPerPage,
      showHistory: prefs.showNotesIcon,
      watchedBy: screen.watchOnly && username ? username : null,
    }),
    [route.query, screen, rowsPerPage, prefs.showNotesIcon, username],
  );
  const key = viewKey(view);
  useEffect(() => {
    void dataWorker.setView(view);
    // The key is the view's identity: a new object with the same content must not restart polling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  // Leaving the screen stops polling.
  useEffect(() => () => void dataWorker.setView(null), []);

  // ---- URL: hash written on every change (push for the user's changes, so Back undoes them), read on Back ----
  const writeHash = useCallback((next: ScreenState, mode: 'push' | 'replace') => {
    const hash = hashFor({ filter: next.filter, sort: next.sort, showPanel: next.showPanel });
    if (location.hash === hash) return;
    const url = `${location.pathname}${location.search}${hash}`;
    if (mode === 'push') history.pushState(history.state, '', url);
    else history.replaceState(history.state, '', url);
  }, []);

  const screenRef = useRef(screen);
  useLayoutEffect(() => {
    screenRef.current = screen;
  }, [screen]);
  const change = useCallback(
    (patch: Partial<ScreenState>, mode: 'push' | 'replace' = 'push') => {
      const next = { ...screenRef.current, ...patch };
      screenRef.current = next;
      setScreen(next);
      writeHash(next, mode);
    },
    [writeHash],
  );

  useEffect(() => {
    // As in the old console, the hash is written on changes only: a plain /alerts link stays as it is.
    const onPop = () => setScreen((prev) => screenFromHash(location.hash, config, prev));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [config]);

  // A new search (typed, Back/Forward, a saved search from the drawer) starts at page 1.
  const previousSearch = useRef(search);
  useEffect(() => {
    if (previousSearch.current === search) return;
    previousSearch.current = search;
    setScreen((prev) => (prev.page === 1 ? prev : { ...prev, page: 1 }));
  }, [search]);

  const onSearch = useCallback(
    (q: string) => {
      const next = searchWithQ(location.search, q);
      if (next === location.search || (next === '' && location.search === '')) return;
      clearSelection();
      navigate(`${location.pathname.replace(import.meta.env.BASE_URL.replace(/\/$/, ''), '')}${next}${location.hash}`);
    },
    [navigate],
  );

  // ---- title, selection upkeep ----
  useEffect(() => {
    document.title = t('PageTitle', { title: t('Alerts'), product: t('Product') });
  }, [t]);

  useEffect(() => {
    clearSelection();
  }, [key]);

  useEffect(() => {
    let previous = store.get(orderAtom);
    return store.sub(orderAtom, () => {
      const order = store.get(orderAtom);
      const pruned = pruneSelection(store.get(selectionAtom), order);
      if (pruned !== store.get(selectionAtom)) store.set(selectionAtom, pruned);
      const focused = store.get(focusedIdAtom);
      const refocus = refocusAfterChange(focused, previous, order);
      if (refocus !== focused) {
        const hadFocus = document.activeElement?.closest('[data-row-id]') !== null && document.activeElement !== null;
        store.set(focusedIdAtom, refocus);
        if (hadFocus && !order.includes(focused ?? '')) requestAnimationFrame(() => focusRow(document.querySelector('[data-alert-list]'), refocus));
      }
      forgetRowsNotIn(order);
      previous = order;
    });
  }, []);

  // ---- sound, kiosk ----
  useAlertSound(muted, effectiveAudioUrl(prefs, config));
  useWakeLock(route.kiosk);
  useEffect(() => {
    if (!route.kiosk) return;
    let done = false;
    const retry = () => {
      if (done) return;
      void fullscreen.enter().then((ok) => {
        if (ok) done = true;
      });
    };
    retry();
    // Browsers allow full screen only from a user gesture: the first click or key on the wall display does it.
    window.addEventListener('pointerdown', retry);
    window.addEventListener('keydown', retry);
    return () => {
      window.removeEventListener('pointerdown', retry);
      window.removeEventListener('keydown', retry);
    };
  }, [route.kiosk, fullscreen]);

  // ---- commands ----
  const onRefresh = useCallback(() => {
    void dataWorker.refresh();
    setRefreshing(true);
    setTimeout(() => setRefreshing(false), 300);
  }, []);

  const onOpen = useCallback((id: string) => navigate(`/alert/${encodeURIComponent(id)}`), [navigate]);

  const onSaveSearch = useCallback(
    async (q: string) => {
      if (!q) return;
      try {
        const result = await dataWorker.saveQuery({ text: q, q });
        if (result.ok) pushNotice({ level: 'success', text: t('SearchSaved') });
        else pushNotice({ level: 'error', text: result.error.message });
      } catch {
        pushNotice({ level: 'error', text: t('UnknownError') });
      }
    },
    [t],
  );

  const savePref = useCallback(
    async (patch: Parameters<typeof dataWorker.savePreferences>[0]) => {
      // Signed out (or auth off) the choice holds for this session; signed in it is saved to the user's prefs.
      if (!session.authenticated) return;
      try {
        const result = await dataWorker.savePreferences(patch);
        if (!result.ok) pushNotice({ level: 'error', text: result.error.message });
      } catch {
        pushNotice({ level: 'error', text: t('UnknownError') });
      }
    },
    [session.authenticated, t],
  );

  const onCsv = useCallback(() => {
    const csv = alertsToCsv(currentRows());
    const blob = new Blob([csv], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = csvFilename(screen.filter.environment);
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }, [screen.filter.environment]);

  // ---- global keys: / search, ? help, r refresh, Escape clears the selection, j/k reach the list ----
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (document.querySelector('[role="dialog"]')) return;
      const inList = (e.target as HTMLElement | null)?.closest?.('[data-alert-list]');
      if (e.key === '/') {
        searchRef.current?.focus();
        e.preventDefault();
      } else if (e.key === '?') {
        store.set(shortcutsOpenAtom, true);
        e.preventDefault();
      } else if (e.key === 'r') {
        onRefresh();
      } else if (e.key === 'Escape' && store.get(selectionAtom).size > 0) {
        clearSelection();
      } else if (!inList && ['j', 'k', 'ArrowDown', 'ArrowUp'].includes(e.key) && (e.target === document.body || e.target === null)) {
        focusRow(document.querySelector('[data-alert-list]'), currentFocusId());
        e.preventDefault();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onRefresh]);

  // ---- row context: rebuilt only when config or preferences change, so rows keep their memo across polls ----
  const ctx = useMemo<RowContext>(
    () => ({
      t,
      columns: resolveColumns(config),
      config,
      mediumDate: effectiveDates(prefs, config).mediumDate,
      timezone: prefs.timezone,
      locale,
      valueWidth: prefs.valueWidth,
      textWidth: prefs.textWidth,
      showNotesIcon: prefs.showNotesIcon,
      username,
      canWrite,
      canDelete,
      customActions: Array.isArray(config.actions) ? config.actions.filter((a) => typeof a === 'string' && a) : [],
      compact: density === 'compact',
    }),
    [t, config, prefs, locale, username, canWrite, canDelete, density],
  );

  const hasIndicators = (config.indicators?.queries?.length ?? 0) > 0;
  const signInRequired = route.kiosk && (endReason === 'unauthorized' || endReason === 'expired') && !session.authenticated;
  const allowedEnvs = prefs.showAllowedEnvs && Array.isArray(config.environments) ? config.environments : null;

  return (
    <div
      className={`flex h-full min-h-0 flex-col bg-white text-gray-900 dark:bg-gray-900 dark:text-gray-100 ${route.kiosk ? 'min-[1920px]:text-[20px]' : 'min-[1920px]:text-[16px]'}`}
      data-kiosk={route.kiosk || undefined}
    >
      {route.kiosk ? (
        <div className="flex items-center gap-4 bg-brand px-4 py-2 text-white dark:bg-gray-800">
          <h1 className="text-lg font-semibold">{t('Alerts')}</h1>
          <span className="ml-auto">
            <FreshnessBar kiosk />
          </span>
        </div>
      ) : (
        <div className="bg-brand text-white dark:bg-gray-800">
          <h1 className="sr-only">{t('Alerts')}</h1>
          <Toolbar
            q={route.q}
            onSearch={onSearch}
            onSaveSearch={(q) => void onSaveSearch(q)}
            canWatch={username !== null}
            watchOnly={screen.watchOnly}
            onWatchOnly={(on) => change({ watchOnly: on, page: 1 }, 'replace')}
            dateRange={screen.filter.dateRange}
            onDateRange={(range: DateRange) => change({ filter: { ...screen.filter, dateRange: range }, page: 1 })}
            filterActive={filterIsActive(screen.filter, defaults)}
            onOpenFilters={() => setFiltersOpen(true)}
            muted={muted}
            onMute={(m) => {
              setMuteOverride(m);
              void savePref({ isMute: m });
            }}
            fullscreen={fullscreen.active}
            onFullscreen={fullscreen.toggle}
            onRefresh={onRefresh}
            refreshing={refreshing}
            hasIndicators={hasIndicators}
            showPanel={screen.showPanel}
            onShowPanel={(show) => change({ showPanel: show })}
            onDensity={() => setDensityOpen(true)}
            onCsv={onCsv}
            onShortcuts={() => store.set(shortcutsOpenAtom, true)}
            searchRef={searchRef}
            username={username}
            canWrite={canWrite}
            canDelete={canDelete}
            customActions={ctx.customActions}
          />
          <div className="flex justify-end px-3 pb-1 text-white/90">
            <FreshnessBar />
          </div>
        </div>
      )}

      {signInRequired && (
        <div role="alert" className="flex items-center gap-3 bg-amber-100 px-4 py-2 text-amber-950 dark:bg-amber-900 dark:text-amber-50">
          <Icon name="warning" />
          <span className="font-semibold">{t('SignInRequired')}</span>
          <span>{t('AlertsKioskShowingLast')}</span>
        </div>
      )}

      {hasIndicators && screen.showPanel && <IndicatorPanel config={config} />}

      <EnvironmentTabs selected={screen.filter.environment} allowed={allowedEnvs} onSelect={(env) => change({ filter: { ...screen.filter, environment: env }, page: 1 })} />

      <div className="min-h-0 flex-1 overflow-auto" data-alert-list="">
        <ListBody view={view} phone={phone} ctx={ctx} sort={screen.sort} onSort={(sort: SortState) => change({ sort, page: 1 })} onOpen={onOpen} page={screen.page} rowsPerPage={rowsPerPage} onPage={(page) => change({ page }, 'replace')} />
      </div>

      {/* A wall display shows the first page (most severe first) and nothing to navigate with. */}
      {!route.kiosk && (
        <Pagination
          page={screen.page}
          rowsPerPage={rowsPerPage}
          onPage={(page) => change({ page }, 'replace')}
          onRowsPerPage={(n) => change({ rowsPerPage: n, page: 1 }, 'replace')}
        />
      )}

      <FilterSheet
        key={filtersOpen ? 'open' : 'closed'}
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        filter={screen.filter}
        defaults={defaults}
        customerViews={config.customer_views}
        onApply={(filter: AlertFilter) => change({ filter, page: 1 })}
      />
      <DensityDialog
        open={densityOpen}
        value={density}
        onClose={() => setDensityOpen(false)}
        onChoose={(d) => {
          setDensityOverride(d);
          void savePref({ displayDensity: d });
        }}
      />
      <ShortcutsDialog />
      <ConfirmDialog
        open={pendingDelete !== null}
        message={t('ConfirmDelete')}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => {
          const pending = pendingDelete;
          setPendingDelete(null);
          if (pending) void runCommand(pending.ids, { kind: 'delete' }, { bulk: pending.bulk });
        }}
      />
    </div>
  );
}

const emptyAtom = selectAtom(orderAtom, (o) => o.length === 0);
const servedPageAtom = selectAtom(metaAtom, (m) => m.page);
const listStateAtom = selectAtom(
  metaAtom,
  (m) => ({ loading: m.freshness === 'loading', total: m.total }),
  (a, b) => a.loading === b.loading && a.total === b.total,
);

function ListBody({
  view,
  phone,
  ctx,
  sort,
  onSort,
  onOpen,
  page,
  rowsPerPage,
  onPage,
}: {
  view: AlertsView;
  phone: boolean;
  ctx: RowContext;
  sort: SortState;
  onSort: (s: SortState) => void;
  onOpen: (id: string) => void;
  page: number;
  rowsPerPage: number;
  onPage: (page: number) => void;
}) {
  const empty = useAtomValue(emptyAtom);
  const { loading, total } = useAtomValue(listStateAtom);
  const servedPage = useAtomValue(servedPageAtom);
  const servedKey = useAtomValue(viewKeyAtom);
  const { t } = useT();

  // The worker goes back to page 1 when the page asked for no longer exists (alerts closed meanwhile): follow it,
  // but only for an answer to this very view (an older view's page must not undo a page the user just chose).
  useEffect(() => {
    if (servedKey === viewKey(view) && servedPage >= 1 && servedPage !== page) onPage(servedPage);
  }, [servedKey, servedPage, page, view, onPage]);

  // A page past the end (alerts closed meanwhile, a bigger page size) moves to the last page that has alerts.
  useEffect(() => {
    if (!empty || loading || total === 0 || page === 1) return;
    const last = Math.max(1, Math.ceil(total / rowsPerPage));
    if (page > last) onPage(last);
  }, [empty, loading, total, page, rowsPerPage, onPage]);

  if (empty) {
    if (loading) return <p className="p-8 text-center text-gray-500 dark:text-gray-400">{t('Loading')}</p>;
    const state = emptyStateOf(view);
    return (
      <p role="status" className="p-8 text-center text-gray-600 dark:text-gray-300">
        {state.kind === 'search' ? t('SearchNoResults', { query: state.query }) : t('NoDisplay')}
      </p>
    );
  }
  return phone ? <AlertCards ctx={ctx} onOpen={onOpen} /> : <AlertTable ctx={ctx} sort={sort} onSort={onSort} onOpen={onOpen} />;
}

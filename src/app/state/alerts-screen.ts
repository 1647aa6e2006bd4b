// The alerts screen's state: what the user chose (filter, sort, page, panel, rows per page, watch-only), the search
// and kiosk flag of the address, the selection and the focused row. Components read and write these atoms; two
// subscribers do the rest while the screen is mounted: one keeps the URL hash in the old console's format in step,
// one sends the derived view to the worker.
import { useMemo } from 'react';
import { atom, useAtomValue } from 'jotai';
import type { AlertFilter, AlertsView, Config, SortState } from '../../core/types.ts';
import type { ColumnDef } from '../../core/columns.ts';
import { resolveColumns } from '../../core/columns.ts';
import { defaultFilter, viewKey } from '../../core/alerts-view.ts';
import { filterIsActive, hashFor, initialHashState, listView, readAlertsLocation, rowsShown, searchWithQ } from '../../core/alerts-location.ts';
import { decodeHash } from '../../core/url-hash.ts';
import { EMPTY_SELECTION, pruneSelection, type Selection } from '../../core/alerts-selection.ts';
import { refocusAfterChange } from '../../core/row-navigation.ts';
import { effectiveAudioUrl, effectiveDates, effectiveDensity } from '../../core/preferences.ts';
import { DELETE_ALERT_SCOPE } from '../../core/actions.ts';
import type { Translator } from '../i18n/index.ts';
import { groupByAtom, groupByChoiceAtom, groupedListAtom, groupWindowAtom, openGroupsAtom, overviewShownAtom } from './groups.ts';
import type { Store } from './store.ts';
import { metaAtom, orderAtom, viewKeyAtom } from './alerts.ts';
import { configAtom, permsAtom, sessionAtom, sessionEndReasonAtom, usernameAtom } from './session.ts';
import { prefsAtom } from './user.ts';
import { translatorAtom } from './i18n.ts';
import { onSecond } from '../second-ticker.ts';
import { darkAtom } from './shell.ts';

// ---- what the user chose --------------------------------------------------------------------------------------------

const NO_FILTER: AlertFilter = { environment: null, text: null, status: null, customer: null, service: null, group: null, dateRange: [null, null] };

export const filterAtom = atom<AlertFilter>(NO_FILTER);
export const sortAtom = atom<SortState>({ sortBy: 'default', descending: false });
export const showPanelAtom = atom(false);
/** the page asked for; the page shown is the worker's (shownPageAtom) */
export const pageAtom = atom(1);
/** null until the user picks one in the footer: the preference applies */
export const rowsPerPageChoiceAtom = atom<number | null>(null);
export const watchOnlyAtom = atom(false);
/** what the user chose on this device before the preference round-trip finished (or when signed out) */
export const densityOverrideAtom = atom<'comfortable' | 'compact' | null>(null);
export const muteOverrideAtom = atom<boolean | null>(null);

/** The query string's part: the search and deep-link filters (sent to the API) and the kiosk flag. */
export const addressAtom = atom<{ query: [string, string][]; q: string; kiosk: boolean }>({ query: [], q: '', kiosk: false });

/**
 * The hash of the list's address as the list last showed it (its filter, sort, grouping; '' before it was shown): the
 * alert page's ways back to the list keep it, with the list's last search (listAddress).
 */
export const listHashAtom = atom('');

/** The list's address as the list last showed it: its search (with `q` in place of its own, if given) and its hash. */
export function listAddress(store: Store, q?: string): string {
  const search = new URLSearchParams(store.get(addressAtom).query).toString();
  const withQ = q === undefined ? (search ? `?${search}` : '') : searchWithQ(search, q);
  return `/alerts${withQ}${store.get(listHashAtom)}`;
}

// ---- open sheets and dialogs -------------------------------------------------------------------------------------------

export const filtersOpenAtom = atom(false);
export const densityDialogOpenAtom = atom(false);
export const shortcutsOpenAtom = atom(false);
/** Alerts waiting for the delete confirmation (a row, the keyboard or the bulk bar asked). */
export const pendingDeleteAtom = atom<{ ids: string[]; bulk: boolean } | null>(null);

// ---- derived --------------------------------------------------------------------------------------------------------

export const rowsPerPageAtom = atom((get) => rowsShown(get(rowsPerPageChoiceAtom), get(prefsAtom).rowsPerPage, get(addressAtom).kiosk));

export const densityAtom = atom((get) => get(densityOverrideAtom) ?? effectiveDensity(get(prefsAtom)));
export const mutedAtom = atom((get) => get(muteOverrideAtom) ?? get(prefsAtom).isMute);
export const audioUrlAtom = atom((get) => effectiveAudioUrl(get(prefsAtom), get(configAtom) ?? undefined));

/** The filter the screen starts with (config `filter`, else open and ack): Reset goes back to it. */
export const defaultFilterAtom = atom((get) => defaultFilter(get(configAtom) ?? { filter: {} }));
export const filterActiveAtom = atom((get) => filterIsActive(get(filterAtom), get(defaultFilterAtom)));

/** What the worker polls (the rules in src/core/alerts-location.ts, which the worker's start-up uses too). */
export const viewAtom = atom<AlertsView>((get) =>
  listView({
    query: get(addressAtom).query,
    filter: get(filterAtom),
    sort: get(sortAtom),
    page: get(pageAtom),
    rowsPerPage: get(rowsPerPageAtom),
    showHistory: get(prefsAtom).showNotesIcon,
    watchedBy: get(watchOnlyAtom) ? get(usernameAtom) : null,
    groupBy: get(groupByAtom),
    overview: get(overviewShownAtom),
  }),
);

const screenViewKeyAtom = atom((get) => viewKey(get(viewAtom)));

/** Whether what the store holds answers the view asked for (and not the one before it). */
export const servedAtom = atom((get) => get(viewKeyAtom) === get(screenViewKeyAtom));

/** The page shown: the worker's when it answered this view (it moves a page past the end to the last one). */
export const shownPageAtom = atom((get) => (get(servedAtom) ? get(metaAtom).page : get(pageAtom)));

/**
 * A wall display whose session ended keeps its last alerts on screen (nobody is at the keyboard to sign in) and says
 * that a sign-in is required.
 */
export const signInRequiredAtom = atom((get) => {
  const reason = get(sessionEndReasonAtom);
  return get(addressAtom).kiosk && (reason === 'unauthorized' || reason === 'expired') && !get(sessionAtom).authenticated;
});

/** Everything a row needs besides its alert; rebuilt only when config, preferences or permissions change. */
export interface RowContext {
  /** the translator, passed down rather than subscribed to in each of ~3000 cells */
  t: Translator['t'];
  columns: ColumnDef[];
  config: Config;
  mediumDate: string;
  timezone: 'local' | 'utc';
  locale: string;
  /** the widest the Value column gets while the screen has no room to spare (the old console cut Value there) */
  valueWidth: number;
  showNotesIcon: boolean;
  username: string | null;
  canWrite: boolean;
  canDelete: boolean;
  customActions: string[];
  compact: boolean;
  /** how rows show their severity (preference rowStyle) and whether the dark theme is on: the rows' colours */
  rowStyle: 'filled' | 'quiet';
  dark: boolean;
}

export const rowContextAtom = atom<RowContext | null>((get) => {
  const config = get(configAtom);
  if (!config) return null;
  const prefs = get(prefsAtom);
  const { t, locale } = get(translatorAtom);
  const perms = get(permsAtom);
  return {
    t,
    columns: resolveColumns(config),
    config,
    mediumDate: effectiveDates(prefs, config).mediumDate,
    timezone: prefs.timezone,
    locale,
    valueWidth: prefs.valueWidth,
    showNotesIcon: prefs.showNotesIcon,
    username: get(usernameAtom),
    canWrite: perms.can('write:alerts'),
    canDelete: perms.can(DELETE_ALERT_SCOPE),
    customActions: Array.isArray(config.actions) ? config.actions.filter((a) => typeof a === 'string' && a) : [],
    compact: get(densityAtom) === 'compact',
    rowStyle: prefs.rowStyle,
    dark: get(darkAtom),
  };
});

// ---- selection and keyboard focus -------------------------------------------------------------------------------------
// Per-row derived atoms change for at most two rows at a time, so a selection or focus change re-renders those rows
// and not the page.

export const selectionAtom = atom<Selection>(EMPTY_SELECTION);
export const focusedIdAtom = atom<string | null>(null);
export const anySelectedAtom = atom((get) => get(selectionAtom).size > 0);

/** The keys keyboard focus moves through: the grouped list's lines (group headers and alerts), or the page's alerts. */
export const navigationKeysAtom = atom<string[]>((get) => get(groupedListAtom)?.keys ?? get(orderAtom));

/**
 * The row Tab lands on: the remembered one while it is on the page, else the first row. Computed once per change of
 * the page, so the per-row atoms below depend on one value and not each on the whole page order.
 */
export const effectiveFocusAtom = atom((get) => {
  const focused = get(focusedIdAtom);
  const order = get(navigationKeysAtom);
  return focused !== null && order.includes(focused) ? focused : (order[0] ?? null);
});

/**
 * Whether this row is selected, and whether Tab lands on it. Each row component makes its own derived atoms for its
 * life, so nothing keyed by alert ids outlives the rows on screen (a wall display's alerts come and go for days).
 */
export function useRowSelected(id: string): boolean {
  return useAtomValue(useMemo(() => atom((get) => get(selectionAtom).has(id)), [id]));
}

export function useRowFocused(id: string): boolean {
  return useAtomValue(useMemo(() => atom((get) => get(effectiveFocusAtom) === id), [id]));
}

export function clearSelection(store: Store) {
  if (store.get(selectionAtom).size > 0) store.set(selectionAtom, EMPTY_SELECTION);
}

/** Epoch ms, advanced every second while a component shows it (and only then). */
export const clockAtom = atom(Date.now());
clockAtom.onMount = (set) => {
  set(Date.now());
  return onSecond(set);
};

// ---- while the screen is mounted --------------------------------------------------------------------------------------

/** Filter, sort and panel from a hash (the config's defaults when there is none); back to page 1. */
function applyHash(store: Store, hash: string, config: Config) {
  const state = initialHashState(decodeHash(hash), config);
  store.set(filterAtom, state.filter);
  store.set(sortAtom, state.sort);
  store.set(showPanelAtom, state.showPanel);
  store.set(pageAtom, 1);
  // Grouping: what the hash says, else the user's preference (a hash without `gb`, as every old bookmark).
  store.set(groupByChoiceAtom, state.groupBy);
  store.set(openGroupsAtom, state.openGroups ?? []);
  store.set(overviewShownAtom, state.overview ?? false);
}

/** The search and kiosk flag of the query string; a new search starts at page 1 with nothing selected. */
export function setAddress(store: Store, search: string) {
  const next = readAlertsLocation(search, '');
  const current = store.get(addressAtom);
  if (current.kiosk === next.kiosk && JSON.stringify(current.query) === JSON.stringify(next.query)) return;
  store.set(addressAtom, { query: next.query, q: next.q, kiosk: next.kiosk });
  store.set(pageAtom, 1);
  clearSelection(store);
}

const hashStateAtom = atom((get) =>
  hashFor({
    filter: get(filterAtom),
    sort: get(sortAtom),
    showPanel: get(showPanelAtom),
    groupBy: get(groupByAtom) ?? undefined,
    openGroups: get(openGroupsAtom),
    overview: get(overviewShownAtom),
  }),
);

/** What the mounted screen tells the worker: the view to keep current (null stops it) and the open groups. */
export interface ScreenWorker {
  watchView(view: AlertsView | null): void;
  watchOpenGroups(keys: readonly string[], window: readonly string[]): void;
}

/**
 * Starts the screen's state from the address and keeps it in step while mounted: the hash is written when filter,
 * sort or panel change (pushed, so Back undoes a change) and read back on Back/Forward; the view goes to the worker
 * whenever it changes (through `worker`: the screen hands in the data layer's calls, so state imports no data code);
 * the selection and focus follow the rows on the page. Returns the cleanup.
 */
export function mountAlertsScreen(store: Store, config: Config, worker: ScreenWorker): () => void {
  applyHash(store, location.hash, config);
  setAddress(store, location.search);
  store.set(listHashAtom, location.hash);

  // As in the old console, the hash is written on changes only: a plain /alerts link stays as it is.
  const unsubHash = store.sub(hashStateAtom, () => {
    const hash = store.get(hashStateAtom);
    store.set(listHashAtom, hash);
    if (location.hash === hash) return;
    history.pushState(history.state, '', `${location.pathname}${location.search}${hash}`);
  });
  const onPop = () => {
    applyHash(store, location.hash, config);
    store.set(listHashAtom, location.hash);
  };
  window.addEventListener('popstate', onPop);

  let sentKey: string | null = null;
  let mounted = true;
  const send = () => {
    const key = store.get(screenViewKeyAtom);
    if (!mounted || key === sentKey) return;
    // Another view: another page of alerts, so the selection no longer means anything.
    if (sentKey !== null) clearSelection(store);
    sentKey = key;
    worker.watchView(store.get(viewAtom));
  };
  send();
  // One user step often changes the view in several writes (a new search: the query, then page 1; a tab: the filter,
  // then page 1). They are sent once, after the step: the first request is already the one for the view it leads to,
  // and no request for a half-changed view (page 2 of the new search) goes out to be aborted.
  let queued = false;
  const sendAfterStep = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      send();
    });
  };
  const unsubView = store.sub(screenViewKeyAtom, sendAfterStep);
  // The open groups go to the worker apart from the view: opening one neither fetches nor starts the view anew.
  const sendOpen = () => (store.get(groupByAtom) ? worker.watchOpenGroups(store.get(openGroupsAtom), store.get(groupWindowAtom)) : worker.watchOpenGroups([], []));
  sendOpen();
  const unsubOpenGroups = store.sub(openGroupsAtom, sendOpen);
  const unsubWindow = store.sub(groupWindowAtom, sendOpen);
  const unsubOpen = () => {
    unsubOpenGroups();
    unsubWindow();
  };

  let previousOrder = store.get(orderAtom);
  const unsubOrder = store.sub(orderAtom, () => {
    const order = store.get(orderAtom);
    const pruned = pruneSelection(store.get(selectionAtom), order);
    if (pruned !== store.get(selectionAtom)) store.set(selectionAtom, pruned);
    const focused = store.get(focusedIdAtom);
    const refocus = refocusAfterChange(focused, previousOrder, order);
    if (refocus !== focused) store.set(focusedIdAtom, refocus);
    previousOrder = order;
  });

  return () => {
    mounted = false;
    unsubHash();
    unsubView();
    unsubOpen();
    unsubOrder();
    window.removeEventListener('popstate', onPop);
    // Leaving the screen stops polling.
    worker.watchView(null);
  };
}

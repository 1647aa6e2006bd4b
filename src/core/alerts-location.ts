// The alerts screen's state in the address bar (the old console's format): the query string carries the
// search (q), server filters of deep links and the kiosk flag; the hash carries filter, sort and panel state.
// Also the sort-header rule and the "filter active" rule, which decide what the table and toolbar show.
import type { AlertFilter, AlertsView, Config, Preferences, SortState } from './types.ts';
import { decodeHash, encodeHash, type HashState } from './url-hash.ts';
import { defaultFilter, sortIsNewestFirst } from './alerts-view.ts';
import { groupFieldOf, type GroupField } from './alert-groups.ts';
import { routerBase, startPage, type BrowserAddress } from './routes.ts';

export interface AlertsLocation {
  /** route query pairs for the API (every pair of the query string except kiosk) */
  query: [string, string][];
  /** ?kiosk with any value (even empty) turns the display view on */
  kiosk: boolean;
  /** the search box: the first q of the query string, '' when none */
  q: string;
  /** the decoded hash, or null when there is none (the defaults apply) */
  hash: HashState | null;
}

export function readAlertsLocation(search: string, hash: string): AlertsLocation {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const query: [string, string][] = [];
  let kiosk = false;
  let q: string | null = null;
  for (const [key, value] of params) {
    if (key === 'kiosk') {
      kiosk = true;
      continue;
    }
    if (key === 'q' && q === null) q = value;
    query.push([key, value]);
  }
  return { query, kiosk, q: q ?? '', hash: decodeHash(hash) };
}

/**
 * The query string with the search set to `q` (trimmed; removed when empty), every other pair kept in place.
 * Returns '' or a string starting with '?'. Only the first q is the search box: extra q pairs of a hand-made
 * link are kept as they are, so the API still receives them.
 */
export function searchWithQ(search: string, q: string): string {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const out = new URLSearchParams();
  const text = q.trim();
  let placed = false;
  for (const [key, value] of params) {
    if (key === 'q' && !placed) {
      placed = true;
      if (text) out.append('q', text);
      continue;
    }
    out.append(key, value);
  }
  if (!placed && text) {
    // The search goes first, as the old console put the route query first.
    const withQ = new URLSearchParams([['q', text], ...out]);
    return `?${withQ.toString()}`;
  }
  const s = out.toString();
  return s ? `?${s}` : '';
}

/** The screen state a location starts with: the hash's, else the config's filter, default sort and panel hidden. */
export function initialHashState(hash: HashState | null, config: Pick<Config, 'filter'>): HashState {
  if (hash) return hash;
  return { filter: defaultFilter(config), sort: { sortBy: 'default', descending: false }, showPanel: false };
}

/** A wall display has no pagination and room for more rows: it shows at least 50. */
export const KIOSK_MIN_ROWS = 50;

/** Rows per page: the user's pick in the footer, else the preference (a wall display at least KIOSK_MIN_ROWS). */
export function rowsShown(choice: number | null, preferred: number, kiosk: boolean): number {
  if (choice !== null) return choice;
  return kiosk ? Math.max(KIOSK_MIN_ROWS, preferred) : preferred;
}

/**
 * The field the list is grouped by: what the hash says (`gb`; an old bookmark says nothing, `undefined`), else the
 * user's preference; only a field the config offers.
 */
export function groupByShown(choice: string | null | undefined, preferred: unknown, config: Pick<Config, 'customer_views'> | null): GroupField | null {
  return groupFieldOf(choice === undefined ? preferred : choice, config);
}

/**
 * The view the worker polls for the list. Grouping and the overview are named only when on, so a plain list's view
 * (and its key, which names its cached copy) is what it was before grouping existed.
 */
export function listView(parts: Omit<AlertsView, 'groupBy' | 'overview'> & { groupBy: GroupField | null; overview: boolean }): AlertsView {
  const { groupBy, overview, ...plain } = parts;
  return { ...plain, ...(groupBy ? { groupBy } : {}), ...(overview ? { overview: true } : {}) };
}

/**
 * The view of a list opened at an address: its search and hash (else the config's filter), page 1, the preferences'
 * page size, notes column and grouping. The list screen derives its view by the same rules once it has mounted.
 */
export function openingView(search: string, hash: string, config: Config, prefs: Pick<Preferences, 'rowsPerPage' | 'showNotesIcon' | 'groupBy'>): AlertsView {
  const at = readAlertsLocation(search, hash);
  const state = initialHashState(at.hash, config);
  return listView({
    query: at.query,
    filter: state.filter,
    sort: state.sort,
    page: 1,
    rowsPerPage: rowsShown(null, prefs.rowsPerPage, at.kiosk),
    showHistory: prefs.showNotesIcon,
    watchedBy: null,
    groupBy: groupByShown(state.groupBy, prefs.groupBy, config),
    overview: state.overview ?? false,
  });
}

/**
 * The list's view when the console starts at this address and opens on the alert list (after the router's redirects),
 * else null: the worker asks the API for it while the page is still rendering (docs/cross-origin.md, "What a start
 * costs").
 */
export function startListView(
  address: BrowserAddress,
  buildBase: string,
  config: Config,
  prefs: Pick<Preferences, 'rowsPerPage' | 'showNotesIcon' | 'groupBy'>,
  authenticated: boolean,
): AlertsView | null {
  const page = startPage(address, routerBase(config.base_path, buildBase), {
    authRequired: config.auth_required,
    allowReadonly: config.allow_readonly,
    authenticated,
  });
  return page?.name === 'alerts' ? openingView(page.search, page.hash, config, prefs) : null;
}

/** The hash to write for a state (always the full form, as the old console wrote it). */
export function hashFor(state: HashState): string {
  return encodeHash(state);
}

function sameList(a: string[] | null, b: string[] | null): boolean {
  const x = a ?? [];
  const y = b ?? [];
  if (x.length !== y.length) return false;
  const set = new Set(x);
  return y.every((v) => set.has(v));
}

/**
 * Whether the filter narrows the list beyond what the screen starts with (the filter button is highlighted).
 * The environment is the tabs' business and does not count. A null status list (all statuses) differs from the
 * default open+ack and counts as active, so a user always sees why closed alerts appear.
 */
export function filterIsActive(filter: AlertFilter, defaults: AlertFilter): boolean {
  if ((filter.text ?? '') !== (defaults.text ?? '')) return true;
  if ((filter.status === null) !== (defaults.status === null) || !sameList(filter.status, defaults.status)) return true;
  if (!sameList(filter.customer, defaults.customer)) return true;
  if (!sameList(filter.service, defaults.service)) return true;
  if (!sameList(filter.group, defaults.group)) return true;
  const [from, to] = filter.dateRange;
  const [dFrom, dTo] = defaults.dateRange;
  return (from ?? null) !== (dFrom ?? null) || (to ?? null) !== (dTo ?? null);
}

/**
 * A header click: another column sorts in its natural server direction first (newest first for times, most
 * severe first for severity, A-Z for text); the sorted column flips direction.
 */
export function nextSort(current: SortState, column: string): SortState {
  if (current.sortBy === column) return { sortBy: column, descending: !current.descending };
  return { sortBy: column, descending: false };
}

/**
 * What the header shows for a column (aria-sort and the arrow), in terms of the column's VALUES: a time column in
 * its natural order lists the newest first, i.e. its values descend. The old console drew these the wrong way round
 * (its "ascending" listed the newest first). `duration` is sorted through receiveTime, so newest receive = shortest
 * duration = ascending.
 */
export function sortShown(sort: SortState, column: string): 'ascending' | 'descending' | 'none' {
  if (sort.sortBy !== column || column === 'default') return 'none';
  if (column === 'duration') return sortIsNewestFirst(column, sort.descending) ? 'ascending' : 'descending';
  if (column === 'timeoutLeft') return sort.descending ? 'descending' : 'ascending';
  if (['createTime', 'receiveTime', 'lastReceiveTime', 'updateTime'].includes(column)) {
    return sortIsNewestFirst(column, sort.descending) ? 'descending' : 'ascending';
  }
  return sort.descending ? 'descending' : 'ascending';
}

/**
 * The empty list's message. A view the API has not answered (its request failed before any answer for it, and no
 * copy was cached) is not an empty result: it says the alerts could not be loaded, never that a search found
 * nothing. Otherwise a search that found nothing names the search, and anything else gets the general text.
 */
export function emptyStateOf(
  view: Pick<AlertsView, 'query'>,
  answer: { answered: boolean; failed: boolean } = { answered: true, failed: false },
): { kind: 'search'; query: string } | { kind: 'nothing' } | { kind: 'unanswered' } {
  if (!answer.answered && answer.failed) return { kind: 'unanswered' };
  const q = view.query.find(([k]) => k === 'q')?.[1]?.trim();
  return q ? { kind: 'search', query: q } : { kind: 'nothing' };
}

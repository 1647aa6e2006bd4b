// A first start's list, asked for before the user's preferences are known (docs/cross-origin.md, "What a start
// costs"). The preferences decide the page size, the notes column and the grouping of the list the user sees; on a
// first start they take two round trips (a preflight and the GET) that the list would otherwise wait for. The list is
// asked for beside them, with the largest page size offered: the first page of any page size the user prefers is the
// start of that answer, so the right rows come from the first answer. With the notes shown, the rows are the same but
// each needs its history (which can be a hundred entries an alert, so it is not guessed): the rows are shown from the
// guess and asked for again with their history half a second later (SOON_MS, src/worker/poller.ts). A grouping asks
// for another list: the guess is then cancelled and the list asked for anew.
import type { AlertsResponse, AlertsView, Config, Preferences } from './types.ts';
import { ROWS_PER_PAGE_OPTIONS } from './preferences.ts';
import { viewKey } from './alerts-view.ts';
import { needsAllAlerts } from './alert-groups.ts';
import { lastPage } from './alerts-query.ts';
import { startListView } from './alerts-location.ts';
import type { BrowserAddress } from './routes.ts';

/** The preferences a first start's list is guessed with: the largest page size offered, no notes, no grouping. */
export const GUESSED_LIST_PREFS: Readonly<Pick<Preferences, 'rowsPerPage' | 'showNotesIcon' | 'groupBy'>> = Object.freeze({
  rowsPerPage: Math.max(...ROWS_PER_PAGE_OPTIONS.map((o) => o.value)),
  showNotesIcon: false,
  groupBy: null,
});

/**
 * Whether a list is asked for by pages, starting at the first: a grouped list or the overview asks for every alert of
 * its view instead, whatever the page size, so nothing is guessed for it.
 */
export function firstPageList(view: AlertsView): boolean {
  return view.page === 1 && !needsAllAlerts(view);
}

/**
 * The list a signed-in first start at this address guesses (null when it opens on another page, or on a list that is
 * not asked for by pages): the worker's first script and the start's own guess work it out alike, so that the start
 * takes the first script's answer.
 */
export function guessedStartView(address: BrowserAddress, buildBase: string, config: Config): AlertsView | null {
  const view = startListView(address, buildBase, config, GUESSED_LIST_PREFS, true);
  return view && firstPageList(view) ? view : null;
}

/**
 * What the answer for `guessed` gives the page `view` shows, both the first page of one list (same filter, search,
 * sort), one page of it (not every alert, as a grouped list asks), and `view`'s page no longer than the guess's:
 * - 'page': all of it;
 * - 'rows': its rows and paging, without the notes `view` shows (the rows' history): ask for the page again soon;
 * - null: another list.
 */
export function guessFit(guessed: AlertsView, view: AlertsView): 'page' | 'rows' | null {
  if (!firstPageList(guessed) || !firstPageList(view)) return null;
  if (!(view.rowsPerPage >= 1 && view.rowsPerPage <= guessed.rowsPerPage)) return null;
  const cut = { ...guessed, rowsPerPage: view.rowsPerPage };
  if (viewKey(cut) === viewKey(view)) return 'page';
  return !guessed.showHistory && viewKey({ ...cut, showHistory: view.showHistory }) === viewKey(view) ? 'rows' : null;
}

/**
 * The first page of `rowsPerPage` rows out of a first page of more: its rows, and the paging of that page size as the
 * API counts it (no pages when there are no alerts).
 */
export function firstPageOf(answer: AlertsResponse, rowsPerPage: number): AlertsResponse {
  const pages = answer.total > 0 ? lastPage(answer.total, rowsPerPage) : 0;
  return { ...answer, alerts: answer.alerts.slice(0, rowsPerPage), page: 1, pageSize: rowsPerPage, pages, more: pages > 1 };
}

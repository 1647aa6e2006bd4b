// Every request the UI makes about alerts: what the worker keeps current (the list's view, the detail page, the
// indicator panel), the commands on alerts from the list and the detail page, and the filter lists.
import type { AlertSeen, BulkResult, FilterLists, IndicatorSpec, Result, SuggestionData } from '../../worker/contract/index.ts';
import type { Alert, AlertsView, Note } from '../../core/types.ts';
import { dataWorker } from '../worker-client.ts';
import { store } from '../state/store.ts';
import { rowOf } from '../state/alerts.ts';
import { detailAtom } from '../state/detail.ts';
import { translatorAtom } from '../state/i18n.ts';
import type { MessageKey } from '../i18n/index.ts';
import { actionLabel } from '../i18n/labels.ts';
import { detailBusyAtom, listBusyAtom, runCommand, type Outcome } from './commands.ts';
import type { Query } from './query.ts';

// ---- what the worker keeps current ------------------------------------------------------------------------------

/** The view the list shows; null stops polling it (leaving the screen). */
export function watchAlertsView(view: AlertsView | null): void {
  void dataWorker.setView(view).catch(() => undefined);
}

/** The groups the grouped list shows open, and the alerts of theirs whose lines it shows: the worker sends those. */
export function watchOpenGroups(keys: readonly string[], window: readonly string[]): void {
  void dataWorker.setOpenGroups([...keys], [...window]).catch(() => undefined);
}

/** The alert the detail page shows; null when the page closes. */
export function watchAlertDetail(id: string | null): void {
  void dataWorker.setDetail(id).catch(() => undefined);
}

/** The indicator panel's queries; null when the panel closes. */
export function watchIndicators(queries: IndicatorSpec[] | null): void {
  void dataWorker.setIndicators(queries).catch(() => undefined);
}

/** Poll now: the list, the detail page and the panel (the toolbar's refresh, the network coming back). */
export function refreshAlerts(): void {
  void dataWorker.refresh().catch(() => undefined);
}

// ---- reads ---------------------------------------------------------------------------------------------------------

/** Known services, groups, tags, customers and environments, for filters and forms (the worker keeps a copy). */
export const filterListsQuery: Query<FilterLists> = { key: 'filter-lists', tags: ['filter-lists'], run: () => dataWorker.getLists() };

/** The values the search box suggests, with their counts (the worker asks the API at most every few minutes). */
export const suggestionsQuery: Query<SuggestionData> = { key: 'search-suggestions', tags: [], run: () => dataWorker.getSuggestions() };

/**
 * What "Download as CSV" exports of a grouped list: every alert of its open groups (or of the view when none is open),
 * from the worker, since the page holds only the rows near the screen. A failure shows in the snackbar.
 */
export async function exportGroupedAlerts(view: AlertsView, openGroups: readonly string[]): Promise<Alert[] | null> {
  const outcome = await runCommand({ label: t('DownloadAsCsv'), gate: 'alerts-csv', run: () => dataWorker.exportAlerts(view, [...openGroups]) });
  return outcome.ok ? outcome.value : null;
}

// ---- commands ------------------------------------------------------------------------------------------------------

/**
 * Where a command comes from. Each place's buttons share one 200 ms gate and one busy flag (a double click acts
 * once, even when its first click put another button under the pointer); the list says what was done, the detail
 * page shows the result itself.
 */
export type Place = 'list' | 'detail';

const t = (key: MessageKey, values?: Record<string, string | number>) => store.get(translatorAtom).t(key, values);


/**
 * What the user saw of the alerts acted on, from the rows on the page and the detail page: the outbox tells from it,
 * later, whether a queued action became moot (closed, or received again meanwhile).
 */
function seenOf(ids: readonly string[]): Record<string, AlertSeen> {
  const detail = store.get(detailAtom)?.alert ?? null;
  const seen: Record<string, AlertSeen> = {};
  for (const id of ids) {
    const a: Alert | null | undefined = rowOf(store, id) ?? (detail?.id === id ? detail : null);
    if (a) seen[id] = { status: a.status, lastReceiveId: a.lastReceiveId, resource: a.resource, event: a.event };
  }
  return seen;
}

function onAlerts(place: Place, label: string, ids: readonly string[], run: () => Promise<Result<BulkResult>>): Promise<Outcome<BulkResult>> {
  return runCommand({
    label,
    run,
    count: ids.length,
    gate: place === 'list' ? 'alerts-list' : 'alert-detail',
    busy: place === 'list' ? listBusyAtom : detailBusyAtom,
    success: (r) =>
      // Queued without a network: said on both places, since nothing else shows it happened yet.
      r.queued.length
        ? { level: 'info', key: 'ActionQueued', values: { action: label, count: r.queued.length }, text: `${label} will be sent when connected` }
        : place === 'list' && r.succeeded.length
          ? { level: 'success', text: t('ActionDone', { action: label, count: r.succeeded.length }) }
          : null,
  });
}

export const alertCommands = {
  /** a status action or a configured custom action; ack and shelve carry the preference timeouts */
  act: (place: Place, ids: readonly string[], action: string, text?: string) =>
    onAlerts(place, actionLabel(action, t), ids, () => dataWorker.act([...ids], action, text, seenOf(ids))),
  watch: (place: Place, ids: readonly string[], on: boolean) =>
    onAlerts(place, on ? t('Watch') : t('Unwatch'), ids, () => dataWorker.watch([...ids], on, seenOf(ids))),
  remove: (place: Place, ids: readonly string[]) => onAlerts(place, t('Delete'), ids, () => dataWorker.deleteAlerts([...ids])),
  addNote: (id: string, text: string) =>
    runCommand<Note | null>({
      label: t('AddNote'),
      gate: 'detail:note:add',
      busy: detailBusyAtom,
      run: () => dataWorker.addNote(id, text, seenOf([id])[id]),
      success: (note) => (note === null ? { level: 'info', key: 'NoteQueued', text: 'The note will be sent when connected' } : null),
    }),
  /** takes back an action still waiting to be sent */
  cancelQueued: (entryId: string) => dataWorker.cancelQueued(entryId),
  updateNote: (id: string, noteId: string, text: string) =>
    runCommand({ label: t('EditNote'), gate: 'detail:note:edit', busy: detailBusyAtom, run: () => dataWorker.updateNote(id, noteId, text) }),
  deleteNote: (id: string, noteId: string) =>
    runCommand({ label: t('DeleteNote'), gate: 'detail:note:delete', busy: detailBusyAtom, run: () => dataWorker.deleteNote(id, noteId) }),
};

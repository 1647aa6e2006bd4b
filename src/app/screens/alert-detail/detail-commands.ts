// Commands of the alert detail page, sent to the data worker. Each command has its own 200 ms leading-edge gate
// (SPEC 5), so a double click acts once while a quick Ack-then-Unack (or Watch-then-Unwatch, Save-then-Delete of a
// note) still does both; a failure shows the API's text
// in a snackbar. Successes need no snackbar:
// the page shows the new status, watch state or note itself (the worker reloads the detail after each command).
import { atom } from 'jotai';
import type { BulkResult, Result } from '../../../worker/contract/index.ts';
import { ACTION_DEBOUNCE_MS, ACTION_LABEL_KEYS, isAlertAction } from '../../../core/actions.ts';
import { createLeadingDebounce } from '../../../core/validation.ts';
import { dataWorker } from '../../worker-client.ts';
import { pushNotice } from '../../state/notices.ts';
import { store } from '../../state/store.ts';
import { translatorAtom } from '../../state/i18n.ts';

const gates = new Map<string, () => boolean>();

function gate(key: string): boolean {
  let tryRun = gates.get(key);
  if (!tryRun) {
    tryRun = createLeadingDebounce(ACTION_DEBOUNCE_MS, () => performance.now());
    gates.set(key, tryRun);
  }
  return tryRun();
}

/** true while a command of this page waits for the API: its buttons are disabled meanwhile. */
export const detailBusyAtom = atom(false);

export function actionLabel(action: string): string {
  const { t } = store.get(translatorAtom);
  return isAlertAction(action) ? t(ACTION_LABEL_KEYS[action] as 'Ack') : action;
}

function failureText(label: string, result: Result<unknown>): string | null {
  const { t } = store.get(translatorAtom);
  if (!result.ok) return result.error.message;
  const bulk = result.value as Partial<BulkResult> | undefined;
  const failed = Array.isArray(bulk?.failed) ? bulk.failed : [];
  if (failed.length === 0) return null;
  const first = failed[0]?.error.message;
  const text = t('ActionFailed', { action: label, count: failed.length });
  return first ? `${text}: ${first}` : text;
}

/**
 * Runs one command unless a click came less than 200 ms ago or another command is still running.
 * Resolves to true when the command ran and succeeded.
 */
export async function runDetailCommand(key: string, label: string, command: () => Promise<Result<unknown>>): Promise<boolean> {
  if (!gate(key) || store.get(detailBusyAtom)) return false;
  store.set(detailBusyAtom, true);
  try {
    const failure = failureText(label, await command());
    if (failure) {
      pushNotice({ level: 'error', text: failure });
      return false;
    }
    return true;
  } catch (error) {
    const { t } = store.get(translatorAtom);
    const message = error instanceof Error && error.message ? error.message : t('UnknownError');
    pushNotice({ level: 'error', text: `${t('ActionFailed', { action: label, count: 1 })}: ${message}` });
    return false;
  } finally {
    store.set(detailBusyAtom, false);
  }
}

export const detailCommands = {
  act: (id: string, action: string, text?: string) => runDetailCommand(`act:${action}`, actionLabel(action), () => dataWorker.act([id], action, text)),
  watch: (id: string, on: boolean) => {
    const { t } = store.get(translatorAtom);
    return runDetailCommand(on ? 'watch' : 'unwatch', on ? t('Watch') : t('Unwatch'), () => dataWorker.watch([id], on));
  },
  remove: (id: string) => runDetailCommand('delete', store.get(translatorAtom).t('Delete'), () => dataWorker.deleteAlerts([id])),
  addNote: (id: string, text: string) => runDetailCommand('note:add', store.get(translatorAtom).t('AddNote'), () => dataWorker.addNote(id, text)),
  updateNote: (id: string, noteId: string, text: string) =>
    runDetailCommand('note:edit', store.get(translatorAtom).t('EditNote'), () => dataWorker.updateNote(id, noteId, text)),
  deleteNote: (id: string, noteId: string) => runDetailCommand('note:delete', store.get(translatorAtom).t('DeleteNote'), () => dataWorker.deleteNote(id, noteId)),
};

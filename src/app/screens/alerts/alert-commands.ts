// Alert commands of the list (row buttons, bulk bar, keyboard), each sent to the data worker and summarised in ONE
// snackbar. Buttons share a 200 ms leading-edge gate (SPEC 5), so a double click acts once.
import type { BulkResult, Result } from '../../../worker/contract/index.ts';
import { ACTION_DEBOUNCE_MS, ACTION_LABEL_KEYS, isAlertAction } from '../../../core/actions.ts';
import { createLeadingDebounce } from '../../../core/validation.ts';
import { dataWorker } from '../../worker-client.ts';
import { pushNotice } from '../../state/notices.ts';
import { store } from '../../state/store.ts';
import { translatorAtom } from '../../state/i18n.ts';
import { busyAtom, clearSelection } from './alerts-screen-state.ts';

const gate = createLeadingDebounce(ACTION_DEBOUNCE_MS, () => performance.now());

export type ListCommand =
  | { kind: 'act'; action: string }
  | { kind: 'watch'; on: boolean }
  | { kind: 'delete' };

export function commandLabel(command: ListCommand): string {
  const { t } = store.get(translatorAtom);
  if (command.kind === 'watch') return command.on ? t('Watch') : t('Unwatch');
  if (command.kind === 'delete') return t('Delete');
  return isAlertAction(command.action) ? t(ACTION_LABEL_KEYS[command.action] as 'Ack') : command.action;
}

function summarise(label: string, result: Result<BulkResult>) {
  const { t } = store.get(translatorAtom);
  if (!result.ok) {
    pushNotice({ level: 'error', text: result.error.message });
    return;
  }
  const { succeeded, failed } = result.value;
  if (failed.length > 0) {
    const first = failed[0]?.error.message;
    const text = t('ActionFailed', { action: label, count: failed.length });
    pushNotice({ level: 'error', text: first ? `${text}: ${first}` : text });
  }
  if (succeeded.length > 0) pushNotice({ level: 'success', text: t('ActionDone', { action: label, count: succeeded.length }) });
}

/**
 * Runs a command on alerts. Returns false when it was ignored (within the debounce window, nothing to act on,
 * another command still running). `bulk` clears the selection afterwards (SPEC 2 "Bulk actions"); the worker
 * reloads the list after every command.
 */
export async function runCommand(ids: readonly string[], command: ListCommand, options: { bulk?: boolean; text?: string } = {}): Promise<boolean> {
  if (ids.length === 0 || !gate() || store.get(busyAtom)) return false;
  const list = [...ids];
  const label = commandLabel(command);
  store.set(busyAtom, true);
  try {
    let result: Result<BulkResult>;
    if (command.kind === 'watch') result = await dataWorker.watch(list, command.on);
    else if (command.kind === 'delete') result = await dataWorker.deleteAlerts(list);
    else result = await dataWorker.act(list, command.action, options.text);
    summarise(label, result);
  } catch (error) {
    const { t } = store.get(translatorAtom);
    const message = error instanceof Error && error.message ? error.message : t('UnknownError');
    pushNotice({ level: 'error', text: `${t('ActionFailed', { action: label, count: list.length })}: ${message}` });
  } finally {
    store.set(busyAtom, false);
    if (options.bulk) clearSelection();
  }
  return true;
}

// The one runner for commands (ack, save, delete, sign in...): a 200 ms leading-edge gate (a double click acts once), a
// busy flag for the buttons of the same place, the outcome in a snackbar, and the invalidation of the reads it changed.
import { atom, type PrimitiveAtom } from 'jotai';
import type { BulkResult, Result, WorkerError } from '../../worker/contract/index.ts';
import { ACTION_DEBOUNCE_MS, createLeadingDebounce } from '../../core/actions.ts';
import { store } from '../state/store.ts';
import { translatorAtom } from '../state/i18n.ts';
import { OUTCOME, pushNotice, type Notice } from '../state/notices.ts';
import { queryClient } from './query.ts';

export interface Command<T> {
  /** what the user asked for, translated ("Ack", "Save"): names the action in a failure message */
  label: string;
  run: () => Promise<Result<T>>;
  /**
   * commands with the same gate share one 200 ms window (a double click acts once); default: the label.
   * null: no gate, for changes that are not a button press (a setting picked in a list: each pick must be saved).
   */
  gate?: string | null;
  /** while set, every command of the same group is ignored and its buttons show it (the list, the detail page) */
  busy?: PrimitiveAtom<boolean>;
  /** tags of the reads this command changes (src/app/data/query.ts) */
  invalidates?: readonly string[];
  /** the snackbar after a success, if any */
  success?: Notice | ((value: T) => Notice | null);
  /** how many alerts the command is about, for "Ack failed on 3 alerts" when it throws */
  count?: number;
  /** the caller shows a failure itself (a form's message), so no snackbar */
  quiet?: boolean;
}

/** A failure carries the worker's error too (its kind and HTTP status), for callers that explain it themselves. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string; ignored?: true; error?: WorkerError };

const gates = new Map<string, () => boolean>();

function open(gate: string): boolean {
  let tryRun = gates.get(gate);
  if (!tryRun) {
    tryRun = createLeadingDebounce(ACTION_DEBOUNCE_MS, () => performance.now());
    gates.set(gate, tryRun);
  }
  return tryRun();
}

const isBulk = (value: unknown): value is BulkResult =>
  typeof value === 'object' && value !== null && Array.isArray((value as BulkResult).failed) && Array.isArray((value as BulkResult).succeeded);

/** The text of a failure: the server's message, or for a bulk action "Ack failed on 2 alerts: <first reason>". */
export function failureText(label: string, result: Result<unknown>): string | null {
  if (!result.ok) return result.error.message;
  if (!isBulk(result.value) || result.value.failed.length === 0) return null;
  const { t } = store.get(translatorAtom);
  const text = t('ActionFailed', { action: label, count: result.value.failed.length });
  const first = result.value.failed[0]?.error.message;
  return first ? `${text}: ${first}` : text;
}

/** Busy flags of the places with several command buttons. */
export const listBusyAtom = atom(false);
export const detailBusyAtom = atom(false);

/**
 * A place's buttons stay busy for the 200 ms after a press even when its command ended sooner: the first click of a
 * double click can change which button is under the pointer (Ack becomes Open), and the second must not press that one.
 */
function releaseBusy(busy: PrimitiveAtom<boolean>, pressedAt: number): void {
  const wait = pressedAt + ACTION_DEBOUNCE_MS - performance.now();
  if (wait <= 0) store.set(busy, false);
  else setTimeout(() => store.set(busy, false), wait);
}

/**
 * Runs a command unless its gate closed less than 200 ms ago or its group is busy (running a command, or pressed less
 * than 200 ms ago). Never throws: a failure (or a crashed worker call) shows in a snackbar and comes back as
 * `{ok: false, message}` so a dialog can show it too.
 */
export async function runCommand<T>(command: Command<T>): Promise<Outcome<T>> {
  const { busy } = command;
  const gate = command.gate === undefined ? command.label : command.gate;
  if ((gate !== null && !open(gate)) || (busy && store.get(busy))) return { ok: false, message: '', ignored: true };
  const pressedAt = performance.now();
  if (busy) store.set(busy, true);
  try {
    let result: Result<T>;
    try {
      result = await command.run();
    } catch (error) {
      const { t } = store.get(translatorAtom);
      const reason = error instanceof Error && error.message ? error.message : t('UnknownError');
      result = { ok: false, error: { kind: 'internal', message: `${t('ActionFailed', { action: command.label, count: command.count ?? 1 })}: ${reason}` } };
    }
    const failure = failureText(command.label, result);
    if (failure && !command.quiet) pushNotice({ level: 'error', text: failure });
    if (!result.ok) return { ok: false, message: result.error.message, error: result.error };
    // What the command changed is read again before it counts as done, so nothing shows the old state meanwhile.
    if (command.invalidates?.length) await queryClient.invalidate(command.invalidates);
    const success = typeof command.success === 'function' ? command.success(result.value) : command.success;
    // What a command did is news until the next command's outcome replaces it (no queue of old confirmations).
    if (success) pushNotice({ group: OUTCOME, ...success });
    return failure ? { ok: false, message: failure } : { ok: true, value: result.value };
  } finally {
    if (busy) releaseBusy(busy, pressedAt);
  }
}

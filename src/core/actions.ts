// Which operator actions an alert's status allows (RULES below, as in the old console: e.g. ack only when open, close
// unless closed), and what each sends.
import type { Alert, Config, Preferences, Status } from './types.ts';
import { normaliseStatus } from './severity.ts';
import { isWatchedBy } from './watch.ts';
import { splitCamel } from './columns.ts';

export type AlertAction = 'open' | 'ack' | 'unack' | 'shelve' | 'unshelve' | 'close';

/** Display order of the status actions on toolbars and rows. */
export const ALERT_ACTIONS: readonly AlertAction[] = Object.freeze(['open', 'ack', 'unack', 'shelve', 'unshelve', 'close']);

/** i18n key of each action's button label. */
export const ACTION_LABEL_KEYS: Readonly<Record<AlertAction, string>> = Object.freeze({
  open: 'Open',
  ack: 'Ack',
  unack: 'Unack',
  shelve: 'Shelve',
  unshelve: 'Unshelve',
  close: 'Close',
});

/**
 * How a configured custom action is named wherever it appears (the detail page's menu, a row's menu, the bulk bar's
 * menu, the message after it ran): its name split into words, `createIssue` → `Create Issue`. The name itself is
 * what is sent to the API.
 */
export function customActionLabel(name: string): string {
  return splitCamel(name.trim());
}

/** Action buttons ignore repeat clicks within this window (leading edge only). */
export const ACTION_DEBOUNCE_MS = 200;

/**
 * Leading-edge debounce as a pure time gate: `tryRun()` is true for the first call and false for every call
 * that comes less than `ms` after the previous call (accepted or not), so a burst of clicks runs once.
 */
export function createLeadingDebounce(ms: number, now: () => number): () => boolean {
  let last = -Infinity;
  return () => {
    const t = now();
    const quiet = t - last >= ms;
    last = t;
    return quiet;
  };
}

/**
 * The scope that deleting an alert needs. The Alerta server guards DELETE /alert/{id} with delete:alerts, which it
 * grants to write:alerts unless its DELETE_SCOPES setting reserves deletion for admins (not the default); so the
 * console offers Delete to anyone who may write alerts, and a server that reserves it answers 403 with its message.
 */
export const DELETE_ALERT_SCOPE = 'write:alerts';

const RULES: Record<AlertAction, (s: string) => boolean> = {
  open: (s) => s === 'ack' || s === 'closed',
  ack: (s) => s === 'open',
  unack: (s) => s === 'ack',
  shelve: (s) => s === 'open' || s === 'ack',
  unshelve: (s) => s === 'shelved',
  close: (s) => s !== 'closed',
};

export function isAlertAction(x: unknown): x is AlertAction {
  return typeof x === 'string' && (ALERT_ACTIONS as readonly string[]).includes(x);
}

/** Whether the action may be offered for an alert in this status (legacy aliases such as ACKED count). */
export function isActionAllowed(action: AlertAction, status: Status): boolean {
  return RULES[action](normaliseStatus(status));
}

/** The status actions offered for an alert in this status, in display order. */
export function allowedActions(status: Status): AlertAction[] {
  return ALERT_ACTIONS.filter((a) => isActionAllowed(a, status));
}

/**
 * The `timeout` (seconds) to send with an action. Ack and shelve send the user's preference, else the
 * configured default that Settings displays, else null (the server's default). The old console sent the raw
 * preference (null) while Settings showed the config value; this keeps what is shown and what is sent equal.
 * Other actions send no timeout (undefined).
 */
export function actionTimeout(
  action: string,
  prefs: Partial<Pick<Preferences, 'ackTimeout' | 'shelveTimeout'>> | null | undefined,
  config: Partial<Pick<Config, 'timeouts'>> | null | undefined,
): number | null | undefined {
  if (action === 'ack') return validTimeout(prefs?.ackTimeout) ?? validTimeout(config?.timeouts?.ack) ?? null;
  if (action === 'shelve') return validTimeout(prefs?.shelveTimeout) ?? validTimeout(config?.timeouts?.shelve) ?? null;
  return undefined;
}

function validTimeout(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined;
}

/** Body of `PUT /alert/{id}/action`; `timeout` is present only for ack and shelve. */
export function actionBody(
  action: string,
  text: string,
  prefs: Partial<Pick<Preferences, 'ackTimeout' | 'shelveTimeout'>> | null | undefined,
  config: Partial<Pick<Config, 'timeouts'>> | null | undefined,
): { action: string; text: string; timeout?: number | null } {
  const timeout = actionTimeout(action, prefs, config);
  return timeout === undefined ? { action, text } : { action, text, timeout };
}

/**
 * The bulk watch toggle: true (watch all) if any selected alert is not yet watched by the user,
 * false (unwatch all) when every one already is.
 */
export function bulkWatchTarget(alerts: readonly Pick<Alert, 'tags'>[], username: string): boolean {
  return alerts.some((a) => !isWatchedBy(a, username));
}

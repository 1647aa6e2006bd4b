// The names of severities, statuses and actions in the UI language, one rule for every screen (list, cards, detail
// page, indicator panel, settings, menus and messages): Alerta's own names are translated, a name outside its model is shown as it is sent.
import { severityLabelKey, statusLabelKey } from '../../core/severity.ts';
import { ACTION_LABEL_KEYS, customActionLabel, isAlertAction } from '../../core/actions.ts';
import type { MessageKey, Translator } from './index.ts';

/** A severity's name in the UI language; a severity outside Alerta's default model is shown as it is sent. */
export function severityLabel(severity: string, t: Translator['t']): string {
  const key = severityLabelKey(severity);
  return key ? t(key as MessageKey) : severity;
}

/** A status's name in the UI language (aliases included); a status Alerta does not define is shown as it is. */
export function statusLabel(status: string, t: Translator['t']): string {
  const key = statusLabelKey(status);
  return key ? t(key as MessageKey) : status;
}

/** An action's name: a status action's in the UI language, a configured custom action's split into words. */
export function actionLabel(action: string, t: Translator['t']): string {
  return isAlertAction(action) ? t(ACTION_LABEL_KEYS[action] as MessageKey) : customActionLabel(action);
}

// The names of severities and statuses in the UI language, one rule for every screen (list, cards, detail page,
// indicator panel, settings): Alerta's own names are translated, a name outside its model is shown as it is sent.
import { severityLabelKey, statusLabelKey } from '../../core/severity.ts';
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


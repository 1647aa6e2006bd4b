// Texts for failed API calls: `<message> (<code>)` from the body, `<name>: <message>` without a code, and the
// old console's "Problem connecting to ..." when nothing answered.
import type { ApiErrorBody } from './types.ts';

export const GENERIC_ERROR_TEXT = 'Sorry, there was a problem';

function isObj(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** An Alerta error body: `{status: "error", message, code, errors, requestId}`. */
export function isAlertaErrorBody(x: unknown): x is ApiErrorBody {
  return isObj(x) && x.status === 'error' && typeof x.message === 'string' && typeof x.code === 'number';
}

function parseMaybeJson(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  const t = body.trim();
  if (!t.startsWith('{')) return body;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return body;
  }
}

/**
 * Snackbar text for a failed call: an Alerta body gives `<message> (<code>)`; an error without a code gives
 * `<name>: <message>`; anything else (an HTML page from a proxy, an empty body) gives a plain generic text
 * with the HTTP status, never the raw markup.
 */
export function errorText(body: unknown, status?: number): string {
  const b = parseMaybeJson(body);
  const statusPart = typeof status === 'number' && status > 0 ? ` (${status})` : '';
  if (isObj(b) || b instanceof Error) {
    const rec = b as unknown as Record<string, unknown>;
    const message = typeof rec.message === 'string' ? rec.message.trim() : '';
    if (message) {
      if (typeof rec.code === 'number') return `${message} (${rec.code})`;
      if (typeof rec.name === 'string' && rec.name) return `${rec.name}: ${message}`;
      return `${message}${statusPart}`;
    }
  }
  return `${GENERIC_ERROR_TEXT}${statusPart}`;
}

/** Shown when the API does not answer at all (network failure or a cancelled request). */
export function connectionErrorText(endpoint: string): string {
  return `Problem connecting to ${endpoint}, retrying...`;
}

/**
 * The first line of text in an error body's `errors` (a string, or lists of strings, as Alerta sends them), without
 * the Python exception class pyparsing's messages start with; at most 300 characters. Undefined when there is none.
 */
export function errorDetail(errors: unknown): string | undefined {
  let x = errors;
  for (let i = 0; i < 3 && Array.isArray(x); i++) x = x[0];
  if (typeof x !== 'string') return undefined;
  const line = x.replace(/^pyparsing\.exceptions\.\w+:\s*/, '').trim();
  return line ? line.slice(0, 300) : undefined;
}

// Running a change against the API: the result as data, the server's message in a snackbar when it fails,
// the spec's success message when there is one.
import type { Result } from '../../../worker/contract/index.ts';
import { pushNotice } from '../../state/notices.ts';

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Awaits a worker command. A failure shows the server's text (already "<message> (<code>)") as an error snackbar and
 * is returned so a dialog can show it too; a success shows `success` when given. Never throws: a crashed worker call
 * becomes a failure like any other.
 */
export async function runCommand<T>(
  command: () => Promise<Result<T>>,
  success?: { key: string; text: string },
): Promise<Outcome<T>> {
  let result: Result<T>;
  try {
    result = await command();
  } catch (e) {
    const message = e instanceof Error && e.message ? e.message : 'Sorry, there was a problem';
    pushNotice({ level: 'error', text: message });
    return { ok: false, message };
  }
  if (!result.ok) {
    pushNotice({ level: 'error', text: result.error.message });
    return { ok: false, message: result.error.message };
  }
  if (success) pushNotice({ level: 'success', key: success.key, text: success.text });
  return { ok: true, value: result.value };
}

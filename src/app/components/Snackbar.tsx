import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { currentNoticeAtom, dismissNotice } from '../state/notices.ts';
import { useT } from '../state/i18n.ts';
import type { MessageKey } from '../i18n/index.ts';
import { ACTION_LABEL_KEYS, isAlertAction } from '../../core/actions.ts';

/** An action named in a message's values ("ack", "watch", "note") reads in the UI's language. */
const OTHER_COMMAND_KEYS: Record<string, MessageKey> = { watch: 'Watch', unwatch: 'Unwatch', note: 'NoteAction' };

/** The first queued snackbar: successes for 3 s with OK, errors for 5 s with CLOSE, as in the old console. */
export function Snackbar() {
  const notice = useAtomValue(currentNoticeAtom);
  const { t } = useT();

  useEffect(() => {
    if (!notice || notice.timeout === null) return;
    const timer = setTimeout(dismissNotice, notice.timeout);
    return () => clearTimeout(timer);
  }, [notice]);

  // The live region stays in the page so screen readers announce each new message.
  const isError = notice?.kind === 'error' || notice?.kind === 'warning';
  let values = notice?.values;
  const action = values?.action;
  if (typeof action === 'string') {
    const key = isAlertAction(action) ? (ACTION_LABEL_KEYS[action] as MessageKey) : OTHER_COMMAND_KEYS[action];
    if (key) values = { ...values, action: t(key) };
  }
  const text = notice ? (notice.key ? t(notice.key as MessageKey, values) : notice.text) : '';
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex justify-center px-4" aria-live={isError ? 'assertive' : 'polite'} role={isError ? 'alert' : 'status'}>
      {notice && (
        <div
          className={`pointer-events-auto flex max-w-xl items-center gap-4 rounded px-4 py-3 text-white shadow-lg ${isError ? 'bg-red-800' : 'bg-gray-800 dark:bg-gray-700'}`}
        >
          <span className="min-w-0 break-words">{text}</span>
          <button
            type="button"
            onClick={dismissNotice}
            className="shrink-0 rounded px-2 py-1 font-semibold uppercase text-amber-300 hover:bg-white/10"
          >
            {t(notice.buttonKey as MessageKey)}
          </button>
        </div>
      )}
    </div>
  );
}

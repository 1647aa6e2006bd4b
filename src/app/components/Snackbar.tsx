import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { SNACKBAR_TIMEOUTS } from '../../core/notifications.ts';
import { dismissNotice, noticesAtom } from '../state/notices.ts';
import { useT } from '../state/i18n.ts';
import type { MessageKey } from '../i18n/index.ts';

/** Shows the first queued notice: successes for 3 s with OK, errors for 5 s with CLOSE (SPEC 8). */
export function Snackbar() {
  const queue = useAtomValue(noticesAtom);
  const { t } = useT();
  const notice = queue[0];

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(dismissNotice, notice.level === 'error' ? SNACKBAR_TIMEOUTS.error : SNACKBAR_TIMEOUTS.success);
    return () => clearTimeout(timer);
  }, [notice]);

  if (!notice) return null;
  const text = notice.key ? t(notice.key as MessageKey) : notice.text;
  const isError = notice.level === 'error';
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      <div
        role={isError ? 'alert' : 'status'}
        className={`pointer-events-auto flex max-w-xl items-center gap-4 rounded px-4 py-3 text-white shadow-lg ${isError ? 'bg-red-700' : 'bg-gray-800'}`}
      >
        <span>{text}</span>
        <button type="button" onClick={dismissNotice} className="font-semibold uppercase text-amber-300">
          {isError ? t('Close') : t('OK')}
        </button>
      </div>
    </div>
  );
}

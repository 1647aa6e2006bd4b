import { useAtomValue, useSetAtom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { metaAtom } from '../../state/alerts.ts';
import { useT } from '../../state/i18n.ts';
import { clockAtom } from '../../state/alerts-screen.ts';
import { refreshIntervalAtom } from '../../state/user.ts';
import { outboxAtom, outboxOpenAtom } from '../../state/outbox.ts';
import { effectiveFreshness } from '../../../core/freshness.ts';

const freshnessAtom = selectAtom(
  metaAtom,
  (m) => ({ freshness: m.freshness, updatedAt: m.updatedAt, error: m.error }),
  (a, b) => a.freshness === b.freshness && a.updatedAt === b.updatedAt && a.error?.message === b.error?.message,
);

/**
 * How fresh the list is: live, or offline with the age of the last known alerts. In kiosk mode the age is always
 * shown in seconds ("updated 12 s ago"), so a wall display that silently stopped updating is noticed.
 */
export function FreshnessBar({ kiosk = false }: { kiosk?: boolean }) {
  const reported = useAtomValue(freshnessAtom);
  const now = useAtomValue(clockAtom);
  // "Live" never outlasts two intervals and a poll's timeout, whatever the worker is doing.
  const freshness = effectiveFreshness(reported.freshness, reported.updatedAt, now, useAtomValue(refreshIntervalAtom));
  const { updatedAt, error } = reported;
  const waiting = useAtomValue(outboxAtom).length;
  const openOutbox = useSetAtom(outboxOpenAtom);
  const { t, formatRelativeTime, formatNumber } = useT();

  const ageSeconds = updatedAt ? Math.max(0, Math.round((now - updatedAt) / 1000)) : null;
  const offline = freshness === 'offline' || (freshness === 'stale' && error?.kind === 'network');
  const label = offline ? t('Offline') : freshness === 'live' ? t('Live') : freshness === 'loading' ? t('Loading') : t('Stale');
  const age = ageSeconds === null ? '' : kiosk ? t('AlertsUpdatedSecondsAgo', { seconds: formatNumber(ageSeconds) }) : t('LastUpdated', { age: ageSeconds < 5 ? t('JustNow') : formatRelativeTime(-ageSeconds) });

  return (
    <div className="flex items-center gap-2 text-sm" data-testid="freshness">
      <span
        aria-hidden="true"
        className={`inline-block h-2.5 w-2.5 rounded-full ${offline ? 'bg-red-400' : freshness === 'live' ? 'bg-green-300' : 'bg-amber-300'}`}
      />
      {/* Only the state is announced; the age changes every second and would flood a screen reader. */}
      <span role="status" className="font-semibold">
        {label}
      </span>
      {updatedAt !== null && <span className="tabular-nums">· {age}</span>}
      {offline && error?.kind === 'network' && error.endpoint && <span className="hidden sm:inline">· {t('ProblemConnecting', { endpoint: error.endpoint })}</span>}
      {waiting > 0 && (
        <button type="button" onClick={() => openOutbox(true)} className="rounded px-1 font-semibold underline decoration-dotted underline-offset-2 hover:bg-white/15">
          · {t('OutboxCount', { count: waiting })}
        </button>
      )}
    </div>
  );
}

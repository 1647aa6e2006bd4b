import { atom, useAtomValue, useSetAtom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { metaAtom } from '../../state/alerts.ts';
import { useT } from '../../state/i18n.ts';
import { clockAtom } from '../../state/alerts-screen.ts';
import { refreshIntervalAtom } from '../../state/user.ts';
import { outboxAtom, outboxOpenAtom } from '../../state/outbox.ts';
import { effectiveFreshness, roughAgeSeconds } from '../../../core/freshness.ts';
import { secondsAgo } from '../../../core/date-format.ts';

// What the bar shows, without the time of the last answer: that changes at every poll, and an unchanged poll must
// not re-render the bar (the age below changes only when its words do).
const stateAtom = selectAtom(
  metaAtom,
  (m) => ({ freshness: m.freshness, answered: m.updatedAt !== null, error: m.error }),
  (a, b) => a.freshness === b.freshness && a.answered === b.answered && a.error?.kind === b.error?.kind && a.error?.message === b.error?.message && a.error?.endpoint === b.error?.endpoint,
);
const updatedAtAtom = selectAtom(metaAtom, (m) => m.updatedAt);

/** Seconds since the last update, or null before the first one; the clock moves it every second. */
const ageAtom = atom((get) => {
  const updatedAt = get(updatedAtAtom);
  return updatedAt ? Math.abs(secondsAgo(updatedAt, get(clockAtom))) : null;
});

/** "Live" never outlasts two intervals and a poll's timeout, whatever the worker is doing (changes rarely). */
const shownFreshnessAtom = atom((get) => effectiveFreshness(get(stateAtom).freshness, get(updatedAtAtom), get(clockAtom), get(refreshIntervalAtom)));

/** The age as the toolbar words it (roughAgeSeconds): the bar re-renders when these words change, not every second. */
const roughAgeAtom = atom((get) => {
  const age = get(ageAtom);
  return age === null ? null : roughAgeSeconds(age);
});

/**
 * How fresh the list is: live, or offline with the age of the last known alerts. In kiosk mode the age is always
 * shown in seconds ("updated 12 s ago"), so a wall display that silently stopped updating is noticed.
 */
export function FreshnessBar({ kiosk = false }: { kiosk?: boolean }) {
  const { answered, error } = useAtomValue(stateAtom);
  const freshness = useAtomValue(shownFreshnessAtom);
  const ageSeconds = useAtomValue(kiosk ? ageAtom : roughAgeAtom);
  const waiting = useAtomValue(outboxAtom).length;
  const openOutbox = useSetAtom(outboxOpenAtom);
  const { t, formatRelativeTime, formatNumber } = useT();

  const offline = freshness === 'offline' || (freshness === 'stale' && error?.kind === 'network');
  const label = offline ? t('Offline') : freshness === 'live' ? t('Live') : freshness === 'loading' ? t('Loading') : t('Stale');
  const age = ageSeconds === null ? '' : kiosk ? t('AlertsUpdatedSecondsAgo', { seconds: formatNumber(ageSeconds) }) : t('LastUpdated', { age: ageSeconds < 10 ? t('JustNow') : formatRelativeTime(-ageSeconds) });

  return (
    <div className="flex items-center gap-2 text-sm" data-testid="freshness">
      <span
        aria-hidden="true"
        className={`inline-block h-2.5 w-2.5 rounded-full ${offline ? 'bg-red-400' : freshness === 'live' ? 'bg-green-300' : 'bg-amber-300'}`}
      />
      {/* Only the state is announced; the age changes every second and would flood a screen reader. */}
      <span role="status" className="whitespace-nowrap font-semibold">
        {label}
      </span>
      {answered && <span className="tabular-nums">· {age}</span>}
      {offline && error?.kind === 'network' && error.endpoint && <span className="hidden sm:inline">· {t('ProblemConnecting', { endpoint: error.endpoint })}</span>}
      {waiting > 0 && (
        <button type="button" onClick={() => openOutbox(true)} className="rounded px-1 font-semibold underline decoration-dotted underline-offset-2 hover:bg-white/15">
          · {t('OutboxCount', { count: waiting })}
        </button>
      )}
    </div>
  );
}

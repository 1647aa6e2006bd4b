import { atom, useAtomValue, useSetAtom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { metaAtom } from '../../../state/alerts.ts';
import { useT } from '../../../state/i18n.ts';
import { clockAtom } from '../../../state/alerts-screen.ts';
import { refreshIntervalAtom } from '../../../state/user.ts';
import { outboxAtom, outboxOpenAtom } from '../../../state/outbox.ts';
import { connectionProblem, effectiveFreshness, roughAgeSeconds, secondsUntil, type ConnectionProblem } from '../../../../core/freshness.ts';
import { secondsAgo } from '../../../../core/date-format.ts';
import { deviceOnlineAtom } from '../../../state/session.ts';
import { refreshAlerts } from '../../../data/alerts.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import { Icon } from '../../../components/Icon.tsx';

// What the bar shows, without the time of the last answer: that changes at every poll, and an unchanged poll must
// not re-render the bar (the age below changes only when its words do).
const stateAtom = selectAtom(
  metaAtom,
  (m) => ({ freshness: m.freshness, answered: m.updatedAt !== null, error: m.error }),
  (a, b) => a.freshness === b.freshness && a.answered === b.answered && a.error?.kind === b.error?.kind && a.error?.message === b.error?.message && a.error?.endpoint === b.error?.endpoint,
);
const updatedAtAtom = selectAtom(metaAtom, (m) => m.updatedAt);
const retryAtAtom = selectAtom(metaAtom, (m) => m.retryAt ?? null);

/** Seconds until the next attempt while the polls fail (0: it is being made), null otherwise; counts every second. */
const retryInAtom = atom((get) => secondsUntil(get(retryAtAtom), get(clockAtom)));

const PROBLEM_KEYS: Record<ConnectionProblem, MessageKey> = {
  offline: 'Offline',
  'not-answering': 'ServerNotAnswering',
  unreachable: 'ServerUnreachable',
  'server-error': 'ServerFailing',
};

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
 * How fresh the list is: live, or why not with the age of the last known alerts. "Offline" only when the device has no
 * network; a silent or failing API is said to be the server's problem, with the time to the next attempt and a button
 * that makes it now. In kiosk mode the age is always shown in seconds ("updated 12 s ago"), so a wall display that
 * silently stopped updating is noticed.
 */
export function FreshnessBar({ kiosk = false }: { kiosk?: boolean }) {
  const { answered, error } = useAtomValue(stateAtom);
  const freshness = useAtomValue(shownFreshnessAtom);
  const deviceOnline = useAtomValue(deviceOnlineAtom);
  const ageSeconds = useAtomValue(kiosk ? ageAtom : roughAgeAtom);
  const waiting = useAtomValue(outboxAtom).length;
  const openOutbox = useSetAtom(outboxOpenAtom);
  const { t, formatRelativeTime, formatNumber } = useT();

  const problem = connectionProblem(freshness, error, deviceOnline);
  const label = problem ? t(PROBLEM_KEYS[problem]) : freshness === 'live' ? t('Live') : freshness === 'loading' ? t('Loading') : t('Stale');
  const age = ageSeconds === null ? '' : kiosk ? t('AlertsUpdatedSecondsAgo', { seconds: formatNumber(ageSeconds) }) : t('LastUpdated', { age: ageSeconds < 10 ? t('JustNow') : formatRelativeTime(-ageSeconds) });

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 text-sm" data-testid="freshness">
      <span className="flex min-w-0 flex-wrap items-center gap-x-2">
        <span
          aria-hidden="true"
          className={`inline-block h-2.5 w-2.5 rounded-full ${problem ? 'bg-red-400' : freshness === 'live' ? 'bg-green-300' : 'bg-amber-300'}`}
        />
        {/* Only the state is announced; the age and the countdown change every second and would flood a screen reader. */}
        <span role="status" className="whitespace-nowrap font-semibold">
          {label}
        </span>
        {problem && <RetryCountdown />}
      </span>
      {problem && <RetryButton />}
      {/* While something is wrong the age stands on its own (it may start a line on a phone); otherwise it follows "Live". */}
      {answered && <span className="whitespace-nowrap tabular-nums">{problem ? age : `· ${age}`}</span>}
      {waiting > 0 && (
        <button type="button" onClick={() => openOutbox(true)} className="rounded px-1 font-semibold underline decoration-dotted underline-offset-2 hover:bg-white/15">
          · {t('OutboxCount', { count: waiting })}
        </button>
      )}
    </div>
  );
}

/** "— retrying in 12 s", or "— retrying…" while the attempt is being made. */
function RetryCountdown() {
  const seconds = useAtomValue(retryInAtom);
  const { t, formatNumber } = useT();
  if (seconds === null) return null;
  return <span className="whitespace-nowrap tabular-nums">— {seconds > 0 ? t('RetryingIn', { seconds: formatNumber(seconds) }) : t('RetryingNow')}</span>;
}

/** Makes the next attempt now; an icon on phones, where the line has little room. */
function RetryButton() {
  const { t } = useT();
  return (
    <button
      type="button"
      onClick={refreshAlerts}
      title={t('RetryNow')}
      className="inline-flex items-center whitespace-nowrap rounded px-1 font-semibold underline underline-offset-2 hover:bg-white/15 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
    >
      <Icon name="refresh" size={18} className="sm:hidden" />
      <span className="sr-only sm:not-sr-only">{t('RetryNow')}</span>
    </button>
  );
}

import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { metaAtom } from '../../state/alerts.ts';
import { useT } from '../../state/i18n.ts';

const freshnessAtom = selectAtom(
  metaAtom,
  (m) => ({ freshness: m.freshness, updatedAt: m.updatedAt, error: m.error }),
  (a, b) => a.freshness === b.freshness && a.updatedAt === b.updatedAt && a.error?.message === b.error?.message,
);

/** How fresh the list is: live, or offline with the age of the last known alerts. */
export function FreshnessBar() {
  const { freshness, updatedAt, error } = useAtomValue(freshnessAtom);
  const { t, formatRelativeTime } = useT();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const ageSeconds = updatedAt ? Math.max(0, Math.round((now - updatedAt) / 1000)) : null;
  const age = ageSeconds === null ? '' : ageSeconds < 5 ? t('JustNow') : formatRelativeTime(-ageSeconds);
  const offline = freshness === 'offline' || (freshness === 'stale' && error?.kind === 'network');
  const label = offline ? t('Offline') : freshness === 'live' ? t('Live') : freshness === 'loading' ? t('Loading') : t('Stale');

  return (
    <div role="status" aria-live="polite" className="ml-auto flex items-center gap-2 text-sm">
      <span
        aria-hidden="true"
        className={`inline-block h-2.5 w-2.5 rounded-full ${offline ? 'bg-red-400' : freshness === 'live' ? 'bg-green-300' : 'bg-amber-300'}`}
      />
      <span className="font-semibold">{label}</span>
      {updatedAt !== null && <span>· {t('LastUpdated', { age })}</span>}
      {offline && error?.kind === 'network' && error.endpoint && <span className="hidden sm:inline">· {t('ProblemConnecting', { endpoint: error.endpoint })}</span>}
    </div>
  );
}

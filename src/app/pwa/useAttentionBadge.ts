// The app badge (and, through the shell's document title, the page title) carry the number of alerts at or above the
// chosen severity, so an installed console or a background tab shows at a glance that something needs attention.
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { attentionCount, DEFAULT_NOTIFY_MIN_SEVERITY } from '../../core/notify.ts';
import type { CountMap } from '../../core/types.ts';
import { metaAtom } from '../state/alerts.ts';
import { configAtom, sessionAtom } from '../state/session.ts';
import { prefsAtom } from '../state/user.ts';
import { startedAtom } from '../startup.ts';

/** Severity counts of the open alerts of the current view, whatever statuses the list shows. */
const severityCountsAtom = selectAtom(metaAtom, (m) => m.openSeverityCounts, sameCounts);

function sameCounts(a: CountMap, b: CountMap): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}
const signedOutAtom = selectAtom(metaAtom, (m) => m.freshness === 'signed-out');
const minSeverityAtom = selectAtom(prefsAtom, (p) => p.notify?.minSeverity || DEFAULT_NOTIFY_MIN_SEVERITY);

type BadgeNavigator = Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

function setBadge(count: number) {
  const nav = navigator as BadgeNavigator;
  const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
  // Refused outside an installed app on some platforms: the title still shows the count.
  done?.catch(() => undefined);
}

/** The attention count of the current alerts view: open alerts at or above the notification threshold. */
export function useAttentionCount(): number {
  const counts = useAtomValue(severityCountsAtom);
  const signedOut = useAtomValue(signedOutAtom);
  const minSeverity = useAtomValue(minSeverityAtom);
  const config = useAtomValue(configAtom);
  const session = useAtomValue(sessionAtom);
  const authRequired = config?.auth_required ?? true;
  if (signedOut || (authRequired && !session.authenticated)) return 0;
  return attentionCount(counts, minSeverity, config ?? undefined);
}

/**
 * Mount once in the shell. Sets the app badge (where supported; once the first rows are on screen) and returns the
 * count for the page title.
 */
export function useAttentionBadge(): number {
  const count = useAttentionCount();
  const started = useAtomValue(startedAtom);
  useEffect(() => {
    if (started) setBadge(count);
  }, [count, started]);
  useEffect(() => () => setBadge(0), []);
  return count;
}

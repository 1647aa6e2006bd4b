// Browser capabilities the alerts screen uses: media queries, full screen, the screen wake lock (kiosk) and the
// new-alert sound.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useAtomValue } from 'jotai';
import { newsAtom } from '../../state/alerts.ts';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const mq = window.matchMedia(query);
      mq.addEventListener('change', notify);
      return () => mq.removeEventListener('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

export function useFullscreen(): { active: boolean; toggle: () => void; enter: () => Promise<boolean> } {
  const [active, setActive] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const update = () => setActive(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const enter = useCallback(async () => {
    if (document.fullscreenElement) return true;
    try {
      await document.documentElement.requestFullscreen?.();
      return true;
    } catch {
      // Browsers refuse full screen without a user gesture; the caller retries on the first interaction.
      return false;
    }
  }, []);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    else void enter();
  }, [enter]);
  return { active, toggle, enter };
}

/**
 * Keeps the screen awake while `on` (kiosk wall displays). The browser releases the lock when the page is hidden,
 * so it is requested again each time the page becomes visible.
 */
export function useWakeLock(on: boolean): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!on || !('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let stopped = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        sentinel = await navigator.wakeLock.request('screen');
        if (stopped) {
          void sentinel.release();
          return;
        }
        setHeld(true);
        sentinel.addEventListener('release', () => setHeld(false));
      } catch {
        setHeld(false);
      }
    };
    const onVisibility = () => void acquire();
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release().catch(() => undefined);
    };
  }, [on]);
  return held;
}

/**
 * Plays the alert sound once per worker report of new open, non-repeat alerts (newsAtom), never for the first
 * snapshot of a view or while muted. The old console replayed it on every poll (CONSOLE-FACTS 5.3).
 */
export function useAlertSound(muted: boolean, url: string) {
  const news = useAtomValue(newsAtom);
  const seen = useRef(news.n);
  const audio = useRef<HTMLAudioElement | null>(null);
  useEffect(() => {
    if (news.n === seen.current) return;
    seen.current = news.n;
    if (muted || news.ids.length === 0) return;
    if (!audio.current || audio.current.dataset.src !== url) {
      audio.current = new Audio(new URL(url, document.baseURI).href);
      audio.current.dataset.src = url;
    }
    audio.current.currentTime = 0;
    // Autoplay policies may refuse before the first user gesture: nothing to do but wait for the next alert.
    void audio.current.play()?.catch(() => undefined);
  }, [news, muted, url]);
}

/** Rows rendered per step when a long page appears (e.g. 200 rows): each step stays a short main-thread task. */
export const RENDER_CHUNK = 40;

/**
 * How many of `total` rows to render now: all that were already shown, then RENDER_CHUNK more per frame until
 * every row is there. Polls that keep the page as it is render nothing new; only a page that grows is spread out.
 */
export function useProgressiveCount(total: number): number {
  const [limit, setLimit] = useState(RENDER_CHUNK);
  useEffect(() => {
    if (limit >= total) return;
    const frame = requestAnimationFrame(() => setLimit((l) => l + RENDER_CHUNK));
    return () => cancelAnimationFrame(frame);
  }, [limit, total]);
  return Math.min(limit, total);
}

// Browser capabilities the alerts screen uses: full screen (asked once on a wall display), the screen wake lock
// (kiosk), the new-alert sound, the screen's keyboard shortcuts and progressive rendering of long pages.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { newsAtom } from '../../state/alerts.ts';
import { clearSelection, selectionAtom, shortcutsOpenAtom } from '../../state/alerts-screen.ts';
import { groupByDialogOpenAtom, overviewShownAtom } from '../../state/groups.ts';
import { refreshAlerts } from '../../data/alerts.ts';
import { currentFocusId, focusRow } from './rows/row-keyboard.ts';
import { kioskFullscreenStart, showKioskFullscreenButton } from '../../../core/kiosk.ts';

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
      // Browsers refuse full screen without a user gesture; the kiosk display then offers a button.
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
 * snapshot of a view or while muted. The old console replayed it on every poll while
 * such an alert stayed on the page.
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

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/**
 * The screen's keys: / search, ? help, r refresh, g group by, v what is going on, Escape clears the selection, j/k and
 * the arrows reach the list.
 */
export function useScreenKeys(searchRef: RefObject<HTMLInputElement>) {
  const store = useStore();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (document.querySelector('[role="dialog"]')) return;
      const inList = (e.target as HTMLElement | null)?.closest?.('[data-alert-list]');
      if (e.key === '/') {
        searchRef.current?.focus();
        e.preventDefault();
      } else if (e.key === '?') {
        store.set(shortcutsOpenAtom, true);
        e.preventDefault();
      } else if (e.key === 'r') {
        refreshAlerts();
      } else if (e.key === 'g' && !inList) {
        store.set(groupByDialogOpenAtom, true);
        e.preventDefault();
      } else if (e.key === 'v' && !inList) {
        store.set(overviewShownAtom, !store.get(overviewShownAtom));
        e.preventDefault();
      } else if (e.key === 'Escape' && store.get(selectionAtom).size > 0) {
        clearSelection(store);
      } else if (!inList && ['j', 'k', 'ArrowDown', 'ArrowUp'].includes(e.key) && (e.target === document.body || e.target === null)) {
        focusRow(document.querySelector('[data-alert-list]'), currentFocusId(store));
        e.preventDefault();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [store, searchRef]);
}

/**
 * A wall display asks for full screen once, at start, and only when the browser would allow it (a gesture under way:
 * the kiosk link was just clicked); a request outside a gesture is refused with a console warning. Returns whether
 * to show the "Full screen" button: refused, not asked, or left again with Escape.
 */
export function useKioskFullscreen(kiosk: boolean, fullscreen: { active: boolean; enter: () => Promise<boolean> }): boolean {
  const { enter } = fullscreen;
  const [asked, setAsked] = useState(false);
  const askedOnce = useRef(false);
  useEffect(() => {
    if (!kiosk || askedOnce.current) return;
    askedOnce.current = true;
    const start = kioskFullscreenStart({
      kiosk,
      fullscreen: document.fullscreenElement !== null,
      userActivation: navigator.userActivation ? navigator.userActivation.isActive : null,
    });
    if (start === 'ask') void enter().finally(() => setAsked(true));
    else queueMicrotask(() => setAsked(true));
  }, [kiosk, enter]);
  return showKioskFullscreenButton({ kiosk, fullscreen: fullscreen.active, asked });
}

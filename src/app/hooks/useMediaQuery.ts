import { useSyncExternalStore } from 'react';

// Each query is evaluated by the browser once, when first asked, and then only when it reports a change: renders
// read the kept answer. Asking the browser during a render (a new MediaQueryList, or .matches) can force a style
// and layout pass of a page React is about to change (about 50 ms of a 4x slowed phone start-up, issue 16).
interface Watched {
  matches: boolean;
  listeners: Set<() => void>;
}

const watched = new Map<string, Watched>();

function watch(query: string): Watched {
  let w = watched.get(query);
  if (!w) {
    const list = window.matchMedia(query);
    const entry: Watched = { matches: list.matches, listeners: new Set() };
    list.addEventListener('change', (e) => {
      entry.matches = e.matches;
      entry.listeners.forEach((l) => l());
    });
    watched.set(query, entry);
    w = entry;
  }
  return w;
}

/** Whether a CSS media query matches, kept current as the window resizes or the OS setting changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const w = watch(query);
      w.listeners.add(onChange);
      return () => w.listeners.delete(onChange);
    },
    () => watch(query).matches,
    () => false,
  );
}

/** The drawer is permanent from 1280 px (Tailwind's xl), modal below. */
export const WIDE_SCREEN_QUERY = '(min-width: 1280px)';
/** The alert list shows cards instead of a table below 640 px (Tailwind's sm). */
export const PHONE_QUERY = '(max-width: 639px)';
/** The system's dark mode. */
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The window's width as last read: on the empty page (watchConsoleQueries), then at each resize. */
let keptWidth: number | null = null;
const widthListeners = new Set<() => void>();

function watchWidth(): number {
  if (keptWidth === null) {
    keptWidth = window.innerWidth;
    window.addEventListener('resize', () => {
      const next = window.innerWidth;
      if (next === keptWidth) return;
      keptWidth = next;
      widthListeners.forEach((l) => l());
    });
  }
  return keptWidth;
}

/** Evaluates the console's own queries (and the window's width) now, while the page is still empty and a layout costs nothing. */
export function watchConsoleQueries(): void {
  for (const q of [WIDE_SCREEN_QUERY, PHONE_QUERY, DARK_QUERY]) watch(q);
  watchWidth();
}

/**
 * The window's width in CSS px, kept current as it resizes. Renders read the kept value: asking the window during a
 * render lays out the page React is changing (12 ms of a phone's start-up, more at 4x, issue 16).
 */
export function useWindowWidth(): number {
  return useSyncExternalStore(
    (onChange) => {
      watchWidth();
      widthListeners.add(onChange);
      return () => widthListeners.delete(onChange);
    },
    watchWidth,
    () => 1280,
  );
}

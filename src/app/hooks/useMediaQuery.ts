import { useSyncExternalStore } from 'react';

// What the layout asks the browser (a media query, the window's width) is asked once, when first wanted, and then
// only when the browser reports a change: renders read the kept answer. Asking during a render (a new
// MediaQueryList, `.matches`, `innerWidth`) can force a style and layout pass of a page React is about to change
// (about 50 ms of a 4x slowed phone start-up).
interface Kept<T> {
  value: T;
  listeners: Set<() => void>;
}

/** A value read now and again at each change the browser reports (`follow` calls its argument then). */
function kept<T>(read: () => T, follow: (changed: () => void) => void): Kept<T> {
  const entry: Kept<T> = { value: read(), listeners: new Set() };
  follow(() => {
    const next = read();
    if (Object.is(next, entry.value)) return;
    entry.value = next;
    entry.listeners.forEach((l) => l());
  });
  return entry;
}

function useKept<T>(entry: () => Kept<T>, serverValue: T): T {
  return useSyncExternalStore(
    (onChange) => {
      const e = entry();
      e.listeners.add(onChange);
      return () => e.listeners.delete(onChange);
    },
    () => entry().value,
    () => serverValue,
  );
}

const queries = new Map<string, Kept<boolean>>();

function watch(query: string): Kept<boolean> {
  let entry = queries.get(query);
  if (!entry) {
    const list = window.matchMedia(query);
    entry = kept(
      () => list.matches,
      (changed) => list.addEventListener('change', changed),
    );
    queries.set(query, entry);
  }
  return entry;
}

let width: Kept<number> | null = null;

function watchWidth(): Kept<number> {
  width ??= kept(
    () => window.innerWidth,
    (changed) => window.addEventListener('resize', changed),
  );
  return width;
}

/** Whether a CSS media query matches, kept current as the window resizes or the OS setting changes. */
export function useMediaQuery(query: string): boolean {
  return useKept(() => watch(query), false);
}

/** The drawer is permanent from 1280 px (Tailwind's xl), modal below. */
export const WIDE_SCREEN_QUERY = '(min-width: 1280px)';
/** The alert list shows cards instead of a table below 640 px (Tailwind's sm). */
export const PHONE_QUERY = '(max-width: 639px)';
/** The system's dark mode. */
export const DARK_QUERY = '(prefers-color-scheme: dark)';
/** A touch screen: nothing hovers (row actions cannot wait for a pointer), and fingers need 44 px targets. */
export const TOUCH_QUERY = '(hover: none), (pointer: coarse)';

/** Evaluates the console's own queries (and the window's width) now, while the page is still empty and a layout costs nothing. */
export function watchConsoleQueries(): void {
  for (const q of [WIDE_SCREEN_QUERY, PHONE_QUERY, DARK_QUERY, TOUCH_QUERY]) watch(q);
  watchWidth();
}

/** The window's width in CSS px, kept current as it resizes (read on the empty page and at each resize, never in a render). */
export function useWindowWidth(): number {
  return useKept(watchWidth, 1280);
}

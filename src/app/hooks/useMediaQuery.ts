import { useSyncExternalStore } from 'react';

// One MediaQueryList per query for the page's life: creating one evaluates the query against the page's style, and
// every render of every user would otherwise create a new one (about 30 ms of a phone's start-up, issue 16).
const lists = new Map<string, MediaQueryList>();

function listFor(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** Whether a CSS media query matches, kept current as the window resizes or the OS setting changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = listFor(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => listFor(query).matches,
    () => false,
  );
}

/** The drawer is permanent from 1280 px (Tailwind's xl), modal below. */
export const WIDE_SCREEN_QUERY = '(min-width: 1280px)';

/** The window's width in CSS px, kept current as it resizes. */
export function useWindowWidth(): number {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('resize', onChange);
      return () => window.removeEventListener('resize', onChange);
    },
    () => window.innerWidth,
    () => 1280,
  );
}

import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, kept current as the window resizes or the OS setting changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
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

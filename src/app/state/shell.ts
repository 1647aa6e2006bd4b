// Shell state: the drawer.
import { atom } from 'jotai';

const DRAWER_PINNED_KEY = 'console.drawerPinned';

function readPinned(): boolean {
  try {
    return localStorage.getItem(DRAWER_PINNED_KEY) !== '0';
  } catch {
    return true;
  }
}

/** Wide screens: whether the permanent drawer is shown (the menu button hides it; remembered per browser). */
const pinnedBase = atom(readPinned());
export const drawerPinnedAtom = atom(
  (get) => get(pinnedBase),
  (_get, set, pinned: boolean) => {
    set(pinnedBase, pinned);
    try {
      localStorage.setItem(DRAWER_PINNED_KEY, pinned ? '1' : '0');
    } catch {
      // not remembered; still toggles for this tab
    }
  },
);

/** Small screens: whether the modal drawer is open. */
export const drawerOpenAtom = atom(false);

/** Whether the dark theme is in force (the preference, or the OS setting until the user picks a theme). */
export const darkAtom = atom(false);

const ALERTS_DRAWER_KEY = 'console.alertsDrawer';

function readAlertsDrawer(): 'full' | 'rail' | null {
  try {
    const v = localStorage.getItem(ALERTS_DRAWER_KEY);
    return v === 'full' || v === 'rail' ? v : null;
  } catch {
    return null;
  }
}

/** The alerts screen's own drawer choice (full or rail), remembered per browser; null until the user picks one. */
const alertsDrawerBase = atom(readAlertsDrawer());
export const alertsDrawerAtom = atom(
  (get) => get(alertsDrawerBase),
  (_get, set, choice: 'full' | 'rail') => {
    set(alertsDrawerBase, choice);
    try {
      localStorage.setItem(ALERTS_DRAWER_KEY, choice);
    } catch {
      // not remembered; still applies in this tab
    }
  },
);

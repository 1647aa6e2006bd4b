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

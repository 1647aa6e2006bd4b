// Shell state: the drawer, the theme, and the alert table's column choice, the choices remembered per browser.
import { atom, type WritableAtom } from 'jotai';

/**
 * A choice remembered in this browser's localStorage under `key` (`read` turns the stored text, or null, into the
 * value). Storage that refuses (private mode, quota) leaves the choice working for this tab.
 */
function rememberedAtom<T>(key: string, read: (stored: string | null) => T, write: (value: T) => string): WritableAtom<T, [T], void> {
  let initial: T;
  try {
    initial = read(localStorage.getItem(key));
  } catch {
    initial = read(null);
  }
  const base = atom(initial);
  return atom(
    (get) => get(base),
    (_get, set, value: T) => {
      set(base, value);
      try {
        localStorage.setItem(key, write(value));
      } catch {
        // not remembered; still applies in this tab
      }
    },
  );
}

/** Wide screens: whether the permanent drawer is shown (the menu button hides it; remembered per browser). */
export const drawerPinnedAtom = rememberedAtom(
  'console.drawerPinned',
  (v) => v !== '0',
  (pinned) => (pinned ? '1' : '0'),
);

/** Small screens: whether the modal drawer is open. */
export const drawerOpenAtom = atom(false);

/** Whether the dark theme is in force (the preference, or the OS setting until the user picks a theme). */
export const darkAtom = atom(false);

/** The alerts screen's own drawer choice (full or rail), remembered per browser; null until the user picks one. */
export const alertsDrawerAtom = rememberedAtom<'full' | 'rail' | null>(
  'console.alertsDrawer',
  (v) => (v === 'full' || v === 'rail' ? v : null),
  (choice) => choice ?? '',
);

/**
 * How the alert table meets a pane too narrow for its columns: `fit` (columns give way, docs/layout.md) or `all`
 * (every column on one line, scrolling sideways), the user's choice in the column menu, remembered per browser.
 */
export const tableColumnsAtom = rememberedAtom<'fit' | 'all'>(
  'console.tableColumns',
  (v) => (v === 'all' ? 'all' : 'fit'),
  (choice) => choice,
);

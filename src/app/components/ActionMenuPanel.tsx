// The real menu behind ActionMenu, loaded on its first press.
import { useRef, type ReactNode } from 'react';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Icon, type IconName } from './Icon.tsx';
import { resolveIcon, type LaterIconName } from './later-icons.ts';
import { useOpenOnMount, type Activation } from './deferred.tsx';

export interface ActionMenuEntry {
  key: string;
  label: string;
  /** a later icon by its name: the menu's code, which loads on the first press, brings its path */
  icon?: IconName | LaterIconName;
  onSelect: () => void;
}

export interface ActionMenuProps {
  /** the button's accessible name, also its tooltip */
  label: string;
  buttonClassName: string;
  /** what the button shows (an icon) */
  button: ReactNode;
  entries: readonly ActionMenuEntry[];
  itemsClassName: string;
  tabIndex?: number;
  /** 44 px items whatever the pointer (a menu only touch screens show) */
  touchItems?: boolean;
}

export default function ActionMenuPanel({ label, buttonClassName, button, entries, itemsClassName, tabIndex, touchItems, activation }: ActionMenuProps & { activation: Activation }) {
  const ref = useRef<HTMLButtonElement>(null);
  useOpenOnMount(ref, activation);
  return (
    <Menu>
      <MenuButton ref={ref} tabIndex={tabIndex} aria-label={label} title={label} className={buttonClassName}>
        {button}
      </MenuButton>
      <MenuItems anchor="bottom end" className={itemsClassName}>
        {entries.map((entry) => (
          <MenuItem key={entry.key}>
            <button
              type="button"
              onClick={entry.onSelect}
              className={`${entry.icon ? 'flex items-center gap-3' : 'block'} w-full px-4 py-2 text-left ${touchItems ? 'min-h-11' : 'pointer-coarse:min-h-11'} data-[focus]:bg-gray-100 dark:data-[focus]:bg-gray-700`}
            >
              {entry.icon && <Icon name={resolveIcon(entry.icon)} size={18} />}
              {entry.label}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

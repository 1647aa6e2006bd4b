// The real menu behind ActionMenu, loaded on its first press.
import { useRef } from 'react';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { ActionMenuProps } from './ActionMenu.tsx';
import { Icon } from './Icon.tsx';
import { resolveIcon } from './later-icons.ts';
import { useOpenOnMount, type Activation } from './deferred.tsx';

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

// A button with a menu of actions (the toolbar's ⋮ menu, custom actions of a row or of the selection). The menu's
// code (headlessui Menu, floating-ui) loads on the first press; until then the button is a plain one (deferred.tsx).
import { lazy, type ReactNode } from 'react';
import type { IconName } from './Icon.tsx';
import type { LaterIconName } from './later-icons.ts';
import { DeferredButton } from './deferred.tsx';

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

const ActionMenuPanel = lazy(() => import('./ActionMenuPanel.tsx'));

export function ActionMenu(props: ActionMenuProps) {
  return (
    <DeferredButton
      popup="menu"
      aria-label={props.label}
      title={props.label}
      className={props.buttonClassName}
      tabIndex={props.tabIndex}
      render={(activation) => <ActionMenuPanel {...props} activation={activation} />}
    >
      {props.button}
    </DeferredButton>
  );
}

// A button with a menu of actions (the toolbar's ⋮ menu, custom actions of a row or of the selection). The menu's
// code (headlessui Menu, floating-ui) loads on the first press; until then the button is a plain one (deferred.tsx).
import { lazy } from 'react';
import { DeferredButton } from './deferred.tsx';
// The props live with the panel, which the button loads: the panel imports nothing back from here.
import type { ActionMenuProps } from './ActionMenuPanel.tsx';

export type { ActionMenuEntry, ActionMenuProps } from './ActionMenuPanel.tsx';

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

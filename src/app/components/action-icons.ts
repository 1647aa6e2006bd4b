import type { AlertAction } from '../../core/actions.ts';
import type { IconName } from './Icon.tsx';

/** The icon of each status action, the same in the list, the bulk bar and the detail page. */
export const ACTION_ICONS: Readonly<Record<AlertAction, IconName>> = {
  open: 'open',
  ack: 'ack',
  unack: 'undo',
  shelve: 'shelve',
  unshelve: 'unshelve',
  close: 'closeAlert',
};

// The touch screen's row menu (RowActionsMenu in RowActions.tsx), loaded on the first tap of a row's menu button:
// every action the alert's status allows, watch or unwatch, delete and the configured custom actions.
import { useRef } from 'react';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useSetAtom } from 'jotai';
import { allowedActions, ACTION_LABEL_KEYS } from '../../../core/actions.ts';
import { isWatchedBy } from '../../../core/watch.ts';
import type { AlertRow } from '../../../worker/contract/index.ts';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { ACTION_ICONS } from '../../components/action-icons.ts';
import { useOpenOnMount, type Activation } from '../../components/deferred.tsx';
import { useT } from '../../state/i18n.ts';
import { actionLabel } from '../../i18n/labels.ts';
import { pendingDeleteAtom, type RowContext } from '../../state/alerts-screen.ts';
import { alertCommands } from '../../data/alerts.ts';
import { MENU_ITEMS, ROW_MENU_BUTTON } from './RowActions.tsx';

export default function RowActionsMenuPanel({ alert, ctx, tabbable, activation }: { alert: AlertRow; ctx: RowContext; tabbable: boolean; activation: Activation }) {
  const { t } = useT();
  const askDelete = useSetAtom(pendingDeleteAtom);
  const button = useRef<HTMLButtonElement>(null);
  useOpenOnMount(button, activation);
  const watched = isWatchedBy(alert, ctx.username);
  const entries: { key: string; label: string; icon?: IconName; onSelect: () => void }[] = allowedActions(alert.status).map((action) => ({
    key: action,
    label: t(ACTION_LABEL_KEYS[action] as 'Ack'),
    icon: ACTION_ICONS[action],
    onSelect: () => void alertCommands.act('list', [alert.id], action),
  }));
  if (ctx.username) {
    entries.push({ key: 'watch', label: watched ? t('Unwatch') : t('Watch'), icon: watched ? 'visibilityOff' : 'visibility', onSelect: () => void alertCommands.watch('list', [alert.id], !watched) });
  }
  if (ctx.canDelete) entries.push({ key: 'delete', label: t('Delete'), icon: 'delete', onSelect: () => askDelete({ ids: [alert.id], bulk: false }) });
  for (const action of ctx.customActions) entries.push({ key: `custom:${action}`, label: actionLabel(action, t), onSelect: () => void alertCommands.act('list', [alert.id], action) });
  return (
    <Menu>
      <MenuButton ref={button} tabIndex={tabbable ? 0 : -1} aria-label={t('RowActions')} title={t('RowActions')} className={ROW_MENU_BUTTON}>
        <Icon name="moreVert" size={24} />
      </MenuButton>
      <MenuItems anchor="bottom end" className={MENU_ITEMS}>
        {entries.map((entry) => (
          <MenuItem key={entry.key}>
            <button type="button" onClick={entry.onSelect} className="flex min-h-11 w-full items-center gap-3 px-4 py-2 text-left data-[focus]:bg-gray-100 dark:data-[focus]:bg-gray-700">
              {entry.icon && <Icon name={entry.icon} size={18} />}
              {entry.label}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

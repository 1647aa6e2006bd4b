// The detail page's toolbar: open, watch/unwatch, ack, unack, shelve, unshelve, close, delete, copy and a menu with the
// configured extra actions and "blackout from alert". Only what the alert's status (src/core/actions.ts) and the user's
// scopes allow is offered; what needs the network is disabled offline, with the reason.
import type { KeyboardEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'wouter';
import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import type { Alert } from '../../../core/types.ts';
import { allowedActions, ACTION_LABEL_KEYS } from '../../../core/actions.ts';
import { isWatchedBy } from '../../../core/watch.ts';
import { actionLabel } from '../../i18n/labels.ts';
import { blackoutHref } from '../../../core/alert-detail.ts';
import { IconButton } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ACTION_ICONS } from '../../components/action-icons.ts';
import { useT } from '../../state/i18n.ts';
import { alertCommands } from '../../data/alerts.ts';
import { detailBusyAtom } from '../../data/commands.ts';
import { clipboardText } from './copy-alert.ts';
import { CopyButton } from '../../components/CopyButton.tsx';

/** Arrow keys, Home and End move between the toolbar's buttons, as a toolbar should let them (WAI-ARIA). */
function moveFocus(e: KeyboardEvent<HTMLDivElement>) {
  const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!keys.includes(e.key)) return;
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>(':scope > button:not(:disabled), :scope > span > button:not(:disabled)')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0 || buttons.length === 0) return;
  e.preventDefault();
  const next = e.key === 'Home' ? 0 : e.key === 'End' ? buttons.length - 1 : (at + (e.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length;
  buttons[next]?.focus();
}

export interface DetailPermissions {
  username: string | null;
  canWrite: boolean;
  canDelete: boolean;
  canBlackout: boolean;
  online: boolean;
  offlineReasonId: string;
}

export function DetailToolbar({
  alert,
  perms,
  customActions,
  clipboardTemplate,
  onDelete,
}: {
  alert: Alert;
  perms: DetailPermissions;
  customActions: readonly string[];
  clipboardTemplate: string;
  onDelete: () => void;
}) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const busy = useAtomValue(detailBusyAtom);
  const watched = isWatchedBy(alert, perms.username);
  const offline = !perms.online;
  // Offline, actions are kept and sent when the API answers again (the outbox); only a delete needs the connection,
  // and its button says why it does nothing (the accessible name stays the action's name).
  const deleteTitle = offline ? `${t('Delete')} – ${t('DeleteNeedsConnection')}` : t('Delete');

  return (
    <div role="toolbar" aria-label={t('Actions')} className="flex flex-wrap items-center gap-0.5" onKeyDown={moveFocus}>
      {perms.canWrite &&
        allowedActions(alert.status).map((action) => {
          const label = t(ACTION_LABEL_KEYS[action] as 'Ack');
          return (
            <IconButton
              key={action}
              icon={ACTION_ICONS[action]}
              label={label}
              title={label}
              disabled={busy}
              onClick={() => void alertCommands.act('detail', [alert.id], action)}
            />
          );
        })}
      {perms.canWrite && perms.username && (
        <IconButton
          icon={watched ? 'visibilityOff' : 'visibility'}
          label={watched ? t('Unwatch') : t('Watch')}
          title={watched ? t('Unwatch') : t('Watch')}
          disabled={busy}
          onClick={() => void alertCommands.watch('detail', [alert.id], !watched)}
        />
      )}
      {perms.canDelete && (
        <IconButton
          icon="delete"
          label={t('Delete')}
          title={deleteTitle}
          aria-describedby={offline ? perms.offlineReasonId : undefined}
          disabled={busy || offline}
          onClick={onDelete}
        />
      )}
      <CopyButton label={t('CopyToClipboard')} text={() => clipboardText(alert, clipboardTemplate)} />
      {((perms.canWrite && customActions.length > 0) || perms.canBlackout) && (
        <Menu>
          <MenuButton
            aria-label={t('More')}
            title={t('More')}
            className="inline-flex h-9 w-9 items-center justify-center rounded-full hover:bg-black/10 dark:hover:bg-white/10"
          >
            <Icon name="moreVert" />
          </MenuButton>
          <MenuItems
            anchor="bottom end"
            className="z-40 min-w-56 rounded bg-white py-1 text-sm text-gray-900 shadow-lg ring-1 ring-black/10 focus:outline-none dark:bg-gray-800 dark:text-gray-100"
          >
            {perms.canWrite && customActions.length > 0 && (
              <>
                <div className="px-4 py-1 text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-300" aria-hidden="true">
                  {t('Actions')}
                </div>
                {customActions.map((action) => (
                  <MenuItem key={action} disabled={busy}>
                    <button
                      type="button"
                      className="block w-full px-4 py-2 text-left data-[disabled]:opacity-50 data-[focus]:bg-gray-100 dark:data-[focus]:bg-gray-700"
                      onClick={() => void alertCommands.act('detail', [alert.id], action)}
                    >
                      {actionLabel(action, t)}
                    </button>
                  </MenuItem>
                ))}
              </>
            )}
            {perms.canWrite && customActions.length > 0 && perms.canBlackout && <MenuSeparator className="my-1 h-px bg-gray-200 dark:bg-gray-700" />}
            {perms.canBlackout && (
              <MenuItem>
                <button
                  type="button"
                  className="flex w-full items-center gap-2 px-4 py-2 text-left data-[focus]:bg-gray-100 dark:data-[focus]:bg-gray-700"
                  onClick={() => navigate(blackoutHref(alert))}
                >
                  <Icon name="block" size={18} />
                  {t('BlackoutFromAlert')}
                </button>
              </MenuItem>
            )}
          </MenuItems>
        </Menu>
      )}
    </div>
  );
}

// The actions of one alert: only those its status allows (src/core/actions.ts), watch/unwatch, delete, and the
// configured custom actions in a menu. Shown on hover and on keyboard focus in the table, in place of the time cells;
// always shown on phone cards; on a touch screen's table, one menu button in every row (RowActionsMenu).
import { memo } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { allowedActions, ACTION_LABEL_KEYS } from '../../../../core/actions.ts';
import { isWatchedBy } from '../../../../core/watch.ts';
import type { AlertRow } from '../../../../worker/contract/index.ts';
import { IconButton } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { ActionMenu, type ActionMenuEntry } from '../../../components/ActionMenu.tsx';
import { ACTION_ICONS } from '../../../components/action-icons.ts';
import { useT } from '../../../state/i18n.ts';
import { actionLabel } from '../../../i18n/labels.ts';
import { pendingDeleteAtom, type RowContext } from '../../../state/alerts-screen.ts';
import { alertCommands } from '../../../data/alerts.ts';
import { listBusyAtom } from '../../../data/commands.ts';
import { rowOf } from '../../../state/alerts.ts';
import type { Store } from '../../../state/store.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import { openValueMenuAt } from '../search/value-filter.ts';
import { rowTargets } from './value-menu-gestures.ts';

/** The most buttons a row can show: four status actions (an acknowledged alert), watch, delete and the menu. */
export function actionButtonCount(ctx: Pick<RowContext, 'canWrite' | 'canDelete' | 'username' | 'customActions'>): number {
  if (!ctx.canWrite) return 0;
  return 4 + (ctx.username ? 1 : 0) + (ctx.canDelete ? 1 : 0) + (ctx.customActions.length > 0 ? 1 : 0);
}

// Important: IconButton's own h-9 w-9 would win over a smaller size (and did: 36 px buttons in 24 px compact rows).
const BUTTON_CLASS = { compact: 'h-6! w-6!', small: 'h-7! w-7!', large: 'h-11! w-11!' } as const;
const ICON_SIZE = { compact: 16, small: 18, large: 22 } as const;
/** The px of the touch screen's row menu button: a 44 px target. */
export const TOUCH_BUTTON_SIZE = 44;
const ROW_MENU_BUTTON = 'inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-black/10';
const MENU_ITEMS = 'z-40 min-w-40 rounded bg-white py-1 text-sm text-gray-900 shadow-lg ring-1 ring-black/10 focus:outline-none dark:bg-gray-800 dark:text-gray-100';

/** The px of one row button in the table. */
export function actionButtonSize(compact: boolean): number {
  return compact ? 24 : 28;
}

export const RowActions = memo(function RowActions({
  alert,
  ctx,
  tabbable,
  size = 'small',
}: {
  alert: AlertRow;
  ctx: RowContext;
  /** false keeps the buttons out of the Tab order (every row but the focused one), so Tab leaves the table */
  tabbable: boolean;
  size?: 'compact' | 'small' | 'large';
}) {
  const { t } = useT();
  const busy = useAtomValue(listBusyAtom);
  const askDelete = useSetAtom(pendingDeleteAtom);
  const tabIndex = tabbable ? 0 : -1;
  const buttonClass = BUTTON_CLASS[size];
  const iconSize = ICON_SIZE[size];
  const watched = isWatchedBy(alert, ctx.username);
  const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();
  if (!ctx.canWrite) return null;
  return (
    <div className="flex flex-wrap content-center items-center justify-end gap-0.5" onClick={stop} onKeyDown={stop} role="group" aria-label={t('RowActions')}>
      {allowedActions(alert.status).map((action) => (
        <IconButton
          key={action}
          icon={ACTION_ICONS[action]}
          label={t(ACTION_LABEL_KEYS[action] as 'Ack')}
          size={iconSize}
          className={buttonClass}
          tabIndex={tabIndex}
          disabled={busy}
          onClick={() => void alertCommands.act('list', [alert.id], action)}
        />
      ))}
      {ctx.username && (
        <IconButton
          icon={watched ? 'visibilityOff' : 'visibility'}
          label={watched ? t('Unwatch') : t('Watch')}
          size={iconSize}
          className={buttonClass}
          tabIndex={tabIndex}
          disabled={busy}
          onClick={() => void alertCommands.watch('list', [alert.id], !watched)}
        />
      )}
      {ctx.canDelete && (
        <IconButton
          icon="delete"
          label={t('Delete')}
          size={iconSize}
          className={buttonClass}
          tabIndex={tabIndex}
          disabled={busy}
          onClick={() => askDelete({ ids: [alert.id], bulk: false })}
        />
      )}
      {ctx.customActions.length > 0 && (
        <ActionMenu
          tabIndex={tabIndex}
          label={t('Actions')}
          buttonClassName={`inline-flex ${buttonClass} items-center justify-center rounded-full hover:bg-black/10`}
          button={<Icon name="moreVert" size={iconSize} />}
          itemsClassName={MENU_ITEMS}
          entries={ctx.customActions.map((action) => ({ key: action, label: actionLabel(action, t), onSelect: () => void alertCommands.act('list', [alert.id], action) }))}
        />
      )}
    </div>
  );
});

/**
 * The actions of one alert behind one 44 px button, for touch screens: nothing hovers there, so every row carries
 * it, and a row of 44 px buttons would take a tablet's width. Until the first tap it is a plain button; the menu's
 * code loads then (ActionMenu). The menu opens on a tap (a click), which a scroll gesture starting
 * on the button never is.
 */
export const RowActionsMenu = memo(function RowActionsMenu({ alert, ctx, tabbable }: { alert: AlertRow; ctx: RowContext; tabbable: boolean }) {
  const { t } = useT();
  const store = useStore();
  const askDelete = useSetAtom(pendingDeleteAtom);
  if (!ctx.canWrite) return null;
  const watched = isWatchedBy(alert, ctx.username);
  const entries: ActionMenuEntry[] = allowedActions(alert.status).map((action) => ({
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
  // the menu of the row's values, for a finger (a long press on a cell does it too, but nothing shows it can)
  entries.push({ key: 'values', label: t('ValueMenu'), icon: 'filter', onSelect: () => openRowValues(store, alert.id, ctx, t) });
  const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();
  return (
    <div className="flex items-center justify-end" onClick={stop} onKeyDown={stop}>
      <ActionMenu
        label={t('RowActions')}
        buttonClassName={ROW_MENU_BUTTON}
        button={<Icon name="moreVert" size={24} />}
        itemsClassName={MENU_ITEMS}
        tabIndex={tabbable ? 0 : -1}
        touchItems
        entries={entries}
      />
    </div>
  );
});

/** Opens the menu of a row's values under its menu button, once the row menu has closed and given the focus back. */
function openRowValues(store: Store, id: string, ctx: RowContext, t: (key: MessageKey) => string) {
  setTimeout(() => {
    const row = document.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(id)}"]`);
    const alert = rowOf(store, id);
    if (!row || !alert) return;
    const button = row.querySelector<HTMLElement>('button[aria-haspopup="menu"]') ?? row;
    openValueMenuAt(store, button, rowTargets(ctx.columns, alert, t), 'list', row);
  }, 0);
}

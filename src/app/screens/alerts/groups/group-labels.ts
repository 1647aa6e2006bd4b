// How groups of alerts are named in the UI: a field's label, a group's value (or "(no value)"), what a screen reader
// says of a group, the actions a user may take on a whole group and their labels.
import { groupActionCount, groupValue, groupWatchAction, type AlertGroup, type GroupAction, type GroupField } from '../../../../core/alert-groups.ts';
import type { MessageKey, Translator } from '../../../i18n/index.ts';
import type { IconName } from '../../../components/Icon.tsx';
import type { RowContext } from '../../../state/alerts-screen.ts';
import { severityLabel } from '../../../i18n/labels.ts';

/** The label of a field ("Event", "Service"...). */
export function fieldLabel(field: GroupField, t: Translator['t']): string {
  const keys: Record<GroupField, MessageKey> = {
    event: 'Event',
    resource: 'Resource',
    service: 'Service',
    group: 'Group',
    origin: 'Origin',
    environment: 'Environment',
    customer: 'Customer',
  };
  return t(keys[field]);
}

/** A group's value as shown: the value, or "(no value)". */
export function groupName(key: string, t: Translator['t']): string {
  return groupValue(key) || t('GroupNoValue');
}

/** What a screen reader says of a group: its value, size and worst severity (and open or not, from aria-expanded). */
export function groupLine(group: AlertGroup, t: Translator['t']): string {
  return t('GroupLine', { group: groupName(group.key, t), count: group.count, severity: severityLabel(group.severity, t) });
}

/** The group actions this user may take on this group, with how many alerts each would change. */
export function groupActions(group: AlertGroup, ctx: Pick<RowContext, 'canWrite' | 'canDelete' | 'username'>): { action: GroupAction; count: number }[] {
  if (!ctx.canWrite) return [];
  const actions: GroupAction[] = ['ack', 'shelve', 'close', ...(ctx.username ? [groupWatchAction(group)] : []), ...(ctx.canDelete ? ['delete' as const] : [])];
  return actions.map((action) => ({ action, count: groupActionCount(group, action) })).filter((a) => a.count > 0);
}

const ACTION_KEYS: Record<GroupAction, MessageKey> = { ack: 'Ack', shelve: 'Shelve', close: 'Close', watch: 'Watch', unwatch: 'Unwatch', delete: 'Delete' };
export const ACTION_ICON: Readonly<Record<GroupAction, IconName>> = { ack: 'ack', shelve: 'shelve', close: 'closeAlert', watch: 'visibility', unwatch: 'visibilityOff', delete: 'delete' };

export function actionName(action: GroupAction, t: Translator['t']): string {
  return t(ACTION_KEYS[action]);
}

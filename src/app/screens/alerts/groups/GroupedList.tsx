// The grouped list (src/core/alert-groups.ts), loaded with the first grouping: the table (a treegrid) or the phone's
// cards with one line per group (its value, size, worst severity coloured like a row of that severity, statuses,
// environments, last receive and a mark when it grew since it was last looked at) and, under an open group, its alerts
// with everything a row has. Groups open and close with a click, Enter or Space (→ and ← too); a group's menu acts on
// all its alerts after a confirmation (GroupActionDialog).
import { memo, useCallback, useMemo, type CSSProperties, type FocusEvent, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { atom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { groupActionCount, groupWatchAction, type AlertGroup, type GroupAction } from '../../../../core/alert-groups.ts';
import { rowColors } from '../../../../core/row-colors.ts';
import type { Translator } from '../../../i18n/index.ts';
import { useT } from '../../../state/i18n.ts';
import { focusedIdAtom, useRowFocused, type RowContext } from '../../../state/alerts-screen.ts';
import { groupActionAtom, groupAtom, groupedListAtom, groupWindowAtom, openGroupsAtom, windowIds, type GroupedList } from '../../../state/groups.ts';
import type { Store } from '../../../state/store.ts';
import { ActionMenu } from '../../../components/ActionMenu.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Button } from '../../../components/Button.tsx';
import { AlertTable, type TableGrouping } from '../table/AlertTable.tsx';
import type { Shared } from '../table/AlertTableRow.tsx';
import { AlertCards, type CardGrouping } from '../cards/AlertCards.tsx';
import type { RowAnchor } from '../rows/row-window.ts';
import { cachedDate, SeverityChip } from '../rows/AlertCells.tsx';
import { GroupActionDialog } from './GroupActionDialog.tsx';
import { ACTION_ICON, actionName, groupActions, groupLine, groupName } from './group-labels.ts';

/** Asks for the confirmation of an action on every alert of a group. */
function askGroupAction(store: Store, group: AlertGroup, action: GroupAction) {
  store.set(groupActionAtom, { key: group.key, action, count: groupActionCount(group, action), phase: 'confirm' });
}

/**
 * Whether a group is open: each group's line makes its own derived atom for its life, so opening one re-renders that
 * line only, and nothing keyed by group outlives the lines on screen.
 */
function useGroupOpen(key: string): boolean {
  return useAtomValue(useMemo(() => atom((get) => get(openGroupsAtom).includes(key)), [key]));
}

function toggleGroup(store: Store, key: string, open?: boolean) {
  const current = store.get(openGroupsAtom);
  const isOpen = current.includes(key);
  if (open === isOpen) return;
  store.set(openGroupsAtom, isOpen ? current.filter((k) => k !== key) : [...current, key]);
}

/**
 * A group line's focus and click, for the table's row and the phone's card alike: focusing the line makes it the
 * focused line; a click on it (not on a control in it) opens or closes the group.
 */
function groupLineHandlers(store: Store, key: string, itemKey: string) {
  return {
    onFocus: (e: FocusEvent<HTMLElement>) => {
      if (e.target === e.currentTarget && store.get(focusedIdAtom) !== itemKey) store.set(focusedIdAtom, itemKey);
    },
    onClick: (e: MouseEvent<HTMLElement>) => {
      if ((e.target as HTMLElement).closest('a, button, input, [role="menu"]')) return;
      toggleGroup(store, key);
    },
  };
}

/** Keys on a group's line: Enter/Space open or close it, → opens, ← closes, and the row action keys act on all of it. */
function useGroupKeys(ctx: RowContext): (e: KeyboardEvent<HTMLElement>, key: string) => boolean {
  const store = useStore();
  return useCallback(
    (e: KeyboardEvent<HTMLElement>, key: string) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return false;
      if (e.key === 'Enter' || e.key === ' ') toggleGroup(store, key);
      else if (e.key === 'ArrowRight') toggleGroup(store, key, true);
      else if (e.key === 'ArrowLeft') toggleGroup(store, key, false);
      else {
        const byKey: Record<string, GroupAction | 'watch-toggle'> = { a: 'ack', s: 'shelve', c: 'close', w: 'watch-toggle', Delete: 'delete' };
        const wanted = byKey[e.key];
        const group = store.get(groupAtom(key));
        if (!wanted || !group) return false;
        const action = wanted === 'watch-toggle' ? groupWatchAction(group) : wanted;
        if (!groupActions(group, ctx).some((a) => a.action === action)) return true;
        askGroupAction(store, group, action);
      }
      return true;
    },
    [store, ctx],
  );
}

// ---- the table -------------------------------------------------------------------------------------------------------

/** Tells the worker which open groups' alerts the list shows (their rows are the only ones it sends). */
function useWindow(list: GroupedList | null): (start: number, end: number) => void {
  const store = useStore();
  return useCallback(
    (start: number, end: number) => {
      const ids = list ? windowIds(list, start, end) : [];
      const sent = store.get(groupWindowAtom);
      if (ids.length !== sent.length || ids.some((id, i) => id !== sent[i])) store.set(groupWindowAtom, ids);
    },
    [list, store],
  );
}

export default function GroupedTable(props: { ctx: RowContext; onOpen: (id: string) => void; scrollRef: RefObject<HTMLElement | null>; width: number; anchorRef: RowAnchor }) {
  const list = useAtomValue(groupedListAtom);
  const onGroupKey = useGroupKeys(props.ctx);
  const onWindow = useWindow(list);
  const grouping = useMemo<TableGrouping | undefined>(() => (list ? { list, GroupRow: GroupTableRow, onGroupKey, onWindow } : undefined), [list, onGroupKey, onWindow]);
  return (
    <>
      <AlertTable {...props} grouping={grouping} />
      <GroupActionDialog />
    </>
  );
}

export function GroupedCards(props: { ctx: RowContext; onOpen: (id: string) => void; scrollRef: RefObject<HTMLElement | null>; anchorRef: RowAnchor }) {
  const list = useAtomValue(groupedListAtom);
  const onGroupKey = useGroupKeys(props.ctx);
  const onWindow = useWindow(list);
  const grouping = useMemo<CardGrouping | undefined>(() => (list ? { list, GroupCard, onGroupKey, onWindow } : undefined), [list, onGroupKey, onWindow]);
  return (
    <>
      <AlertCards {...props} grouping={grouping} />
      <GroupActionDialog />
    </>
  );
}

/** The line of a group in the table: coloured like a row of its worst severity, spanning every column. */
export const GroupTableRow = memo(function GroupTableRow({ itemKey, group: key, shared }: { itemKey: string; group: string; shared: Shared }) {
  const group = useAtomValue(groupAtom(key));
  const open = useGroupOpen(key);
  const focused = useRowFocused(itemKey);
  const store = useStore();
  const { ctx, rowHeight } = shared;
  if (!group) return null;
  const colours = rowColors(group.severity, ctx.config, { style: ctx.rowStyle, dark: ctx.dark });
  // A shade darker than its alerts' rows (their hover colour), so a group's line stands apart from the rows under it.
  const style = { height: rowHeight, '--row-base': colours.hoverBackground, '--row-hover': colours.hoverBackground, color: colours.text } as CSSProperties;
  return (
    <div
      role="row"
      data-item-key={itemKey}
      data-group-key={key}
      data-severity={group.severity}
      aria-expanded={open}
      aria-label={groupLine(group, ctx.t)}
      tabIndex={focused ? 0 : -1}
      {...groupLineHandlers(store, key, itemKey)}
      style={style}
      className="group absolute inset-x-0 top-0 grid cursor-pointer items-stretch border-b-2 border-black/25 font-semibold [--row-bg:var(--row-base)] bg-[var(--row-bg)] [contain:strict] [grid-template-columns:var(--alert-cols)] hover:[--row-bg:var(--row-hover)] focus:outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-current"
    >
      <div role="gridcell" className="sticky left-0 flex min-w-0 max-w-[100cqw] items-center gap-2 px-2" style={{ gridColumn: '1 / -1', boxShadow: colours.stripe ? `inset 5px 0 0 ${colours.stripe}` : undefined }}>
        <GroupSummary group={group} open={open} ctx={ctx} tabbable={focused} compact={ctx.compact} />
      </div>
    </div>
  );
});

const ACTIONS_MENU_CLASS =
  'z-40 min-w-56 rounded bg-white py-1 text-sm font-normal text-gray-900 shadow-lg ring-1 ring-black/10 focus:outline-none dark:bg-gray-800 dark:text-gray-100';

/** One line's worth of a group: open mark, severity, value, size, news, statuses, environments, last receive, menu. */
function GroupSummary({ group, open, ctx, tabbable, compact }: { group: AlertGroup; open: boolean; ctx: RowContext; tabbable: boolean; compact: boolean }) {
  const { t } = ctx;
  const store = useStore();
  const actions = groupActions(group, ctx);
  return (
    <>
      <Icon name={open ? 'expandMore' : 'chevronRight'} size={compact ? 16 : 20} className="shrink-0" />
      <SeverityChip severity={group.severity} t={t} />
      <span className="min-w-[4ch] max-w-[40%] shrink truncate" title={groupName(group.key, t)}>
        {groupName(group.key, t)}
      </span>
      <span className="shrink-0 whitespace-nowrap">{t('GroupAlerts', { count: group.count })}</span>
      {group.grown > 0 && <GrownMark count={group.grown} t={t} />}
      <StatusCounts group={group} t={t} className="shrink-0 whitespace-nowrap font-normal max-[600px]:hidden" />
      <span className="min-w-0 shrink truncate font-normal opacity-90 max-[700px]:hidden">{group.environments.join(', ')}</span>
      <span className="ml-auto shrink-0 whitespace-nowrap font-normal max-[700px]:hidden">
        {group.lastReceiveTime && (
          <time dateTime={group.lastReceiveTime} title={t('GroupLastReceived', { time: '' }).trim()}>
            {cachedDate(group.lastReceiveTime, ctx.mediumDate, ctx.timezone, ctx.locale)}
          </time>
        )}
      </span>
      {actions.length > 0 && (
        <ActionMenu
          label={t('GroupMenu', { group: groupName(group.key, t) })}
          buttonClassName={`inline-flex shrink-0 items-center justify-center rounded-full hover:bg-black/10 ${compact ? 'h-6 w-6' : 'h-8 w-8'}`}
          button={<Icon name="moreVert" size={compact ? 16 : 20} />}
          itemsClassName={ACTIONS_MENU_CLASS}
          tabIndex={tabbable ? 0 : -1}
          entries={actions.map(({ action, count }) => ({
            key: action,
            icon: ACTION_ICON[action],
            label: `${t('GroupActionAll', { action: actionName(action, t) })} (${count})`,
            onSelect: () => askGroupAction(store, group, action),
          }))}
        />
      )}
    </>
  );
}

function GrownMark({ count, t }: { count: number; t: Translator['t'] }) {
  return (
    <span title={t('GroupGrownLong', { count })} className="shrink-0 whitespace-nowrap rounded-full bg-gray-900 px-2 text-xs font-bold leading-5 text-white ring-1 ring-white/60 dark:bg-white dark:text-gray-900">
      <span aria-hidden="true">{t('GroupGrown', { count })}</span>
      <span className="sr-only">{t('GroupGrownLong', { count })}</span>
    </span>
  );
}

/** "61 open · 20 acked · 2 shelved" (and the other statuses when the view lists them). */
export function StatusCounts({ group, t, className }: { group: Pick<AlertGroup, 'statusCounts' | 'count'>; t: Translator['t']; className?: string }) {
  const s = group.statusCounts;
  const open = s.open ?? 0;
  const ack = s.ack ?? 0;
  const shelved = s.shelved ?? 0;
  const other = group.count - open - ack - shelved;
  const parts = [
    open > 0 && t('GroupOpenCount', { count: open }),
    ack > 0 && t('GroupAckCount', { count: ack }),
    shelved > 0 && t('GroupShelvedCount', { count: shelved }),
    other > 0 && t('GroupOtherCount', { count: other }),
  ].filter(Boolean);
  return <span className={className}>{parts.join(' · ')}</span>;
}

// ---- the phone's cards --------------------------------------------------------------------------------------------------

/** A group's card on a phone: as tall as an alert's card, with its most used actions as buttons. */
export const GroupCard = memo(function GroupCard({ itemKey, group: key, ctx, height }: { itemKey: string; group: string; ctx: RowContext; height: number }) {
  const group = useAtomValue(groupAtom(key));
  const open = useGroupOpen(key);
  const focused = useRowFocused(itemKey);
  const store = useStore();
  const ask = useSetAtom(groupActionAtom);
  const { t } = useT();
  if (!group) return null;
  const stripe = rowColors(group.severity, ctx.config, { style: 'quiet', dark: ctx.dark }).stripe ?? 'transparent';
  const actions = groupActions(group, ctx);
  const buttons = actions.filter((a) => a.action === 'ack' || a.action === 'shelve' || a.action === 'close');
  const more = actions.filter((a) => !buttons.includes(a));
  const name = groupName(group.key, t);
  return (
    <li
      data-item-key={itemKey}
      data-group-key={key}
      data-severity={group.severity}
      aria-expanded={open}
      aria-label={groupLine(group, t)}
      tabIndex={focused ? 0 : -1}
      {...groupLineHandlers(store, key, itemKey)}
      className="absolute inset-x-2 flex cursor-pointer flex-col overflow-hidden rounded-lg border border-gray-300 bg-gray-50 shadow focus:outline-none focus-visible:outline-2 focus-visible:outline-accent dark:border-gray-600 dark:bg-gray-900"
      style={{ top: 0, height, borderLeftWidth: 8, borderLeftColor: stripe }}
    >
      <div className="flex min-h-0 flex-1 flex-col gap-1 px-3 pt-2">
        <div className="flex items-center gap-2 text-sm">
          <Icon name={open ? 'expandMore' : 'chevronRight'} size={22} className="shrink-0" />
          <SeverityChip severity={group.severity} t={t} large />
          <span className="font-semibold">{t('GroupAlerts', { count: group.count })}</span>
          {group.grown > 0 && <GrownMark count={group.grown} t={t} />}
        </div>
        <p className="truncate text-lg font-bold" title={name}>
          {name}
        </p>
        <StatusCounts group={group} t={t} className="truncate text-sm text-gray-700 dark:text-gray-300" />
        <p className="truncate text-xs text-gray-500 dark:text-gray-400">
          {group.environments.join(', ')}
          {group.lastReceiveTime && (
            <>
              {' · '}
              <time dateTime={group.lastReceiveTime}>{cachedDate(group.lastReceiveTime, ctx.mediumDate, ctx.timezone, ctx.locale)}</time>
            </>
          )}
        </p>
      </div>
      {actions.length > 0 && (
        <div className="flex h-11 shrink-0 items-center justify-end gap-1 border-t border-gray-200 px-1 py-0.5 dark:border-gray-700">
          {buttons.map(({ action, count }) => (
            <Button
              key={action}
              variant="ghost"
              icon={ACTION_ICON[action]}
              className="px-2"
              tabIndex={focused ? 0 : -1}
              aria-label={`${t('GroupActionAll', { action: actionName(action, t) })} (${count})`}
              onClick={() => ask({ key: group.key, action, count, phase: 'confirm' })}
            >
              {actionName(action, t)}
            </Button>
          ))}
          {more.length > 0 && (
            <ActionMenu
              label={t('GroupMenu', { group: name })}
              buttonClassName="inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-black/10 dark:hover:bg-white/10"
              button={<Icon name="moreVert" size={22} />}
              itemsClassName={ACTIONS_MENU_CLASS}
              tabIndex={focused ? 0 : -1}
              entries={more.map(({ action, count }) => ({
                key: action,
                icon: ACTION_ICON[action],
                label: `${t('GroupActionAll', { action: actionName(action, t) })} (${count})`,
                onSelect: () => askGroupAction(store, group, action),
              }))}
            />
          )}
        </div>
      )}
    </li>
  );
});

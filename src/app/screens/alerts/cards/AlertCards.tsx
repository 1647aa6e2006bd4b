// The phone layout (< 640 px): one readable card per alert instead of a wide table, with the same selection,
// keyboard model and actions, so nothing needs horizontal scrolling to act on an alert. Cards have one height (each
// text has a fixed number of lines), measured from a rendered card, so only the cards near the viewport are rendered,
// as in the table.
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type KeyboardEvent, type RefObject } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { rowColors } from '../../../../core/row-colors.ts';
import { toggleSelected } from '../../../../core/alerts-selection.ts';
import type { AlertRow } from '../../../../worker/contract/index.ts';
import { orderAtom, rowAtom } from '../../../state/alerts.ts';
import { usePendingEntries } from '../../../state/outbox.ts';
import { withPending } from '../../../../core/outbox.ts';
import { PendingMark } from '../../../components/PendingMark.tsx';
import { useT } from '../../../state/i18n.ts';
import { Icon } from '../../../components/Icon.tsx';
import { CELL_TEXT_CHARS, cellCut } from '../../../../core/sanitize-policy.ts';
import { SafeHtml } from '../../../components/SafeHtml.tsx';
import { anySelectedAtom, effectiveFocusAtom, focusedIdAtom, useRowFocused, useRowSelected, selectionAtom, type RowContext } from '../../../state/alerts-screen.ts';
import { cachedDate, SeverityChip, StatusLabel, TimeLeft } from '../rows/AlertCells.tsx';
import { RowActions } from '../rows/RowActions.tsx';
import { useRowKeyboard } from '../rows/row-keyboard.ts';
import { useRenderedRows, useRowWindow, type RowAnchor } from '../rows/row-window.ts';
import { observeSize } from '../../../hooks/observe-size.ts';
import type { GroupedList } from '../../../state/groups.ts';
import { useValueMenuGestures } from '../rows/value-menu-gestures.ts';

const TREND_ICON = { moreSevere: 'arrowUp', lessSevere: 'arrowDown', noChange: 'remove' } as const;
/** Space between cards, and around the list. */
const GAP = 8;
/**
 * A card's height until one has been measured: its height at the default text size (167.5 px, offsetHeight 168, with
 * its 44 px action buttons), so that the first cards are placed once and the start-up has no second render and
 * layout to move them.
 */
const ESTIMATED_HEIGHT = 168;

/**
 * What a grouped list (GroupedList.tsx) brings to the cards: its lines, and the card of a group, as tall as an alert's
 * card (one height keeps the list's window plain arithmetic).
 */
export interface CardGrouping {
  list: GroupedList;
  GroupCard: ComponentType<{ itemKey: string; group: string; ctx: RowContext; height: number }>;
  onGroupKey: (e: KeyboardEvent<HTMLElement>, group: string) => boolean;
  /** the lines rendered (start to end, exclusive): the worker sends the rows of those and of a margin around them */
  onWindow: (start: number, end: number) => void;
}

export function AlertCards({ ctx, onOpen, scrollRef, anchorRef, grouping }: { ctx: RowContext; onOpen: (id: string) => void; scrollRef: RefObject<HTMLElement | null>; anchorRef: RowAnchor; grouping?: CardGrouping }) {
  const page = useAtomValue(orderAtom);
  const grouped = grouping?.list ?? null;
  // The cards of the list: the page's alerts, or the grouped list's lines (by their keys).
  const order = grouped?.keys ?? page;
  const focusId = useAtomValue(effectiveFocusAtom);
  const { t } = useT();
  const listRef = useRef<HTMLUListElement>(null);
  const [cardHeight, setCardHeight] = useState(ESTIMATED_HEIGHT);
  const step = cardHeight + GAP;
  const range = useRowWindow(scrollRef, listRef, order.length, step, anchorRef);
  const pageSize = useCallback(() => Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? step * 4) / step) - 1), [scrollRef, step]);
  const gestures = useValueMenuGestures(ctx, 'card');
  const onKeyDown = useRowKeyboard(ctx, onOpen, () => listRef.current, pageSize, gestures.openForRow, grouping?.onGroupKey);
  const onWindow = grouping?.onWindow;
  useEffect(() => onWindow?.(range.start, range.end), [onWindow, range.start, range.end]);

  // Every card has the same height; the first one rendered tells it (fonts and the text size preference change it),
  // once the browser has laid it out: reading it in this commit would lay out the new cards on the spot, and at the
  // default text size the estimate is already right.
  const hasCards = page.length > 0;
  useLayoutEffect(() => {
    const card = listRef.current?.querySelector<HTMLElement>('[data-row-id]');
    if (!card) return;
    return observeSize(card, () => {
      if (card.offsetHeight > 0) setCardHeight(card.offsetHeight);
    });
  }, [hasCards]);

  // Rendered in a stable order, put in page order in the DOM and given their places outside React (as in the table).
  const rendered = useRenderedRows(
    listRef,
    order,
    range,
    focusId,
    (i) => ({ offset: GAP + i * step, attributes: { 'aria-posinset': String(i + 1), 'aria-setsize': String(order.length), ...(grouped ? { 'aria-level': grouped.items[i]?.kind === 'group' ? '1' : '2' } : {}) } }),
    `${step}|${order.length}|${grouped ? 'grouped' : ''}`,
  );

  return (
    <ul
      ref={listRef}
      aria-label={t('Alerts')}
      className="relative"
      style={{ height: order.length * step + GAP }}
      onKeyDown={onKeyDown}
      {...gestures.handlers}
    >
      {rendered.map((i) => {
        const item = grouped?.items[i];
        if (item?.kind === 'group' && grouping) return <grouping.GroupCard key={item.key} itemKey={item.key} group={item.group} ctx={ctx} height={cardHeight} />;
        return item?.kind === 'alert' ? (
          <AlertCard key={item.key} id={item.id} itemKey={item.key} ctx={ctx} onOpen={onOpen} onValueMenu={gestures.openForRow} />
        ) : (
          <AlertCard key={order[i]} id={order[i]!} ctx={ctx} onOpen={onOpen} onValueMenu={gestures.openForRow} />
        );
      })}
    </ul>
  );
}

/** `itemKey`: the card's line in a grouped list (its place and keyboard focus go by it); the alert id otherwise. */
const AlertCard = memo(function AlertCard({ id, itemKey, ctx, onOpen, onValueMenu }: { id: string; itemKey?: string; ctx: RowContext; onOpen: (id: string) => void; onValueMenu: ValueMenuOpener }) {
  const alert = useAtomValue(rowAtom(id));
  // Actions made offline show as done, marked pending, until the outbox has sent them.
  const pending = usePendingEntries(id);
  if (!alert) return null;
  return <CardBody alert={withPending(alert, pending)} pending={pending.length > 0} id={id} itemKey={itemKey} ctx={ctx} onOpen={onOpen} onValueMenu={onValueMenu} />;
});

type ValueMenuOpener = (id: string, rowEl: HTMLElement) => void;

function CardBody({ alert, pending, id, itemKey, ctx, onOpen, onValueMenu }: { alert: AlertRow; pending: boolean; id: string; itemKey?: string; ctx: RowContext; onOpen: (id: string) => void; onValueMenu: ValueMenuOpener }) {
  const store = useStore();
  const focusKey = itemKey ?? id;
  const selected = useRowSelected(id);
  const focused = useRowFocused(focusKey);
  const anySelected = useAtomValue(anySelectedAtom);
  const { t } = useT();
  // The stripe in the severity's own colour whatever the row style: a card has no room for a filled background.
  const stripe = rowColors(alert.severity, ctx.config, { style: 'quiet', dark: ctx.dark }).stripe ?? 'transparent';
  const trendLabel = alert.trend === 'moreSevere' ? t('MoreSevere') : alert.trend === 'lessSevere' ? t('LessSevere') : t('NoChange');
  const toggle = () => store.set(selectionAtom, (s) => toggleSelected(s, id));

  return (
    <li
      data-row-id={id}
      data-item-key={itemKey}
      data-severity={alert.severity}
      data-selected={selected || undefined}
      tabIndex={focused ? 0 : -1}
      aria-label={`${alert.severity} ${alert.resource} ${alert.event}`}
      onFocus={(e) => {
        if (e.target === e.currentTarget && store.get(focusedIdAtom) !== focusKey) store.set(focusedIdAtom, focusKey);
      }}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('a, button, input, label')) return;
        if (store.get(selectionAtom).size > 0) toggle();
        else onOpen(id);
      }}
      className={`absolute inset-x-2 cursor-pointer overflow-hidden rounded-lg border bg-white shadow-sm focus:outline-none focus-visible:outline-2 focus-visible:outline-accent dark:bg-gray-800 ${selected ? 'border-brand ring-2 ring-brand' : 'border-gray-200 dark:border-gray-700'}`}
      style={{ top: 0, borderLeftWidth: 8, borderLeftColor: stripe }}
    >
      <div className="flex items-start gap-2 px-3 pt-2">
        {/* 44 px targets for a finger, laid out in the room of the box and the arrow they hold (negative margins). */}
        {anySelected ? (
          <label className="-m-3 mt-[-0.5rem] inline-flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center">
            <input
              type="checkbox"
              className="h-5 w-5 accent-brand"
              checked={selected}
              tabIndex={focused ? 0 : -1}
              aria-label={t('SelectAlert', { id: alert.id.slice(0, 8) })}
              onChange={toggle}
            />
          </label>
        ) : (
          <button
            type="button"
            tabIndex={-1}
            className="-m-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded hover:bg-black/10"
            aria-label={`${trendLabel} – ${t('SelectRow')}`}
            onClick={toggle}
          >
            <Icon name={TREND_ICON[alert.trend] ?? 'remove'} size={18} />
          </button>
        )}
        <div className="min-w-0 flex-1">
          {/* One line each (two for the description): every card has the same height. */}
          <div className="flex items-center gap-2 overflow-hidden whitespace-nowrap text-sm">
            <SeverityChip severity={alert.severity} t={t} large />
            <StatusLabel status={alert.status} t={t} />
            {pending && <PendingMark compact />}
            <span className="ml-auto text-xs text-gray-500 dark:text-gray-400" title={t('TimeLeft')}>
              <span className="sr-only">{t('TimeLeft')} </span>
              <TimeLeft alert={alert} neverLabel={t('NeverExpires')} />
            </span>
          </div>
          <p className="mt-1 truncate text-base font-semibold" title={cellCut(`${alert.resource} · ${alert.event}`)}>
            {cellCut(alert.resource)} · {cellCut(alert.event)}
          </p>
          <SafeHtml html={alert.text} limit={CELL_TEXT_CHARS} as="div" className="line-clamp-2 h-[2lh] break-words text-sm text-gray-700 dark:text-gray-300" />
          <p className="mt-1 truncate text-xs text-gray-500 dark:text-gray-400">
            {alert.environment}
            {alert.service.length > 0 && ` · ${alert.service.join(', ')}`}
            {' · '}
            <time dateTime={alert.lastReceiveTime}>{cachedDate(alert.lastReceiveTime, ctx.mediumDate, ctx.timezone, ctx.locale)}</time>
            {alert.duplicateCount > 0 && ` · ${t('Dupl')} ${alert.duplicateCount}`}
          </p>
        </div>
      </div>
      <div className="flex h-12 items-center justify-between border-t border-gray-100 px-1 py-0.5 dark:border-gray-700">
        {/* the menu of the card's values (filter the list by one, or exclude it); its own menu button, before the actions */}
        <button
          type="button"
          tabIndex={focused ? 0 : -1}
          aria-haspopup="menu"
          aria-label={t('ValueMenu')}
          title={t('ValueMenu')}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-black/10 dark:hover:bg-white/10"
          onClick={(e) => onValueMenu(id, e.currentTarget)}
        >
          <Icon name="filter" size={22} />
        </button>
        <RowActions alert={alert} ctx={ctx} tabbable={focused} size="large" />
      </div>
    </li>
  );
}

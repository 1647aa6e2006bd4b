// A row of the alert table: its cells (the trend arrow or checkbox, the shown columns, the actions), its colours, its
// selection, hover and keyboard focus, and the full description below the focused row; with what the table gives every
// row (Shared).
import { memo, useEffect, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { rowColors, type RowColors } from '../../../../core/row-colors.ts';
import { toggleSelected } from '../../../../core/alerts-selection.ts';
import type { AlertRow } from '../../../../worker/contract/index.ts';
import { rowAtom } from '../../../state/alerts.ts';
import { usePendingEntries } from '../../../state/outbox.ts';
import { withPending } from '../../../../core/outbox.ts';
import { PendingMark } from '../../../components/PendingMark.tsx';
import { anySelectedAtom, focusedIdAtom, selectionAtom, useRowFocused, useRowSelected, type RowContext } from '../../../state/alerts-screen.ts';
import { CellContent } from '../rows/AlertCells.tsx';
import { RowActions, RowActionsMenu } from '../rows/RowActions.tsx';
import { cellFilter } from '../../../../core/query-values.ts';
import { PIN_EDGE, TOUCH_BOX, type CellPlace, type TableStructure } from './table-structure.ts';

/** Text arrows, not SVG icons: one SVG root per row is a measurable part of rendering a page. */
const TREND_ARROW = { moreSevere: '↑', lessSevere: '↓', noChange: '–' } as const;
/**
 * Cells whose text the shared second timer rewrites: contained, their text in a box placed against the cell (every
 * data cell is positioned, see positionClass), so each tick lays out and repaints the cell alone, not its row (the
 * rows on screen cost ~10 ms of main thread a second otherwise).
 */
const TICKING = new Set(['timeoutLeft', 'duration']);
const TICKING_CELL = '[contain:strict] *:absolute *:inset-y-0 *:inset-x-2 *:flex *:items-center *:overflow-hidden *:[contain:strict]';
/** Kinds whose text may be cut with an ellipsis: the full text goes into a tooltip when the pointer gets there. */
const CLIPPABLE = new Set(['text', 'list', 'html', 'note', 'attribute', 'attributes', 'tags', 'type', 'status', 'shortId']);

/** The slot's and the full-text box's places, from the table's CSS variables. */
const SLOT_STYLE: CSSProperties = { left: 'var(--slot-left)', width: 'var(--slot-width)' };

export interface Shared {
  ctx: RowContext;
  onOpen: (id: string) => void;
  /** a value of a cell as a filter of the search (exclude: NOT) */
  filterBy: (field: string, value: string, exclude: boolean) => void;
  rowHeight: number;
  shape: TableStructure;
  touch: boolean;
}

/**
 * The guide down the left edge of an alert under its group's line, in the row's text colour: in the filled style a row
 * has its group line's colour, and without it an open group's alerts read as lines of their own. The quiet style's
 * rows have their severity stripe there, and their group's line a darker tint.
 */
const GROUP_GUIDE = 'inset 8px 0 0 color-mix(in srgb, currentColor 55%, transparent)';

/** `itemKey`: the row's line in a grouped list (its place and keyboard focus go by it); the alert id otherwise. */
export const AlertTableRow = memo(function AlertTableRow({ id, itemKey, shared }: { id: string; itemKey?: string; shared: Shared }) {
  const alert = useAtomValue(rowAtom(id));
  // Actions made offline show as done, marked pending, until the outbox has sent them.
  const pending = usePendingEntries(id);
  if (!alert) return null;
  return <RowBody alert={withPending(alert, pending)} pending={pending.length > 0} id={id} itemKey={itemKey} shared={shared} />;
});

/** Puts the full text of a cut cell into its tooltip when the pointer reaches it (not computed for every cell). */
function titleCutCell(e: MouseEvent<HTMLElement>) {
  const cell = (e.target as HTMLElement).closest<HTMLElement>('[data-clip]');
  if (!cell || cell.title) return;
  if (cell.scrollWidth > cell.clientWidth + 1) cell.title = cell.innerText.trim();
}

/** Row colours per severity, style and mode; recomputed only when the config changes. */
const colourCache = new WeakMap<object, Map<string, RowColors>>();
function coloursOf(severity: string, ctx: RowContext): RowColors {
  let perConfig = colourCache.get(ctx.config);
  if (!perConfig) colourCache.set(ctx.config, (perConfig = new Map()));
  const key = `${severity}\u0000${ctx.rowStyle}\u0000${ctx.dark}`;
  let colours = perConfig.get(key);
  if (!colours) perConfig.set(key, (colours = rowColors(severity, ctx.config, { style: ctx.rowStyle, dark: ctx.dark })));
  return colours;
}

function RowBody({ alert, pending, id, itemKey, shared }: { alert: AlertRow; pending: boolean; id: string; itemKey?: string; shared: Shared }) {
  const { ctx, onOpen, filterBy, rowHeight, shape } = shared;
  const store = useStore();
  const focusKey = itemKey ?? id;
  const selected = useRowSelected(id);
  const focused = useRowFocused(focusKey);
  const anySelected = useAtomValue(anySelectedAtom);
  // The action buttons exist only where they can be seen: the hovered row, the row holding the keyboard focus (they
  // are there before the next key: focusing the row renders them), and every row whose actions are one menu button
  // (touch screens, and panes too narrow for the buttons side by side). Not the row Tab would land on while the focus is elsewhere: that row changes whenever a poll brings a
  // new alert to the top, and mounting its hidden buttons cost ~0.6 ms of such a poll. Forty rows of six buttons
  // would dominate rendering.
  const [hovered, setHovered] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const showActions = hovered || focusWithin || shape.rowMenu;
  const rowRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusWithin) return;
    // A focused button that goes away (Ack replaced by Unack once acknowledged) takes the focus with it and the row
    // hears no focusout: the next focus anywhere else ends the row's.
    const onFocusIn = (e: globalThis.FocusEvent) => {
      if (!rowRef.current?.contains(e.target as Node | null)) setFocusWithin(false);
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [focusWithin]);
  const colours = coloursOf(alert.severity, ctx);

  const onClick = (e: MouseEvent) => {
    // Alt-click on a value filters the list by it, Alt+Shift-click excludes it (docs/search.md); a right-click or a
    // long press opens its menu (value-menu-gestures.ts).
    if (e.altKey) {
      const name = (e.target as HTMLElement).closest<HTMLElement>('[data-column]')?.dataset.column;
      const column = ctx.columns.find((c) => c.name === name);
      const filter = column ? cellFilter(column, alert) : null;
      if (filter) {
        e.preventDefault();
        void filterBy(filter.field, filter.value, e.shiftKey);
      }
      return;
    }
    // A click that ends a text selection is not a request to open the alert.
    if (window.getSelection()?.toString()) return;
    if ((e.target as HTMLElement).closest('a')) return;
    if (store.get(selectionAtom).size > 0) store.set(selectionAtom, (s) => toggleSelected(s, id));
    else onOpen(id);
  };

  // The row's place (transform, aria-rowindex) is set by the table (positionRows), not here: a poll that moves the
  // row re-renders nothing of it.
  const style = {
    height: rowHeight,
    '--row-base': colours.background,
    '--row-hover': colours.hoverBackground,
    color: colours.text,
  } as CSSProperties;

  return (
    <div
      ref={rowRef}
      role="row"
      data-row-id={id}
      data-item-key={itemKey}
      data-severity={alert.severity}
      data-selected={selected || undefined}
      tabIndex={focused ? 0 : -1}
      onFocus={(e) => {
        setFocusWithin(true);
        if (e.target === e.currentTarget && store.get(focusedIdAtom) !== focusKey) store.set(focusedIdAtom, focusKey);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusWithin(false);
      }}
      onClick={onClick}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onMouseOver={titleCutCell}
      style={style}
      className={`group absolute inset-x-0 top-0 grid scroll-mt-[var(--header-h)] cursor-pointer items-stretch border-b border-black/10 [--row-bg:var(--row-base)] bg-[var(--row-bg)] [contain:strict] [grid-template-columns:var(--alert-cols)] hover:[--row-bg:var(--row-hover)] focus-within:[--row-bg:var(--row-hover)] focus:outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-current ${shared.shape.lines === 2 ? 'grid-rows-2' : ''} ${selected ? 'outline-2 -outline-offset-2 outline-current' : ''}`}
    >
      <RowCells
        alert={alert}
        pending={pending}
        id={id}
        shared={shared}
        selected={selected}
        focused={focused}
        anySelected={anySelected}
        showActions={showActions}
        stripe={colours.stripe}
        inGroup={itemKey !== undefined}
      />
    </div>
  );
}

const RowCells = memo(function RowCells({
  alert,
  pending,
  id,
  shared,
  selected,
  focused,
  anySelected,
  showActions,
  stripe,
  inGroup,
}: {
  alert: AlertRow;
  pending: boolean;
  id: string;
  shared: Shared;
  selected: boolean;
  focused: boolean;
  anySelected: boolean;
  showActions: boolean;
  stripe: string | null;
  /** an alert under its group's line in a grouped list */
  inGroup: boolean;
}) {
  const { ctx, shape, touch } = shared;
  const store = useStore();
  const { t } = ctx;
  const trendLabel = alert.trend === 'moreSevere' ? t('MoreSevere') : alert.trend === 'lessSevere' ? t('LessSevere') : t('NoChange');
  const { slot } = shape;
  // Every data cell is positioned (sticky when pinned, else relative), so Chromium paints each apart: a tick of the
  // time left repaints that cell, not the whole of its row and of every other row on screen (idle main thread
  // 5.1 -> 4.7 ms/s at 1400x900). The actions cell is not, unless pinned at the right: the slot's overlay is placed
  // against the row.
  const positionClass = (place: CellPlace) => (place.pinned ? `sticky z-[1] bg-[var(--row-bg)] ${place.edge ? PIN_EDGE : ''}` : 'relative');
  const box = anySelected ? (
    <input
      type="checkbox"
      className="h-4 w-4 accent-brand"
      checked={selected}
      tabIndex={focused ? 0 : -1}
      aria-label={t('SelectAlert', { id: alert.id.slice(0, 8) })}
      onClick={(e) => e.stopPropagation()}
      onChange={() => store.set(selectionAtom, (s) => toggleSelected(s, id))}
    />
  ) : null;

  return (
    <>
      <div
        role="cell"
        className={`flex items-center justify-center ${shape.overflow ? 'sticky z-[1] bg-[var(--row-bg)]' : 'relative'}`}
        style={{ ...shape.leadStyle, boxShadow: stripe ? `inset 5px 0 0 ${stripe}` : inGroup ? GROUP_GUIDE : undefined }}
      >
        {box ? (
          touch ? (
            <label className={TOUCH_BOX} onClick={(e) => e.stopPropagation()}>
              {box}
            </label>
          ) : (
            box
          )
        ) : (
          <button
            type="button"
            tabIndex={-1}
            className={`inline-flex items-center justify-center rounded hover:bg-black/10 ${touch ? 'h-11 w-11' : 'h-6 w-6'}`}
            aria-label={`${trendLabel} – ${t('SelectRow')}`}
            title={`${trendLabel} – ${t('SelectRow')}`}
            onClick={(e) => {
              e.stopPropagation();
              store.set(selectionAtom, (s) => toggleSelected(s, id));
            }}
          >
            <span aria-hidden="true" className="text-base leading-none">
              {TREND_ARROW[alert.trend] ?? TREND_ARROW.noChange}
            </span>
          </button>
        )}
      </div>
      {shape.cells.map((place) => {
        const column = ctx.columns[place.column]!;
        return (
          <div
            role="cell"
            key={column.name}
            data-column={column.name}
            data-clip={CLIPPABLE.has(column.kind) || undefined}
            className={`min-w-0 truncate px-2 content-center ${TICKING.has(column.kind) ? TICKING_CELL : ''} ${positionClass(place)} ${place.yields && showActions ? 'group-hover:invisible group-focus-within:invisible' : ''}`}
            style={place.style}
          >
            <CellContent column={column} alert={alert} ctx={ctx} />
            {pending && column.kind === 'status' && (
              <span className="ml-1 align-middle">
                <PendingMark compact />
              </span>
            )}
          </div>
        );
      })}
      {shape.spacer && <div aria-hidden="true" />}
      {/* Pinned at the right while the table scrolls sideways: the actions stay in view, over the cells passing under
          them only while shown (the cell itself lets the pointer through to them). */}
      <div role="cell" className={`p-0 ${shape.overflow ? 'pointer-events-none sticky right-0 z-[1] *:pointer-events-auto' : ''}`} style={shape.actionsStyle}>
        {showActions &&
          ctx.canWrite &&
          (shape.rowMenu ? (
            <div className="flex h-full items-center justify-end bg-[var(--row-bg)] px-1">
              <RowActionsMenu alert={alert} ctx={ctx} tabbable={focused} />
            </div>
          ) : (
            <div
              className={
                slot
                  ? `pointer-events-none absolute flex flex-wrap content-center items-center justify-end bg-[var(--row-bg)] px-1 opacity-0 group-focus-within:pointer-events-auto group-focus-within:opacity-100 group-hover:pointer-events-auto group-hover:opacity-100 ${slot.lines === 1 && shape.lines === 2 ? 'top-0 h-1/2' : 'inset-y-0'}`
                  : 'flex h-full flex-wrap content-center items-center justify-end bg-[var(--row-bg)] px-1'
              }
              style={slot ? SLOT_STYLE : undefined}
            >
              <RowActions alert={alert} ctx={ctx} tabbable={focused} size={ctx.compact ? 'compact' : 'small'} />
            </div>
          ))}
      </div>
    </>
  );
});

/** The whole description of the row with keyboard focus, below it, when its cell cuts it (hover has the tooltip). */
export function FullText({ id, index, shared }: { id: string; index: number; shared: Shared }) {
  const alert = useAtomValue(rowAtom(id));
  const { rowHeight, ctx } = shared;
  const column = ctx.columns.findIndex((c) => c.name === 'text');
  if (!alert || column < 0) return null;
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute right-2 z-30 max-h-40 overflow-hidden whitespace-pre-wrap break-words rounded border border-gray-300 bg-white px-2 py-1 text-gray-900 shadow-lg dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100"
      style={{ top: (index + 1) * rowHeight, left: 'var(--description-left)' }}
    >
      <CellContent column={ctx.columns[column]!} alert={alert} ctx={ctx} />
    </div>
  );
}

// The alert table (tablets, laptops and wall displays): ARIA table roles on CSS grid rows rather than <table>, so rows
// can be rendered on their own. Only the rows near the viewport are in the DOM (row-window.ts), each absolutely placed
// at its index with size, layout and paint containment: a poll that moves five rows moves five boxes. Columns are as
// wide as the page's text (column-layout.ts) and the description takes the rest; when they cannot all fit, the
// arrangement of src/core/table-layout.ts decides what gives way (docs/layout.md): empty columns, the least telling
// ones, then rows of two lines (the description on the second, neighbouring columns stacked), never what identifies an
// alert; the column menu names what is not shown. Only as a last resort (or by the user's choice of every column) the
// table scrolls sideways, the selection, severity and status columns pinned at the left, the actions at the right.
// Configured columns, sortable headers, severity-coloured rows, trend arrows that start multi-select, checkboxes
// while anything is selected, row actions in place of the time cells on hover and keyboard focus, or behind one menu
// button in every row on a touch screen (and in a pane too narrow for the buttons side by side).
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type CSSProperties, type FocusEvent, type MouseEvent, type RefObject } from 'react';
import { useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import type { ColumnDef } from '../../../../core/columns.ts';
import { rowColors, type RowColors } from '../../../../core/row-colors.ts';
import { nextSort, sortShown } from '../../../../core/alerts-location.ts';
import { selectionCoverage, toggleAll, toggleSelected } from '../../../../core/alerts-selection.ts';
import { arrangeColumns, rowHeight as rowHeightOf, type Arrangement, type ColumnNeeds } from '../../../../core/table-layout.ts';
import type { AlertRow } from '../../../../worker/contract/index.ts';
import { orderAtom, rowAtom } from '../../../state/alerts.ts';
import { usePendingEntries } from '../../../state/outbox.ts';
import { withPending } from '../../../../core/outbox.ts';
import { PendingMark } from '../../../components/PendingMark.tsx';
import { prefsAtom } from '../../../state/user.ts';
import { tableColumnsAtom } from '../../../state/shell.ts';
import { useT } from '../../../state/i18n.ts';
import { Icon } from '../../../components/Icon.tsx';
import { effectiveFocusAtom, focusedIdAtom, useRowFocused, useRowSelected, anySelectedAtom, pageAtom, rowContextAtom, selectionAtom, sortAtom, type RowContext } from '../../../state/alerts-screen.ts';
import { CellContent, CHIP_TEXT, columnLabel, OUTLINE_TEXT } from '../rows/AlertCells.tsx';
import { CELL_PADDING, prepareColumnMeasure, stableColumnNeedsAtom, tableFontsAtom, type TableFonts } from './column-layout.ts';
import { actionButtonCount, actionButtonSize, RowActions, RowActionsMenu, TOUCH_BUTTON_SIZE } from '../rows/RowActions.tsx';
import { ColumnMenu } from './ColumnMenu.tsx';
import { useRowKeyboard } from '../rows/row-keyboard.ts';
import { useRenderedRows, useRowWindow, type RowAnchor, type RowPlace } from '../rows/row-window.ts';
import { observeSize } from '../../../hooks/observe-size.ts';
import { cellFilter } from '../../../../core/query-values.ts';
import { useValueFilter } from '../search/value-filter.ts';
import { useValueMenuGestures } from '../rows/value-menu-gestures.ts';
import { TOUCH_QUERY, useMediaQuery } from '../../../hooks/useMediaQuery.ts';
import type { GroupedList } from '../../../state/groups.ts';

/** The selection/trend column; on a touch screen wide enough for its 44 px target. */
const LEAD_WIDTH = 36;
const TOUCH_LEAD_WIDTH = 48;
/** The column of the touch screen's row menu: its 44 px button and a little room. */
const TOUCH_MENU_WIDTH = TOUCH_BUTTON_SIZE + 8;
/** The column menu's button at the end of the header (ColumnMenu.tsx), with a little room. */
const COLUMN_MENU_WIDTH = 40;
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

/** Reads the fonts the table really uses from its probe elements, again when the font preferences or the width change them. */
function useTableFonts(probes: RefObject<HTMLElement | null>) {
  const setFonts = useSetAtom(tableFontsAtom);
  const font = useAtomValue(prefsAtom).font;
  useLayoutEffect(() => {
    const read = () => {
      const root = probes.current;
      if (!root) return;
      const fontOf = (name: keyof TableFonts) => {
        const el = root.querySelector<HTMLElement>(`[data-probe="${name}"]`);
        if (!el) return '';
        const style = getComputedStyle(el);
        // Chromium gives the shorthand; other engines may leave it empty.
        return style.font || `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      };
      const next: TableFonts = { body: fontOf('body'), header: fontOf('header'), chip: fontOf('chip'), outline: fontOf('outline'), mono: fontOf('mono') };
      setFonts((prev) => (prev && JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
    };
    read();
    window.addEventListener('resize', read);
    return () => window.removeEventListener('resize', read);
  }, [probes, setFonts, font]);
}

/**
 * The table's fonts, read from probe elements in each of them. The list renders these while it loads (AlertList.tsx),
 * before the first rows: the table's first frame then has the columns' measured widths. Read in the table's own first
 * commit, the fonts came one render late: the first rows showed with every column 100 px wide, then jumped to their
 * widths, and the read made the browser work out the styles of the rows just added on the spot.
 */
export function TableFontProbes() {
  const probesRef = useRef<HTMLDivElement>(null);
  useTableFonts(probesRef);
  // With the fonts, what measuring the columns needs besides the rows (the headers, a date's width): in the list's
  // commit, before the table's render, which then measures only the rows (two tasks, not one long one).
  const fonts = useAtomValue(tableFontsAtom);
  const ctx = useAtomValue(rowContextAtom);
  useLayoutEffect(() => {
    if (fonts && ctx) prepareColumnMeasure(fonts, ctx);
  }, [fonts, ctx]);
  return (
    <div ref={probesRef} aria-hidden="true" className="pointer-events-none invisible absolute h-0 overflow-hidden">
      <span data-probe="body">x</span>
      <span data-probe="header" className={HEADER_TEXT}>x</span>
      <span data-probe="chip" className={CHIP_TEXT}>x</span>
      <span data-probe="outline" className={OUTLINE_TEXT}>x</span>
      <span data-probe="mono" className="font-mono">x</span>
    </div>
  );
}

/** Columns for the table before the page has been measured: the headers alone. */
function headerOnlyLayout(columns: readonly ColumnDef[]): ColumnNeeds[] {
  return columns.map((c) => ({ name: c.name, kind: c.kind, header1: 100, header2: 100, content: 100 }));
}

/** Where one column's cells (and its header) go. */
interface CellPlace {
  /** index into the configured columns */
  column: number;
  /** grid placement on rows of two lines; the left offset (a CSS variable) while pinned */
  style: CSSProperties | undefined;
  pinned: boolean;
  /** the last pinned column: draws the pinned area's edge */
  edge: boolean;
  /** under the actions' slot: steps aside while the actions show */
  yields: boolean;
  /** the column a scroll sideways comes to rest at (every column that is not pinned) */
  snap: boolean;
}

/**
 * What the header and every row render, apart from the px: which columns, in which grid cells, pinned or not, and
 * where the actions go. A resize that only changes widths keeps the same object (shapeOf's `key`), so no row renders
 * again: the widths reach the rows as CSS variables on the table (`vars`).
 */
interface TableStructure {
  key: string;
  lines: 1 | 2;
  overflow: boolean;
  /** the shown columns in configured order (the header's and every row's cell order) */
  cells: CellPlace[];
  leadStyle: CSSProperties | undefined;
  actionsStyle: CSSProperties | undefined;
  /** rows of one line without a description: an empty track keeps the actions at the end */
  spacer: boolean;
  /** where the hover actions go: over time cells (on both lines of a stacked pair, or the first), or at the end */
  slot: { lines: 1 | 2 } | null;
  /** every row shows one menu button with its actions (touch screens, and pointer screens too narrow for the buttons) */
  rowMenu: boolean;
}

/** The slot's and the full-text box's places, from the table's CSS variables. */
const SLOT_STYLE: CSSProperties = { left: 'var(--slot-left)', width: 'var(--slot-width)' };

function shapeOf(a: Arrangement, lead: number, touch: boolean): { structure: TableStructure; vars: Record<string, string>; pinnedWidth: number } {
  const two = a.lines === 2;
  const trackOf = new Map<number, { track: number; line: number }>();
  a.tracks.forEach((t, k) => t.columns.forEach((c, line) => trackOf.set(c, { track: k, line })));
  const offsets: number[] = [];
  let x = lead;
  for (const t of a.tracks) {
    offsets.push(x);
    x += t.width;
  }
  const pinnedWidth = a.overflow ? (a.pinned > 0 ? offsets[a.pinned - 1]! + a.tracks[a.pinned - 1]!.width : lead) : 0;
  const slot = a.actions.kind === 'slot' ? a.actions : null;
  // The grid's last line: after the tracks, the spacer (always on two lines: the description spans it), the actions.
  const end = a.tracks.length + 2 + (two || a.flex < 0 ? 1 : 0);
  const shown = [...trackOf.keys(), ...(a.flex >= 0 && two ? [a.flex] : [])].sort((p, q) => p - q);
  // On two lines, the last cell of each line takes the room left at the end of the row: the spacer, and the end
  // track too when it holds no actions (only the header's column menu, which has a grid of its own): a value or a
  // description cut short while the row has room to spare says less than it could.
  const lineEnd = a.actions.kind === 'trailing' ? end : -1;
  const last = a.tracks.length - 1;
  const cells = shown.map((column): CellPlace => {
    const at = trackOf.get(column);
    if (!at) {
      // The description on the second line, from the first single track to the row's end.
      return { column, style: { gridColumn: `${a.flexTrack + 2} / ${lineEnd}`, gridRow: 2 }, pinned: false, edge: false, yields: false, snap: false };
    }
    const pinned = at.track < a.pinned;
    const style: CSSProperties = {};
    if (two) Object.assign(style, { gridColumn: at.track === last && !a.overflow ? `${at.track + 2} / ${lineEnd}` : at.track + 2, gridRow: at.line + 1 });
    if (pinned) style.left = `var(--pin-${at.track})`;
    const yields = slot !== null && at.track >= slot.start && at.track < slot.start + slot.span && (slot.lines === 2 || at.line === 0);
    return { column, style: two || pinned ? style : undefined, pinned, edge: pinned && at.track === a.pinned - 1, yields, snap: a.overflow && !pinned && at.line === 0 };
  });
  const structure: Omit<TableStructure, 'key'> = {
    lines: a.lines,
    overflow: a.overflow,
    cells,
    leadStyle: two || a.overflow ? { ...(two ? { gridRow: '1 / 3' } : {}), ...(a.overflow ? { left: 0 } : {}) } : undefined,
    actionsStyle: two ? { gridColumn: end, gridRow: '1 / 3' } : undefined,
    spacer: !two && a.flex < 0,
    slot: slot ? { lines: slot.lines } : null,
    rowMenu: touch || a.rowMenu === true,
  };
  const cols = a.tracks.map((t, k) => (!two && k === a.flexTrack ? `minmax(${t.width}px, 1fr)` : `${t.width}px`));
  if (two || a.flex < 0) cols.push('minmax(0px, 1fr)');
  const vars: Record<string, string> = {
    '--alert-cols': `${lead}px ${cols.join(' ')} ${a.end}px`,
    '--description-left': `${a.flexTrack >= 0 && a.flexTrack < offsets.length ? offsets[a.flexTrack]! : lead}px`,
  };
  if (slot) Object.assign(vars, { '--slot-left': `${slot.left}px`, '--slot-width': `${slot.width}px` });
  for (let k = 0; k < a.pinned; k++) vars[`--pin-${k}`] = `${offsets[k]}px`;
  return { structure: { key: JSON.stringify(structure), ...structure }, vars, pinnedWidth };
}

/** The structure of the last render while its key is the same: rows re-render only when it really changed. */
function useStableStructure(next: TableStructure): TableStructure {
  // The key is the structure, in full: the object is taken anew only when the key changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => next, [next.key]);
}

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
 * What a grouped list (GroupedList.tsx, loaded with the first grouping) brings to the table: its lines (group
 * headers, and the alerts of open groups under them) and the component of a group's line. The table then is a
 * treegrid: groups at level 1, their alerts at level 2.
 */
export interface TableGrouping {
  list: GroupedList;
  GroupRow: ComponentType<{ itemKey: string; group: string; shared: Shared }>;
  /** keys on a group's line (open, close, act on the group); true when handled */
  onGroupKey: (e: React.KeyboardEvent<HTMLElement>, group: string) => boolean;
  /** the lines rendered (start to end, exclusive): the worker sends the rows of those and of a margin around them */
  onWindow: (start: number, end: number) => void;
}

/**
 * `width`: the list's inner width (useInnerWidth in AlertList, read before the rows exist); `anchorRef`: the list's
 * place, kept across a change of layout (row-window.ts).
 */
export function AlertTable({
  ctx,
  onOpen,
  scrollRef,
  width,
  anchorRef,
  grouping,
}: {
  ctx: RowContext;
  onOpen: (id: string) => void;
  scrollRef: RefObject<HTMLElement | null>;
  width: number;
  anchorRef: RowAnchor;
  grouping?: TableGrouping;
}) {
  const order = useAtomValue(orderAtom);
  const grouped = grouping?.list ?? null;
  // The lines of the list: the page's alerts, or the grouped list's lines (by their keys).
  const keys = grouped?.keys ?? order;
  // What Select all takes: the page, or every alert of the open groups (the page holds the rows of those in view only).
  const selectable = useMemo(() => (grouped ? [...new Set(grouped.items.flatMap((i) => (i.kind === 'alert' ? [i.id] : [])))] : order), [grouped, order]);
  const measured = useAtomValue(stableColumnNeedsAtom);
  const focusId = useAtomValue(effectiveFocusAtom);
  const allColumns = useAtomValue(tableColumnsAtom) === 'all';
  const touch = useMediaQuery(TOUCH_QUERY);
  const { t } = useT();
  const tableRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);

  const needs = measured && measured.length === ctx.columns.length ? measured : headerOnlyLayout(ctx.columns);
  const buttons = actionButtonCount(ctx);
  const lead = touch ? TOUCH_LEAD_WIDTH : LEAD_WIDTH;
  const { arrangement, shape: fresh } = useMemo(() => {
    const arrangement = arrangeColumns(needs, {
          available: width,
          lead,
          valueMax: ctx.valueWidth + CELL_PADDING,
          buttons,
          buttonSize: actionButtonSize(ctx.compact) + 2,
          touchMenu: touch ? TOUCH_MENU_WIDTH : null,
          allColumns,
          menu: touch ? TOUCH_MENU_WIDTH : COLUMN_MENU_WIDTH,
          rowMenu: TOUCH_MENU_WIDTH,
        });
    return { arrangement, shape: shapeOf(arrangement, lead, touch) };
  }, [needs, width, lead, buttons, ctx.compact, ctx.valueWidth, touch, allColumns]);
  const shape = useStableStructure(fresh.structure);
  const rowHeight = rowHeightOf(ctx.compact ? 'compact' : 'comfortable', arrangement.lines, touch);

  const range = useRowWindow(scrollRef, bodyRef, keys.length, rowHeight, anchorRef);
  const rendered = useRenderedRows(
    bodyRef,
    keys,
    range,
    focusId,
    (i): RowPlace => ({ offset: i * rowHeight, attributes: grouped ? { 'aria-rowindex': String(i + 2), 'aria-level': grouped.items[i]?.kind === 'group' ? '1' : '2' } : { 'aria-rowindex': String(i + 2) } }),
    `${rowHeight}|${grouped ? 'grouped' : ''}`,
  );

  const onWindow = grouping?.onWindow;
  useEffect(() => onWindow?.(range.start, range.end), [onWindow, range.start, range.end]);

  const pageSize = useCallback(() => Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 2), [scrollRef, rowHeight]);
  const gestures = useValueMenuGestures(ctx, 'cell');
  const onKeyDown = useRowKeyboard(ctx, onOpen, () => tableRef.current, pageSize, gestures.openForRow, grouping?.onGroupKey);
  const [reading, setReading] = useState<{ id: string; index: number } | null>(null);
  const onFocusRow = (e: FocusEvent<HTMLDivElement>) => {
    // The full description of a keyboard-focused row, when the cell cuts it.
    const row = e.target as HTMLElement;
    const id = row.getAttribute('data-row-id');
    const cell = row.querySelector<HTMLElement>('[data-column="text"]');
    const cut = cell !== null && cell.scrollWidth > cell.clientWidth + 1;
    setReading(id && cut && row.matches(':focus-visible') ? { id, index: Number(row.getAttribute('aria-rowindex')) - 2 } : null);
  };
  // One object for every row, so rows re-render when one of these changes and not whenever the table does.
  const filterBy = useValueFilter();
  const shared = useMemo<Shared>(() => ({ ctx, onOpen, filterBy, rowHeight, shape, touch }), [ctx, onOpen, filterBy, rowHeight, shape, touch]);
  const headerHeight = useHeaderHeight(tableRef);
  const tableStyle = { ...fresh.vars, '--header-h': `${headerHeight}px`, minWidth: arrangement.total } as CSSProperties;
  const two = arrangement.lines === 2;
  // While the table scrolls sideways, a scroll comes to rest with a column's start at the pinned area's edge, so
  // no header or cell is left half under the pinned columns (the list is the scroll container).
  useLayoutEffect(() => {
    const list = scrollRef.current;
    if (!list) return;
    list.style.scrollSnapType = arrangement.overflow ? 'x mandatory' : '';
    list.style.scrollPaddingLeft = arrangement.overflow ? `${fresh.pinnedWidth}px` : '';
  }, [scrollRef, arrangement.overflow, fresh.pinnedWidth]);

  return (
    <div ref={tableRef} role={grouped ? 'treegrid' : 'table'} aria-label={t('Alerts')} aria-rowcount={keys.length + 1} className="text-left" style={tableStyle} data-lines={arrangement.lines}>
      <div role="rowgroup" data-table-header="" className={`sticky top-0 z-20 text-gray-700 shadow-sm dark:text-gray-200 ${HEADER_BG}`}>
        <div role="row" aria-rowindex={1} className={`grid items-stretch [grid-template-columns:var(--alert-cols)] ${two ? 'grid-rows-[auto_auto]' : ''}`}>
          <div role="columnheader" className={`flex items-center justify-center ${arrangement.overflow ? `sticky z-10 ${HEADER_BG}` : ''}`} style={shape.leadStyle}>
            <HeaderSelect order={selectable} touch={touch} />
          </div>
          {shape.cells.map((place) => {
            const column = ctx.columns[place.column]!;
            return <SortHeader key={column.name} column={column} label={columnLabel(column, t)} place={place} target={touch ? (two ? 'min-h-8' : 'min-h-11') : 'min-h-7'} />;
          })}
          {shape.spacer && <div aria-hidden="true" />}
          {/* Pinned at the right while the table scrolls sideways, over the headers passing under it: only its button
              has a background, so they show beside it. */}
          <div role="columnheader" className={`p-0 ${arrangement.overflow ? 'pointer-events-none sticky right-0 z-10' : ''}`} style={shape.actionsStyle}>
            <span className="sr-only">{t('Actions')}</span>
            {(arrangement.hidden.length > 0 || arrangement.empty.length > 0 || allColumns) && (
              <div className={`flex h-full items-center ${arrangement.overflow ? 'justify-end pr-1 *:pointer-events-auto *:bg-gray-100 dark:*:bg-gray-800' : 'justify-center'}`}>
                <ColumnMenu hidden={arrangement.hidden.map((i) => columnLabel(ctx.columns[i]!, t))} empty={arrangement.empty.map((i) => columnLabel(ctx.columns[i]!, t))} touch={touch} />
              </div>
            )}
          </div>
        </div>
      </div>
      <div
        ref={bodyRef}
        role="rowgroup"
        className="relative"
        style={{ height: keys.length * rowHeight }}
        onKeyDown={onKeyDown}
        onFocus={onFocusRow}
        onBlur={() => setReading(null)}
        {...gestures.handlers}
      >
        {rendered.map((i) => {
          const item = grouped?.items[i];
          if (item?.kind === 'group' && grouping) return <grouping.GroupRow key={item.key} itemKey={item.key} group={item.group} shared={shared} />;
          return item?.kind === 'alert' ? <AlertTableRow key={item.key} id={item.id} itemKey={item.key} shared={shared} /> : <AlertTableRow key={keys[i]} id={keys[i]!} shared={shared} />;
        })}
        {reading && <FullText id={reading.id} index={reading.index} shared={shared} />}
      </div>
    </div>
  );
}

/** The sticky header's height: rows keep it as their scroll margin, so a row scrolled into view is never under it. */
function useHeaderHeight(table: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(32);
  useLayoutEffect(() => {
    const header = table.current?.querySelector<HTMLElement>('[data-table-header]');
    if (!header) return;
    const read = () => setHeight(header.offsetHeight);
    // Read once laid out, not now: reading it here would lay out the first rows in the middle of their commit.
    return observeSize(header, read);
  }, [table]);
  return height;
}

const HEADER_BG = 'bg-gray-100 dark:bg-gray-800';
/**
 * The guide down the left edge of an alert under its group's line, in the row's text colour: in the filled style a row
 * has its group line's colour, and without it an open group's alerts read as lines of their own. The quiet style's
 * rows have their severity stripe there, and their group's line a darker tint.
 */
const GROUP_GUIDE = 'inset 8px 0 0 color-mix(in srgb, currentColor 55%, transparent)';
/** The edge of the pinned columns while the table scrolls sideways under them. */
const PIN_EDGE = 'shadow-[3px_0_4px_-2px_rgba(0,0,0,0.35)]';
/** The header's font: also what the column widths measure headers with (column-layout.ts). */
const HEADER_TEXT = 'text-xs font-semibold leading-tight min-[1920px]:text-sm';

function HeaderSelect({ order, touch }: { order: string[]; touch: boolean }) {
  const { t } = useT();
  const [selection, setSelection] = useAtom(selectionAtom);
  if (selection.size === 0) return <span className="sr-only">{t('Trend')}</span>;
  // The whole page, not only the rows on screen.
  const coverage = selectionCoverage(selection, order);
  const box = (
    <input
      type="checkbox"
      className="h-4 w-4 accent-brand"
      aria-label={t('SelectAll')}
      checked={coverage === 'all'}
      ref={(el) => {
        if (el) el.indeterminate = coverage === 'some';
      }}
      onChange={() => setSelection((s) => toggleAll(s, order))}
    />
  );
  return touch ? <label className={TOUCH_BOX}>{box}</label> : box;
}

/** A checkbox's 44 px target on a touch screen: the label around it takes the taps. */
const TOUCH_BOX = 'inline-flex h-11 w-11 cursor-pointer items-center justify-center';

/** `target`: the sort button's least height (44 px on a touch screen; less on a header of two lines, which would be twice that). */
function SortHeader({ column, label, place, target }: { column: ColumnDef; label: string; place: CellPlace; target: string }) {
  const { t } = useT();
  const [sort, setSort] = useAtom(sortAtom);
  const setPage = useSetAtom(pageAtom);
  const onSort = (next: typeof sort) => {
    setSort(next);
    setPage(1);
  };
  const shown = sortShown(sort, column.name);
  const pinClass = place.pinned ? `sticky z-10 ${HEADER_BG} ${place.edge ? PIN_EDGE : ''}` : '';
  const snapClass = place.snap ? 'snap-start' : '';
  // Headers wrap onto two lines rather than being cut (the widths leave room for that); the full name is the
  // accessible name, and the tooltip too, should a narrow pane cut one anyway.
  const text = <span className={`line-clamp-2 min-w-0 break-words text-left ${HEADER_TEXT}`}>{label}</span>;
  if (column.sortKey === null && column.kind !== 'duration' && column.kind !== 'timeoutLeft') {
    return (
      <div role="columnheader" data-column={column.name} className={`flex min-w-0 items-center px-2 py-1 ${pinClass} ${snapClass}`} style={place.style} title={label}>
        {text}
      </div>
    );
  }
  const next = nextSort(sort, column.name);
  const nextShown = sortShown(next, column.name);
  return (
    <div role="columnheader" aria-sort={shown} data-column={column.name} className={`flex min-w-0 items-center px-1 py-0.5 ${pinClass} ${snapClass}`} style={place.style}>
      <button
        type="button"
        className={`inline-flex min-w-0 max-w-full items-center gap-1 rounded px-1 py-0.5 hover:bg-black/5 dark:hover:bg-white/10 ${target}`}
        onClick={() => onSort(next)}
        title={`${label} – ${nextShown === 'descending' ? t('SortDescending') : t('SortAscending')}`}
      >
        {text}
        {shown !== 'none' ? (
          <Icon name={shown === 'ascending' ? 'arrowUp' : 'arrowDown'} size={14} className="shrink-0" />
        ) : (
          <span className="inline-block w-3.5 shrink-0" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}

/** `itemKey`: the row's line in a grouped list (its place and keyboard focus go by it); the alert id otherwise. */
const AlertTableRow = memo(function AlertTableRow({ id, itemKey, shared }: { id: string; itemKey?: string; shared: Shared }) {
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
function FullText({ id, index, shared }: { id: string; index: number; shared: Shared }) {
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

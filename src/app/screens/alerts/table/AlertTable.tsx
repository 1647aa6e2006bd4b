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
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type CSSProperties, type FocusEvent, type RefObject } from 'react';
import { useAtomValue } from 'jotai';
import type { ColumnDef } from '../../../../core/columns.ts';
import { arrangeColumns, rowHeight as rowHeightOf, type ColumnNeeds } from '../../../../core/table-layout.ts';
import { orderAtom } from '../../../state/alerts.ts';
import { tableColumnsAtom } from '../../../state/shell.ts';
import { useT } from '../../../state/i18n.ts';
import { effectiveFocusAtom, type RowContext } from '../../../state/alerts-screen.ts';
import { columnLabel } from '../rows/AlertCells.tsx';
import { CELL_PADDING, stableColumnNeedsAtom } from './column-layout.ts';
import { actionButtonCount, actionButtonSize, TOUCH_BUTTON_SIZE } from '../rows/RowActions.tsx';
import { ColumnMenu } from './ColumnMenu.tsx';
import { useRowKeyboard } from '../rows/row-keyboard.ts';
import { useRenderedRows, useRowWindow, type RowAnchor, type RowPlace } from '../rows/row-window.ts';
import { observeSize } from '../../../hooks/observe-size.ts';
import { useValueFilter } from '../search/value-filter.ts';
import { useValueMenuGestures } from '../rows/value-menu-gestures.ts';
import { TOUCH_QUERY, useMediaQuery } from '../../../hooks/useMediaQuery.ts';
import type { GroupedList } from '../../../state/groups.ts';
import { shapeOf, useStableStructure } from './table-structure.ts';
import { HEADER_BG, HeaderSelect, SortHeader } from './HeaderCells.tsx';
import { AlertTableRow, FullText, type Shared } from './AlertTableRow.tsx';

/** The selection/trend column; on a touch screen wide enough for its 44 px target. */
const LEAD_WIDTH = 36;
const TOUCH_LEAD_WIDTH = 48;
/** The column of the touch screen's row menu: its 44 px button and a little room. */
const TOUCH_MENU_WIDTH = TOUCH_BUTTON_SIZE + 8;
/** The column menu's button at the end of the header (ColumnMenu.tsx), with a little room. */
const COLUMN_MENU_WIDTH = 40;

/** Columns for the table before the page has been measured: the headers alone. */
function headerOnlyLayout(columns: readonly ColumnDef[]): ColumnNeeds[] {
  return columns.map((c) => ({ name: c.name, kind: c.kind, header1: 100, header2: 100, content: 100 }));
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

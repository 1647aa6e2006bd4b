// Where the alert table's header cells and row cells go (shapeOf: the arrangement of src/core/table-layout.ts as grid
// places, pinned or not, the actions' place, and the widths as CSS variables on the table), kept as one object while
// only the widths change; and the classes the header's cells and the rows' cells share.
import { useMemo, type CSSProperties } from 'react';
import type { Arrangement } from '../../../../core/table-layout.ts';

/** Where one column's cells (and its header) go. */
export interface CellPlace {
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
export interface TableStructure {
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

export function shapeOf(a: Arrangement, lead: number, touch: boolean): { structure: TableStructure; vars: Record<string, string>; pinnedWidth: number } {
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
export function useStableStructure(next: TableStructure): TableStructure {
  // The key is the structure, in full: the object is taken anew only when the key changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => next, [next.key]);
}

/** The edge of the pinned columns while the table scrolls sideways under them. */
export const PIN_EDGE = 'shadow-[3px_0_4px_-2px_rgba(0,0,0,0.35)]';
/** A checkbox's 44 px target on a touch screen: the label around it takes the taps. */
export const TOUCH_BOX = 'inline-flex h-11 w-11 cursor-pointer items-center justify-center';

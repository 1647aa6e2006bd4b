// The alert table's column widths, measured from the page's own text. The text of every cell of the page
// (all rows, not only those on screen) is measured once per row version with the fonts the table really uses; the
// widths only grow while the page stays the same, so columns do not jump at every poll; src/core/table-layout.ts
// then shares the pane among the columns.
import { atom } from 'jotai';
import type { ColumnDef } from '../../../../core/columns.ts';
import { splitHeader, type ColumnNeeds, type Measure } from '../../../../core/table-layout.ts';
import type { AlertRow } from '../../../../worker/contract/index.ts';
import { orderAtom, rowAtom } from '../../../state/alerts.ts';
import { rowContextAtom, type RowContext } from '../../../state/alerts-screen.ts';
import { pendingByAlertAtom } from '../../../state/outbox.ts';
import { withPending } from '../../../../core/outbox.ts';
import { cellText, columnLabel, type CellFont } from '../rows/AlertCells.tsx';
import { widestDateWidth } from '../../../../core/date-format.ts';

/** The fonts of the table as the browser resolved them (CSS `font` shorthands), read from probe elements. */
export interface TableFonts {
  body: string;
  header: string;
  chip: string;
  outline: string;
  mono: string;
}

/** Set by the table once its probe elements are laid out (and again when the font preferences change them). */
export const tableFontsAtom = atom<TableFonts | null>(null);

/** Horizontal padding of a cell (px-2), of a bold severity chip (px-1.5) and of an outlined chip (px-1 + border). */
export const CELL_PADDING = 16;
const CHIP_PADDING = 12;
const OUTLINE_PADDING = 10;
const CHIP_GAP = 4;
/** A sortable header: the button's padding, the gap and the 14 px sort arrow, and the cell's own padding. */
/** The compact "pending" mark after a status (PendingMark: 12 px icon, 2 × 4 px padding, borders, 4 px margin). */
export const PENDING_MARK_WIDTH = 26;
export const SORT_HEADER_EXTRA = 8 + 4 + 14 + 8;
const PLAIN_HEADER_EXTRA = 16;
/** Sub-pixel rounding and font hinting differences between canvas and layout. */
const SLACK = 2;

// ---- measuring text --------------------------------------------------------------------------------------------------

let canvas: CanvasRenderingContext2D | null | undefined;
/** Strings measured on the current canvas. */
let measuredOnCanvas = 0;
const widths = new Map<string, number>();
/** Measured widths kept between two measures of the page at most (the texts of a 200-row page are far fewer). */
export const MAX_MEASURED_TEXTS = 20_000;

/**
 * Chromium keeps what a 2D context measured, about 1.2 KiB of native memory per distinct string, for as long as the
 * context lives (4,000 strings: 4.8 MiB in a probe): on a wall display whose alerts come and go that grew without end
 * (a 20-minute soak showed it). A fresh canvas after this many strings bounds it at about 1.2 MiB.
 */
export const MAX_TEXTS_PER_CANVAS = 1000;

function measuringCanvas(): CanvasRenderingContext2D | null {
  if (canvas && measuredOnCanvas >= MAX_TEXTS_PER_CANVAS) canvas = undefined;
  if (canvas === undefined) {
    measuredOnCanvas = 0;
    try {
      canvas = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    } catch {
      canvas = null;
    }
  }
  return canvas;
}

/** Measures text in a CSS font with a canvas; without one (tests without a canvas) a rough 0.6 em per character. */
export function measurer(font: string): Measure {
  const size = Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 13);
  return (text: string) => {
    if (!text) return 0;
    const key = `${font}\u0000${text}`;
    let w = widths.get(key);
    if (w === undefined) {
      const ctx = measuringCanvas();
      if (ctx) {
        ctx.font = font;
        w = ctx.measureText(text).width;
        measuredOnCanvas++;
      } else {
        w = text.length * size * 0.6;
      }
      // A safety net only: the cache is emptied at every measure of the page (see columnNeedsAtom).
      if (widths.size >= MAX_MEASURED_TEXTS) widths.clear();
      widths.set(key, w);
    }
    return w;
  };
}

interface Measurers {
  fonts: TableFonts;
  of: Record<CellFont, Measure>;
  header: Measure;
}

function measurers(fonts: TableFonts): Measurers {
  return { fonts, of: { body: measurer(fonts.body), chip: measurer(fonts.chip), outline: measurer(fonts.outline), mono: measurer(fonts.mono) }, header: measurer(fonts.header) };
}

/**
 * The width a cell needs, padding included, or 0 when it shows nothing (a column with nothing on the whole page takes
 * no room); `dateWidth`: what a date of the format needs (widestDateWidth).
 */
function cellWidth(column: ColumnDef, alert: AlertRow, ctx: RowContext, m: Measurers, now: number, dateWidth: number): number {
  // A date is as wide as the widest its format prints: no date of the page is formatted to measure it.
  if (column.kind === 'date') return (alert as unknown as Record<string, unknown>)[column.name] ? dateWidth : 0;
  const { font, parts } = cellText(column, alert, ctx, now);
  if (parts.every((part) => !part)) return 0;
  const measure = m.of[font];
  const pad = font === 'chip' ? CHIP_PADDING : font === 'outline' ? OUTLINE_PADDING : 0;
  let w = 0;
  for (const part of parts) w += measure(part) + pad;
  if (parts.length > 1) w += (parts.length - 1) * (font === 'body' ? 8 : CHIP_GAP);
  return Math.ceil(w + CELL_PADDING + SLACK);
}

/** What a header needs on one and on two lines. */
export function headerNeeds(column: ColumnDef, label: string, measure: Measure): { header1: number; header2: number } {
  const extra = column.sortKey === null && column.kind !== 'duration' && column.kind !== 'timeoutLeft' ? PLAIN_HEADER_EXTRA : SORT_HEADER_EXTRA;
  const one = measure(label);
  const two = splitHeader(label, measure).width;
  return { header1: Math.ceil(one + extra + SLACK), header2: Math.ceil(two + extra + SLACK) };
}

// ---- per page, per row version ------------------------------------------------------------------------------------

/** Measured widths of each row object, for the measuring context they were measured in. */
let rowCache = new WeakMap<AlertRow, number[]>();
let rowCacheContext: unknown = null;
/** The measurers, header needs and date width of that context. */
let headerCache: { m: Measurers; headers: { header1: number; header2: number }[]; dateWidth: number } | null = null;
const fontKeys = new WeakMap<TableFonts, string>();
function fontsKey(fonts: TableFonts): string {
  let key = fontKeys.get(fonts);
  if (key === undefined) fontKeys.set(fonts, (key = JSON.stringify(fonts)));
  return key;
}

const pageRowsAtom = atom((get) => {
  const order = get(orderAtom);
  const rows: AlertRow[] = [];
  for (const id of order) {
    const row = get(rowAtom(id));
    if (row) rows.push(row);
  }
  return rows;
});

/**
 * The measuring context: everything a measured width depends on besides the row itself (the headers depend on nothing
 * else). Worked out again, and the rows measured anew, when it changes.
 */
function measuringFor(fonts: TableFonts, ctx: RowContext, year: number): NonNullable<typeof headerCache> {
  const context = `${fontsKey(fonts)}|${ctx.columns.map((c) => c.name).join(',')}|${ctx.locale}|${ctx.mediumDate}|${ctx.timezone}|${ctx.showNotesIcon}|${year}`;
  if (context !== rowCacheContext || !headerCache) {
    rowCache = new WeakMap();
    rowCacheContext = context;
    const m = measurers(fonts);
    const dateWidth = Math.ceil(widestDateWidth(ctx.mediumDate, { timezone: ctx.timezone, locale: ctx.locale }, m.of.body, year) + CELL_PADDING + SLACK);
    headerCache = { m, headers: ctx.columns.map((column) => headerNeeds(column, columnLabel(column, ctx.t), m.header)), dateWidth };
  }
  return headerCache;
}

/**
 * Works out the measuring context before the first rows come (the list calls this while it loads): their first
 * measure, which their first render waits for, is then of their own cells only.
 */
export function prepareColumnMeasure(fonts: TableFonts, ctx: RowContext): void {
  measuringFor(fonts, ctx, new Date().getFullYear());
}

/**
 * What each column needs on this page: headers measured in the header font, content as the widest cell of every row
 * of the page. stableColumnNeedsAtom passes on only real changes, so the table re-renders only when a width changes.
 */
export const columnNeedsAtom = atom<ColumnNeeds[] | null>((get) => {
  const fonts = get(tableFontsAtom);
  const ctx = get(rowContextAtom);
  if (!fonts || !ctx) return null;
  const rows = get(pageRowsAtom);
  const now = Date.now();
  const { m, headers, dateWidth } = measuringFor(fonts, ctx, new Date(now).getFullYear());
  // The texts measured for the last page only: rows measured before keep their widths (by row object), and a wall
  // display's hours of alerts coming and going leave nothing behind.
  widths.clear();
  const content = ctx.columns.map(() => 0);
  // A row with actions made offline shows their outcome and a "pending" mark after its status: measured as shown.
  const pending = get(pendingByAlertAtom);
  for (const row of rows) {
    const entries = pending.get(row.id);
    let w = entries ? undefined : rowCache.get(row);
    if (!w) {
      const shown = entries ? withPending(row, entries) : row;
      w = ctx.columns.map((column) => cellWidth(column, shown, ctx, m, now, dateWidth) + (entries && column.kind === 'status' ? PENDING_MARK_WIDTH : 0));
      if (!entries) rowCache.set(row, w);
    }
    for (let i = 0; i < w.length; i++) if (w[i]! > content[i]!) content[i] = w[i]!;
  }
  // The rows on the page now decide: a long value that left the page gives its width back (the columns stay put
  // between polls that change no widest cell; stableColumnNeedsAtom passes on only real changes).
  return ctx.columns.map((column, i) => ({ name: column.name, kind: column.kind, ...headers[i]!, content: content[i]! }));
});

/** The same needs while no width changed, so subscribers do not re-render at every poll. */
export const stableColumnNeedsAtom = (() => {
  let last: ColumnNeeds[] | null = null;
  return atom((get) => {
    const next = get(columnNeedsAtom);
    const same =
      last !== null &&
      next !== null &&
      last.length === next.length &&
      last.every((c, i) => c.name === next[i]!.name && c.content === next[i]!.content && c.header1 === next[i]!.header1 && c.header2 === next[i]!.header2);
    if (!same) last = next;
    return last;
  });
})();

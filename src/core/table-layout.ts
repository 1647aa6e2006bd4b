// How the alert table shares its width: every column as wide as its widest value on the page (within a
// cap, past which it shows an ellipsis and the full text on hover), headers on up to two lines, the description
// taking what is left. Pure: the UI measures text and passes the widths in, so the rules are tested without a DOM.
import type { ColumnKind } from './columns.ts';

/** Measures the width of a text in px. */
export type Measure = (text: string) => number;

/** What one column needs, measured by the UI (padding included). */
export interface ColumnNeeds {
  name: string;
  kind: ColumnKind;
  /** the header on one line */
  header1: number;
  /** the header wrapped at a space onto at most two lines (equal to header1 for a single word) */
  header2: number;
  /** the widest cell of the page */
  content: number;
}

/** Where the row actions go: over a run of time cells (which they replace while shown), or a column of their own. */
export type ActionsPlace = { kind: 'slot'; start: number; span: number; left: number; width: number } | { kind: 'trailing'; width: number } | { kind: 'none' };

export interface TableLayout {
  /** px of each column; the flexible one's is its minimum */
  widths: number[];
  /** index of the column that takes the remaining width (the description), or -1 */
  flex: number;
  /** the smallest width the table can have: lead column, every column, trailing actions */
  total: number;
  /** the table is wider than its pane and scrolls sideways */
  overflow: boolean;
  actions: ActionsPlace;
}

export interface FitOptions {
  /** width of the pane the table lives in */
  available: number;
  /** width of the selection/trend column in front of the columns */
  lead: number;
  /** px the row actions need, 0 when the user has none */
  actionsWidth: number;
  /** the actions always show in a column of their own (devices without hover) */
  trailingActions?: boolean;
  /** the longest value cell (the valueWidth preference, as the old console truncated Value) */
  valueMax: number;
}

/** Widest a column grows with its content before its cells show an ellipsis (the header may still be wider). */
const CAPS: Readonly<Record<ColumnKind, number>> = {
  shortId: 110,
  text: 220,
  severity: 170,
  status: 190,
  list: 220,
  html: 360,
  tags: 260,
  attributes: 320,
  type: 170,
  date: 240,
  timeout: 120,
  timeoutLeft: 120,
  number: 110,
  boolean: 110,
  duration: 120,
  note: 320,
  attribute: 240,
};

/** Kinds whose cells may give up width (with an ellipsis) when the table would otherwise scroll sideways. */
const SHRINKABLE: ReadonlySet<ColumnKind> = new Set(['text', 'list', 'html', 'tags', 'attributes', 'note', 'attribute', 'type', 'shortId']);
/** No shrunk column gets narrower than this (nor than its two-line header). */
const SHRINK_FLOOR = 72;
/** The description never gets less than this before the table scrolls sideways. */
export const FLEX_MIN = 160;
/** Room the description is given before headers are unwrapped onto one line with what is left over. */
const FLEX_COMFORT = 320;
/** Kinds of the cells the row actions may take the place of while a row is hovered or focused. */
const TIME_KINDS: ReadonlySet<ColumnKind> = new Set(['date', 'timeoutLeft', 'timeout', 'duration']);

/** The column that takes the remaining width: the description (`text`), else the last long-text column. */
export function flexColumn(columns: readonly Pick<ColumnNeeds, 'name' | 'kind'>[]): number {
  const text = columns.findIndex((c) => c.name === 'text');
  if (text >= 0) return text;
  for (let i = columns.length - 1; i >= 0; i--) if (['html', 'note', 'attributes'].includes(columns[i]!.kind)) return i;
  return -1;
}

/**
 * A header wrapped at one space onto two lines, splitting where the longer line is shortest; a single word stays on
 * one line. Returns the lines and the width of the longer.
 */
export function splitHeader(label: string, measure: Measure): { lines: string[]; width: number } {
  const words = label.trim().split(/\s+/).filter(Boolean);
  const one = { lines: [label.trim()], width: measure(label.trim()) };
  if (words.length < 2) return one;
  let best = one;
  for (let k = 1; k < words.length; k++) {
    const a = words.slice(0, k).join(' ');
    const b = words.slice(k).join(' ');
    const width = Math.max(measure(a), measure(b));
    if (width <= best.width) best = { lines: [a, b], width };
  }
  return best;
}

/** The widths of one column before the pane is considered: its content within the cap, never narrower than its header. */
function idealWidth(c: ColumnNeeds, valueMax: number): number {
  const cap = c.kind === 'html' && c.name === 'value' ? Math.max(40, valueMax) : CAPS[c.kind];
  return Math.ceil(Math.max(c.header2, Math.min(c.content, cap)));
}

/**
 * Shares the pane among the columns. Each column gets its content's width (capped); the description the rest, at
 * least FLEX_MIN. When that does not fit, long-text columns give up width down to their header (or SHRINK_FLOOR) in
 * proportion to what they have above it; when even that would not fit, nothing shrinks and the table scrolls
 * sideways. Leftover room first unwraps two-line headers, then uncaps cut columns. The row actions take the place of
 * a run of time cells (widened if the buttons need more room), or get a trailing column when there is no such run or
 * the device has no hover.
 */
export function fitColumns(columns: readonly ColumnNeeds[], opts: FitOptions): TableLayout {
  const flex = flexColumn(columns);
  const widths = columns.map((c, i) => (i === flex ? Math.ceil(Math.max(c.header2, Math.min(c.content, FLEX_MIN))) : idealWidth(c, opts.valueMax)));

  // The actions: over the widest run of adjacent time cells before the description, else a column of their own.
  let actions: ActionsPlace = { kind: 'none' };
  if (opts.actionsWidth > 0) {
    let run: { start: number; span: number } | null = null;
    if (!opts.trailingActions) {
      for (let i = 0; i < columns.length; i++) {
        if (!TIME_KINDS.has(columns[i]!.kind) || (flex >= 0 && i > flex)) continue;
        let j = i;
        while (j + 1 < columns.length && TIME_KINDS.has(columns[j + 1]!.kind) && !(flex >= 0 && j + 1 > flex)) j++;
        const width = widths.slice(i, j + 1).reduce((a, b) => a + b, 0);
        const best = run ? widths.slice(run.start, run.start + run.span).reduce((a, b) => a + b, 0) : -1;
        if (width > best) run = { start: i, span: j - i + 1 };
        i = j;
      }
    }
    if (run) {
      const last = run.start + run.span - 1;
      const have = widths.slice(run.start, last + 1).reduce((a, b) => a + b, 0);
      if (have < opts.actionsWidth) widths[last]! += Math.ceil(opts.actionsWidth - have);
      actions = { kind: 'slot', start: run.start, span: run.span, left: 0, width: 0 };
    } else {
      actions = { kind: 'trailing', width: Math.ceil(opts.actionsWidth) };
    }
  }
  const trailing = actions.kind === 'trailing' ? actions.width : 0;
  const sum = () => opts.lead + trailing + widths.reduce((a, b) => a + b, 0);
  const flexFloor = flex >= 0 ? widths[flex]! : 0;

  // Too wide: shrinkable columns give up width in proportion to what they have above their floor.
  let excess = sum() - opts.available;
  if (excess > 0) {
    const floors = columns.map((c, i) => Math.ceil(Math.max(c.header2, Math.min(SHRINK_FLOOR, widths[i]!))));
    const room = columns.map((c, i) => (i !== flex && SHRINKABLE.has(c.kind) && !(actions.kind === 'slot' && i >= actions.start && i < actions.start + actions.span) ? Math.max(0, widths[i]! - floors[i]!) : 0));
    const totalRoom = room.reduce((a, b) => a + b, 0);
    // Only when shrinking makes the table fit: a table that scrolls sideways anyway keeps its columns readable.
    if (totalRoom >= excess) {
      const share = Math.min(1, excess / totalRoom);
      for (let i = 0; i < widths.length; i++) widths[i] = widths[i]! - Math.ceil(room[i]! * share);
    }
    excess = sum() - opts.available;
  }

  // Room to spare (the description keeps a comfortable width): first unwrap two-line headers, then give capped
  // columns their whole content (a wide screen shows a long value in full), cheapest first.
  let spare = opts.available - sum() - (flex >= 0 ? Math.max(0, FLEX_COMFORT - flexFloor) : 0);
  const grow = (target: (c: ColumnNeeds) => number) => {
    const order = columns
      .map((c, i) => ({ i, extra: Math.ceil(target(c)) - widths[i]! }))
      .filter((x) => x.i !== flex && x.extra > 0)
      .sort((a, b) => a.extra - b.extra);
    for (const { i, extra } of order) {
      if (extra > spare) break;
      widths[i] = widths[i]! + extra;
      spare -= extra;
    }
  };
  if (spare > 0) grow((c) => c.header1);
  if (spare > 0) grow((c) => Math.max(c.header2, c.content));

  if (actions.kind === 'slot') {
    const left = opts.lead + widths.slice(0, actions.start).reduce((a, b) => a + b, 0);
    const width = widths.slice(actions.start, actions.start + actions.span).reduce((a, b) => a + b, 0);
    actions = { ...actions, left, width };
  }
  const total = sum();
  return { widths, flex, total, overflow: total > opts.available + 0.5, actions };
}

/**
 * Column content widths that only grow while the page stays the same, so columns do not jump at every poll when a
 * shorter value replaces a longer one; a new page (or other columns) starts afresh.
 */
export function widenOnly(previous: readonly number[] | null, next: readonly number[]): number[] {
  if (!previous || previous.length !== next.length) return [...next];
  return next.map((w, i) => Math.max(w, previous[i]!));
}

/** The columns that stay at the left while the table scrolls sideways: the leading severity and status columns. */
export function pinnedColumns(columns: readonly Pick<ColumnNeeds, 'kind' | 'name'>[]): number {
  let n = 0;
  while (n < columns.length && n < 2 && (columns[n]!.name === 'severity' || columns[n]!.kind === 'status')) n++;
  return n;
}

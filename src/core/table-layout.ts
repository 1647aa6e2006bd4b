// How the alert table shares its width: every column as wide as its widest value on the page (within a
// cap, past which it shows an ellipsis and the full text on hover), headers on up to two lines, the description
// taking what is left. When the columns do not fit the pane, arrangeColumns decides what gives way (docs/layout.md):
// an empty column always, then the least telling columns, then rows take two lines (the description on the second,
// neighbouring columns stacked from the left), then the telling columns; what identifies an alert never goes. Pure:
// the UI measures text and passes the widths in, so the rules are tested without a DOM.
import type { ColumnKind } from './columns.ts';
import { ROW_HEIGHTS } from './preferences.ts';

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
  /** px of the track at the end: the trailing actions, or the room reserved there */
  end: number;
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
  /** px kept free at the end of the rows (the column menu's button in the header), at least */
  reserve?: number;
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
/** No shrunk column gets narrower than this (nor than its two-line header)... */
const SHRINK_FLOOR = 72;
/** ...nor one that identifies the alert (resource, event...) than this: about ten letters, where "Queu…" no longer says which. */
const IDENTIFYING_FLOOR = 100;
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

/** The narrowest a shrinkable column gets: its two-line header, and its width up to the floor of its kind. */
function shrinkFloor(c: ColumnNeeds, width: number): number {
  return Math.ceil(Math.max(c.header2, Math.min(IDENTIFYING.has(c.name) ? IDENTIFYING_FLOOR : SHRINK_FLOOR, width)));
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
  const trailing = Math.max(actions.kind === 'trailing' ? actions.width : 0, opts.reserve ?? 0);
  const sum = () => opts.lead + trailing + widths.reduce((a, b) => a + b, 0);
  const flexFloor = flex >= 0 ? widths[flex]! : 0;

  // Too wide: shrinkable columns give up width in proportion to what they have above their floor.
  const excess = sum() - opts.available;
  if (excess > 0) {
    const floors = columns.map((c, i) => shrinkFloor(c, widths[i]!));
    const room = columns.map((c, i) => (i !== flex && SHRINKABLE.has(c.kind) && !(actions.kind === 'slot' && i >= actions.start && i < actions.start + actions.span) ? Math.max(0, widths[i]! - floors[i]!) : 0));
    const totalRoom = room.reduce((a, b) => a + b, 0);
    // Only when shrinking makes the table fit: a table that scrolls sideways anyway keeps its columns readable.
    if (totalRoom >= excess) {
      const share = Math.min(1, excess / totalRoom);
      for (let i = 0; i < widths.length; i++) widths[i] = widths[i]! - Math.ceil(room[i]! * share);
    }
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
  return { widths, flex, total, overflow: total > opts.available + 0.5, actions, end: trailing };
}

/** The columns that stay at the left while the table scrolls sideways: the leading severity and status columns. */
export function pinnedColumns(columns: readonly Pick<ColumnNeeds, 'kind' | 'name'>[]): number {
  let n = 0;
  while (n < columns.length && n < 2 && (columns[n]!.name === 'severity' || columns[n]!.kind === 'status')) n++;
  return n;
}

// ---- what gives way when the pane is too narrow --------------------------------------------------------------------

/** How much a column tells about an alert: 0 identifies it (never hidden for want of room), 1 tells, 2 tells least. */
export type Tier = 0 | 1 | 2;

/** What identifies an alert in the list: shown whenever configured and not empty on the page. */
const IDENTIFYING: ReadonlySet<string> = new Set(['severity', 'status', 'resource', 'event', 'environment', 'service', 'text']);
/** The time columns that tell an alert's age: the first of these that is configured identifies it too. */
const AGE_COLUMNS: readonly string[] = ['lastReceiveTime', 'receiveTime', 'createTime', 'duration', 'updateTime'];
/**
 * The least telling columns (tier 2), in the order they give way: values fixed by the sender or derived from others,
 * then the other times and counters.
 */
const LEAST_TELLING: readonly string[] = ['timeout', 'lastReceiveId', 'id', 'previousSeverity', 'repeat', 'type', 'origin', 'updateTime', 'createTime', 'receiveTime', 'duration', 'duplicateCount', 'timeoutLeft', 'lastReceiveTime'];
/** The telling columns (tier 1), in the order they give way once the least telling ones are gone ('*' = a custom attribute). */
const TELLING: readonly string[] = ['correlate', 'attributes', 'note', 'tags', 'group', '*', 'customer', 'value'];

/** Each column's tier (see Tier). */
export function columnTiers(columns: readonly Pick<ColumnNeeds, 'name'>[]): Tier[] {
  const age = AGE_COLUMNS.find((name) => columns.some((c) => c.name === name));
  return columns.map((c) => (IDENTIFYING.has(c.name) || c.name === age ? 0 : LEAST_TELLING.includes(c.name) ? 2 : 1));
}

/**
 * The columns that may give way for want of room, in the order they do: the least telling first, then the telling
 * ones; of two equally telling columns, the one configured further right goes first.
 */
export function giveWayOrder(columns: readonly Pick<ColumnNeeds, 'name' | 'kind'>[]): number[] {
  const tiers = columnTiers(columns);
  const rank = (i: number) => {
    const c = columns[i]!;
    if (tiers[i] === 2) return LEAST_TELLING.indexOf(c.name);
    const at = TELLING.indexOf(c.name);
    return LEAST_TELLING.length + (at >= 0 ? at : TELLING.indexOf('*'));
  };
  return columns
    .map((_, i) => i)
    .filter((i) => tiers[i] !== 0)
    .sort((a, b) => rank(a) - rank(b) || b - a);
}

/** A grid track of the table: one column, or two stacked (top, bottom) in rows of two lines. */
export interface Track {
  /** indices into the columns given to arrangeColumns */
  columns: number[];
  width: number;
}

/** Where the row actions go, by track (see ActionsPlace); `lines`: a slot over both lines of two-line rows, or the first. */
export type ArrangedActions = { kind: 'slot'; start: number; span: number; left: number; width: number; lines: 1 | 2 } | { kind: 'trailing'; width: number } | { kind: 'none' };

export interface Arrangement {
  /** one line per row, or two (the description on the second) */
  lines: 1 | 2;
  tracks: Track[];
  /** the column that takes the remaining width (the description), or -1 */
  flex: number;
  /** one line: the flex column's own track; two lines: the first track the description spans on the second line */
  flexTrack: number;
  /** columns left out for want of room, in configured order: the column menu lists them */
  hidden: number[];
  /** columns left out because no row of the page has a value in them */
  empty: number[];
  /** the smallest width the table can have */
  total: number;
  /** wider than the pane: the table scrolls sideways, its first `pinned` tracks staying at the left */
  overflow: boolean;
  pinned: number;
  actions: ArrangedActions;
  /** px of the track at the end of the rows: the trailing actions, or the room for the column menu's button */
  end: number;
  /**
   * The row's actions are one menu button (as on a touch screen) although the pointer can hover: the buttons side by
   * side would make the table scroll sideways, the menu does not.
   */
  rowMenu?: boolean;
}

export interface ArrangeOptions {
  /** width of the pane the table lives in */
  available: number;
  /** width of the selection/trend column in front of the columns */
  lead: number;
  /** the longest value cell (the valueWidth preference) */
  valueMax: number;
  /** buttons a row can show (0: the user may not act on alerts) and the px of one */
  buttons: number;
  buttonSize: number;
  /** no hover (touch): every row shows one menu button of this many px, in a column of its own */
  touchMenu: number | null;
  /** the user's choice: every column on one line, scrolling sideways where they do not fit */
  allColumns?: boolean;
  /** px the column menu's button needs at the end of the header, kept free whenever the menu shows */
  menu?: number;
  /** px of one row menu button holding every action, for a pointer screen the buttons side by side would not fit */
  rowMenu?: number;
}

/** The px the row's buttons need side by side, with the slot's padding. */
const buttonsWidth = (n: number, size: number) => n * size + 8;

/** The pinned tracks: those holding the leading severity and status columns (at most two columns). */
function pinnedTracks(tracks: readonly Track[], columns: readonly Pick<ColumnNeeds, 'kind' | 'name'>[]): number {
  const leading = pinnedColumns(tracks.flatMap((t) => t.columns.map((i) => columns[i]!)));
  let n = 0;
  let covered = 0;
  while (n < tracks.length && covered + tracks[n]!.columns.length <= leading) covered += tracks[n++]!.columns.length;
  return n;
}

/** One line per row: fitColumns on the shown columns. */
function oneLine(columns: readonly ColumnNeeds[], shown: readonly number[], opts: ArrangeOptions, reserve: number): Arrangement {
  const touch = opts.touchMenu !== null;
  const layout = fitColumns(
    shown.map((i) => columns[i]!),
    {
      available: opts.available,
      lead: opts.lead,
      actionsWidth: opts.buttons === 0 ? 0 : touch ? opts.touchMenu! : buttonsWidth(opts.buttons, opts.buttonSize),
      trailingActions: touch,
      valueMax: opts.valueMax,
      reserve,
    },
  );
  const tracks = shown.map((c, k) => ({ columns: [c], width: layout.widths[k]! }));
  return {
    lines: 1,
    tracks,
    flex: layout.flex >= 0 ? shown[layout.flex]! : -1,
    flexTrack: layout.flex,
    hidden: [],
    empty: [],
    total: layout.total,
    overflow: layout.overflow,
    pinned: layout.overflow ? pinnedTracks(tracks, columns) : 0,
    actions: layout.actions.kind === 'slot' ? { ...layout.actions, lines: 1 } : layout.actions,
    end: layout.end,
  };
}

/**
 * Two lines per row: the description on the second line, under every track from the first single one to the end;
 * the first `stacks` pairs of neighbouring columns share a track, one above the other. Long texts give up width only
 * with `shrink`. Returns the arrangement and the width it needs (its line of columns, and a description of at least
 * FLEX_MIN).
 */
function twoLines(columns: readonly ColumnNeeds[], shown: readonly number[], stacks: number, shrink: boolean, opts: ArrangeOptions, reserve: number): { arrangement: Arrangement; need: number } | null {
  const flexAt = flexColumn(shown.map((i) => columns[i]!));
  const flex = flexAt >= 0 ? shown[flexAt]! : -1;
  const others = shown.filter((i) => i !== flex);
  if (stacks * 2 > others.length) return null;
  const trackColumns: number[][] = [];
  for (let k = 0; k < stacks; k++) trackColumns.push([others[2 * k]!, others[2 * k + 1]!]);
  for (const c of others.slice(stacks * 2)) trackColumns.push([c]);
  const ideal = (c: number) => idealWidth(columns[c]!, opts.valueMax);
  const floor = (c: number) => (SHRINKABLE.has(columns[c]!.kind) ? shrinkFloor(columns[c]!, ideal(c)) : ideal(c));
  // Widths by column; a track is as wide as its wider column, and at least `minimum` (the actions' slot).
  const width = new Map(others.map((c) => [c, ideal(c)]));
  const minimum = trackColumns.map(() => 0);
  const trackWidths = (w: ReadonlyMap<number, number>) => trackColumns.map((cols, k) => Math.max(minimum[k]!, ...cols.map((c) => w.get(c)!)));

  // The actions: over a run of time tracks (both lines of stacked time columns, else the first line of single ones,
  // above the description), else a column of their own; on touch screens one menu button in a column of its own.
  let actions: ArrangedActions = { kind: 'none' };
  let trailing = 0;
  if (opts.buttons > 0) {
    if (opts.touchMenu !== null) {
      actions = { kind: 'trailing', width: opts.touchMenu };
    } else {
      const widths = trackWidths(width);
      const isTime = (k: number) => trackColumns[k]!.every((c) => TIME_KINDS.has(columns[c]!.kind));
      let best: { start: number; span: number; lines: 1 | 2; short: number } | null = null;
      for (let i = 0; i < trackColumns.length; i++) {
        if (!isTime(i)) continue;
        let j = i;
        while (j + 1 < trackColumns.length && isTime(j + 1) && trackColumns[j + 1]!.length === trackColumns[i]!.length) j++;
        const lines = trackColumns[i]!.length === 2 ? 2 : 1;
        const needed = buttonsWidth(lines === 2 ? Math.ceil(opts.buttons / 2) : opts.buttons, opts.buttonSize);
        const short = needed - widths.slice(i, j + 1).reduce((a, b) => a + b, 0);
        if (!best || short < best.short) best = { start: i, span: j - i + 1, lines, short };
        i = j;
      }
      if (best) {
        const last = best.start + best.span - 1;
        minimum[last] = widths[last]! + Math.max(0, best.short);
        actions = { kind: 'slot', start: best.start, span: best.span, lines: best.lines, left: 0, width: 0 };
      } else {
        actions = { kind: 'trailing', width: buttonsWidth(Math.ceil(opts.buttons / 2), opts.buttonSize) };
      }
    }
    if (actions.kind === 'trailing') trailing = actions.width;
  }
  trailing = Math.max(trailing, reserve);
  const slotted = new Set(actions.kind === 'slot' ? trackColumns.slice(actions.start, actions.start + actions.span).flat() : []);

  // The width a row needs: its line of columns, with at least `flexMin` under the single tracks for the description.
  const needOf = (w: ReadonlyMap<number, number>, flexMin = flex >= 0 ? FLEX_MIN : 0) => {
    const tracks = trackWidths(w);
    const pairs = tracks.slice(0, stacks).reduce((a, b) => a + b, 0);
    const singles = tracks.slice(stacks).reduce((a, b) => a + b, 0);
    return opts.lead + trailing + pairs + Math.max(singles, flexMin);
  };
  if (needOf(width) > opts.available) {
    const least = new Map(others.map((c) => [c, slotted.has(c) ? width.get(c)! : Math.min(width.get(c)!, floor(c))]));
    if (shrink && needOf(least) <= opts.available) {
      // Long texts give up width, all in the same proportion, as little as makes the row fit.
      const at = (share: number) => new Map(others.map((c) => [c, Math.ceil(width.get(c)! - (width.get(c)! - least.get(c)!) * share)]));
      let lo = 0;
      let hi = 1;
      for (let step = 0; step < 20; step++) {
        const mid = (lo + hi) / 2;
        if (needOf(at(mid)) <= opts.available) hi = mid;
        else lo = mid;
      }
      for (const [c, w] of at(hi)) width.set(c, w);
    }
  } else {
    // Room to spare: headers unwrapped, then cut columns given their whole content, cheapest first, as long as the
    // description keeps a comfortable width.
    for (const target of [(c: ColumnNeeds) => c.header1, (c: ColumnNeeds) => Math.max(c.header2, c.content)]) {
      const order = others.map((c) => ({ c, extra: Math.ceil(target(columns[c]!)) - width.get(c)! })).filter((x) => x.extra > 0).sort((a, b) => a.extra - b.extra);
      for (const { c, extra } of order) {
        width.set(c, width.get(c)! + extra);
        if (needOf(width, flex >= 0 ? FLEX_COMFORT : 0) > opts.available) {
          width.set(c, width.get(c)! - extra);
          break;
        }
      }
    }
  }
  const widths = trackWidths(width);
  const tracks: Track[] = trackColumns.map((cols, k) => ({ columns: cols, width: widths[k]! }));
  const need = needOf(width);
  if (actions.kind === 'slot') {
    const left = opts.lead + widths.slice(0, actions.start).reduce((a, b) => a + b, 0);
    actions = { ...actions, left, width: widths.slice(actions.start, actions.start + actions.span).reduce((a, b) => a + b, 0) };
  }
  const overflow = need > opts.available + 0.5;
  return {
    need,
    arrangement: {
      lines: 2,
      tracks,
      flex,
      flexTrack: flex >= 0 ? stacks : -1,
      hidden: [],
      empty: [],
      total: need,
      overflow,
      pinned: overflow ? pinnedTracks(tracks, columns) : 0,
      actions,
      end: trailing,
    },
  };
}

/**
 * Arranges the columns in the pane, giving way in this order until they fit (docs/layout.md):
 * 1. a column no row of the page has a value in takes no room, at any width;
 * 2. one line per row, the least telling columns (tier 2) leaving one by one;
 * 3. two lines per row, every column back: the description on the second line, then neighbouring columns stacked
 *    from the left, as many pairs as needed, then the columns leaving one by one (least telling first), stacking
 *    tried again at each step; what identifies an alert (tier 0) never leaves;
 * 4. when even that does not fit, the narrowest of those scrolls sideways, severity and status pinned at the left.
 * With `allColumns` (the user's choice), every non-empty column on one line, scrolling sideways when needed.
 * Whenever a column is left out (or every column was asked for), the column menu's button gets its room at the end.
 * A table that scrolls sideways has its actions in a column of their own at the right (pinned there by the UI), not
 * over time cells that can slide under the pinned columns.
 */
export function arrangeColumns(columns: readonly ColumnNeeds[], opts: ArrangeOptions): Arrangement {
  let arrangement = arrange(columns, opts, 0);
  const menu = opts.menu ?? 0;
  if ((arrangement.hidden.length > 0 || arrangement.empty.length > 0 || opts.allColumns) && arrangement.end < menu) arrangement = arrange(columns, opts, menu);
  if (arrangement.overflow && arrangement.actions.kind === 'slot') {
    const width = buttonsWidth(arrangement.lines === 2 ? Math.ceil(opts.buttons / 2) : opts.buttons, opts.buttonSize);
    const end = Math.max(width, arrangement.end);
    arrangement = { ...arrangement, actions: { kind: 'trailing', width: end }, end, total: arrangement.total - arrangement.end + end };
  }
  // Rather than scroll sideways for the room of the buttons, every row gets one menu button holding its actions, as
  // on a touch screen (on rows of two lines, tall enough for it).
  if (arrangement.overflow && !opts.allColumns && opts.touchMenu === null && opts.buttons > 0 && opts.rowMenu) {
    const withMenu = arrangeColumns(columns, { ...opts, touchMenu: opts.rowMenu, rowMenu: undefined });
    if (!withMenu.overflow && withMenu.lines === 2) return { ...withMenu, rowMenu: true };
  }
  return arrangement;
}

function arrange(columns: readonly ColumnNeeds[], opts: ArrangeOptions, reserve: number): Arrangement {
  const empty: number[] = [];
  const shown: number[] = [];
  columns.forEach((c, i) => (c.content > 0 ? shown : empty).push(i));
  const tiers = columnTiers(columns);
  const order = giveWayOrder(columns).filter((i) => shown.includes(i));
  const done = (a: Arrangement, hidden: readonly number[]): Arrangement => ({ ...a, hidden: [...hidden].sort((x, y) => x - y), empty });
  const without = (hidden: readonly number[]) => shown.filter((i) => !hidden.includes(i));

  if (opts.allColumns) return done(oneLine(columns, shown, opts, reserve), []);

  const hidden: number[] = [];
  for (;;) {
    const line = oneLine(columns, without(hidden), opts, reserve);
    if (!line.overflow) return done(line, hidden);
    const next = order.find((i) => tiers[i] === 2 && !hidden.includes(i));
    if (next === undefined) break;
    hidden.push(next);
  }

  hidden.length = 0;
  let narrowest: { arrangement: Arrangement; need: number; hidden: number[] } | null = null;
  for (;;) {
    const visible = without(hidden);
    // Stacking before cutting texts: an event cut to "PacketL…" says less than two columns sharing a track.
    for (const shrink of [false, true]) {
      for (let stacks = 0; ; stacks++) {
        const two = twoLines(columns, visible, stacks, shrink, opts, reserve);
        if (!two) break;
        if (!two.arrangement.overflow) return done(two.arrangement, hidden);
        if (!narrowest || two.need < narrowest.need) narrowest = { ...two, hidden: [...hidden] };
      }
    }
    const next = order.find((i) => !hidden.includes(i));
    if (next === undefined) break;
    hidden.push(next);
  }
  return narrowest ? done(narrowest.arrangement, narrowest.hidden) : done(oneLine(columns, shown, opts, reserve), []);
}

/** Rows of two lines per density: each line holds a row button (28 px, compact 24 px) when the actions take one. */
const TWO_LINE_HEIGHTS: Readonly<Record<'comfortable' | 'compact', number>> = Object.freeze({ comfortable: 60, compact: 48 });
/** A row on a touch screen is at least this tall: its buttons are 44 px targets. */
export const TOUCH_ROW_MIN = 48;

/** The height of a table row in px. */
export function rowHeight(density: 'comfortable' | 'compact', lines: 1 | 2, touch: boolean): number {
  const h = lines === 2 ? TWO_LINE_HEIGHTS[density] : ROW_HEIGHTS[density];
  return touch ? Math.max(h, TOUCH_ROW_MIN) : h;
}

// Rendering only the rows near the viewport: a page of 200 alerts keeps about 40 rows in the DOM. Rows
// have one height (table rows by density, phone cards by measuring one), so the window is plain arithmetic on the
// scroll position; no library needed. The window moves in steps (every OVERSCAN / 2 rows), not at every scroll event,
// so scrolling re-renders a few rows at a time.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type MutableRefObject, type RefObject } from 'react';

/** Rows rendered beyond each edge of the viewport: a wheel notch or a PageDown never reaches unrendered rows. */
export const OVERSCAN = 10;

export interface RowWindow {
  /** first rendered index */
  start: number;
  /** one past the last rendered index */
  end: number;
}

/**
 * The rows visible in a viewport of `viewport` px scrolled to `scrollTop`, the rows starting `bodyTop` px into the
 * scrolled content, each `rowHeight` px tall: [first, last).
 */
export function visibleRows(scrollTop: number, viewport: number, bodyTop: number, rowHeight: number, count: number): RowWindow {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const top = scrollTop - bodyTop;
  const first = Math.min(count, Math.max(0, Math.floor(top / rowHeight)));
  const last = Math.min(count, Math.max(first, Math.ceil((top + viewport) / rowHeight)));
  return { start: first, end: last };
}

/** The window to render for what is visible: the visible rows and OVERSCAN on each side, within the list. */
export function windowAround(visible: RowWindow, count: number, overscan = OVERSCAN): RowWindow {
  return { start: Math.max(0, visible.start - overscan), end: Math.min(count, visible.end + overscan) };
}

/**
 * Whether the rendered window still serves what is visible: it covers the visible rows with at least half the
 * overscan to spare on each side (or reaches the list's end there), and is not far larger than needed.
 */
export function windowServes(current: RowWindow, visible: RowWindow, count: number, overscan = OVERSCAN): boolean {
  const margin = Math.floor(overscan / 2);
  const coversTop = current.start === 0 || visible.start - current.start >= margin;
  const coversBottom = current.end === count || current.end - visible.end >= margin;
  const notTooBig = current.end - current.start <= visible.end - visible.start + 4 * overscan;
  return coversTop && coversBottom && current.start <= visible.start && current.end >= Math.min(count, visible.end) && notTooBig;
}

// ---- which rendered rows are on screen ----
// The cells that change every second (AlertCells.tsx) write only those in rows on screen. What is on screen comes
// from the arithmetic above, done where the list already does it (a scroll, a resize, a new page), and from the index
// each row is placed at: no layout read per cell and per second, and no observer working in every frame.

/** The index each row element was last placed at (useRenderedRows). */
const placedIndex = new WeakMap<Element, number>();
/** The rows visible in each list's viewport, by the element holding its rows (useRowWindow). */
const visibleIn = new WeakMap<Element, RowWindow>();
const shownListeners = new Set<() => void>();

function shownRowsChanged() {
  for (const listener of shownListeners) listener();
}

/**
 * Whether the row element `row` is in its list's viewport. A row no windowed list placed, or placed by a list that
 * has not measured its viewport yet, counts as shown.
 */
export function rowShown(row: Element): boolean {
  const list = row.parentElement;
  const visible = list ? visibleIn.get(list) : undefined;
  const index = placedIndex.get(row);
  if (!visible || index === undefined) return true;
  return index >= visible.start && index < visible.end;
}

/** Calls `listener` whenever rows may have come into view (a scroll, a resize, rows placed anew); returns its end. */
export function onShownRowsChange(listener: () => void): () => void {
  shownListeners.add(listener);
  return () => void shownListeners.delete(listener);
}

/**
 * Where a list is scrolled to, as the row at the viewport's top (a fractional index), kept by the list on screen and
 * taken over by the next: a change of layout (a resize, a turned tablet: rows of one line becoming two, the table
 * becoming cards) would otherwise leave the same scroll offset showing other rows. null until the user scrolls.
 */
export type RowAnchor = MutableRefObject<number | null>;

/**
 * The rows of a list in `scrollRef` whose rows start at `bodyRef`, each `rowHeight` px tall, to render now. With an
 * `anchorRef`, the list records its place there as it scrolls, and comes back to it when it mounts or its rows change
 * height.
 */
export function useRowWindow(
  scrollRef: RefObject<HTMLElement | null>,
  bodyRef: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  anchorRef?: RowAnchor,
): RowWindow {
  // Before the first layout the viewport is unknown: the window's height stands in for it. The first rows are what a
  // start waits for: they come alone, and the rows below them (the overscan) follow once they are painted.
  const [range, setRange] = useState<RowWindow>(() => windowAround(visibleRows(0, typeof window === 'undefined' ? 1000 : window.innerHeight, 0, rowHeight, count), count, 0));
  // The window last asked for, read by the scroll handler without waiting for the render.
  const rangeRef = useRef(range);
  const first = useRef(range);
  const latestCount = useRef(count);
  useLayoutEffect(() => {
    latestCount.current = count;
  });
  useEffect(() => {
    // Once the first rows are painted, the overscan: unless the list moved its window meanwhile (a scroll, a resize).
    const frame = requestAnimationFrame(() => {
      if (rangeRef.current !== first.current) return;
      const full = windowAround(first.current, latestCount.current);
      if (full.end === first.current.end) return;
      rangeRef.current = full;
      setRange(full);
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  const update = useCallback(() => {
    const scroller = scrollRef.current;
    const body = bodyRef.current;
    if (!scroller || !body) return;
    const bodyTop = body.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
    // A list not laid out yet (display none, a test without layout) has no height: keep the first guess.
    const viewport = scroller.clientHeight || (typeof window === 'undefined' ? 1000 : window.innerHeight);
    const visible = visibleRows(scroller.scrollTop, viewport, bodyTop, rowHeight, count);
    if (anchorRef) anchorRef.current = scroller.scrollTop > 0 ? (scroller.scrollTop - bodyTop) / rowHeight : null;
    const shown = visibleIn.get(body);
    if (!shown || shown.start !== visible.start || shown.end !== visible.end) {
      visibleIn.set(body, visible);
      shownRowsChanged();
    }
    const current = rangeRef.current;
    if (windowServes(current, visible, count)) return;
    const next = windowAround(visible, count);
    if (next.start === current.start && next.end === current.end) return;
    rangeRef.current = next;
    setRange(next);
  }, [scrollRef, bodyRef, rowHeight, count, anchorRef]);

  // The first rows need no measuring: the first guess covers the window from the list's top. Measured at once
  // afterwards (a new page size, another row height), so no frame shows a gap.
  const mounted = useRef(false);
  /** The row height the list's place was last set for. */
  const placedFor = useRef<number | null>(null);
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    // Back to the recorded place when mounting in place of another layout, or when the rows changed height. Only
    // then is the body's offset read (a layout), never on a first start, where nothing has been scrolled.
    const reshaped = placedFor.current !== rowHeight;
    placedFor.current = rowHeight;
    let restored = false;
    if (reshaped && anchorRef?.current && scroller && bodyRef.current) {
      const bodyTop = bodyRef.current.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
      scroller.scrollTop = bodyTop + anchorRef.current * rowHeight;
      restored = true;
    }
    if (mounted.current || restored) update();
    mounted.current = true;
    if (!scroller) return;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        update();
      });
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onScroll);
    resize?.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      resize?.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [scrollRef, bodyRef, anchorRef, rowHeight, update]);

  // A page that shrank below the window: clamp at once.
  return range.end > count || range.start > count ? windowAround({ start: Math.min(range.start, count), end: Math.min(range.end, count) }, count, 0) : range;
}

/**
 * The order React renders the rows in: by id, not by their place on the page, so that React itself never moves a row
 * (its list diffing moves every row a moved one jumped over: a poll that brings five alerts to the top of their
 * severity band moved some thirty rows). placeRows then puts the DOM in page order with the fewest moves.
 */
export function renderOrder(indices: readonly number[], order: readonly string[]): number[] {
  return [...indices].sort((a, b) => (order[a]! < order[b]! ? -1 : order[a]! > order[b]! ? 1 : 0));
}

/** Indices (into `seq`) of a longest strictly increasing subsequence of `seq`. */
export function longestIncreasing(seq: readonly number[]): Set<number> {
  const tails: number[] = [];
  const prev = new Array<number>(seq.length).fill(-1);
  for (let i = 0; i < seq.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (seq[tails[mid]!]! < seq[i]!) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  const out = new Set<number>();
  for (let k = tails.length ? tails[tails.length - 1]! : -1; k >= 0; k = prev[k]!) out.add(k);
  return out;
}

/** The longest increasing run that includes position `pinned`: the rest on each side must fit around it. */
function keepAround(at: readonly number[], pinned: number): Set<number> {
  const p = at[pinned]!;
  const left = at.map((v, i) => (i < pinned && v < p ? i : -1)).filter((i) => i >= 0);
  const right = at.map((v, i) => (i > pinned && v > p ? i : -1)).filter((i) => i >= 0);
  const keep = new Set<number>([pinned]);
  for (const k of longestIncreasing(left.map((i) => at[i]!))) keep.add(left[k]!);
  for (const k of longestIncreasing(right.map((i) => at[i]!))) keep.add(right[k]!);
  return keep;
}

/**
 * The key a row element is placed by: its line's key in a grouped list (data-item-key: an alert can have a line under
 * two groups, and a group's header is a line too), else its alert id (data-row-id).
 */
function keyOfRow(el: HTMLElement): string {
  return el.dataset.itemKey ?? el.dataset.rowId ?? '';
}

/**
 * Puts the row elements of `container` (those with data-row-id or data-item-key) in the order of `ids`, moving as few as possible:
 * the rows forming the longest run already in order stay, the others move. Moving an element that is laid out makes
 * the browser style and lay it out again, so five moved alerts cost five rows, not thirty. Other children stay where
 * they are, and so does the row with the keyboard focus (moving it would drop the focus). Keyboard users, screen
 * readers and anything that reads the DOM see the rows in page order.
 */
export function placeRows(container: HTMLElement, ids: readonly string[]): number {
  const wanted = new Map(ids.map((id, i) => [id, i]));
  const rows = [...container.children].filter((el): el is HTMLElement => el instanceof HTMLElement && wanted.has(keyOfRow(el)));
  if (rows.length === 0) return 0;
  const at = rows.map((el) => wanted.get(keyOfRow(el))!);
  // A moved element loses the keyboard focus: the row holding it stays, and the others are placed around it.
  const active = typeof document === 'undefined' ? null : document.activeElement;
  const pinned = active ? rows.findIndex((el) => el.contains(active)) : -1;
  const keep = pinned < 0 ? longestIncreasing(at) : keepAround(at, pinned);
  const byPosition = new Array<HTMLElement | undefined>(ids.length);
  rows.forEach((el, k) => (byPosition[at[k]!] = el));
  const staying = new Set([...keep].map((k) => rows[k]!));
  // What follows the rows (the full-text box of the focused row), which no row may pass.
  let end = rows[rows.length - 1]!.nextSibling;
  while (end instanceof HTMLElement && wanted.has(keyOfRow(end))) end = end.nextSibling;
  let moved = 0;
  // From the end: each row that must move goes right before the row that follows it in page order.
  let next: Node | null = end;
  for (let p = ids.length - 1; p >= 0; p--) {
    const el = byPosition[p];
    if (!el) continue;
    if (!staying.has(el)) {
      container.insertBefore(el, next);
      moved++;
    }
    next = el;
  }
  return moved;
}

/** Where a rendered row goes: its offset from the list's top (px) and the attributes that tell its place. */
export interface RowPlace {
  offset: number;
  attributes: Readonly<Record<string, string>>;
  /** the row's index in its list, for rowShown */
  index?: number;
}

/**
 * Gives each row element of `container` its place outside React: a `translateY` and the attributes that say where it
 * is (`aria-rowindex`, `aria-posinset`...). A poll that shifts thirty rows by one then re-renders none of them, only
 * the rows whose alert changed; React never renders these properties, so the two never disagree. Writes only what
 * differs; returns how many rows changed place.
 */
export function positionRows(container: HTMLElement, placeOf: (id: string) => RowPlace | null): number {
  let changed = 0;
  for (const el of container.children) {
    if (!(el instanceof HTMLElement) || !keyOfRow(el)) continue;
    const place = placeOf(keyOfRow(el));
    if (!place) continue;
    if (place.index !== undefined) placedIndex.set(el, place.index);
    let moved = false;
    const transform = `translateY(${place.offset}px)`;
    if (el.style.transform !== transform) {
      el.style.transform = transform;
      moved = true;
    }
    for (const [name, value] of Object.entries(place.attributes)) {
      if (el.getAttribute(name) !== value) {
        el.setAttribute(name, value);
        moved = true;
      }
    }
    if (moved) changed++;
  }
  return changed;
}

/**
 * The rows of a windowed list to render: the window, plus the row with the roving focus wherever it is (so keyboard
 * focus is never lost to a scroll), in the order React renders them (renderOrder). Before the browser paints, the
 * DOM is put in page order (placeRows) and each row is given its place (positionRows), so the rows a poll only
 * shifts re-render nothing. `place(index)` says where the row at `index` goes; `placeKey` holds everything it
 * depends on besides the index (row height, page size).
 */
export function useRenderedRows(
  container: RefObject<HTMLElement | null>,
  order: readonly string[],
  range: RowWindow,
  focusId: string | null,
  place: (index: number) => RowPlace,
  placeKey: string,
): number[] {
  const focusIndex = focusId === null ? -1 : order.indexOf(focusId);
  const indices: number[] = [];
  for (let i = range.start; i < range.end; i++) indices.push(i);
  if (focusIndex >= 0 && (focusIndex < range.start || focusIndex >= range.end)) indices.push(focusIndex);
  const pageKey = [...indices]
    .sort((a, b) => a - b)
    .map((i) => order[i]!)
    .join(' ');
  const placesKey = `${pageKey}|${indices.join(' ')}|${placeKey}`;
  useLayoutEffect(() => {
    const list = container.current;
    if (!list) return;
    placeRows(list, pageKey.split(' '));
    const at = new Map(indices.map((i) => [order[i]!, i]));
    const moved = positionRows(list, (id) => {
      const i = at.get(id);
      return i === undefined ? null : { ...place(i), index: i };
    });
    // A row a poll moved into view, or a new row, is brought up to date before it is painted.
    if (moved > 0) shownRowsChanged();
    // placesKey holds everything the places depend on (the ids in page order, their indices, placeKey).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [placesKey]);
  return renderOrder(indices, order);
}

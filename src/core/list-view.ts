// Client-side text filter, sort and paging of the administration lists: the API returns these lists whole
// (or in pages of 50 and more), and an administrator expects to narrow, order and page them instantly.

export type SortDirection = 'asc' | 'desc';

/** A value a column sorts by: numbers and dates sort numerically, text naturally and case-insensitively. */
export type SortValue = string | number | boolean | null | undefined;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function normalise(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/**
 * The items whose searchable text contains every word of the query, ignoring case and accents (`istanbul` finds
 * `İstanbul`, `cafe` finds `café`). A blank query keeps everything, in order.
 */
export function filterByText<T>(items: readonly T[], query: string, text: (item: T) => readonly (string | null | undefined)[]): T[] {
  const words = normalise(query).split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const hay = normalise(text(item).filter((s): s is string => typeof s === 'string').join('\u0000'));
    return words.every((w) => hay.includes(w));
  });
}

function compareValues(a: SortValue, b: SortValue): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? -1 : 1;
  return collator.compare(String(a), String(b));
}

/**
 * A stable sort by one column. Empty values go last in both directions, so reversing the order never buries the
 * rows that have a value under the ones that have none.
 */
export function sortByValue<T>(items: readonly T[], value: (item: T) => SortValue, direction: SortDirection): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return items
    .map((item, index) => ({ item, index, v: value(item) }))
    .sort((x, y) => {
      const emptyX = x.v === null || x.v === undefined || x.v === '';
      const emptyY = y.v === null || y.v === undefined || y.v === '';
      if (emptyX !== emptyY) return emptyX ? 1 : -1;
      return sign * compareValues(x.v, y.v) || x.index - y.index;
    })
    .map((x) => x.item);
}

export const PAGE_SIZES: readonly number[] = Object.freeze([10, 20, 50]);

export interface PageSlice<T> {
  rows: T[];
  /** 1-based page actually shown (clamped into range) */
  page: number;
  pages: number;
  /** 1-based positions of the first and last row shown; 0 when empty */
  first: number;
  last: number;
  total: number;
}

/** One page of rows; a page past the end shows the last page rather than nothing (e.g. after deleting rows). */
export function pageOf<T>(items: readonly T[], page: number, size: number): PageSlice<T> {
  const total = items.length;
  const s = Math.max(1, Math.floor(size) || 1);
  const pages = Math.max(1, Math.ceil(total / s));
  const p = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const start = (p - 1) * s;
  const rows = items.slice(start, start + s);
  return { rows, page: p, pages, first: total === 0 ? 0 : start + 1, last: start + rows.length, total };
}

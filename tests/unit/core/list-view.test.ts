import { describe, expect, it } from 'vitest';
import { filterByText, pageOf, sortByValue } from '../../../src/core/list-view.ts';

const rows = [
  { name: 'web01', n: 3, city: 'İstanbul' },
  { name: 'db10', n: null, city: 'Paris' },
  { name: 'db2', n: 1, city: 'Café Town' },
  { name: 'Alpha', n: 2, city: '' },
];

describe('filterByText', () => {
  const text = (r: (typeof rows)[number]) => [r.name, r.city];
  it('keeps rows containing every word, ignoring case and accents', () => {
    expect(filterByText(rows, 'DB', text).map((r) => r.name)).toEqual(['db10', 'db2']);
    expect(filterByText(rows, 'cafe town', text).map((r) => r.name)).toEqual(['db2']);
    expect(filterByText(rows, 'istanbul', text).map((r) => r.name)).toEqual(['web01']);
    expect(filterByText(rows, 'db paris', text).map((r) => r.name)).toEqual(['db10']);
  });
  it('keeps everything for a blank query', () => {
    expect(filterByText(rows, '   ', text)).toHaveLength(4);
  });
  it('does not match across two fields', () => {
    expect(filterByText(rows, 'web01İstanbul', text)).toHaveLength(0);
  });
});

describe('sortByValue', () => {
  it('sorts text naturally and case-insensitively', () => {
    expect(sortByValue(rows, (r) => r.name, 'asc').map((r) => r.name)).toEqual(['Alpha', 'db2', 'db10', 'web01']);
    expect(sortByValue(rows, (r) => r.name, 'desc').map((r) => r.name)).toEqual(['web01', 'db10', 'db2', 'Alpha']);
  });
  it('sorts numbers numerically and keeps empty values last in both directions', () => {
    expect(sortByValue(rows, (r) => r.n, 'asc').map((r) => r.n)).toEqual([1, 2, 3, null]);
    expect(sortByValue(rows, (r) => r.n, 'desc').map((r) => r.n)).toEqual([3, 2, 1, null]);
    expect(sortByValue(rows, (r) => r.city, 'desc').at(-1)?.name).toBe('Alpha');
  });
  it('is stable for equal values', () => {
    const eq = [{ k: 1, id: 'a' }, { k: 1, id: 'b' }, { k: 0, id: 'c' }];
    expect(sortByValue(eq, (r) => r.k, 'desc').map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('pageOf', () => {
  const items = Array.from({ length: 25 }, (_, i) => i + 1);
  it('slices pages and reports positions', () => {
    expect(pageOf(items, 2, 10)).toMatchObject({ rows: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20], page: 2, pages: 3, first: 11, last: 20, total: 25 });
    expect(pageOf(items, 3, 10)).toMatchObject({ rows: [21, 22, 23, 24, 25], first: 21, last: 25 });
  });
  it('clamps a page past the end to the last page', () => {
    expect(pageOf(items, 9, 10).page).toBe(3);
    expect(pageOf(items, 0, 10).page).toBe(1);
  });
  it('describes an empty list as one empty page', () => {
    expect(pageOf([], 1, 10)).toEqual({ rows: [], page: 1, pages: 1, first: 0, last: 0, total: 0 });
  });
});

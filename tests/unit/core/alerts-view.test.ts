// What identifies a view of the alert list, and the sort rules its header needs (src/core/alerts-view.ts).
import { describe, expect, it } from 'vitest';
import { sortIsNewestFirst, viewKey } from '../../../src/core/alerts-view.ts';
import type { AlertsView } from '../../../src/core/types.ts';
import { view } from './view-fixture.ts';

describe('viewKey', () => {
  it('is the same for equal views whatever the key order', () => {
    const a = view({ page: 2 }, { service: ['Web'] });
    const b: AlertsView = {
      watchedBy: null,
      showHistory: false,
      rowsPerPage: 20,
      page: 2,
      sort: { descending: false, sortBy: 'default' },
      filter: {
        dateRange: [null, null],
        group: null,
        service: ['Web'],
        customer: null,
        status: ['open', 'ack'],
        text: null,
        environment: null,
      },
      query: [],
    };
    expect(viewKey(a)).toBe(viewKey(b));
  });

  it('differs when anything that selects alerts differs', () => {
    const base = viewKey(view());
    expect(viewKey(view({ page: 2 }))).not.toBe(base);
    expect(viewKey(view({ watchedBy: 'x' }))).not.toBe(base);
    expect(viewKey(view({}, { dateRange: [-3600, null] }))).not.toBe(base);
    expect(viewKey(view({ query: [['q', 'a']] }))).not.toBe(base);
    expect(viewKey(view({ sort: { sortBy: 'default', descending: true } }))).not.toBe(base);
  });
});

describe('sort direction', () => {
  it('reports which direction the server really returns time columns', () => {
    expect(sortIsNewestFirst('lastReceiveTime', false)).toBe(true);
    expect(sortIsNewestFirst('lastReceiveTime', true)).toBe(false);
    expect(sortIsNewestFirst('duration', false)).toBe(true);
    expect(sortIsNewestFirst('timeoutLeft', false)).toBe(false);
    expect(sortIsNewestFirst('timeoutLeft', true)).toBe(true);
    expect(sortIsNewestFirst('severity', false)).toBe(false);
  });
});

// The pushed road into the UI: how the alerts state module applies the worker's full snapshots and patches to a
// store (a fresh one per test, never the app's).
import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { alertsHandlers, metaAtom, newsAtom, orderAtom, rowAtom, trendHistoryAtom, viewKeyAtom } from '../../../src/app/state/alerts.ts';
import { applyEvent } from '../../../src/app/state/connect.ts';
import { full, row } from './fixtures.ts';

describe('alerts state: full snapshot, patches, stale messages, view change', () => {
  it('a full snapshot sets every row, the order, the meta and the view', () => {
    const store = createStore();
    alertsHandlers['alerts-full'](store, full('view-a', [row('a'), row('b')]));
    expect(store.get(viewKeyAtom)).toBe('view-a');
    expect(store.get(orderAtom)).toEqual(['a', 'b']);
    expect(store.get(rowAtom('b'))?.resource).toBe('web-b');
    expect(store.get(metaAtom).total).toBe(2);
  });

  it('a patch changes only the rows it carries: an unchanged row keeps its very object, so it does not re-render', () => {
    const store = createStore();
    applyEvent(store, full('v', [row('a'), row('b')]));
    const before = store.get(rowAtom('a'));
    applyEvent(store, { type: 'alerts-patch', viewKey: 'v', seq: 2, rows: [row('b', { status: 'ack' })], meta: { total: 2 } });
    expect(store.get(rowAtom('a'))).toBe(before);
    expect(store.get(rowAtom('b'))?.status).toBe('ack');
    expect(store.get(orderAtom)).toEqual(['a', 'b']);
  });

  it('a patch that moves or removes rows changes the order and forgets the rows that left', () => {
    const store = createStore();
    applyEvent(store, full('v', [row('a'), row('b'), row('c')]));
    applyEvent(store, { type: 'alerts-patch', viewKey: 'v', seq: 2, order: ['c', 'a'] });
    expect(store.get(orderAtom)).toEqual(['c', 'a']);
    expect(store.get(rowAtom('b'))).toBeUndefined();
  });

  it('a patch overtaken by a newer message (an older seq) is ignored', () => {
    const store = createStore();
    applyEvent(store, full('v', [row('a')]));
    applyEvent(store, { type: 'alerts-patch', viewKey: 'v', seq: 3, rows: [row('a', { status: 'ack' })] });
    applyEvent(store, { type: 'alerts-patch', viewKey: 'v', seq: 2, rows: [row('a', { status: 'closed' })] });
    expect(store.get(rowAtom('a'))?.status).toBe('ack');
  });

  it('a patch for another view (the one before a filter change) never mixes into what is shown', () => {
    const store = createStore();
    applyEvent(store, full('new-view', [row('a')]));
    applyEvent(store, { type: 'alerts-patch', viewKey: 'old-view', seq: 9, rows: [row('x')], order: ['x'] });
    expect(store.get(orderAtom)).toEqual(['a']);
    expect(store.get(rowAtom('x'))).toBeUndefined();
  });

  it('a full snapshot of another view replaces the page, even with a lower seq', () => {
    const store = createStore();
    applyEvent(store, full('v1', [row('a'), row('b')], { seq: 7 }));
    applyEvent(store, full('v2', [row('c')], { seq: 1 }));
    expect(store.get(viewKeyAtom)).toBe('v2');
    expect(store.get(orderAtom)).toEqual(['c']);
    expect(store.get(rowAtom('a'))).toBeUndefined();
    // and the new view's patches apply from its own seq on
    applyEvent(store, { type: 'alerts-patch', viewKey: 'v2', seq: 2, rows: [row('c', { severity: 'critical' })] });
    expect(store.get(rowAtom('c'))?.severity).toBe('critical');
  });

  it('news counts every report, so the same ids reported twice still ring twice', () => {
    const store = createStore();
    applyEvent(store, full('v', [row('a')], { news: ['a'] }));
    applyEvent(store, { type: 'alerts-patch', viewKey: 'v', seq: 2, news: ['a'] });
    expect(store.get(newsAtom)).toEqual({ ids: ['a'], n: 2 });
  });

  it('the count history of another view is not shown', () => {
    const store = createStore();
    applyEvent(store, full('v', []));
    applyEvent(store, { type: 'trend-history', viewKey: 'other', samples: [{ t: 1, severityCounts: { major: 1 }, statusCounts: {} }] });
    expect(store.get(trendHistoryAtom)).toEqual([]);
    applyEvent(store, { type: 'trend-history', viewKey: 'v', samples: [{ t: 1, severityCounts: { major: 1 }, statusCounts: {} }] });
    expect(store.get(trendHistoryAtom)).toHaveLength(1);
  });
});

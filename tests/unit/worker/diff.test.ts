import { describe, expect, it } from 'vitest';
import { diffRows, fingerprints, newAlertIds, seenState } from '../../../src/worker/diff.ts';
import type { AlertRow } from '../../../src/worker/contract/index.ts';

function row(id: string, patch: Partial<AlertRow> = {}): AlertRow {
  return {
    id, resource: `r-${id}`, event: 'E', environment: 'Production', severity: 'major', correlate: [], status: 'open', service: ['Web'],
    group: 'G', value: '', text: '', tags: [], attributes: {}, origin: 'o', type: 't', createTime: '2026-01-01T00:00:00.000Z', timeout: 86400,
    rawData: null, customer: null, duplicateCount: 0, repeat: false, previousSeverity: 'indeterminate', trendIndication: 'moreSevere',
    receiveTime: '2026-01-01T00:00:00.000Z', lastReceiveId: id, lastReceiveTime: '2026-01-01T00:00:00.000Z', updateTime: '2026-01-01T00:00:00.000Z',
    history: [], trend: 'moreSevere', ...patch,
  };
}

describe('diffRows', () => {
  it('sends every row the first time, with the order', () => {
    const rows = [row('a'), row('b')];
    const diff = diffRows(null, null, rows);
    expect(diff.changed.map((r) => r.id)).toEqual(['a', 'b']);
    expect(diff.order).toEqual(['a', 'b']);
  });

  it('sends nothing for an unchanged poll', () => {
    const rows = [row('a'), row('b')];
    const diff = diffRows(fingerprints(rows), ['a', 'b'], [row('a'), row('b')]);
    expect(diff.changed).toEqual([]);
    expect(diff.order).toBeUndefined();
  });

  it('sends only the rows that changed, and the order only when it moved', () => {
    const before = [row('a'), row('b'), row('c')];
    const after = [row('a'), row('b', { status: 'ack' }), row('c', { tags: ['watch:admin'] })];
    const diff = diffRows(fingerprints(before), ['a', 'b', 'c'], after);
    expect(diff.changed.map((r) => r.id)).toEqual(['b', 'c']);
    expect(diff.order).toBeUndefined();
    const moved = diffRows(fingerprints(before), ['a', 'b', 'c'], [before[2]!, before[0]!, before[1]!]);
    expect(moved.changed).toEqual([]);
    expect(moved.order).toEqual(['c', 'a', 'b']);
  });

  it('a removed row changes the order', () => {
    const before = [row('a'), row('b')];
    expect(diffRows(fingerprints(before), ['a', 'b'], [row('a')]).order).toEqual(['a']);
  });
});

describe('newAlertIds', () => {
  const t = (s: number) => `2026-01-01T00:00:${String(s).padStart(2, '0')}.000Z`;

  it('nothing is new on the first load of a view', () => {
    expect(newAlertIds(null, [row('a', { lastReceiveTime: t(5) })])).toEqual([]);
  });

  it('a new open non-repeat alert received after the last poll is new', () => {
    const seen = seenState(null, [row('a', { lastReceiveTime: t(5) })]);
    const next = [row('a', { lastReceiveTime: t(5) }), row('b', { lastReceiveTime: t(9) })];
    expect(newAlertIds(seen, next)).toEqual(['b']);
  });

  it('repeats, closed and acked alerts are not new', () => {
    const seen = seenState(null, [row('a', { lastReceiveTime: t(5) })]);
    const next = [
      row('r', { lastReceiveTime: t(9), repeat: true }),
      row('c', { lastReceiveTime: t(9), status: 'closed' }),
      row('k', { lastReceiveTime: t(9), status: 'ack' }),
      row('n', { lastReceiveTime: t(9), status: 'NORM' }),
    ];
    expect(newAlertIds(seen, next)).toEqual(['n']);
  });

  it('an old alert sliding onto the page (another one closed) is not new', () => {
    const seen = seenState(null, [row('a', { lastReceiveTime: t(30) })]);
    expect(newAlertIds(seen, [row('old', { lastReceiveTime: t(10) })])).toEqual([]);
  });

  it('remembers the newest time across polls, so an outage does not make everything new', () => {
    let seen = seenState(null, [row('a', { lastReceiveTime: t(10) })]);
    seen = seenState(seen, [row('b', { lastReceiveTime: t(20) })]);
    expect(seen.newest).toBe(t(20));
    expect(newAlertIds(seen, [row('a', { lastReceiveTime: t(10) }), row('b', { lastReceiveTime: t(20) })])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { bulkTargets, EMPTY_SELECTION, pruneSelection, selectionCoverage, toggleAll, toggleSelected } from '../../../src/core/alerts-selection.ts';

describe('row selection', () => {
  it('toggling adds a row, toggling again removes it, without changing the original set', () => {
    const one = toggleSelected(EMPTY_SELECTION, 'a');
    expect([...one]).toEqual(['a']);
    expect(EMPTY_SELECTION.size).toBe(0);
    expect([...toggleSelected(one, 'a')]).toEqual([]);
  });

  it('the header checkbox selects the whole page, and clears it when all were selected', () => {
    expect([...toggleAll(new Set(['a']), ['a', 'b', 'c'])]).toEqual(['a', 'b', 'c']);
    expect(toggleAll(new Set(['a', 'b', 'c']), ['a', 'b', 'c']).size).toBe(0);
    expect(toggleAll(EMPTY_SELECTION, []).size).toBe(0);
  });

  it('drops selected alerts that left the page, and returns the same set when none did', () => {
    const sel = new Set(['a', 'b']);
    expect([...pruneSelection(sel, ['b', 'c'])]).toEqual(['b']);
    expect(pruneSelection(sel, ['a', 'b', 'c'])).toBe(sel);
  });

  it('reports all, some or none of the page selected', () => {
    expect(selectionCoverage(new Set(['a', 'b']), ['a', 'b'])).toBe('all');
    expect(selectionCoverage(new Set(['a']), ['a', 'b'])).toBe('some');
    expect(selectionCoverage(new Set(['x']), ['a', 'b'])).toBe('none');
  });
});

describe('bulk action targets', () => {
  const alerts = [
    { id: '1', status: 'open' },
    { id: '2', status: 'ack' },
    { id: '3', status: 'closed' },
    { id: '4', status: 'shelved' },
    { id: '5', status: 'UNACK' },
  ];

  it('ack applies to open alerts only (legacy UNACK counts as open)', () => {
    expect(bulkTargets(alerts, 'ack')).toEqual(['1', '5']);
  });

  it('shelve applies to open and acked alerts', () => {
    expect(bulkTargets(alerts, 'shelve')).toEqual(['1', '2', '5']);
  });

  it('close applies to everything not already closed', () => {
    expect(bulkTargets(alerts, 'close')).toEqual(['1', '2', '4', '5']);
  });
});

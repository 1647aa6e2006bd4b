import { describe, expect, it } from 'vitest';
import { FLEX_MIN, fitColumns, flexColumn, pinnedColumns, splitHeader, widenOnly, type ColumnNeeds } from '../../../src/core/table-layout.ts';
import type { ColumnKind } from '../../../src/core/columns.ts';

// A measure of 7 px per character keeps the arithmetic readable.
const measure = (text: string) => text.length * 7;

function col(name: string, kind: ColumnKind, content: number, header = 60): ColumnNeeds {
  return { name, kind, header1: header, header2: header, content };
}

/** The real server's default columns, with content widths like a page of the demo's alerts. */
const DEFAULTS: ColumnNeeds[] = [
  col('severity', 'severity', 80),
  col('status', 'status', 60),
  { name: 'lastReceiveTime', kind: 'date', header1: 140, header2: 90, content: 120 },
  col('timeoutLeft', 'timeoutLeft', 70),
  col('duplicateCount', 'number', 30, 50),
  col('customer', 'text', 90),
  col('environment', 'text', 100),
  col('service', 'list', 130),
  col('resource', 'text', 110),
  col('event', 'text', 130),
  col('value', 'html', 90),
  col('text', 'html', 420),
];
const OPTS = { lead: 36, actionsWidth: 0, valueMax: 66 };
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('splitHeader', () => {
  it('keeps one word on one line', () => {
    expect(splitHeader('Environnement', measure)).toEqual({ lines: ['Environnement'], width: 91 });
  });

  it('wraps at the space that makes the longer line shortest', () => {
    expect(splitHeader('Last Receive Time', measure)).toEqual({ lines: ['Last Receive', 'Time'], width: 84 });
    expect(splitHeader('Zuletzt empfangen am', measure).lines).toEqual(['Zuletzt', 'empfangen am']);
  });
});

describe('fitColumns', () => {
  it('sizes each column to its content and gives the description the rest, at least FLEX_MIN', () => {
    const layout = fitColumns(DEFAULTS, { ...OPTS, available: 1400 });
    expect(layout.overflow).toBe(false);
    expect(layout.flex).toBe(11);
    expect(layout.widths[9]).toBe(130);
    expect(layout.widths[11]).toBe(FLEX_MIN);
    expect(layout.total).toBeLessThanOrEqual(1400);
  });

  it('never makes a column narrower than its header on two lines', () => {
    const layout = fitColumns(DEFAULTS, { ...OPTS, available: 1400 });
    DEFAULTS.forEach((c, i) => expect(layout.widths[i]).toBeGreaterThanOrEqual(c.header2));
    expect(layout.widths[4]).toBe(50);
  });

  it('cuts Value at the valueWidth preference, and lets it grow when the screen has room to spare', () => {
    expect(fitColumns(DEFAULTS, { ...OPTS, available: 1250 }).widths[10]).toBe(66);
    expect(fitColumns(DEFAULTS, { ...OPTS, available: 2400 }).widths[10]).toBe(90);
  });

  it('unwraps two-line headers when there is room to spare', () => {
    expect(fitColumns(DEFAULTS, { ...OPTS, available: 1200 }).widths[2]).toBe(120);
    expect(fitColumns(DEFAULTS, { ...OPTS, available: 1800 }).widths[2]).toBe(140);
  });

  it('shrinks long-text columns (never below their header) when that makes the table fit', () => {
    const natural = fitColumns(DEFAULTS, { ...OPTS, available: 5000 });
    const tight = fitColumns(DEFAULTS, { ...OPTS, available: 1100 });
    expect(tight.overflow).toBe(false);
    expect(tight.total).toBeLessThanOrEqual(1100);
    expect(tight.widths[9]).toBeLessThan(natural.widths[9]!);
    expect(tight.widths[0]).toBe(natural.widths[0]);
    tight.widths.forEach((w, i) => expect(w).toBeGreaterThanOrEqual(DEFAULTS[i]!.header2));
  });

  it('scrolls sideways with readable columns when even shrinking would not fit', () => {
    const many = [...DEFAULTS.slice(0, -1), ...['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((n) => col(n, 'attribute', 160)), DEFAULTS[11]!];
    const layout = fitColumns(many, { ...OPTS, available: 1200 });
    expect(layout.overflow).toBe(true);
    expect(layout.widths[9]).toBe(130);
    expect(layout.total).toBe(36 + sum(layout.widths));
  });

  it('puts the row actions in place of the time cells, widening them when the buttons need more room', () => {
    const layout = fitColumns(DEFAULTS, { ...OPTS, available: 1400, actionsWidth: 240 });
    expect(layout.actions).toMatchObject({ kind: 'slot', start: 2, span: 2 });
    if (layout.actions.kind !== 'slot') throw new Error('slot expected');
    expect(layout.actions.width).toBeGreaterThanOrEqual(240);
    expect(layout.actions.left).toBe(36 + layout.widths[0]! + layout.widths[1]!);
  });

  it('gives the actions a column of their own without time cells, or on devices without hover', () => {
    const noTime = DEFAULTS.filter((c) => c.kind !== 'date' && c.kind !== 'timeoutLeft');
    expect(fitColumns(noTime, { ...OPTS, available: 1400, actionsWidth: 150 }).actions).toEqual({ kind: 'trailing', width: 150 });
    const touch = fitColumns(DEFAULTS, { ...OPTS, available: 1400, actionsWidth: 150, trailingActions: true });
    expect(touch.actions).toEqual({ kind: 'trailing', width: 150 });
    expect(touch.total).toBe(36 + sum(touch.widths) + 150);
  });

  it('has no actions for a user who may not change alerts', () => {
    expect(fitColumns(DEFAULTS, { ...OPTS, available: 1400 }).actions).toEqual({ kind: 'none' });
  });
});

describe('flexColumn and pinnedColumns', () => {
  it('lets the description take the rest, else the last long-text column, else none', () => {
    expect(flexColumn(DEFAULTS)).toBe(11);
    expect(flexColumn([col('severity', 'severity', 1), col('note', 'note', 1), col('resource', 'text', 1)])).toBe(1);
    expect(flexColumn([col('severity', 'severity', 1), col('resource', 'text', 1)])).toBe(-1);
  });

  it('pins the leading severity and status columns', () => {
    expect(pinnedColumns(DEFAULTS)).toBe(2);
    expect(pinnedColumns([col('status', 'status', 1), col('severity', 'severity', 1)])).toBe(2);
    expect(pinnedColumns([col('severity', 'severity', 1), col('resource', 'text', 1), col('status', 'status', 1)])).toBe(1);
    expect(pinnedColumns([col('resource', 'text', 1)])).toBe(0);
  });
});

describe('widenOnly', () => {
  it('keeps a column as wide as it has been on this page, so it does not jump when a shorter value arrives', () => {
    expect(widenOnly([100, 80], [90, 120])).toEqual([100, 120]);
  });

  it('starts afresh with other columns', () => {
    expect(widenOnly([100, 80], [90, 120, 60])).toEqual([90, 120, 60]);
    expect(widenOnly(null, [90])).toEqual([90]);
  });
});

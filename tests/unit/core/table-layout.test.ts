import { describe, expect, it } from 'vitest';
import { arrangeColumns, columnTiers, FLEX_MIN, fitColumns, flexColumn, giveWayOrder, pinnedColumns, rowHeight, splitHeader, TOUCH_ROW_MIN, type Arrangement, type ColumnNeeds } from '../../../src/core/table-layout.ts';
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

  it('shrinks long-text columns (never below their header, nor what identifies an alert below 100 px) when that makes the table fit', () => {
    const natural = fitColumns(DEFAULTS, { ...OPTS, available: 5000 });
    const tight = fitColumns(DEFAULTS, { ...OPTS, available: 1120 });
    expect(tight.overflow).toBe(false);
    expect(tight.total).toBeLessThanOrEqual(1120);
    expect(tight.widths[9]).toBeLessThan(natural.widths[9]!);
    expect(tight.widths[5]).toBeLessThan(natural.widths[5]!);
    expect(tight.widths[0]).toBe(natural.widths[0]);
    tight.widths.forEach((w, i) => expect(w).toBeGreaterThanOrEqual(DEFAULTS[i]!.header2));
    for (const i of [6, 7, 8, 9]) expect(tight.widths[i]).toBeGreaterThanOrEqual(100);
    expect(fitColumns(DEFAULTS, { ...OPTS, available: 1100 }).overflow).toBe(true);
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

describe('what gives way when the pane is too narrow', () => {
  const names = (a: { tracks: { columns: number[] }[] }, cols: readonly ColumnNeeds[] = DEFAULTS) => a.tracks.map((t) => t.columns.map((c) => cols[c]!.name).join('/'));
  const hover = { lead: 36, valueMax: 66, buttons: 7, buttonSize: 30, touchMenu: null, menu: 40 };
  const touch = { ...hover, lead: 48, buttonSize: 44, touchMenu: 52, menu: 52 };
  /** The width a row needs, from the arrangement (two lines: the description's FLEX_MIN under the single tracks). */
  const shown = (a: Arrangement) => a.tracks.flatMap((t) => t.columns).concat(a.flex >= 0 && a.lines === 2 ? [a.flex] : []);
  const IDENTIFYING = ['severity', 'status', 'lastReceiveTime', 'environment', 'service', 'resource', 'event', 'text'];

  it('sorts columns into what identifies an alert, what tells, and what tells least', () => {
    expect(columnTiers(DEFAULTS)).toEqual([0, 0, 0, 2, 2, 1, 0, 0, 0, 0, 1, 0]);
    // the age of an alert is its last receive time, else the first other time configured
    expect(columnTiers([col('createTime', 'date', 1), col('receiveTime', 'date', 1), col('resource', 'text', 1)])).toEqual([2, 0, 0]);
    expect(columnTiers([col('region', 'attribute', 1), col('tags', 'tags', 1), col('id', 'shortId', 1)])).toEqual([1, 1, 2]);
  });

  it('lets the least telling columns go first, then the telling ones, the one further right first among equals', () => {
    const order = giveWayOrder([...DEFAULTS, col('region', 'attribute', 1), col('site', 'attribute', 1), col('timeout', 'timeout', 1)]).map((i) => [...DEFAULTS.map((c) => c.name), 'region', 'site', 'timeout'][i]);
    expect(order).toEqual(['timeout', 'duplicateCount', 'timeoutLeft', 'site', 'region', 'customer', 'value']);
  });

  it('on a wide pane changes nothing: one line, every column, as fitColumns shares it', () => {
    const a = arrangeColumns(DEFAULTS, { ...hover, available: 1400 });
    const line = fitColumns(DEFAULTS, { available: 1400, lead: 36, actionsWidth: 7 * 30 + 8, valueMax: 66 });
    expect(a.lines).toBe(1);
    expect(a.overflow).toBe(false);
    expect(a.hidden).toEqual([]);
    expect(a.tracks.map((t) => t.width)).toEqual(line.widths);
    expect(a.flex).toBe(11);
    expect(a.actions).toMatchObject({ kind: 'slot', start: 2, span: 2, lines: 1 });
  });

  it('gives an empty column no room at any width, and names it for the column menu', () => {
    const noCustomer = DEFAULTS.map((c) => (c.name === 'customer' ? { ...c, content: 0 } : c));
    for (const available of [2400, 1400, 1000, 700]) {
      const a = arrangeColumns(noCustomer, { ...hover, available });
      expect(a.empty).toEqual([5]);
      expect(shown(a)).not.toContain(5);
      expect(a.end).toBeGreaterThanOrEqual(40);
    }
  });

  it('on one line, lets only the least telling columns go, and keeps the column menu its room', () => {
    const a = arrangeColumns(DEFAULTS, { ...hover, available: 1140 });
    expect(a.lines).toBe(1);
    expect(a.overflow).toBe(false);
    expect(a.hidden.map((i) => DEFAULTS[i]!.name)).toEqual(['duplicateCount']);
    expect(a.end).toBe(40);
    expect(a.total).toBeLessThanOrEqual(1140);
  });

  it('then takes two lines, every column back, the description on the second under the columns', () => {
    const a = arrangeColumns(DEFAULTS, { ...hover, available: 1000 });
    expect(a.lines).toBe(2);
    expect(a.hidden).toEqual([]);
    expect(a.flex).toBe(11);
    expect(names(a)).not.toContain('text');
    expect(a.total).toBeLessThanOrEqual(1000);
    // under the single tracks from flexTrack on, at least FLEX_MIN wide
    const under = a.tracks.slice(a.flexTrack).reduce((s, t) => s + t.width, 0) + (1000 - a.total);
    expect(under).toBeGreaterThanOrEqual(FLEX_MIN);
  });

  it('narrower, stacks neighbouring columns from the left before it lets any go', () => {
    const a = arrangeColumns(DEFAULTS, { ...touch, available: 760 });
    expect(a.lines).toBe(2);
    expect(a.overflow).toBe(false);
    expect(a.hidden).toEqual([]);
    expect(names(a).slice(0, 2)).toEqual(['severity/status', 'lastReceiveTime/timeoutLeft']);
    // pairs only at the left: the description spans the single tracks after them
    expect(a.tracks.slice(a.flexTrack).every((t) => t.columns.length === 1)).toBe(true);
    expect(a.tracks.slice(0, a.flexTrack).every((t) => t.columns.length === 2)).toBe(true);
  });

  it('never lets what identifies an alert go; the narrowest table scrolls sideways, severity and status pinned', () => {
    for (const available of [900, 700, 600, 500]) {
      const a = arrangeColumns(DEFAULTS, { ...touch, available });
      const visible = shown(a).map((i) => DEFAULTS[i]!.name);
      for (const name of IDENTIFYING) expect(visible, `${name} at ${available}`).toContain(name);
      expect(a.total <= available || a.overflow).toBe(true);
    }
    const narrowest = arrangeColumns(DEFAULTS, { ...touch, available: 400 });
    expect(narrowest.overflow).toBe(true);
    expect(narrowest.hidden.map((i) => DEFAULTS[i]!.name).sort()).toEqual(['customer', 'duplicateCount', 'timeoutLeft', 'value']);
    expect(narrowest.tracks.slice(0, narrowest.pinned).flatMap((t) => t.columns)).toEqual([0, 1]);
  });

  it('on a touch screen puts one menu button in every row, at the end, whatever the width', () => {
    for (const available of [1400, 1000, 700]) expect(arrangeColumns(DEFAULTS, { ...touch, available }).actions).toEqual({ kind: 'trailing', width: 52 });
  });

  it('rather than scroll sideways for the buttons, gives every row one menu button holding its actions', () => {
    // Stacked, the time column shares its track with another column, so the buttons need a column of their own.
    const wide = [...DEFAULTS.slice(0, 3), col('environment', 'text', 100), col('service', 'list', 130), col('resource', 'text', 130), col('event', 'text', 130), col('text', 'html', 420)];
    const options = { ...hover, buttons: 7, buttonSize: 28 };
    let seen = false;
    for (let available = 700; available >= 500; available -= 5) {
      const a = arrangeColumns(wide, { ...options, available, rowMenu: 52 });
      const buttonsOnly = arrangeColumns(wide, { ...options, available });
      if (buttonsOnly.overflow && !a.overflow) {
        seen = true;
        expect(a.rowMenu, `at ${available}`).toBe(true);
        expect(a.lines).toBe(2);
        expect(a.actions).toEqual({ kind: 'trailing', width: 52 });
      }
      if (!buttonsOnly.overflow) expect(a.rowMenu, `at ${available}`).toBeUndefined();
    }
    expect(seen).toBe(true);
    // wide panes keep the buttons
    expect(arrangeColumns(DEFAULTS, { ...hover, available: 1400, rowMenu: 52 }).rowMenu).toBeUndefined();
  });

  it('on two lines puts the actions over both lines of stacked time columns, in two rows of buttons', () => {
    const a = arrangeColumns(DEFAULTS, { ...hover, available: 760 });
    const time = a.tracks.findIndex((t) => t.columns.join() === '2,3');
    expect(time).toBeGreaterThan(0);
    expect(a.actions).toMatchObject({ kind: 'slot', start: time, span: 1, lines: 2 });
    if (a.actions.kind !== 'slot') throw new Error('slot expected');
    expect(a.actions.width).toBeGreaterThanOrEqual(4 * 30 + 8);
  });

  it('shows every column on one line when the user asks, scrolling sideways, the actions in a column at the end', () => {
    const a = arrangeColumns(DEFAULTS, { ...hover, available: 900, allColumns: true });
    expect(a.lines).toBe(1);
    expect(a.overflow).toBe(true);
    expect(a.hidden).toEqual([]);
    expect(a.pinned).toBe(2);
    // a slot over the time cells would slide under the pinned columns
    expect(a.actions).toEqual({ kind: 'trailing', width: 7 * 30 + 8 });
    expect(a.end).toBe(7 * 30 + 8);
  });

  it('cuts what identifies an alert to no less than about ten letters on one line, other texts to 72 px', () => {
    const long = DEFAULTS.map((c) => (c.name === 'event' ? { ...c, content: 200 } : c));
    const a = arrangeColumns(long, { ...hover, available: 1150 });
    expect(a.lines).toBe(1);
    const width = (name: string) => a.tracks.find((t) => DEFAULTS[t.columns[0]!]!.name === name)!.width;
    for (const name of ['environment', 'service', 'resource', 'event']) expect(width(name)).toBeGreaterThanOrEqual(100);
    expect(width('customer')).toBe(72);
  });
});

describe('row heights', () => {
  it('are taller on two lines, and on a touch screen never below the 44 px targets and their margin', () => {
    expect(rowHeight('comfortable', 1, false)).toBe(42);
    expect(rowHeight('compact', 1, false)).toBe(24);
    expect(rowHeight('comfortable', 2, false)).toBe(60);
    expect(rowHeight('compact', 2, false)).toBe(48);
    expect(rowHeight('compact', 1, true)).toBe(TOUCH_ROW_MIN);
    expect(rowHeight('comfortable', 2, true)).toBe(60);
    expect(TOUCH_ROW_MIN).toBeGreaterThanOrEqual(44);
  });
});

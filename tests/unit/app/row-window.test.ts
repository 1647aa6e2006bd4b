// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { longestIncreasing, OVERSCAN, placeRows, positionRows, renderOrder, visibleRows, windowAround, windowServes } from '../../../src/app/screens/alerts/rows/row-window.ts';

describe('the rows rendered around the viewport', () => {
  it('finds the rows a viewport shows, rows starting below a header', () => {
    expect(visibleRows(0, 640, 40, 42, 200)).toEqual({ start: 0, end: 15 });
    expect(visibleRows(4200, 640, 40, 42, 200)).toEqual({ start: 99, end: 115 });
    expect(visibleRows(99999, 640, 40, 42, 200)).toEqual({ start: 200, end: 200 });
    expect(visibleRows(0, 640, 40, 42, 0)).toEqual({ start: 0, end: 0 });
  });

  it('renders OVERSCAN rows beyond each edge, within the page', () => {
    expect(windowAround({ start: 0, end: 15 }, 200)).toEqual({ start: 0, end: 15 + OVERSCAN });
    expect(windowAround({ start: 99, end: 115 }, 200)).toEqual({ start: 99 - OVERSCAN, end: 115 + OVERSCAN });
    expect(windowAround({ start: 190, end: 200 }, 200)).toEqual({ start: 190 - OVERSCAN, end: 200 });
  });

  it('keeps the rendered rows while they still cover the viewport with room to spare, so a wheel notch renders nothing', () => {
    const current = windowAround({ start: 99, end: 115 }, 200);
    expect(windowServes(current, { start: 101, end: 117 }, 200)).toBe(true);
    expect(windowServes(current, { start: 107, end: 123 }, 200)).toBe(false);
    expect(windowServes(current, { start: 60, end: 76 }, 200)).toBe(false);
  });

  it('at the ends of the page, needs no spare rows beyond them', () => {
    expect(windowServes({ start: 0, end: 25 }, { start: 0, end: 15 }, 200)).toBe(true);
    expect(windowServes({ start: 175, end: 200 }, { start: 185, end: 200 }, 200)).toBe(true);
  });
});

describe('putting the rendered rows in page order', () => {
  function list(ids: string[], tail = false) {
    const ul = document.createElement('ul');
    for (const id of ids) {
      const li = document.createElement('li');
      li.dataset.rowId = id;
      ul.appendChild(li);
    }
    if (tail) ul.appendChild(document.createElement('div'));
    return ul;
  }
  const domIds = (el: HTMLElement) => [...el.children].map((c) => (c as HTMLElement).dataset.rowId ?? '(other)');

  it('renders in a stable order (by id), whatever the page order', () => {
    expect(renderOrder([0, 1, 2], ['c', 'a', 'b'])).toEqual([1, 2, 0]);
  });

  it('finds the longest run already in order', () => {
    expect([...longestIncreasing([0, 1, 2, 3])]).toHaveLength(4);
    expect([...longestIncreasing([4, 0, 1, 2, 3])].sort()).toEqual([1, 2, 3, 4]);
    expect(longestIncreasing([])).toEqual(new Set());
  });

  it('moves only the rows that moved: five alerts brought to the top move five rows, not the thirty they passed', () => {
    const before = Array.from({ length: 35 }, (_, i) => `r${String(i).padStart(2, '0')}`);
    const ul = list(before, true);
    const moved = ['r10', 'r14', 'r20', 'r25', 'r30'];
    const after = [...moved, ...before.filter((id) => !moved.includes(id))];
    expect(placeRows(ul, after)).toBe(5);
    expect(domIds(ul)).toEqual([...after, '(other)']);
    expect(placeRows(ul, after)).toBe(0);
  });

  it('never moves the row holding the keyboard focus (moving it would drop the focus)', () => {
    const ul = list(['a', 'b', 'c', 'd'], true);
    document.body.appendChild(ul);
    const d = ul.children[3] as HTMLElement;
    d.tabIndex = 0;
    d.focus();
    placeRows(ul, ['d', 'a', 'b', 'c']);
    expect(domIds(ul)).toEqual(['d', 'a', 'b', 'c', '(other)']);
    expect(document.activeElement).toBe(d);
    ul.remove();
  });

  it('puts a row that moved to the end before whatever follows the rows', () => {
    const ul = list(['a', 'b', 'c'], true);
    placeRows(ul, ['b', 'c', 'a']);
    expect(domIds(ul)).toEqual(['b', 'c', 'a', '(other)']);
  });

  it('gives each row its place and the attributes that tell it, touching only rows whose place changed', () => {
    const ids = Array.from({ length: 30 }, (_, i) => `r${i}`);
    const ul = list(ids, true);
    let order = ids;
    const placeOf = (id: string) => {
      const i = order.indexOf(id);
      return i < 0 ? null : { offset: i * 36, attributes: { 'aria-rowindex': String(i + 2) } };
    };
    expect(positionRows(ul, placeOf)).toBe(30);
    const row = (id: string) => ul.querySelector<HTMLElement>(`[data-row-id="${id}"]`)!;
    expect(row('r7').style.transform).toBe('translateY(252px)');
    expect(row('r7').getAttribute('aria-rowindex')).toBe('9');
    expect(positionRows(ul, placeOf)).toBe(0);
    // r20 moves to the top: it and the twenty rows it passed change place, the nine below it do not
    order = ['r20', ...ids.filter((id) => id !== 'r20')];
    expect(positionRows(ul, placeOf)).toBe(21);
    expect(row('r20').style.transform).toBe('translateY(0px)');
    expect(row('r20').getAttribute('aria-rowindex')).toBe('2');
    expect(row('r0').getAttribute('aria-rowindex')).toBe('3');
    expect(row('r25').getAttribute('aria-rowindex')).toBe('27');
    // what is not a row keeps its own attributes
    expect((ul.lastElementChild as HTMLElement).style.transform).toBe('');
  });
});

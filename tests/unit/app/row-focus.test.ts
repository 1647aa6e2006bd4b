// @vitest-environment happy-dom
// Moving the keyboard focus to a row the list has not rendered yet (End on a 200-row page renders the last row only
// after the key): the row gets the focus once it is inserted, however long the render takes on a busy machine, and
// never after the user has moved on.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FOCUS_WAIT_MS, focusRow, refocusRowNextFrame } from '../../../src/app/screens/alerts/rows/row-keyboard.ts';

function list() {
  document.body.innerHTML = '<div data-alert-list><div role="row" tabindex="0" data-row-id="a">a</div></div><input aria-label="Search">';
  const container = document.querySelector<HTMLElement>('[data-alert-list]')!;
  container.querySelector<HTMLElement>('[data-row-id="a"]')!.focus();
  return container;
}

function addRow(container: HTMLElement, id: string) {
  const row = document.createElement('div');
  row.setAttribute('role', 'row');
  row.tabIndex = -1;
  row.dataset.rowId = id;
  container.append(row);
  return row;
}

const frames = (n: number) => new Promise((resolve) => setTimeout(resolve, n * 20));

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('focusRow', () => {
  it('focuses a row that is already there at once', () => {
    const container = list();
    const row = addRow(container, 'b');
    focusRow(container, 'b');
    expect(document.activeElement).toBe(row);
  });

  it('focuses a row rendered many frames after the move', async () => {
    const container = list();
    focusRow(container, 'b');
    await frames(12);
    const row = addRow(container, 'b');
    await Promise.resolve();
    await frames(1);
    expect(document.activeElement).toBe(row);
  });

  it('does not take the focus back once the user has moved on', async () => {
    const container = list();
    focusRow(container, 'b');
    document.querySelector<HTMLInputElement>('input')!.focus();
    addRow(container, 'b');
    await frames(1);
    expect(document.activeElement?.tagName).toBe('INPUT');
  });

  it('a later move replaces an earlier one that is still waiting', async () => {
    const container = list();
    focusRow(container, 'b');
    focusRow(container, 'c');
    addRow(container, 'b');
    await frames(1);
    expect(document.activeElement?.getAttribute('data-row-id')).toBe('a');
    const c = addRow(container, 'c');
    await frames(1);
    expect(document.activeElement).toBe(c);
  });

  it('gives up after FOCUS_WAIT_MS', async () => {
    vi.useFakeTimers();
    const container = list();
    focusRow(container, 'b');
    vi.advanceTimersByTime(FOCUS_WAIT_MS + 1);
    vi.useRealTimers();
    addRow(container, 'b');
    await frames(1);
    expect(document.activeElement?.getAttribute('data-row-id')).toBe('a');
  });
});

describe('refocusRowNextFrame', () => {
  it('gives the row back a focus that went nowhere (a focused button was removed)', async () => {
    const container = list();
    (document.activeElement as HTMLElement).blur();
    refocusRowNextFrame({ current: container }, () => 'a');
    await frames(2);
    expect(document.activeElement?.getAttribute('data-row-id')).toBe('a');
  });

  it('leaves the focus where the user put it before the frame came', async () => {
    const container = list();
    (document.activeElement as HTMLElement).blur();
    refocusRowNextFrame({ current: container }, () => 'a');
    document.querySelector<HTMLInputElement>('input')!.focus();
    await frames(2);
    expect(document.activeElement?.tagName).toBe('INPUT');
  });
});

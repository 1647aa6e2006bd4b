// @vitest-environment happy-dom
// The time-left cells tick on one shared one-second timer, which writes only the cells in the viewport, living as long
// as any cell is on screen (on a wall display: for days). A cell that left must not stay reachable through it: the
// first cell ever shown used to, with the detached row around it.
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { TimeLeft } from '../../../src/app/screens/alerts/rows/AlertCells.tsx';
import { onSecond } from '../../../src/app/second-ticker.ts';
import { useRenderedRows, useRowWindow } from '../../../src/app/screens/alerts/rows/row-window.ts';
import { retainedStrings } from './retained.ts';
import { formatHms, timeLeftSeconds } from '../../../src/core/time-left.ts';

afterEach(cleanup);

/** A string made at run time, so no source text or constant pool holds it. */
const marker = (name: string) => [name, 'marker', String(Math.random()).slice(2)].join('-');

const NEVER = { status: 'open', timeout: 0, lastReceiveTime: '2031-01-01T00:00:00.000Z', updateTime: '2031-01-01T00:00:00.000Z' };

describe('the shared second timer', () => {
  it('keeps no tick that stopped, while other ticks keep it running', async () => {
    const stops: (() => void)[] = [];
    (() => {
      const held = { label: marker('first-tick') };
      stops.push(onSecond(() => void held.label.length));
    })();
    const stayOn = onSecond(() => undefined);
    stops[0]!();
    stops.length = 0;
    expect(await retainedStrings(/^first-tick-marker-/)).toEqual([]);
    stayOn();
  }, 120_000);
});

describe('time-left cells', () => {
  it('a cell that left the screen stays unreachable while other cells still tick', async () => {
    // Rendered and gone again, in a scope of its own: neither the test nor the testing library keeps a handle on it.
    (() => {
      const first = render(<TimeLeft alert={NEVER} neverLabel={marker('gone-cell')} />);
      expect(first.container.querySelector('[aria-label^="gone-cell-marker-"]')).not.toBeNull();
    })();
    cleanup();
    // Another row's cell keeps the timer alive.
    const other = render(<TimeLeft alert={NEVER} neverLabel="staying" />);
    // (happy-dom's WeakRefs hold their targets until the current task ends)
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await retainedStrings(/^gone-cell-marker-/)).toEqual([]);
    other.unmount();
  }, 120_000);
});

/** Rows of 40 px in a list 200 px high: rows 0 to 4 are on screen, the window renders 10 more below them. */
const ROW = 40;
const VIEWPORT = 200;
const START = Date.parse('2030-01-01T00:00:00.000Z');
const HOUR = { status: 'open', timeout: 3600, lastReceiveTime: '2030-01-01T00:00:00.000Z', updateTime: '2030-01-01T00:00:00.000Z' };

/** A windowed list as the table and the cards have it (useRowWindow, useRenderedRows), one time-left cell a row. */
function List({ ids }: { ids: string[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const range = useRowWindow(scrollRef, bodyRef, ids.length, ROW);
  const rendered = useRenderedRows(bodyRef, ids, range, null, (i) => ({ offset: i * ROW, attributes: {} }), String(ROW));
  return (
    <div ref={scrollRef} data-testid="scroller">
      <div ref={bodyRef}>
        {rendered.map((i) => (
          <div key={ids[i]} data-row-id={ids[i]}>
            <TimeLeft alert={HOUR} neverLabel="never" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The list's geometry (happy-dom lays nothing out), and a scroll to `top` as the browser reports it. */
function withGeometry(container: HTMLElement) {
  const scroller = container.querySelector<HTMLElement>('[data-testid="scroller"]')!;
  const body = scroller.firstElementChild as HTMLElement;
  let top = 0;
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, get: () => VIEWPORT });
  Object.defineProperty(scroller, 'scrollTop', { configurable: true, get: () => top, set: (v: number) => (top = v) });
  scroller.getBoundingClientRect = () => new DOMRect(0, 0, 400, VIEWPORT);
  body.getBoundingClientRect = () => new DOMRect(0, -top, 400, 100 * ROW);
  return {
    scrollTo(y: number) {
      top = y;
      scroller.dispatchEvent(new Event('scroll'));
      // the list measures in the next animation frame
      vi.advanceTimersByTime(16);
    },
    text: (id: string) => container.querySelector(`[data-row-id="${id}"] span`)?.textContent ?? null,
  };
}

const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `a${from + i}`);

describe('ticking where seen', () => {
  beforeEach(() => void vi.useFakeTimers({ now: START }));
  afterEach(() => void vi.useRealTimers());

  it('a cell whose row is below the viewport keeps its text until a scroll brings it in, then shows the time of now before the next second', () => {
    const { container } = render(<List ids={ids(100)} />);
    const list = withGeometry(container);
    list.scrollTo(0);
    expect(list.text('a12')).toBe(formatHms(3600));
    vi.advanceTimersByTime(1000);
    expect(list.text('a0')).toBe(formatHms(3599));
    expect(list.text('a4')).toBe(formatHms(3599));
    // rendered (within the window's margin) but not on screen
    expect(list.text('a5')).toBe(formatHms(3600));
    expect(list.text('a12')).toBe(formatHms(3600));
    vi.advanceTimersByTime(500);
    list.scrollTo(10 * ROW);
    expect(list.text('a12')).toBe(formatHms(3598));
    // scrolled out of view, a cell stays as it was; the ones in view tick
    vi.advanceTimersByTime(1500);
    expect(list.text('a0')).toBe(formatHms(3599));
    expect(list.text('a12')).toBe(formatHms(3597));
  });

  it('a row a poll moves into view shows the time of now at once', () => {
    const { container, rerender } = render(<List ids={ids(100)} />);
    const list = withGeometry(container);
    list.scrollTo(0);
    vi.advanceTimersByTime(2500);
    expect(list.text('a8')).toBe(formatHms(3600));
    // a poll brings a8 (rendered below the viewport) to the top of the page
    rerender(<List ids={['a8', ...ids(8), ...ids(91, 9)]} />);
    expect(list.text('a8')).toBe(formatHms(timeLeftSeconds(HOUR, Date.now())));
    expect(list.text('a8')).toBe(formatHms(3597));
  });

  it('asks the browser for no layout between polls: seconds pass without a getBoundingClientRect', () => {
    const { container } = render(<List ids={ids(100)} />);
    const list = withGeometry(container);
    list.scrollTo(0);
    const reads: string[] = [];
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(() => {
      reads.push('getBoundingClientRect');
      return new DOMRect();
    });
    const body = container.querySelector<HTMLElement>('[data-testid="scroller"]')!.firstElementChild as HTMLElement;
    const bodyRect = body.getBoundingClientRect;
    body.getBoundingClientRect = () => {
      reads.push('list body');
      return bodyRect();
    };
    try {
      vi.advanceTimersByTime(3000);
      expect(list.text('a0')).toBe(formatHms(3597));
      expect(reads).toEqual([]);
    } finally {
      rect.mockRestore();
    }
  });

  it('a hidden page writes nothing, and shows the time of now as soon as it is shown again', () => {
    let state: DocumentVisibilityState = 'visible';
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
    try {
      const { container } = render(<List ids={ids(100)} />);
      const list = withGeometry(container);
      list.scrollTo(0);
      const before = list.text('a0');
      state = 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
      vi.advanceTimersByTime(3000);
      expect(list.text('a0')).toBe(before);
      vi.advanceTimersByTime(400);
      state = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
      expect(list.text('a0')).toBe(formatHms(3596));
    } finally {
      visibility.mockRestore();
    }
  });
});

// @vitest-environment happy-dom
// The time-left cells tick on one shared one-second timer, which writes only the cells in the viewport, living as long
// as any cell is on screen (on a wall display: for days). A cell that left must not stay reachable through it: the
// first cell ever shown used to, with the detached row around it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { TimeLeft } from '../../../src/app/screens/alerts/AlertCells.tsx';
import { onSecond } from '../../../src/app/hooks/second-ticker.ts';
import { retainedStrings } from './retained.ts';
import { formatHms } from '../../../src/core/time-left.ts';

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
    // Another row's cell keeps the timer and the observer alive.
    const other = render(<TimeLeft alert={NEVER} neverLabel="staying" />);
    // (happy-dom's WeakRefs hold their targets until the current task ends)
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await retainedStrings(/^gone-cell-marker-/)).toEqual([]);
    other.unmount();
  }, 120_000);
});

describe('ticking where seen', () => {
  it('a cell out of the viewport keeps its text until a scroll brings it in, then shows the time of now', () => {
    vi.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00.000Z') });
    try {
      const alert = { status: 'open', timeout: 3600, lastReceiveTime: '2030-01-01T00:00:00.000Z', updateTime: '2030-01-01T00:00:00.000Z' };
      const { container } = render(
        <>
          <TimeLeft alert={alert} neverLabel="seen" />
          <TimeLeft alert={alert} neverLabel="below" />
        </>,
      );
      const [seen, below] = [...container.querySelectorAll('span')] as HTMLElement[];
      const at = (top: number) => ({ top, bottom: top + 20, left: 10, right: 60, width: 50, height: 20, x: 10, y: top }) as DOMRect;
      let scrolledTo = 0;
      seen!.getBoundingClientRect = () => at(10 - scrolledTo);
      below!.getBoundingClientRect = () => at(window.innerHeight + 400 - scrolledTo);
      expect(seen!.textContent).toBe(formatHms(3600));
      vi.advanceTimersByTime(1000);
      expect(seen!.textContent).toBe(formatHms(3599));
      expect(below!.textContent).toBe(formatHms(3600));
      // scrolled into view: up to date a moment later, without waiting for the next second
      vi.advanceTimersByTime(500);
      scrolledTo = 500;
      document.dispatchEvent(new Event('scroll'));
      vi.advanceTimersByTime(100);
      expect(below!.textContent).toBe(formatHms(3598));
    } finally {
      vi.useRealTimers();
    }
  });
});

// @vitest-environment happy-dom
// The time-left cells tick on one shared one-second timer and are watched by one visibility observer, both living as
// long as any cell is on screen (on a wall display: for days). A cell that left must not stay reachable through
// them: the first cell ever shown used to, with the detached row around it.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { TimeLeft } from '../../../src/app/screens/alerts/AlertCells.tsx';
import { onSecond } from '../../../src/app/hooks/second-ticker.ts';
import { retainedStrings } from './retained.ts';

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

// @vitest-environment happy-dom
// The first render of a windowed list holds only the rows in view, so the frame that first paints the list lays out
// and paints no more than it shows (on a slow phone that frame is the last step to the first cards, issue 16); the
// rows beyond each edge come in the next frame, before anyone can scroll to them.
import { useRef } from 'react';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { OVERSCAN, useRowWindow } from '../../../src/app/screens/alerts/row-window.ts';

afterEach(cleanup);

function List({ count, rowHeight, renders }: { count: number; rowHeight: number; renders: number[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const range = useRowWindow(scrollRef, bodyRef, count, rowHeight);
  renders.push(range.end - range.start);
  return (
    <div ref={scrollRef}>
      <div ref={bodyRef} />
    </div>
  );
}

it('renders the rows in view first, and the rows beyond the viewport a frame later', async () => {
  const rowHeight = 30;
  const inView = Math.ceil(window.innerHeight / rowHeight);
  const renders: number[] = [];
  render(<List count={200} rowHeight={rowHeight} renders={renders} />);
  expect(renders[0]).toBe(inView);
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  expect(renders[renders.length - 1]).toBe(inView + OVERSCAN);
});

// @vitest-environment happy-dom
// A start waits for its first rows: the list renders the rows its window shows first, alone, and the rows below them
// (the overscan, there so that a scroll never reaches rows not rendered yet) once those are painted.
import { useLayoutEffect, useRef } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { OVERSCAN, useRowWindow } from '../../../src/app/screens/alerts/rows/row-window.ts';

const ROW = 40;
const ids = (n: number) => Array.from({ length: n }, (_, i) => `a${i}`);

beforeEach(() => void vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A windowed list; `commits` gets how many rows each commit rendered. */
function List({ ids, commits }: { ids: string[]; commits: number[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const range = useRowWindow(scrollRef, bodyRef, ids.length, ROW);
  useLayoutEffect(() => void commits.push(range.end - range.start));
  return (
    <div ref={scrollRef}>
      <div ref={bodyRef}>
        {ids.slice(range.start, range.end).map((id) => (
          <div key={id} data-row-id={id} />
        ))}
      </div>
    </div>
  );
}

it('renders the rows on screen first, and the rows below them a frame later', () => {
  const onScreen = Math.ceil(window.innerHeight / ROW);
  const commits: number[] = [];
  const { container } = render(<List ids={ids(200)} commits={commits} />);
  expect(commits[0]).toBe(onScreen);
  expect(container.querySelectorAll('[data-row-id]')).toHaveLength(onScreen);
  act(() => void vi.advanceTimersByTime(16));
  expect(container.querySelectorAll('[data-row-id]')).toHaveLength(onScreen + OVERSCAN);
});

it('a page shorter than the screen renders it whole at once, and nothing more follows', () => {
  const commits: number[] = [];
  const { container } = render(<List ids={ids(5)} commits={commits} />);
  expect(container.querySelectorAll('[data-row-id]')).toHaveLength(5);
  act(() => void vi.advanceTimersByTime(16));
  expect(commits).toEqual([5]);
});

// @vitest-environment happy-dom
// A media query is evaluated by the browser once for the page, not at every render of every component that asks
// (asking during a render forced a style and layout pass, about 50 ms of a phone's start-up), and its
// answer still follows the browser's change events.
import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { useMediaQuery, useWindowWidth } from '../../../src/app/hooks/useMediaQuery.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * Renders `copies` probes, each showing how often it was re-rendered and what `useShown` gives; `rerender(times)`
 * renders the last one again that many times.
 */
function renderProbes(copies: number, useShown: () => string) {
  let bump = () => {};
  function Probe() {
    const [n, setN] = useState(0);
    bump = () => setN((x) => x + 1);
    return <p>{`${n} ${useShown()}`}</p>;
  }
  const { container } = render(
    <>
      {Array.from({ length: copies }, (_, i) => (
        <Probe key={i} />
      ))}
    </>,
  );
  const rerender = (times: number) => {
    for (let i = 0; i < times; i++) act(() => bump());
  };
  return { container, rerender };
}

it('asks the browser once per query however often it renders, and re-renders when the answer changes', () => {
  let matches = false;
  const listeners = new Set<(e: { matches: boolean }) => void>();
  const matchMedia = vi.fn((query: string) => ({
    media: query,
    get matches() {
      return matches;
    },
    addEventListener: (_: string, l: (e: { matches: boolean }) => void) => listeners.add(l),
    removeEventListener: (_: string, l: (e: { matches: boolean }) => void) => listeners.delete(l),
  }));
  vi.stubGlobal('matchMedia', matchMedia);

  const { container, rerender } = renderProbes(2, function useWidthWord() {
    return useMediaQuery('(max-width: 1px)') ? 'narrow' : 'wide';
  });
  rerender(5);
  expect(container.textContent).toContain('5 wide');
  expect(matchMedia).toHaveBeenCalledTimes(1);

  matches = true;
  act(() => listeners.forEach((l) => l({ matches: true })));
  expect(container.textContent).toContain('5 narrow');
});

it('renders read the kept answer: the browser is not asked again, not even for .matches', () => {
  let reads = 0;
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      reads++;
      return true;
    },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  const { container, rerender } = renderProbes(1, function useYesNo() {
    return useMediaQuery('(min-width: 2px)') ? 'yes' : 'no';
  });
  rerender(5);
  expect(container.textContent).toBe('5 yes');
  expect(reads).toBe(1);
});

it("reads the window's width once, not at every render, and follows it when the window resizes", () => {
  let width = 1400;
  let reads = 0;
  const spy = vi.spyOn(window, 'innerWidth', 'get').mockImplementation(() => {
    reads++;
    return width;
  });
  try {
    const { container, rerender } = renderProbes(2, function useWidthText() {
      return String(useWindowWidth());
    });
    rerender(5);
    expect(container.textContent).toContain('5 1400');
    expect(reads).toBeLessThanOrEqual(1);

    width = 1700;
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(container.textContent).toContain('5 1700');
    expect(reads).toBeLessThanOrEqual(2);
  } finally {
    spy.mockRestore();
  }
});

// @vitest-environment happy-dom
// A media query is evaluated once for the page, not at every render of every component that asks (issue 16: on a
// phone, a new MediaQueryList per render cost about 30 ms of the start-up), and its answer still follows changes.
import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { useMediaQuery } from '../../../src/app/hooks/useMediaQuery.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

it('asks the browser once per query however often it renders, and re-renders when the answer changes', () => {
  let matches = false;
  const listeners = new Set<() => void>();
  const matchMedia = vi.fn((query: string) => ({
    media: query,
    get matches() {
      return matches;
    },
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }));
  vi.stubGlobal('matchMedia', matchMedia);

  let bump = () => {};
  function Probe() {
    const [n, setN] = useState(0);
    bump = () => setN((x) => x + 1);
    const narrow = useMediaQuery('(max-width: 1px)');
    return <p>{`${n} ${narrow ? 'narrow' : 'wide'}`}</p>;
  }
  const { container } = render(
    <>
      <Probe />
      <Probe />
    </>,
  );
  for (let i = 0; i < 5; i++) act(() => bump());
  expect(container.textContent).toContain('5 wide');
  expect(matchMedia).toHaveBeenCalledTimes(1);

  matches = true;
  act(() => listeners.forEach((l) => l()));
  expect(container.textContent).toContain('5 narrow');
});

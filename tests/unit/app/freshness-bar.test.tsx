// @vitest-environment happy-dom
// The freshness line between polls, as a user sees it over time. Its age is worded "just now", then in steps of 10 s,
// then of minutes, so the line renders only when those words or the state change, not at every second (the budget:
// at most 3 ms/s of main thread while no data arrives); an answer brings it back to "just now" at once, and "Live"
// turns "Stale" on time. In kiosk mode the age counts seconds, so it renders every second there. The translator hook
// is wrapped to count the renders of the line (every render asks for it); nothing else is replaced.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { liveLimitMs } from '../../../src/core/freshness.ts';
import { applyEvent } from '../../../src/app/state/connect.ts';
import { refreshIntervalAtom } from '../../../src/app/state/user.ts';
import { FreshnessBar } from '../../../src/app/screens/alerts/toolbar/FreshnessBar.tsx';
import type * as I18n from '../../../src/app/state/i18n.ts';
import { full, meta, row, screenStore } from './fixtures.ts';

const counted = vi.hoisted(() => ({ renders: 0 }));
vi.mock('../../../src/app/state/i18n.ts', async (importOriginal) => {
  const real = await importOriginal<typeof I18n>();
  return {
    ...real,
    useT: () => {
      counted.renders++;
      return real.useT();
    },
  };
});

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 24, 8, 0, 0) });
  counted.renders = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function showBar(kiosk = false) {
  const store = screenStore();
  applyEvent(store, full('v', [row('a')], { meta: meta({ freshness: 'live', updatedAt: Date.now() }) }));
  render(
    <Provider store={store}>
      <FreshnessBar kiosk={kiosk} />
    </Provider>,
  );
  return store;
}

const line = () => screen.getByTestId('freshness').textContent ?? '';
const seconds = (n: number) => act(() => vi.advanceTimersByTime(n * 1000));

it('between polls renders only when its words change, comes back to "just now" at an answer, and stops saying "Live" on time', () => {
  const store = showBar();
  expect(line()).toContain('Live');
  expect(line()).toContain('just now');
  const first = counted.renders;

  seconds(9);
  expect(line()).toContain('just now');
  expect(counted.renders).toBe(first);

  seconds(1);
  expect(line()).toContain('10 seconds ago');
  expect(counted.renders).toBe(first + 1);
  seconds(9);
  expect(counted.renders).toBe(first + 1);

  // the answer of the next poll (a patch with its time only)
  act(() => applyEvent(store, { type: 'alerts-patch', viewKey: 'v', seq: 2, meta: { updatedAt: Date.now() } }));
  expect(line()).toContain('just now');
  expect(line()).toContain('Live');

  // no answer for longer than two intervals and a poll's timeout: no longer "Live", whatever the worker last said
  seconds(liveLimitMs(store.get(refreshIntervalAtom)) / 1000 + 1);
  expect(screen.getByRole('status').textContent).toBe('Stale');
});

it('in kiosk mode counts the seconds', () => {
  showBar(true);
  expect(line()).toContain('updated 0 s ago');
  const first = counted.renders;
  for (let n = 1; n <= 3; n++) {
    seconds(1);
    expect(line()).toContain(`updated ${n} s ago`);
  }
  expect(counted.renders).toBe(first + 3);
});

it('a silent API is "not answering" with a countdown to the next attempt; only a device without a network is "Offline"', () => {
  const store = showBar();
  const retryAt = Date.now() + 12_000;
  act(() =>
    applyEvent(store, {
      type: 'alerts-patch',
      viewKey: 'v',
      seq: 2,
      meta: { freshness: 'offline', error: { kind: 'network', message: 'No answer within 10 s', endpoint: '/api', noAnswer: true }, retryAt },
    }),
  );
  expect(screen.getByRole('status').textContent).toBe('The server is not answering');
  expect(line()).toContain('retrying in 12 s');
  expect(screen.getByRole('button', { name: 'Retry now' })).toBeTruthy();
  seconds(5);
  expect(line()).toContain('retrying in 7 s');
  seconds(7);
  expect(line()).toContain('retrying…');

  // A refused connection is said to be the server's too, as long as the device has a network.
  act(() => applyEvent(store, { type: 'alerts-patch', viewKey: 'v', seq: 3, meta: { error: { kind: 'network', message: 'Failed to fetch', endpoint: '/api' } } }));
  expect(screen.getByRole('status').textContent).toBe('The server cannot be reached');

  // The device loses its network (the instance's own property hides the browser's until it is deleted).
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  try {
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status').textContent).toBe('Offline');
  } finally {
    delete (navigator as { onLine?: boolean }).onLine;
  }
  expect(navigator.onLine).toBe(true);

  // An answer again: live, no countdown, no button.
  act(() => applyEvent(store, { type: 'alerts-patch', viewKey: 'v', seq: 4, meta: { freshness: 'live', error: null, retryAt: null, updatedAt: Date.now() } }));
  act(() => void window.dispatchEvent(new Event('online')));
  expect(screen.getByRole('status').textContent).toBe('Live');
  expect(screen.queryByRole('button', { name: 'Retry now' })).toBeNull();
});

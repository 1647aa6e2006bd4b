// @vitest-environment happy-dom
// A wall display left open for days: whatever the alerts list shows is kept while it is shown, and
// nothing of what it showed before. Checked on the heap itself (retained.ts), after hours' worth of polls.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { CLIENT_DEFAULTS } from '../../../src/core/config.ts';
import type { AlertRow, AlertsPatch, OutboxEntry } from '../../../src/worker/contract/index.ts';
import { applyEvent } from '../../../src/app/state/connect.ts';
import { AlertList } from '../../../src/app/screens/alerts/AlertList.tsx';
import { outboxAtom, usePendingEntries } from '../../../src/app/state/outbox.ts';
import { full, row, screenStore } from './fixtures.ts';
import { retainedStrings } from './retained.ts';

afterEach(cleanup);

const ROWS = 20;
/** A date format whose output no other string in the heap can look like. */
const MARKED_FORMAT = 'YYYY-MM-DD HH:mm:ss [on-screen]';
const T0 = Date.parse('2031-01-01T00:00:00Z');
const at = (second: number) => new Date(T0 + second * 1000).toISOString();

function wallDisplay() {
  const store = screenStore('?kiosk=1', { ...CLIENT_DEFAULTS, dates: { ...CLIENT_DEFAULTS.dates, mediumDate: MARKED_FORMAT } });
  render(
    <Provider store={store}>
      <AlertList phone={false} onOpen={() => undefined} />
    </Provider>,
  );
  return store;
}

/** One poll in which every alert on the page was received again (the list's receive-time column changes). */
function poll(seq: number, rows: AlertRow[]): AlertsPatch {
  return { type: 'alerts-patch', viewKey: 'v', seq, rows, meta: { updatedAt: T0 + seq * 1000 } };
}

describe('a wall display running for days', () => {
  it('keeps the formatted receive times of the rows it shows, not of every time it ever showed', async () => {
    const store = wallDisplay();
    const ids = Array.from({ length: ROWS }, (_, i) => `a${i}`);
    act(() => applyEvent(store, full('v', ids.map((id, i) => row(id, { lastReceiveTime: at(i) })))));
    // 50 polls, each with a new receive time on every row: 1,000 different times shown over the run.
    const POLLS = 50;
    for (let p = 1; p <= POLLS; p++) {
      act(() => applyEvent(store, poll(p + 1, ids.map((id, i) => row(id, { lastReceiveTime: at(p * ROWS + i) })))));
    }
    // The rows still show their own latest time...
    const last = at(POLLS * ROWS + 3).replace('T', ' ').slice(0, 19);
    expect(screen.getByText(`${last} on-screen`)).toBeTruthy();
    // ...and the heap holds the formatted times of the rows on screen (the cell, React's two copies of it, the DOM),
    // not the thousands shown before.
    const kept = await retainedStrings(/ on-screen$/);
    expect(kept.length).toBeGreaterThanOrEqual(ROWS);
    expect(kept.length).toBeLessThanOrEqual(4 * ROWS);
  }, 180_000);

  it('keeps nothing of alerts that left the page', async () => {
    const store = wallDisplay();
    let seq = 1;
    const page = (round: number) => Array.from({ length: ROWS }, (_, i) => row(`gone-${round}-${i}`, { text: `alert gone-${round}-${i} text` }));
    act(() => applyEvent(store, full('v', page(0))));
    // 25 polls, each bringing a whole page of new alerts: 500 alerts came and went.
    for (let round = 1; round <= 25; round++) {
      const rows = page(round);
      act(() => applyEvent(store, { type: 'alerts-patch', viewKey: 'v', seq: ++seq, rows, order: rows.map((r) => r.id), news: rows.map((r) => r.id) }));
    }
    expect(screen.getByText('alert gone-25-7 text')).toBeTruthy();
    const kept = await retainedStrings(/^alert gone-\d+-\d+ text$/);
    const rounds = new Set(kept.map((s) => s.split('-')[1]));
    // the last page, and at most the one before it in React's alternate fibres
    expect([...rounds].every((r) => Number(r) >= 24)).toBe(true);
    // Nor anything keyed by the ids of the alerts that left (atoms, caches, listeners): the ids of 500 alerts came
    // and went; the page's are kept, and a few stale copies React holds in props of elements that did not re-render
    // since (one copy per element, replaced when it renders again), not one per alert that ever showed.
    const ids = await retainedStrings(/^gone-\d+-\d+$/);
    expect(ids.length).toBeGreaterThanOrEqual(ROWS);
    expect(ids.length).toBeLessThanOrEqual(4 * ROWS);
  }, 180_000);
});

/** What the alert page shows of the actions waiting in the outbox for its alert (as its header and notes do). */
function PendingMarks({ id }: { id: string }) {
  const pending = usePendingEntries(id);
  return <p>{pending.length ? `${pending.length} waiting for ${id}` : `nothing waiting for ${id}`}</p>;
}

describe('a console open for days', () => {
  it('keeps what it needs for the alert page shown, not for every alert page opened', async () => {
    const store = createStore();
    const queued: OutboxEntry = {
      id: 'q1', seq: 1, owner: 'ann', createdAt: 1, alertId: 'page-keep', label: 'db01 · DiskFull', command: { kind: 'note', text: 'x' }, seen: null, attempts: 0, nextAt: 0, sending: false,
    };
    store.set(outboxAtom, [queued]);
    const view = render(
      <Provider store={store}>
        <PendingMarks id="page-keep" />
      </Provider>,
    );
    expect(screen.getByText('1 waiting for page-keep')).toBeTruthy();
    // An operator opens 1,000 alert pages one after the other.
    for (let i = 0; i < 1000; i++) {
      view.rerender(
        <Provider store={store}>
          <PendingMarks id={`page-${i}`} />
        </Provider>,
      );
    }
    expect(screen.getByText('nothing waiting for page-999')).toBeTruthy();
    const kept = await retainedStrings(/^page-\d+$/);
    // the page shown (its text, its atom), not the thousand opened before
    expect(kept.length).toBeLessThanOrEqual(5);
    // Coming back to the alert with a queued note still shows it.
    view.rerender(
      <Provider store={store}>
        <PendingMarks id="page-keep" />
      </Provider>,
    );
    expect(screen.getByText('1 waiting for page-keep')).toBeTruthy();
  }, 180_000);
});

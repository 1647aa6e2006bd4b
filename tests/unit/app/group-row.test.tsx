// @vitest-environment happy-dom
// A group's line in the grouped list, rendered against a store fed the way the worker feeds the app: what it shows
// (value, size, worst severity coloured like a row of it, statuses, environments, the 'grew' mark), what a screen
// reader is told, opening and closing it by pointer and keys, a patch of another group leaving it alone, and the
// phone's card of a group with its action buttons.
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider, type createStore } from 'jotai';
import { applyEvent } from '../../../src/app/state/connect.ts';
import { AlertList } from '../../../src/app/screens/alerts/AlertList.tsx';
import { groupActionAtom, groupByChoiceAtom, openGroupsAtom } from '../../../src/app/state/groups.ts';
import type { AlertGroup } from '../../../src/core/alert-groups.ts';
import type { AlertsPatch } from '../../../src/worker/contract/index.ts';
import { CLIENT_DEFAULTS } from '../../../src/core/config.ts';
import { full, row, screenStore } from './fixtures.ts';

afterEach(cleanup);

function group(key: string, patch: Partial<AlertGroup> = {}): AlertGroup {
  return {
    key,
    count: 3,
    severity: 'critical',
    severityCounts: { critical: 1, major: 2 },
    statusCounts: { open: 2, ack: 1 },
    environments: ['Development', 'Production'],
    lastReceiveTime: '2026-11-20T10:00:00.000Z',
    watched: null,
    grown: 0,
    ...patch,
  };
}

/** A store showing the list grouped by event: DiskFull (3 alerts, one grew) and NodeDown (1), DiskFull open. */
function groupedStore(open: string[] = []) {
  // Auth off: anyone may act, so the group's actions are offered.
  const store = screenStore('', { ...CLIENT_DEFAULTS, auth_required: false });
  store.set(groupByChoiceAtom, 'event');
  store.set(openGroupsAtom, open);
  const rows = [row('a', { severity: 'critical' }), row('b'), row('c', { status: 'ack' })];
  applyEvent(
    store,
    full('v', rows, {
      groups: {
        field: 'event',
        groups: [group('DiskFull', { grown: 1 }), group('NodeDown', { count: 1, severity: 'minor', severityCounts: { minor: 1 }, statusCounts: { shelved: 1 }, environments: ['Production'] })],
        members: open.includes('DiskFull') ? { DiskFull: ['a', 'b', 'c'] } : {},
      },
    }),
  );
  return store;
}

async function show(store: ReturnType<typeof createStore>, phone = false) {
  render(
    <Provider store={store}>
      <Suspense fallback={null}>
        <AlertList phone={phone} onOpen={() => undefined} />
      </Suspense>
    </Provider>,
  );
  // The grouped list is a lazy chunk, transformed on its first import: at a load of 15 that took more than the
  // Testing Library's default second, which is a budget for noticing a failure here, not a bound on speed.
  const found = { timeout: 10_000 };
  return phone ? await screen.findByRole('list', { name: 'Alerts' }, found) : await screen.findByRole('treegrid', { name: 'Alerts' }, found);
}

describe('a group line', () => {
  it('shows its value, size, worst severity, statuses, environments and the grew mark, and tells a screen reader its size and worst severity', async () => {
    const grid = await show(groupedStore());
    const line = within(grid).getByRole('row', { name: 'DiskFull: 3 alerts, worst severity Critical' });
    expect(line.getAttribute('aria-expanded')).toBe('false');
    expect(line.getAttribute('aria-level')).toBe('1');
    expect(line.getAttribute('data-severity')).toBe('critical');
    // Coloured like a row of its worst severity (the configured colours: red for critical).
    expect(line.getAttribute('style')).toMatch(/--row-base:\s*(#|rgb)/);
    expect(line.textContent).toContain('DiskFull');
    expect(line.textContent).toContain('3 alerts');
    expect(line.textContent).toContain('2 open · 1 acked');
    expect(line.textContent).toContain('Development, Production');
    expect(within(line).getByText('1 alert new since you last looked')).toBeTruthy();
    const other = within(grid).getByRole('row', { name: 'NodeDown: 1 alert, worst severity Minor' });
    expect(other.textContent).toContain('1 shelved');
    expect(within(other).queryByText(/new since you last looked/)).toBeNull();
    // Worst first.
    expect(within(grid).getAllByRole('row').filter((r) => r.hasAttribute('data-group-key')).map((r) => r.getAttribute('data-group-key'))).toEqual(['DiskFull', 'NodeDown']);
  });

  it('opens and closes with a click, Enter, Space, → and ←; an open group lists its alerts at level 2', async () => {
    const store = groupedStore();
    const grid = await show(store);
    const line = within(grid).getByRole('row', { name: /^DiskFull/ });
    fireEvent.click(line);
    expect(store.get(openGroupsAtom)).toEqual(['DiskFull']);
    fireEvent.click(line);
    expect(store.get(openGroupsAtom)).toEqual([]);
    fireEvent.keyDown(line, { key: 'Enter' });
    expect(store.get(openGroupsAtom)).toEqual(['DiskFull']);
    fireEvent.keyDown(line, { key: ' ' });
    expect(store.get(openGroupsAtom)).toEqual([]);
    fireEvent.keyDown(line, { key: 'ArrowRight' });
    fireEvent.keyDown(line, { key: 'ArrowRight' });
    expect(store.get(openGroupsAtom)).toEqual(['DiskFull']);
    fireEvent.keyDown(line, { key: 'ArrowLeft' });
    expect(store.get(openGroupsAtom)).toEqual([]);

    cleanup();
    const open = await show(groupedStore(['DiskFull']));
    expect(within(open).getByRole('row', { name: /^DiskFull/ }).getAttribute('aria-expanded')).toBe('true');
    const alerts = open.querySelectorAll('[data-row-id]');
    expect([...alerts].map((a) => a.getAttribute('data-row-id'))).toEqual(['a', 'b', 'c']);
    expect([...alerts].every((a) => a.getAttribute('aria-level') === '2')).toBe(true);
  });

  it('the a key on a group asks to ack all of it, with the count of alerts the ack would change (the open ones, not the acked)', async () => {
    const store = groupedStore();
    const grid = await show(store);
    fireEvent.keyDown(within(grid).getByRole('row', { name: /^DiskFull/ }), { key: 'a' });
    expect(store.get(groupActionAtom)).toMatchObject({ key: 'DiskFull', action: 'ack', count: 2, phase: 'confirm' });
  });

  it('a patch of another group re-renders that group only', async () => {
    const store = groupedStore();
    const grid = await show(store);
    const line = within(grid).getByRole('row', { name: /^DiskFull/ });
    const patch: AlertsPatch = { type: 'alerts-patch', viewKey: 'v', seq: 2, groups: [group('NodeDown', { count: 2, severity: 'minor', grown: 1 })] };
    act(() => applyEvent(store, patch));
    expect(within(grid).getByRole('row', { name: 'NodeDown: 2 alerts, worst severity Minor' })).toBeTruthy();
    expect(within(grid).getByRole('row', { name: /^DiskFull/ })).toBe(line);
  });

  it('on a phone, a group is a card with its ack, shelve and close buttons naming how many', async () => {
    const list = await show(groupedStore(), true);
    const card = within(list).getByRole('listitem', { name: 'DiskFull: 3 alerts, worst severity Critical' });
    expect(within(card).getByRole('button', { name: 'Ack all (2)' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Close all (3)' })).toBeTruthy();
  });
});

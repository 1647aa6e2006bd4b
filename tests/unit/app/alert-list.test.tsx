// @vitest-environment happy-dom
// The alerts list's states as a user sees them, each rendered against a fresh store fed the way the worker feeds
// the app's (src/app/state/connect.ts applyEvent): loading, nothing to show, a search without results, a wall
// display whose session ended, and rows kept on screen while offline.
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider, type createStore } from 'jotai';
import { applyEvent } from '../../../src/app/state/connect.ts';
import { sessionEndReasonAtom } from '../../../src/app/state/session.ts';
import { AlertList } from '../../../src/app/screens/alerts/AlertList.tsx';
import { FreshnessBar } from '../../../src/app/screens/alerts/toolbar/FreshnessBar.tsx';
import { CLIENT_DEFAULTS } from '../../../src/core/config.ts';
import { full, meta, row, screenStore } from './fixtures.ts';

afterEach(cleanup);

function show(store: ReturnType<typeof createStore>) {
  return render(
    <Provider store={store}>
      <FreshnessBar />
      <AlertList phone={false} onOpen={() => undefined} />
    </Provider>,
  );
}

describe('the alerts list', () => {
  it('says it is loading until the worker answers', () => {
    show(screenStore());
    expect(screen.getAllByText('Loading').length).toBeGreaterThan(0);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('reads its width before its rows are in it, even when the first snapshot came before the list (no forced layout of the rows)', () => {
    const store = screenStore();
    applyEvent(store, full('v', [row('a'), row('b')]));
    const rowsAtRead: number[] = [];
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth') ?? Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth');
    const spy = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      if (this.hasAttribute('data-alert-list')) rowsAtRead.push(document.querySelectorAll('[data-row-id]').length);
      return (original?.get?.call(this) as number | undefined) ?? 0;
    });
    try {
      show(store);
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
      expect(rowsAtRead.length).toBeGreaterThan(0);
      expect(rowsAtRead[0]).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('on a phone, mounts its cards without asking the browser for any size (no layout forced in the middle of a render)', async () => {
    const store = screenStore();
    applyEvent(store, full('v', [row('a'), row('b')]));
    const reads: string[] = [];
    const spies = [
      ...(['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight'] as const).map((name) =>
        vi.spyOn(HTMLElement.prototype, name, 'get').mockImplementation(() => {
          reads.push(name);
          return 0;
        }),
      ),
      vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(() => {
        reads.push('getBoundingClientRect');
        return new DOMRect();
      }),
    ];
    try {
      render(
        <Provider store={store}>
          <AlertList phone={true} onOpen={() => undefined} />
        </Provider>,
      );
      // The cards are a chunk of their own (loaded at once on a phone).
      expect(await screen.findAllByRole('listitem')).toHaveLength(2);
      // The cards' height and the list's size come from ResizeObserver, after the browser's own layout.
      expect(reads).toEqual([]);
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
  });

  it('says there is nothing to show when the view has no alerts', () => {
    const store = screenStore();
    applyEvent(store, full('v', []));
    show(store);
    expect(screen.getByText('Sorry, nothing to display here')).toBeTruthy();
  });

  it('names the search that found nothing', () => {
    const store = screenStore('?q=resource:nothing-here');
    applyEvent(store, full('v', []));
    show(store);
    expect(screen.getByText('Your search for “resource:nothing-here” found no results')).toBeTruthy();
  });

  it('on a wall display whose session ended, says a sign-in is required and keeps the last alerts', () => {
    const store = screenStore('?kiosk=1');
    applyEvent(store, full('v', [row('a'), row('b')]));
    store.set(sessionEndReasonAtom, 'expired');
    show(store);
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain('Sign-in required');
    expect(notice.textContent).toContain('Showing the last known alerts');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
  });

  it('keeps the rows on screen while the server cannot be reached and says so', () => {
    const store = screenStore();
    applyEvent(store, full('v', [row('a', { resource: 'db01' }), row('b')]));
    applyEvent(store, {
      type: 'alerts-patch',
      viewKey: 'v',
      seq: 2,
      meta: { ...meta(), freshness: 'offline', error: { kind: 'network', message: 'Failed to fetch', endpoint: '/api' } },
    });
    show(store);
    expect(screen.getByText('The server cannot be reached')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Alerts' });
    expect(within(table).getByText('db01')).toBeTruthy();
    expect(screen.queryByText('Sorry, nothing to display here')).toBeNull();
  });

  it('has action buttons only in the row under the pointer or holding the keyboard focus', () => {
    // A server without authentication: everyone may act on alerts.
    const store = screenStore('', { ...CLIENT_DEFAULTS, auth_required: false });
    applyEvent(store, full('v', [row('a', { resource: 'db01' }), row('b', { resource: 'db02' })]));
    show(store);
    const table = screen.getByRole('table', { name: 'Alerts' });
    const rowOf = (resource: string) => within(table).getByText(resource).closest<HTMLElement>('[role="row"]')!;
    const groups = () => within(table).queryAllByRole('group', { name: 'Row actions' });
    // Nobody points at or is in a row: no row has buttons, not even the one Tab would land on.
    expect(groups()).toHaveLength(0);
    act(() => rowOf('db01').focus());
    expect(groups()).toHaveLength(1);
    expect(within(rowOf('db01')).getByRole('button', { name: 'Ack' })).toBeTruthy();
    act(() => rowOf('db01').blur());
    expect(groups()).toHaveLength(0);
    fireEvent.pointerEnter(rowOf('db02'));
    expect(groups()).toHaveLength(1);
    expect(within(rowOf('db02')).getByRole('group', { name: 'Row actions' })).toBeTruthy();
    fireEvent.pointerLeave(rowOf('db02'));
    expect(groups()).toHaveLength(0);
  });

  it('an unchanged poll does not re-render the freshness line, a change of state does', () => {
    const store = screenStore();
    const t0 = Date.now();
    applyEvent(store, full('v', [row('a')], { meta: meta({ freshness: 'live', updatedAt: t0 }) }));
    let commits = 0;
    render(
      <Provider store={store}>
        <Profiler id="freshness" onRender={() => commits++}>
          <FreshnessBar />
        </Profiler>
      </Provider>,
    );
    expect(screen.getByTestId('freshness').textContent).toContain('Live');
    const before = commits;
    // the worker's patch for a poll that changed nothing: the time of the answer only
    act(() => applyEvent(store, { type: 'alerts-patch', viewKey: 'v', seq: 2, meta: { updatedAt: t0 + 1000 } }));
    act(() => applyEvent(store, { type: 'alerts-patch', viewKey: 'v', seq: 3, meta: { updatedAt: t0 + 2000 } }));
    expect(commits).toBe(before);
    expect(screen.getByTestId('freshness').textContent).toContain('just now');
    act(() => applyEvent(store, { type: 'alerts-patch', viewKey: 'v', seq: 4, meta: { freshness: 'offline', error: { kind: 'network', message: 'Failed to fetch', endpoint: '/api' } } }));
    expect(commits).toBeGreaterThan(before);
    expect(screen.getByTestId('freshness').textContent).toContain('The server cannot be reached');
  });
});

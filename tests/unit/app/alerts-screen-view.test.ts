// @vitest-environment happy-dom
// When the alerts screen asks the worker for its view. The view carries the rows-per-page preference, so asking before
// the preferences arrive would poll (and cache) the default 20-row view first; an offline start then found no cached
// snapshot for that view and showed an empty offline page before the right one (the benchmark's "first snapshot did
// not come from the cache").
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import type { AlertsView } from '../../../src/core/types.ts';
import { CLIENT_DEFAULTS } from '../../../src/core/config.ts';
import { mergePreferences } from '../../../src/core/preferences.ts';

const asked: (AlertsView | null)[] = [];
vi.mock('../../../src/app/data/alerts.ts', () => ({ watchAlertsView: (view: AlertsView | null) => asked.push(view) }));

const { mountAlertsScreen } = await import('../../../src/app/state/alerts-screen.ts');
const { applyEvent } = await import('../../../src/app/state/connect.ts');
const { configAtom } = await import('../../../src/app/state/session.ts');

function userData(rowsPerPage: number) {
  return { type: 'user-data' as const, prefs: mergePreferences({ rowsPerPage }), queries: [], loaded: true };
}

describe('the alerts screen asks for its view', () => {
  beforeEach(() => {
    asked.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('once the preferences are known, with their rows per page, and not the default view before them', () => {
    const store = createStore();
    store.set(configAtom, CLIENT_DEFAULTS);
    const unmount = mountAlertsScreen(store, CLIENT_DEFAULTS);
    expect(asked).toEqual([]);
    applyEvent(store, userData(200));
    expect(asked.map((v) => v?.rowsPerPage)).toEqual([200]);
    unmount();
    expect(asked.at(-1)).toBeNull();
  });

  it('at once when the preferences are already known (coming back to the screen)', () => {
    const store = createStore();
    store.set(configAtom, CLIENT_DEFAULTS);
    applyEvent(store, userData(50));
    mountAlertsScreen(store, CLIENT_DEFAULTS)();
    expect(asked[0]?.rowsPerPage).toBe(50);
  });

  it('anyway after a second when the preferences never come', () => {
    const store = createStore();
    store.set(configAtom, CLIENT_DEFAULTS);
    const unmount = mountAlertsScreen(store, CLIENT_DEFAULTS);
    vi.advanceTimersByTime(999);
    expect(asked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(asked.map((v) => v?.rowsPerPage)).toEqual([20]);
    unmount();
  });
});

// @vitest-environment happy-dom
// The worker asks for the alert list's first page at start-up, before the screen renders (src/core/alerts-location.ts
// startListView); the screen, once mounted, asks for the view it derives from its own state. The two must be the same
// view, or the start-up's request is thrown away and the list fetched twice.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import type { AlertsView, Config, Preferences } from '../../../src/core/types.ts';

const sent: (AlertsView | null)[] = [];
let listStarted = true;
vi.mock('../../../src/app/worker-client.ts', async () => {
  const { CLIENT_DEFAULTS } = await import('../../../src/core/config.ts');
  const { DEFAULT_PREFERENCES } = await import('../../../src/core/preferences.ts');
  return {
    dataWorker: {
      setView: async (view: AlertsView | null) => void sent.push(view),
      setOpenGroups: async () => undefined,
      subscribe: async () => undefined,
      init: async () => ({
        ok: true,
        value: {
          config: CLIENT_DEFAULTS,
          configFromCache: false,
          session: { authenticated: false, token: null, claims: null, expiresAt: null },
          user: { prefs: DEFAULT_PREFERENCES, queries: [] },
          listStarted,
        },
      }),
    },
  };
});

const { mountAlertsScreen } = await import('../../../src/app/state/alerts-screen.ts');
const { watchAlertsView, watchOpenGroups } = await import('../../../src/app/data/alerts.ts');
const { configAtom } = await import('../../../src/app/state/session.ts');
const { prefsAtom } = await import('../../../src/app/state/user.ts');
const { startListView } = await import('../../../src/core/alerts-location.ts');
const { firstScreenShown, startWorker } = await import('../../../src/app/state/connect.ts');
const { viewKey } = await import('../../../src/core/alerts-view.ts');
const { CLIENT_DEFAULTS } = await import('../../../src/core/config.ts');
const { DEFAULT_PREFERENCES } = await import('../../../src/core/preferences.ts');

afterEach(() => {
  sent.splice(0);
});

const cases: { what: string; search: string; hash: string; config?: Partial<Config>; prefs?: Partial<Preferences> }[] = [
  { what: 'a plain /alerts', search: '', hash: '' },
  { what: 'a search and a filter hash', search: '?q=resource:web01', hash: '#status:open;sb:lastReceiveTime;sd:1' },
  { what: 'a wall display with a small page size', search: '?kiosk', hash: '', prefs: { rowsPerPage: 10 } },
  { what: 'a deep link’s server filters', search: '?environment=Production&service=Web', hash: '' },
  { what: 'grouping from the hash, with open groups and the overview', search: '', hash: '#status:open,ack;gb:event;go:DiskFull;ov:1' },
  { what: 'grouping from the preference', search: '', hash: '', prefs: { groupBy: 'resource' } },
  { what: 'the config’s filter and the notes column', search: '', hash: '', config: { filter: { status: ['open'], environment: 'Production' } }, prefs: { showNotesIcon: true } },
];

describe('the start-up’s view and the list screen’s', () => {
  it.each(cases)('are the same view for $what', ({ search, hash, config: configOver, prefs: prefsOver }) => {
    const config: Config = { ...CLIENT_DEFAULTS, auth_required: false, ...configOver };
    const prefs: Preferences = { ...DEFAULT_PREFERENCES, rowsPerPage: 200, ...prefsOver };
    history.replaceState(null, '', `/alerts${search}${hash}`);
    const store = createStore();
    store.set(configAtom, config);
    store.set(prefsAtom, prefs);
    const started = startListView({ pathname: location.pathname, search: location.search, hash: location.hash }, '/', config, prefs, false);
    expect(started).not.toBeNull();

    const unmount = mountAlertsScreen(store, config, { watchView: watchAlertsView, watchOpenGroups });
    unmount();
    const shown = sent[0];
    expect(shown).toBeTruthy();
    expect(viewKey(shown!)).toBe(viewKey(started!));
  });
});

describe('a list the worker started for the address', () => {
  it('stops when the first screen shown is another page (a refused token sent the user to sign in)', async () => {
    listStarted = true;
    await startWorker();
    firstScreenShown('login');
    expect(sent).toEqual([null]);
    // Only the first screen decides: later pages are the list's own business.
    firstScreenShown('heartbeats');
    expect(sent).toEqual([null]);
  });

  it('is left to the list when the first screen is the list, and nothing is stopped when none was started', async () => {
    listStarted = true;
    await startWorker();
    firstScreenShown('alerts');
    expect(sent).toEqual([]);
    listStarted = false;
    await startWorker();
    firstScreenShown('login');
    expect(sent).toEqual([]);
  });
});

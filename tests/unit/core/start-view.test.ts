// The alert list's view at start-up: the page a browser address opens on (the router's redirects and login guard
// included), and the view of that list, which the worker asks for before the screen renders.
import { describe, expect, it } from 'vitest';
import { KIOSK_MIN_ROWS, openingView, startListView } from '../../../src/core/alerts-location.ts';
import { likelyStartRoute, startPage } from '../../../src/core/routes.ts';
import { CLIENT_DEFAULTS } from '../../../src/core/config.ts';
import { DEFAULT_PREFERENCES } from '../../../src/core/preferences.ts';
import type { Config } from '../../../src/core/types.ts';

const config = (over: Partial<Config> = {}): Config => ({ ...CLIENT_DEFAULTS, auth_required: false, ...over });
const prefs = { ...DEFAULT_PREFERENCES, rowsPerPage: 200 };
const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });
const open = { authRequired: false, allowReadonly: false, authenticated: false };

describe('the page an address opens on', () => {
  it('is the alert list at /alerts and at the root, which redirects to it', () => {
    expect(startPage(at('/alerts', '?q=db', '#status:open'), '', open)).toEqual({ name: 'alerts', search: '?q=db', hash: '#status:open' });
    expect(startPage(at('/'), '', open)).toEqual({ name: 'alerts', search: '', hash: '' });
    expect(startPage(at('/alerts/'), '', open)?.name).toBe('alerts');
  });

  it('reads an old console’s /#/ link as its path, and strips the base path', () => {
    expect(startPage(at('/', '', '#/alerts?q=web'), '', open)).toEqual({ name: 'alerts', search: '?q=web', hash: '' });
    expect(startPage(at('/', '', '#/alert/abc'), '', open)?.name).toBe('alert');
    expect(startPage(at('/console/alerts'), '/console', open)?.name).toBe('alerts');
    expect(startPage(at('/console'), '/console', open)?.name).toBe('alerts');
  });

  it('is another page, or none (the login page, a link out of the console)', () => {
    expect(startPage(at('/alert/abc'), '', open)?.name).toBe('alert');
    expect(startPage(at('/help'), '', open)).toBeNull();
    expect(startPage(at('/login'), '', open)).toBeNull();
    expect(startPage(at('/alerts'), '', { ...open, authRequired: true })).toBeNull();
    expect(startPage(at('/alerts'), '', { ...open, authRequired: true, authenticated: true })?.name).toBe('alerts');
    expect(startPage(at('/alerts'), '', { ...open, authRequired: true, allowReadonly: true })?.name).toBe('alerts');
  });
});

describe('the list’s view at start-up', () => {
  it('has the preferences’ page size and notes column, page 1, and the config’s filter when the hash says none', () => {
    const view = startListView(at('/alerts'), '/', config({ filter: { status: ['open'] } }), { ...prefs, showNotesIcon: true }, false);
    expect(view).toMatchObject({ query: [], page: 1, rowsPerPage: 200, showHistory: true, watchedBy: null, sort: { sortBy: 'default', descending: false } });
    expect(view?.filter.status).toEqual(['open']);
    expect(view).not.toHaveProperty('groupBy');
  });

  it('takes the search and the hash’s filter, sort and grouping; a wall display shows at least 50 rows', () => {
    const view = startListView(at('/alerts', '?q=db&kiosk', '#status:ack;sb:lastReceiveTime;sd:1;gb:event'), '/', config(), { ...prefs, rowsPerPage: 20 }, false);
    expect(view?.query).toEqual([['q', 'db']]);
    expect(view?.filter.status).toEqual(['ack']);
    expect(view?.sort).toEqual({ sortBy: 'lastReceiveTime', descending: true });
    expect(view?.groupBy).toBe('event');
    expect(view?.rowsPerPage).toBe(KIOSK_MIN_ROWS);
  });

  it('is grouped by the preference when the hash does not say, and not when the config does not offer the field', () => {
    expect(startListView(at('/alerts'), '/', config(), { ...prefs, groupBy: 'resource' }, false)?.groupBy).toBe('resource');
    expect(startListView(at('/alerts'), '/', config({ customer_views: false }), { ...prefs, groupBy: 'customer' }, false)).not.toHaveProperty('groupBy');
  });

  it('reads the path under the config’s base path, else the build’s', () => {
    // Under the base, /alert/abc is an alert's page; outside any base it is an unknown path, which opens the list.
    expect(startListView(at('/console/alert/abc'), '/', config({ base_path: '/console/' }), prefs, false)).toBeNull();
    expect(startListView(at('/console/alert/abc'), '/console/', config(), prefs, false)).toBeNull();
    expect(startListView(at('/console/alert/abc'), '/', config(), prefs, false)).not.toBeNull();
    expect(startListView(at('/console/alerts'), '/', config({ base_path: '/console/' }), prefs, false)).not.toBeNull();
  });

  it('is none on another page, or where the user must sign in first', () => {
    expect(startListView(at('/alert/abc'), '/', config(), prefs, false)).toBeNull();
    expect(startListView(at('/alerts'), '/', config({ auth_required: true }), prefs, false)).toBeNull();
    expect(startListView(at('/alerts'), '/', config({ auth_required: true }), prefs, true)).toEqual(openingView('', '', config({ auth_required: true }), prefs));
  });
});

describe('the route an address most likely opens before the config is known', () => {
  it('reads the path under the build base, old /#/ links as their path, and unknown paths as the list', () => {
    expect(likelyStartRoute(at('/alerts', '?q=db', '#status:open'), '/')).toBe('alerts');
    expect(likelyStartRoute(at('/'), '/')).toBe('alerts');
    expect(likelyStartRoute(at('/', '', '#/alert/abc'), '/')).toBe('alert');
    expect(likelyStartRoute(at('/console/heartbeats'), '/console/')).toBe('heartbeats');
    expect(likelyStartRoute(at('/no-such-page'), '/')).toBe('alerts');
    // The sign-in page is a page of its own: its code loads at once.
    expect(likelyStartRoute(at('/login'), '/')).toBe('login');
  });
});

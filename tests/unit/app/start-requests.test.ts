// @vitest-environment happy-dom
// The requests a start's list made first, as the page keeps them (src/app/state/start-requests.ts): filed under the
// address the page opened at, handed to the next worker started there with the stored token, never across a change
// of signed in or out, forgotten when the user signs out, and read defensively (storage is anyone's to damage).
import { beforeEach, describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { applyEvent } from '../../../src/app/state/connect.ts';
import { earlyStart } from '../../../src/app/state/start-requests.ts';

const LIST = 'https://api.example/api/alerts?status=open&page-size=200';
const COUNTS = 'https://api.example/api/environments?status=open';
const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash, buildBase: '/' });
const SOURCES = { configUrl: 'https://console.example/config.json', buildConfig: {} };
/** The list's requests the page hands to a worker started at this address with this token. */
const urlsFor = (address: ReturnType<typeof at>, token: string | null) => earlyStart(address, token, SOURCES).urls;

beforeEach(() => localStorage.clear());

describe('the requests a start made first', () => {
  it('are handed, with the token and the config’s sources, to the next worker started at the same address, and only there', () => {
    const store = createStore();
    applyEvent(store, { type: 'start-requests', address: '/alerts?q=db#status:open', urls: [LIST, COUNTS], signedIn: true });
    expect(earlyStart(at('/alerts', '?q=db', '#status:open'), 'T', SOURCES)).toEqual({ type: 'early-start', urls: [LIST, COUNTS], token: 'T', ...SOURCES, firstStartAt: null });
    expect(urlsFor(at('/alerts', '?q=db'), 'T')).toEqual([]);
    expect(urlsFor(at('/alerts'), 'T')).toEqual([]);
  });

  it('are not handed over when the page is signed in and they were not, or the other way round', () => {
    const store = createStore();
    applyEvent(store, { type: 'start-requests', address: '/alerts', urls: [LIST], signedIn: true });
    expect(urlsFor(at('/alerts'), null)).toEqual([]);
    applyEvent(store, { type: 'start-requests', address: '/alerts', urls: [LIST], signedIn: false });
    expect(urlsFor(at('/alerts'), 'T')).toEqual([]);
    expect(earlyStart(at('/alerts'), null, SOURCES)).toEqual({ type: 'early-start', urls: [LIST], token: null, ...SOURCES, firstStartAt: null });
  });

  it('name the address of a start signed in when no signed-in start is remembered at any address (a first start: the list is guessed)', () => {
    const store = createStore();
    expect(earlyStart(at('/alerts', '?q=db'), 'T', SOURCES).firstStartAt).toEqual(at('/alerts', '?q=db'));
    // Without a token nothing is guessed: the list of a start signed out is known once the config is.
    expect(earlyStart(at('/alerts'), null, SOURCES).firstStartAt).toBeNull();
    // A start signed out remembered: the user's preferences are still not cached.
    applyEvent(store, { type: 'start-requests', address: '/alerts', urls: [LIST], signedIn: false });
    expect(earlyStart(at('/alerts'), 'T', SOURCES).firstStartAt).toEqual(at('/alerts'));
    // A start signed in at another address: its preferences are cached, and a later start asks with them.
    applyEvent(store, { type: 'start-requests', address: '/alerts?q=web', urls: [LIST], signedIn: true });
    expect(earlyStart(at('/alerts'), 'T', SOURCES).firstStartAt).toBeNull();
    // Signing out forgets them all, with the worker's copy of the preferences.
    applyEvent(store, { type: 'session', session: { authenticated: false, token: null, claims: null, expiresAt: null }, reason: 'logout' });
    expect(earlyStart(at('/alerts'), 'T', SOURCES).firstStartAt).toEqual(at('/alerts'));
  });

  it('keep the last eight addresses, the newest replacing an address’s older requests', () => {
    const store = createStore();
    for (let i = 0; i < 10; i++) applyEvent(store, { type: 'start-requests', address: `/alerts?page=${i}`, urls: [`${LIST}&page=${i}`], signedIn: true });
    applyEvent(store, { type: 'start-requests', address: '/alerts?page=5', urls: [COUNTS], signedIn: true });
    expect(urlsFor(at('/alerts', '?page=0'), 'T')).toEqual([]);
    expect(urlsFor(at('/alerts', '?page=1'), 'T')).toEqual([]);
    expect(urlsFor(at('/alerts', '?page=2'), 'T')).toEqual([`${LIST}&page=2`]);
    expect(urlsFor(at('/alerts', '?page=5'), 'T')).toEqual([COUNTS]);
    expect(JSON.parse(localStorage.getItem('alerta.startRequests')!)).toHaveLength(8);
  });

  it('are forgotten when the user signs out, not when the session only expired', () => {
    const store = createStore();
    const session = { authenticated: false, token: null, claims: null, expiresAt: null };
    applyEvent(store, { type: 'start-requests', address: '/alerts', urls: [LIST], signedIn: true });
    applyEvent(store, { type: 'session', session, reason: 'expired' });
    expect(urlsFor(at('/alerts'), 'T')).not.toEqual([]);
    applyEvent(store, { type: 'session', session, reason: 'logout' });
    expect(urlsFor(at('/alerts'), 'T')).toEqual([]);
    expect(localStorage.getItem('alerta.startRequests')).toBeNull();
  });

  it('damaged in storage, are none at all', () => {
    for (const stored of ['{', '{"address":"/alerts"}', '[{"address":"/alerts","urls":"x","signedIn":true}]', '[null,3,{"address":"/alerts","urls":[1],"signedIn":true}]']) {
      localStorage.setItem('alerta.startRequests', stored);
      expect(urlsFor(at('/alerts'), 'T')).toEqual([]);
    }
  });
});

// A start goes on with the cached config and preferences, and their revalidation reports them again: the same values
// must leave the store as it is (nothing that reads them renders again, no flash), a change must go in.
import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { applyEvent } from '../../../src/app/state/connect.ts';
import { configAtom, configFromCacheAtom } from '../../../src/app/state/session.ts';
import { prefsAtom, savedQueriesAtom } from '../../../src/app/state/user.ts';
import { CLIENT_DEFAULTS } from '../../../src/core/config.ts';
import { DEFAULT_PREFERENCES } from '../../../src/core/preferences.ts';

const copy = <T>(x: T): T => structuredClone(x);

describe('a revalidation that finds the same config and preferences', () => {
  it('keeps the very objects in the store; a change replaces them', () => {
    const store = createStore();
    applyEvent(store, { type: 'config', config: copy(CLIENT_DEFAULTS), fromCache: false });
    applyEvent(store, { type: 'user-data', prefs: { ...copy(DEFAULT_PREFERENCES), rowsPerPage: 200 }, queries: [{ text: 'db', q: 'service:Database' }], loaded: false });
    const config = store.get(configAtom);
    const prefs = store.get(prefsAtom);
    const queries = store.get(savedQueriesAtom);

    // What a structured clone from the worker looks like: equal values in new objects.
    applyEvent(store, { type: 'config', config: copy(CLIENT_DEFAULTS), fromCache: false });
    applyEvent(store, { type: 'user-data', prefs: { ...copy(DEFAULT_PREFERENCES), rowsPerPage: 200 }, queries: [{ text: 'db', q: 'service:Database' }], loaded: true });
    expect(store.get(configAtom)).toBe(config);
    expect(store.get(prefsAtom)).toBe(prefs);
    expect(store.get(savedQueriesAtom)).toBe(queries);

    applyEvent(store, { type: 'config', config: { ...copy(CLIENT_DEFAULTS), columns: ['severity', 'resource'] }, fromCache: true });
    applyEvent(store, { type: 'user-data', prefs: { ...copy(DEFAULT_PREFERENCES), rowsPerPage: 50 }, queries: [], loaded: true });
    expect(store.get(configAtom)?.columns).toEqual(['severity', 'resource']);
    expect(store.get(configFromCacheAtom)).toBe(true);
    expect(store.get(prefsAtom).rowsPerPage).toBe(50);
    expect(store.get(savedQueriesAtom)).toEqual([]);
  });
});

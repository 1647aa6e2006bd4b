// The signed-in user's preferences and saved searches, as the worker reports them.
import { atom } from 'jotai';
import type { Preferences, SavedQuery } from '../../core/types.ts';
import { DEFAULT_PREFERENCES, effectiveRefreshInterval } from '../../core/preferences.ts';
import { setIfChanged, type EventHandlers } from './store.ts';
import { configAtom } from './session.ts';

export const prefsAtom = atom<Preferences>(DEFAULT_PREFERENCES);
export const savedQueriesAtom = atom<SavedQuery[]>([]);
/** true once the preferences came from the API (or the cache of the last session) */
export const userDataLoadedAtom = atom(false);
/** The polling interval in force: the preference, else the config's, else 5 s (src/core/preferences.ts). */
export const refreshIntervalAtom = atom((get) => effectiveRefreshInterval(get(prefsAtom), get(configAtom)));

export const userHandlers: EventHandlers<'user-data'> = {
  'user-data': (store, event) => {
    setIfChanged(store, prefsAtom, event.prefs);
    setIfChanged(store, savedQueriesAtom, event.queries);
    store.set(userDataLoadedAtom, event.loaded);
  },
};

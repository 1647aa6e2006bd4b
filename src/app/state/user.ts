// The signed-in user's preferences and saved searches, as the worker reports them.
import { atom } from 'jotai';
import type { Preferences, SavedQuery } from '../../core/types.ts';
import { DEFAULT_PREFERENCES } from '../../core/preferences.ts';
import type { EventHandlers } from './store.ts';

export const prefsAtom = atom<Preferences>(DEFAULT_PREFERENCES);
export const savedQueriesAtom = atom<SavedQuery[]>([]);
/** true once the preferences came from the API (or the cache of the last session) */
export const userDataLoadedAtom = atom(false);
/**
 * true once the worker sent any preferences (its cached copy comes right after the config): what the alerts screen
 * waits for before asking for its view, which carries the rows-per-page preference.
 */
export const prefsKnownAtom = atom(false);

export const userHandlers: EventHandlers<'user-data'> = {
  'user-data': (store, event) => {
    store.set(prefsAtom, event.prefs);
    store.set(savedQueriesAtom, event.queries);
    store.set(userDataLoadedAtom, event.loaded);
    store.set(prefsKnownAtom, true);
  },
};

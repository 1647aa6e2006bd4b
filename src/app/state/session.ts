// Config, session and connectivity as the worker reports them; who the user is and what they may do, derived once;
// and the token's place in the browser (localStorage `auth.token`, as the old console kept it), followed across tabs.
import { atom } from 'jotai';
import type { Config } from '../../core/types.ts';
import type { ConnectivityMessage, SessionState } from '../../worker/contract/index.ts';
import { userScopes, usernameOf } from '../../core/jwt.ts';
import { hasPerms, isAdmin, permsContextOf } from '../../core/perms.ts';
import { setIfChanged, type EventHandlers } from './store.ts';
import { forgetStartRequests } from './start-requests.ts';
import { AUTH_TOKEN_KEY, writeToken } from './stored-token.ts';

export const configAtom = atom<Config | null>(null);
export const configFromCacheAtom = atom(false);
export const sessionAtom = atom<SessionState>({ authenticated: false, token: null, claims: null, expiresAt: null });
/** why the last session ended, for the login page's message */
export const sessionEndReasonAtom = atom<'expired' | 'unauthorized' | 'logout' | null>(null);
export const connectivityAtom = atom<ConnectivityMessage>({ type: 'connectivity', online: true, endpoint: '', since: 0 });

/**
 * Whether the device has a network at all (the browser's `online`/`offline` events), as opposed to whether the API
 * answers (connectivityAtom): without it the console is offline; with it, a silent API is the server's problem.
 */
export const deviceOnlineAtom = atom(typeof navigator === 'undefined' ? true : navigator.onLine);
deviceOnlineAtom.onMount = (set) => {
  const update = () => set(navigator.onLine);
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
};

/** The signed-in user's name for watch tags and own notes (src/core/jwt.ts usernameOf); null when signed out. */
export const usernameAtom = atom((get) => {
  const session = get(sessionAtom);
  return session.authenticated ? usernameOf(session.claims) : null;
});

/** The has-perms rule (src/core/perms.ts) with the current config and session: `get(permsAtom).can('write:alerts')`. */
export const permsAtom = atom((get) => {
  const session = get(sessionAtom);
  const scopes = userScopes(session.claims);
  const ctx = permsContextOf(get(configAtom), { authenticated: session.authenticated, scopes });
  return {
    ctx,
    scopes,
    authenticated: session.authenticated,
    admin: isAdmin(scopes, session.authenticated),
    can: (scope: string | null) => scope === null || hasPerms(scope, ctx),
  };
});

/** Another tab signed in or out: `follow` hands the new token to this tab's worker. Returns the unsubscribe. */
export function followTokenOfOtherTabs(follow: (token: string | null) => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === AUTH_TOKEN_KEY) follow(e.newValue);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

export const sessionHandlers: EventHandlers<'config' | 'session' | 'connectivity'> = {
  config: (store, event) => {
    setIfChanged(store, configAtom, event.config);
    store.set(configFromCacheAtom, event.fromCache);
  },
  session: (store, event) => {
    store.set(sessionAtom, event.session);
    if (event.reason) store.set(sessionEndReasonAtom, event.reason);
    writeToken(event.session.authenticated ? event.session.token : null);
    if (event.reason === 'logout') forgetStartRequests();
  },
  connectivity: (store, event) => store.set(connectivityAtom, event),
};

// Config, session and connectivity as the worker reports them.
import { atom } from 'jotai';
import type { Config } from '../../core/types.ts';
import type { ConnectivityMessage, SessionState } from '../../worker/contract/index.ts';

export const configAtom = atom<Config | null>(null);
export const configFromCacheAtom = atom(false);
export const sessionAtom = atom<SessionState>({ authenticated: false, token: null, claims: null, expiresAt: null });
/** why the last session ended, for the login page's message */
export const sessionEndReasonAtom = atom<'expired' | 'unauthorized' | 'logout' | null>(null);
export const connectivityAtom = atom<ConnectivityMessage>({ type: 'connectivity', online: true, endpoint: '', since: 0 });

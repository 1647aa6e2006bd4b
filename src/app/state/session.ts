// Config, session and notices as the worker reports them.
import { atom } from 'jotai';
import type { Config } from '../../core/types.ts';
import type { SessionState } from '../../worker/contract.ts';

export const configAtom = atom<Config | null>(null);
export const configFromCacheAtom = atom(false);
export const sessionAtom = atom<SessionState>({ authenticated: false, token: null, claims: null, expiresAt: null });

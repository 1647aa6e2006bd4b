// The has-perms rule (src/core/perms.ts) with the current config and session (state/session.ts permsAtom),
// for hiding or disabling every gated element.
import { useAtomValue } from 'jotai';
import { permsAtom } from '../state/session.ts';

/** `can('write:alerts')`, the user's scopes, whether signed in and whether an administrator. */
export function usePerms() {
  return useAtomValue(permsAtom);
}

// The has-perms rule of SPEC 6 (src/core/perms.ts) fed by the session and the config, for hiding or disabling
// every gated element.
import { useCallback, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { hasPerms, isAdmin, permEffect, type PermsContext } from '../../core/perms.ts';
import { userScopes } from '../../core/jwt.ts';
import { configAtom, sessionAtom } from '../state/session.ts';

export function usePermsContext(): PermsContext {
  const config = useAtomValue(configAtom);
  const session = useAtomValue(sessionAtom);
  return useMemo(
    () => ({
      authRequired: config?.auth_required ?? true,
      allowReadonly: config?.allow_readonly ?? false,
      readonlyScopes: config?.readonly_scopes ?? null,
      authenticated: session.authenticated,
      scopes: userScopes(session.claims),
    }),
    [config, session],
  );
}

/** `can('write:alerts')`: whether the current user (or an anonymous read-only visitor) holds the scope. */
export function useHasPerms(): (scope: string) => boolean {
  const ctx = usePermsContext();
  return useCallback((scope: string) => hasPerms(scope, ctx), [ctx]);
}

/** How an element tied to a scope renders: 'visible', 'hidden', or with mode 'disable' 'disabled'. */
export function usePermEffect(scope: string, mode: 'hide' | 'disable' = 'hide'): 'visible' | 'hidden' | 'disabled' {
  const ctx = usePermsContext();
  return permEffect(hasPerms(scope, ctx), mode);
}

export function useIsAdmin(): boolean {
  const ctx = usePermsContext();
  return isAdmin(ctx.scopes, ctx.authenticated);
}

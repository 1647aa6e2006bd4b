// State and helpers every administration screen needs: permissions, the list of a resource with its
// loading/error state, a ticking clock for live statuses, and dates in the user's formats and zone.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { FilterLists, ListParams, ResourceMap, ResourceName, WorkerError } from '../../../worker/contract/index.ts';
import { hasPerms } from '../../../core/perms.ts';
import { userScopes } from '../../../core/jwt.ts';
import { effectiveDates } from '../../../core/preferences.ts';
import { formatDate, formatUtcTooltip } from '../../../core/date-format.ts';
import { dataWorker } from '../../worker-client.ts';
import { configAtom, sessionAtom } from '../../state/session.ts';
import { prefsAtom } from '../../state/user.ts';
import { useT } from '../../state/i18n.ts';

/** `can(scope)`: the has-perms rule with the current config and session. */
export function usePerms(): { can: (scope: string | null) => boolean; scopes: string[]; authenticated: boolean } {
  const config = useAtomValue(configAtom);
  const session = useAtomValue(sessionAtom);
  return useMemo(() => {
    const scopes = userScopes(session.claims);
    const ctx = {
      authRequired: config?.auth_required ?? true,
      allowReadonly: config?.allow_readonly ?? false,
      readonlyScopes: config?.readonly_scopes,
      authenticated: session.authenticated,
      scopes,
    };
    return { can: (scope: string | null) => scope === null || hasPerms(scope, ctx), scopes, authenticated: session.authenticated };
  }, [config, session]);
}

export interface ResourceState<T> {
  items: T[];
  loading: boolean;
  error: WorkerError | null;
  /** true when the list came from the cache (API unreachable) */
  fromCache: boolean;
  /** reloads; `silent` keeps the current rows on screen instead of showing the loading state */
  reload: (silent?: boolean) => Promise<void>;
}

type Fetched<T> = { ok: true; items: T[]; fromCache: boolean } | { ok: false; error: WorkerError };

/** Every page of a resource list, asked for in large pages; stops on the first failure. */
async function fetchAll<R extends ResourceName>(resource: R, params: ListParams): Promise<Fetched<ResourceMap[R]>> {
  const items: ResourceMap[R][] = [];
  let fromCache = false;
  // A guard against a server that keeps saying "more": 50 pages of 200 is far beyond any real installation.
  for (let page = 1; page <= 50; page++) {
    let r;
    try {
      r = await dataWorker.list(resource, { ...params, page, 'page-size': 200 });
    } catch (e) {
      return { ok: false, error: { kind: 'internal', message: e instanceof Error ? e.message : String(e) } };
    }
    if (!r.ok) return { ok: false, error: r.error };
    items.push(...(r.value.items as ResourceMap[R][]));
    fromCache ||= r.value.fromCache;
    if (!r.value.more || r.value.items.length === 0) break;
  }
  return { ok: true, items, fromCache };
}

/**
 * The whole list of an admin resource, for the client-side filter and sort. An answer that arrives after a newer
 * request started is dropped. A failed reload keeps the rows already shown, with the error beside them.
 */
export function useResource<R extends ResourceName>(resource: R, params?: ListParams, enabled = true): ResourceState<ResourceMap[R]> {
  const paramsKey = JSON.stringify(params ?? {});
  const key = `${resource} ${paramsKey}`;
  const [state, setState] = useState<{ items: ResourceMap[R][]; loading: boolean; error: WorkerError | null; fromCache: boolean; answered: string | null }>({
    items: [],
    loading: false,
    error: null,
    fromCache: false,
    answered: null,
  });
  const seq = useRef(0);

  const apply = useCallback(
    (mine: number, r: Fetched<ResourceMap[R]>) => {
      if (mine !== seq.current) return;
      setState((s) =>
        r.ok ? { items: r.items, loading: false, error: null, fromCache: r.fromCache, answered: key } : { ...s, loading: false, error: r.error, answered: key },
      );
    },
    [key],
  );

  const reload = useCallback(
    async (silent = false) => {
      if (!enabled) return;
      const mine = ++seq.current;
      if (!silent) setState((s) => ({ ...s, loading: true }));
      apply(mine, await fetchAll(resource, JSON.parse(paramsKey) as ListParams));
    },
    [resource, paramsKey, enabled, apply],
  );

  useEffect(() => {
    if (!enabled) return;
    const mine = ++seq.current;
    void fetchAll(resource, JSON.parse(paramsKey) as ListParams).then((r) => apply(mine, r));
  }, [resource, paramsKey, enabled, apply]);

  // Loading until the list of these parameters has answered once, then while a reload runs.
  return { items: state.items, error: state.error, fromCache: state.fromCache, loading: enabled && (state.loading || state.answered !== key), reload };
}

/** Reloads silently every `ms` while the page is visible, so a list left open stays current. */
export function useAutoReload(reload: (silent?: boolean) => Promise<void>, ms: number, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    const id = setInterval(() => {
      if (document.visibilityState === 'visible') void reload(true);
    }, ms);
    return () => clearInterval(id);
  }, [reload, ms, enabled]);
}

/** The current time, updated every `ms` while the component is shown (statuses computed from times stay true). */
export function useNow(ms = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

/** Dates in the user's formats, zone and language; every date cell also gets its UTC time as a tooltip. */
export function useDates() {
  const config = useAtomValue(configAtom);
  const prefs = useAtomValue(prefsAtom);
  const { locale } = useT();
  return useMemo(() => {
    const dates = effectiveDates(prefs, config);
    const opts = { timezone: prefs.timezone, locale };
    return {
      medium: (iso: string | null | undefined) => formatDate(iso ?? null, dates.mediumDate, opts),
      long: (iso: string | null | undefined) => formatDate(iso ?? null, dates.longDate, opts),
      utc: (iso: string | null | undefined) => formatUtcTooltip(iso ?? null),
      timezone: prefs.timezone,
    };
  }, [config, prefs, locale]);
}

/** Sets the document title while the screen is shown. */
export function usePageTitle(title: string) {
  const { t } = useT();
  useEffect(() => {
    document.title = t('PageTitle', { title, product: t('Product') });
  }, [t, title]);
}

const EMPTY_LISTS: FilterLists = { services: [], groups: [], tags: [], customers: [], environments: [] };

/**
 * Known services, groups, tags, customers and environments, to suggest in forms and offer in filters. A failure
 * leaves the lists empty: the fields still accept typed values, so nothing is blocked.
 */
export function useLists(enabled = true): FilterLists {
  const [lists, setLists] = useState<FilterLists>(EMPTY_LISTS);
  const config = useAtomValue(configAtom);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void dataWorker.getLists().then(
      (r) => live && r.ok && setLists(r.value),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return useMemo(() => {
    const envs = [...new Set([...(config?.environments ?? []), ...lists.environments])];
    return { ...lists, environments: envs };
  }, [lists, config?.environments]);
}

/** What an AdminPage shows of a resource list: its count (none while loading), the refresh button, the cache marker. */
export function pagePropsOf(list: ResourceState<unknown>) {
  return { count: list.loading ? null : list.items.length, onRefresh: () => void list.reload(true), fromCache: list.fromCache };
}

/** What a DataTable shows of a resource list: the loading and error states, with Retry. */
export function tablePropsOf(list: ResourceState<unknown>) {
  return { loading: list.loading, error: list.error, onRetry: () => void list.reload() };
}

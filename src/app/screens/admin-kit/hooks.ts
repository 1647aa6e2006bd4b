// What every administration screen shows of a resource list (src/app/data/admin.ts useResourceList), and the known
// names that forms suggest.
import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import type { FilterLists } from '../../../worker/contract/index.ts';
import type { ResourceListState } from '../../data/admin.ts';
import { filterListsQuery } from '../../data/alerts.ts';
import { useQuery } from '../../data/query.ts';
import { configAtom } from '../../state/session.ts';

const EMPTY_LISTS: FilterLists = { services: [], groups: [], tags: [], customers: [], environments: [] };

/**
 * Known services, groups, tags, customers and environments, to suggest in forms. A failure leaves the lists empty:
 * the fields still accept typed values, so nothing is blocked.
 */
export function useSuggestions(enabled = true): FilterLists {
  const { data } = useQuery(enabled ? filterListsQuery : null);
  const configured = useAtomValue(configAtom)?.environments;
  return useMemo(() => {
    const lists = data ?? EMPTY_LISTS;
    return { ...lists, environments: [...new Set([...(configured ?? []), ...lists.environments])] };
  }, [data, configured]);
}

/** What an AdminPage shows of a resource list: its count (none while loading), the refresh button, the cache marker. */
export function pagePropsOf(list: ResourceListState<unknown>) {
  return { count: list.loading ? null : list.items.length, onRefresh: () => void list.reload(), fromCache: list.fromCache ? (list.cachedAt ?? 0) : null };
}

/** What a DataTable shows of a resource list: the loading and error states, with Retry. */
export function tablePropsOf(list: ResourceListState<unknown>) {
  return { loading: list.loading, error: list.error, onRetry: () => void list.reload() };
}

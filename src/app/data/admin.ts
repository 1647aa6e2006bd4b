// Every request the administration screens, the reports and the About screen make: the resource lists, their
// changes (each invalidating the lists it changed), group membership, scopes, reports and the API's facts.
import type { Group, Top10Entry, User } from '../../core/types.ts';
import type { ListParams, ManagementInfo, ReportFilter, ResourceMap, ResourceName, Result, Top10Kind, WorkerError } from '../../worker/contract/index.ts';
import { dataWorker } from '../worker-client.ts';
import type { Notice } from '../state/notices.ts';
import { runCommand, type Outcome } from './commands.ts';
import { queryClient, useQuery, type Query } from './query.ts';

// ---- resource lists ------------------------------------------------------------------------------------------------

interface FetchedList<T> {
  items: T[];
  /** true when the API could not be reached and the list came from the worker's cache */
  fromCache: boolean;
  /** when that copy was the API's answer */
  cachedAt: number | null;
}

/** Every page of a resource list, asked for in large pages; the first failure is the answer. */
async function fetchAll<R extends ResourceName>(resource: R, params: ListParams): Promise<Result<FetchedList<ResourceMap[R]>>> {
  const items: ResourceMap[R][] = [];
  let fromCache = false;
  let cachedAt: number | null = null;
  // A guard against a server that keeps saying "more": 50 pages of 200 is far beyond any real installation.
  for (let page = 1; page <= 50; page++) {
    const r = await dataWorker.list(resource, { ...params, page, 'page-size': 200 });
    if (!r.ok) return r;
    items.push(...(r.value.items as ResourceMap[R][]));
    fromCache ||= r.value.fromCache;
    if (r.value.cachedAt !== null) cachedAt = Math.min(cachedAt ?? r.value.cachedAt, r.value.cachedAt);
    if (!r.value.more || r.value.items.length === 0) break;
  }
  return { ok: true, value: { items, fromCache, cachedAt } };
}

export function resourceListQuery<R extends ResourceName>(resource: R, params: ListParams = {}): Query<FetchedList<ResourceMap[R]>> {
  return { key: `list:${resource}:${JSON.stringify(params)}`, tags: [resource], run: () => fetchAll(resource, params) };
}

export interface ResourceListState<T> {
  items: T[];
  loading: boolean;
  error: WorkerError | null;
  fromCache: boolean;
  cachedAt: number | null;
  reload: () => Promise<void>;
}

/** The whole list of an admin resource (for the screens' own filter and sort); `enabled` false asks nothing. */
export function useResourceList<R extends ResourceName>(resource: R, enabled = true, options: { refetchEveryMs?: number } = {}): ResourceListState<ResourceMap[R]> {
  const list = useQuery(enabled ? resourceListQuery(resource) : null, options);
  const data = list.data;
  return { items: data?.items ?? [], loading: list.loading, error: list.error, fromCache: data?.fromCache ?? false, cachedAt: data?.cachedAt ?? null, reload: list.refetch };
}

// ---- changes -------------------------------------------------------------------------------------------------------

/** Group membership shows in the groups list (user counts), the users list (their groups) and both dialogs. */
const MEMBERSHIP_TAGS = ['groups', 'users', 'memberships'] as const;

export const adminCommands = {
  create<R extends ResourceName>(resource: R, label: string, body: Record<string, unknown>, success?: Notice): Promise<Outcome<ResourceMap[R]>> {
    return runCommand({ label, gate: `create:${resource}`, run: () => dataWorker.create(resource, body) as Promise<Result<ResourceMap[R]>>, invalidates: [resource], success });
  },
  update<R extends ResourceName>(resource: R, label: string, id: string, body: Record<string, unknown>, success?: Notice): Promise<Outcome<ResourceMap[R]>> {
    return runCommand({
      label,
      gate: `update:${resource}:${id}:${Object.keys(body).sort().join(',')}`,
      run: () => dataWorker.update(resource, id, body) as Promise<Result<ResourceMap[R]>>,
      invalidates: [resource],
      success,
    });
  },
  remove(resource: ResourceName, label: string, id: string): Promise<Outcome<void>> {
    return runCommand({ label, gate: `remove:${resource}:${id}`, run: () => dataWorker.remove(resource, id), invalidates: resource === 'users' || resource === 'groups' ? [...MEMBERSHIP_TAGS] : [resource] });
  },
  setMember(groupId: string, userId: string, member: boolean, label: string): Promise<Outcome<void>> {
    return runCommand({
      label,
      // adding and removing are two buttons: a remove right after an add is not a double click of either
      gate: `member:${member ? 'add' : 'remove'}:${groupId}:${userId}`,
      run: () => (member ? dataWorker.addUserToGroup(groupId, userId) : dataWorker.removeUserFromGroup(groupId, userId)),
      invalidates: MEMBERSHIP_TAGS,
      success: member ? { level: 'success', key: 'UserAddedGroup', text: 'User added to group' } : { level: 'success', key: 'UserRemovedGroup', text: 'User removed from group' },
    });
  },
};

// ---- other reads ---------------------------------------------------------------------------------------------------

export const groupUsersQuery = (groupId: string): Query<User[]> => ({ key: `group-users:${groupId}`, tags: ['memberships'], run: () => dataWorker.groupUsers(groupId) });

export const userGroupsQuery = (userId: string): Query<Group[]> => ({ key: `user-groups:${userId}`, tags: ['memberships'], run: () => dataWorker.userGroups(userId) });

/** Every user's groups, from each group's member list (one call per group instead of one per user). */
export const membershipsQuery = (groups: readonly Group[]): Query<Map<string, string[]>> => ({
  key: `memberships:${groups.map((g) => g.id).join(',')}`,
  tags: ['memberships'],
  run: async () => {
    const answers = await Promise.all(groups.map(async (g) => ({ g, r: await dataWorker.groupUsers(g.id) })));
    const map = new Map<string, string[]>();
    for (const { g, r } of answers) if (r.ok) for (const u of r.value) map.set(u.id, [...(map.get(u.id) ?? []), g.name]);
    return { ok: true, value: map };
  },
});

/** The scopes the server knows (GET /scopes), for the key and permission pickers. */
export const scopesQuery: Query<string[]> = { key: 'scopes', tags: ['perms'], run: () => dataWorker.scopes() };

export const top10Query = (kind: Top10Kind, filter: ReportFilter): Query<Top10Entry[]> => ({
  key: `top10:${kind}:${JSON.stringify(filter)}`,
  tags: ['reports'],
  run: () => dataWorker.top10(kind, filter),
});

/** The reports' refresh button: every report shown asks again. */
export function refreshReports(): Promise<void> {
  return queryClient.invalidate(['reports']);
}

/** The API's manifest, health check and status for the About screen. */
export const managementQuery: Query<ManagementInfo> = { key: 'management', tags: ['management'], run: () => dataWorker.management() };

// Administration resources: one table of paths and envelope keys, one set of typed calls.
import type { Group, Top10Entry, User } from '../../core/types.ts';
import type { ListParams, ReportFilter, ResourceList, ResourceMap, ResourceName, Result, Top10Kind } from '../contract/index.ts';
import { anyObject, isObj, request, type HttpContext } from '../http.ts';
import { resolveRange } from '../../core/date-range.ts';

interface ResourceSpec {
  list: string;
  listKey: string;
  item: string;
  itemKey: string;
  /** the key of the created object in a POST answer (keys answer with `data`) */
  createdKey: string;
}

export const RESOURCES: Record<ResourceName, ResourceSpec> = {
  heartbeats: { list: '/heartbeats', listKey: 'heartbeats', item: '/heartbeat', itemKey: 'heartbeat', createdKey: 'heartbeat' },
  blackouts: { list: '/blackouts', listKey: 'blackouts', item: '/blackout', itemKey: 'blackout', createdKey: 'blackout' },
  keys: { list: '/keys', listKey: 'keys', item: '/key', itemKey: 'key', createdKey: 'data' },
  users: { list: '/users', listKey: 'users', item: '/user', itemKey: 'user', createdKey: 'user' },
  groups: { list: '/groups', listKey: 'groups', item: '/group', itemKey: 'group', createdKey: 'group' },
  customers: { list: '/customers', listKey: 'customers', item: '/customer', itemKey: 'customer', createdKey: 'customer' },
  perms: { list: '/perms', listKey: 'permissions', item: '/perm', itemKey: 'permission', createdKey: 'permission' },
};

const enc = encodeURIComponent;

export function toParams(params?: ListParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === null || value === undefined || value === '') continue;
    for (const v of Array.isArray(value) ? value : [value]) out.append(key, String(v));
  }
  return out;
}

const isRecordWithId = (x: unknown): x is Record<string, unknown> & { id: string } => isObj(x) && typeof (x as { id?: unknown }).id === 'string';

export function listResource<R extends ResourceName>(ctx: HttpContext, resource: R, params?: ListParams): Promise<Result<ResourceList<ResourceMap[R]>>> {
  const spec = RESOURCES[resource];
  return request(
    ctx,
    spec.list,
    (body) => {
      if (!isObj(body) || !Array.isArray(body[spec.listKey])) return null;
      const items = (body[spec.listKey] as unknown[]).filter(isRecordWithId) as unknown as ResourceMap[R][];
      const num = (k: string, d: number) => (typeof body[k] === 'number' ? (body[k] as number) : d);
      return { items, total: num('total', items.length), page: num('page', 1), pages: num('pages', 1), more: body.more === true, fromCache: false, cachedAt: null };
    },
    { params: toParams(params) },
  );
}

function itemPath(resource: ResourceName, id: string) {
  return `${RESOURCES[resource].item}/${enc(id)}`;
}

function itemParser<R extends ResourceName>(key: string) {
  return (body: unknown): ResourceMap[R] | null => {
    const item = isObj(body) ? body[key] : null;
    return isRecordWithId(item) ? (item as unknown as ResourceMap[R]) : null;
  };
}

export function getResource<R extends ResourceName>(ctx: HttpContext, resource: R, id: string): Promise<Result<ResourceMap[R]>> {
  return request(ctx, itemPath(resource, id), itemParser<R>(RESOURCES[resource].itemKey));
}

export function createResource<R extends ResourceName>(ctx: HttpContext, resource: R, body: Record<string, unknown>): Promise<Result<ResourceMap[R]>> {
  const spec = RESOURCES[resource];
  return request(ctx, spec.item, itemParser<R>(spec.createdKey), { method: 'POST', body });
}

export function updateResource<R extends ResourceName>(ctx: HttpContext, resource: R, id: string, body: Record<string, unknown>): Promise<Result<ResourceMap[R]>> {
  return request(ctx, itemPath(resource, id), itemParser<R>(RESOURCES[resource].itemKey), { method: 'PUT', body });
}

export async function deleteResource(ctx: HttpContext, resource: ResourceName, id: string): Promise<Result<void>> {
  const result = await request(ctx, itemPath(resource, id), anyObject, { method: 'DELETE' });
  return result.ok ? { ok: true, value: undefined } : result;
}

export function groupUsers(ctx: HttpContext, groupId: string): Promise<Result<User[]>> {
  return request(ctx, `/group/${enc(groupId)}/users`, (body) =>
    isObj(body) && Array.isArray(body.users) ? (body.users.filter(isRecordWithId) as unknown as User[]) : null,
  );
}

export function userGroups(ctx: HttpContext, userId: string): Promise<Result<Group[]>> {
  return request(ctx, `/user/${enc(userId)}/groups`, (body) =>
    isObj(body) && Array.isArray(body.groups) ? (body.groups.filter(isRecordWithId) as unknown as Group[]) : null,
  );
}

export async function setGroupMember(ctx: HttpContext, groupId: string, userId: string, member: boolean): Promise<Result<void>> {
  // PUT needs a JSON body or the server answers 415; request() always sends one.
  const result = await request(ctx, `/group/${enc(groupId)}/user/${enc(userId)}`, anyObject, { method: member ? 'PUT' : 'DELETE' });
  return result.ok ? { ok: true, value: undefined } : result;
}

export function getScopes(ctx: HttpContext): Promise<Result<string[]>> {
  return request(ctx, '/scopes', (body) =>
    isObj(body) && Array.isArray(body.scopes) ? body.scopes.filter((s): s is string => typeof s === 'string') : null,
  );
}

export function reportParams(filter: ReportFilter, now: Date): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.environment) params.append('environment', filter.environment);
  for (const key of ['severity', 'status', 'customer', 'service', 'group'] as const) for (const v of filter[key] ?? []) params.append(key, v);
  params.append('page', '1');
  params.append('page-size', '10');
  const { from, to } = resolveRange(filter.dateRange, now);
  if (from) params.append('from-date', from);
  if (to) params.append('to-date', to);
  return params;
}

export function top10(ctx: HttpContext, kind: Top10Kind, filter: ReportFilter, now: Date): Promise<Result<Top10Entry[]>> {
  return request(
    ctx,
    `/alerts/top10/${kind}`,
    (body) => (isObj(body) && Array.isArray(body.top10) ? (body.top10.filter((x) => isObj(x)) as unknown as Top10Entry[]) : null),
    { params: reportParams(filter, now) },
  );
}

// The administration part of the worker's face: admin resources (with the last list kept for offline use), group
// membership, scopes, reports and the About screen's facts.
import type { AdminApi, ListParams, ReportFilter, ResourceList, ResourceMap, ResourceName, Result, Top10Kind } from './contract/index.ts';
import { ok, type WorkerContext } from './context.ts';
import * as adminApi from './api/admin.ts';
import { management } from './api/management.ts';

export class AdminService implements AdminApi {
  constructor(private ctx: WorkerContext) {}

  async list<R extends ResourceName>(resource: R, params?: ListParams): Promise<Result<ResourceList<ResourceMap[R]>>> {
    const key = `list:${resource}:${JSON.stringify(params ?? {})}`;
    const result = await this.ctx.call((http) => adminApi.listResource(http, resource, params));
    if (result.ok) {
      await this.ctx.cache.put(key, { ...result.value, cachedAt: Date.now() });
      return result;
    }
    if (result.error.kind === 'network') {
      const cached = await this.ctx.cache.get<ResourceList<ResourceMap[R]>>(key);
      // the copy says how old it is: a screen showing it shows its age
      if (cached) return ok({ ...cached, fromCache: true, cachedAt: cached.cachedAt ?? null });
    }
    return result;
  }

  get<R extends ResourceName>(resource: R, id: string) {
    return this.ctx.call((http) => adminApi.getResource(http, resource, id));
  }

  create<R extends ResourceName>(resource: R, body: Record<string, unknown>) {
    return this.ctx.call((http) => adminApi.createResource(http, resource, body));
  }

  update<R extends ResourceName>(resource: R, id: string, body: Record<string, unknown>) {
    return this.ctx.call((http) => adminApi.updateResource(http, resource, id, body));
  }

  remove<R extends ResourceName>(resource: R, id: string) {
    return this.ctx.call((http) => adminApi.deleteResource(http, resource, id));
  }

  groupUsers(groupId: string) {
    return this.ctx.call((http) => adminApi.groupUsers(http, groupId));
  }

  userGroups(userId: string) {
    return this.ctx.call((http) => adminApi.userGroups(http, userId));
  }

  addUserToGroup(groupId: string, userId: string) {
    return this.ctx.call((http) => adminApi.setGroupMember(http, groupId, userId, true));
  }

  removeUserFromGroup(groupId: string, userId: string) {
    return this.ctx.call((http) => adminApi.setGroupMember(http, groupId, userId, false));
  }

  scopes() {
    return this.ctx.call((http) => adminApi.getScopes(http));
  }

  top10(kind: Top10Kind, filter: ReportFilter) {
    return this.ctx.call((http) => adminApi.top10(http, kind, filter, new Date()));
  }

  management() {
    return this.ctx.call((http) => management(http));
  }
}

// The worker's face, administration part: the admin resources, group membership, scopes, reports and the About
// screen's facts. Types only.
import type { ApiKey, Blackout, Customer, Group, Heartbeat, Permission, Top10Entry, User } from '../../core/types.ts';
import type { Result } from '../../core/snapshot.ts';
import type { Health } from '../../core/health.ts';

/** Admin resources: list/get/create/update/delete through one typed family of commands. */
export interface ResourceMap {
  heartbeats: Heartbeat;
  blackouts: Blackout;
  keys: ApiKey;
  users: User;
  groups: Group;
  customers: Customer;
  perms: Permission;
}
export type ResourceName = keyof ResourceMap;

export interface ResourceList<T> {
  items: T[];
  total: number;
  page: number;
  pages: number;
  more: boolean;
  /** true when the list came from the cache because the API could not be reached */
  fromCache: boolean;
  /** when that copy was the API's answer (epoch ms); null when not from the cache */
  cachedAt: number | null;
}

export type ListParams = Record<string, string | number | boolean | (string | number)[] | null | undefined>;

export type Top10Kind = 'count' | 'flapping' | 'standing';

export interface ReportFilter {
  environment: string | null;
  severity: string[] | null;
  status: string[] | null;
  customer: string[] | null;
  service: string[] | null;
  group: string[] | null;
  dateRange: [number | null, number | null];
}

export interface ManagementInfo {
  manifest: Record<string, unknown> | null;
  healthcheck: Health | null;
  status: { application?: string; version?: string; time?: number; uptime?: number; metrics?: Record<string, unknown>[] } | null;
}

export interface AdminApi {
  list<R extends ResourceName>(resource: R, params?: ListParams): Promise<Result<ResourceList<ResourceMap[R]>>>;
  get<R extends ResourceName>(resource: R, id: string): Promise<Result<ResourceMap[R]>>;
  create<R extends ResourceName>(resource: R, body: Record<string, unknown>): Promise<Result<ResourceMap[R]>>;
  update<R extends ResourceName>(resource: R, id: string, body: Record<string, unknown>): Promise<Result<ResourceMap[R]>>;
  remove<R extends ResourceName>(resource: R, id: string): Promise<Result<void>>;
  groupUsers(groupId: string): Promise<Result<User[]>>;
  userGroups(userId: string): Promise<Result<Group[]>>;
  addUserToGroup(groupId: string, userId: string): Promise<Result<void>>;
  removeUserFromGroup(groupId: string, userId: string): Promise<Result<void>>;
  scopes(): Promise<Result<string[]>>;
  top10(kind: Top10Kind, filter: ReportFilter): Promise<Result<Top10Entry[]>>;
  management(): Promise<Result<ManagementInfo>>;
}

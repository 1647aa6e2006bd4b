// The search box's suggestion data: the values the API knows per field, with their counts. A grouped list's set holds
// every alert of its view: its values are counted from it. Otherwise they are asked for when the search box is used,
// at most once every few minutes (never per keystroke, never part of a poll cycle), and kept in IndexedDB so
// suggestions work offline and in a tab opened later.
import type { SuggestionData, Result } from './contract/index.ts';
import { valuesOfAlerts, type ValueCount } from '../core/query-suggest.ts';
import type { AlertSet } from './alert-set.ts';
import { ok, type WorkerContext } from './context.ts';
import * as alertsApi from './api/alerts.ts';

/** How old the suggestion data may be before it is asked for again. */
export const SUGGESTIONS_MAX_AGE_MS = 5 * 60_000;
/** Top values asked per field. */
export const TOP_VALUES = 100;
const CACHE_KEY = 'suggestions';

export class SuggestionsSource {
  private memo: SuggestionData | null = null;
  private inFlight: Promise<Result<SuggestionData>> | null = null;

  constructor(
    private ctx: WorkerContext,
    private now: () => number = Date.now,
  ) {}

  /** The data, from memory or IndexedDB while it is fresh, else from the API (the old data when that fails). */
  async get(): Promise<Result<SuggestionData>> {
    const known = this.memo ?? (await this.ctx.cache.get<SuggestionData>(CACHE_KEY).catch(() => undefined)) ?? null;
    if (known && typeof known.fetchedAt === 'number') {
      this.memo = known;
      const age = this.now() - known.fetchedAt;
      if ((age >= 0 && age < SUGGESTIONS_MAX_AGE_MS) || !this.ctx.reachable) return ok(known);
    }
    this.inFlight ??= this.fetch(known).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private fromSetMemo: { set: AlertSet; version: number; data: SuggestionData } | null = null;

  /**
   * The values of a grouped list's set (every alert of the shown view, kept in step): counted here, exactly, with no
   * request; worked out again only when the set changed.
   */
  ofSet(set: AlertSet): SuggestionData {
    const memo = this.fromSetMemo;
    if (memo && memo.set === set && memo.version === set.version) return memo.data;
    const data: SuggestionData = { fetchedAt: this.now(), values: valuesOfAlerts(set.values()) };
    this.fromSetMemo = { set, version: set.version, data };
    return data;
  }

  /** Signed out: what this user's API knew is forgotten. */
  forget(): void {
    this.memo = null;
    this.fromSetMemo = null;
  }

  private async fetch(known: SuggestionData | null): Promise<Result<SuggestionData>> {
    const http = this.ctx.http();
    const top = (field: string) => alertsApi.getTopValues(http, field, TOP_VALUES);
    const none = Promise.resolve(ok<ValueCount[]>([]));
    const [envs, services, groups, tags, resources, events, origins, customers] = await Promise.all([
      alertsApi.getEnvironmentCounts(http),
      alertsApi.getCounted(http, '/services', 'services', 'service'),
      alertsApi.getCounted(http, '/alerts/groups', 'groups', 'group'),
      alertsApi.getCounted(http, '/alerts/tags', 'tags', 'tag'),
      top('resource'),
      top('event'),
      top('origin'),
      this.ctx.config.customer_views ? top('customer') : none,
    ]);
    if (!envs.ok) {
      this.ctx.track(envs);
      // the last known values still serve (offline, or the API failing)
      return known ? ok(known) : envs;
    }
    this.ctx.setOnline(true);
    const old = known?.values ?? {};
    const pick = (field: string, r: Result<ValueCount[]>): readonly ValueCount[] => (r.ok ? r.value : (old[field] ?? []));
    const data: SuggestionData = {
      fetchedAt: this.now(),
      values: {
        environment: envs.value.environment,
        severity: envs.value.severity,
        status: envs.value.status,
        service: pick('service', services),
        group: pick('group', groups),
        tags: pick('tags', tags),
        resource: pick('resource', resources),
        event: pick('event', events),
        origin: pick('origin', origins),
        customer: pick('customer', customers),
      },
    };
    this.memo = data;
    void this.ctx.cache.put(CACHE_KEY, data).catch(() => undefined);
    return ok(data);
  }
}

// The lists the alerts' filters, forms and search box offer: the services, groups, tags, customers and environments
// the API knows (the last known ones when it does not answer), and the values the search box suggests.
import type { AlertsApi, FilterLists, Result, SuggestionData } from './contract/index.ts';
import { ok, type WorkerContext } from './context.ts';
import * as alertsApi from './api/alerts.ts';
import { compareNames } from '../core/names.ts';
import type { AlertsService } from './alerts-service.ts';

export class AlertLists implements Pick<AlertsApi, 'getLists' | 'getSuggestions'> {
  constructor(
    private ctx: WorkerContext,
    private alerts: AlertsService,
  ) {}

  async getLists(): Promise<Result<FilterLists>> {
    const { ctx } = this;
    const http = ctx.http();
    const [services, groups, tags, customers, environments] = await Promise.all([
      alertsApi.getNames(http, '/services', 'services', 'service'),
      alertsApi.getNames(http, '/alerts/groups', 'groups', 'group'),
      alertsApi.getNames(http, '/alerts/tags', 'tags', 'tag'),
      ctx.config.customer_views ? alertsApi.getNames(http, '/customers', 'customers', 'customer') : Promise.resolve(ok<string[]>([])),
      alertsApi.getNames(http, '/environments', 'environments', 'environment'),
    ]);
    const cached = (await ctx.cache.get<FilterLists>('lists')) ?? { services: [], groups: [], tags: [], customers: [], environments: [] };
    if (!services.ok && !groups.ok && !environments.ok) {
      ctx.track(services);
      // Offline: the last known lists still fill the filter pickers.
      if (services.error.kind === 'network' && cached.services.length) return ok(cached);
      return services;
    }
    ctx.setOnline(true);
    const pick = (r: Result<string[]>, fallback: string[]) => (r.ok ? r.value : fallback);
    const lists: FilterLists = {
      services: pick(services, cached.services),
      groups: pick(groups, cached.groups),
      tags: pick(tags, cached.tags),
      customers: pick(customers, cached.customers),
      environments: [...new Set([...pick(environments, cached.environments), ...ctx.config.environments])].sort(compareNames),
    };
    await ctx.cache.put('lists', lists);
    return ok(lists);
  }

  async getSuggestions(): Promise<Result<SuggestionData>> {
    // A grouped list this tab polls holds every alert of its view: its own values, counted exactly, no request.
    const wanted = this.alerts.shared.shownList();
    const shown = wanted?.slot === 'alerts' ? this.alerts.shared.listFeed(wanted.view) : undefined;
    const set = shown?.readySet;
    if (set) return ok(this.alerts.suggestions.ofSet(set));
    return this.alerts.suggestions.get();
  }
}

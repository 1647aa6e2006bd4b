// The data worker's implementation of its face (contract/): one part per concern, sharing one context, joined into
// the single object Comlink exposes.
import type { DataWorkerApi } from './contract/index.ts';
import { WorkerContext, type ServiceOptions } from './context.ts';
import { AlertsService } from './alerts-service.ts';
import { AlertCommands } from './alert-commands.ts';
import { AlertLists } from './alert-lists.ts';
import { SessionService } from './session-service.ts';
import { PreferencesService } from './preferences-service.ts';
import { AdminService } from './admin-service.ts';

export type { ServiceOptions } from './context.ts';

/** The methods of each part, bound to it, in one plain object (Comlink calls them by name). */
function join<T>(...parts: object[]): T {
  const api: Record<string, unknown> = {};
  for (const part of parts) {
    for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(part))) {
      const method = (part as Record<string, unknown>)[name];
      if (name === 'constructor' || typeof method !== 'function' || name in api) continue;
      api[name] = method.bind(part);
    }
  }
  return api as T;
}

/** The worker's face, plus `close()` for the end of its life (tests; a closed tab's worker simply stops). */
export function createDataService(options: ServiceOptions = {}): DataWorkerApi & { close(): void } {
  const ctx = new WorkerContext(options);
  const alerts = new AlertsService(ctx, options.coordination);
  const events = { subscribe: async (listener: Parameters<DataWorkerApi['subscribe']>[0]) => ctx.subscribe(listener) };
  return {
    ...join<Omit<DataWorkerApi, 'subscribe'> & { close(): void }>(
      alerts,
      new AlertCommands(ctx, alerts),
      new AlertLists(ctx, alerts),
      new SessionService(ctx, alerts),
      new PreferencesService(ctx, alerts),
      new AdminService(ctx),
    ),
    ...events,
  };
}

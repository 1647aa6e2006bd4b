// The preferences part of the worker's face: the user's preferences and saved searches (src/worker/user-data.ts),
// saved on the server when signed in.
import type { Preferences, SavedQuery } from '../core/types.ts';
import type { PreferencesApi, Result } from './contract/index.ts';
import type { WorkerContext } from './context.ts';
import type { AlertsService } from './alerts-service.ts';

export class PreferencesService implements PreferencesApi {
  constructor(
    private ctx: WorkerContext,
    private alerts: AlertsService,
  ) {}

  async savePreferences(patch: Partial<Preferences>): Promise<Result<Preferences>> {
    const result = await this.ctx.call((http) => this.ctx.userData.savePreferences(http, this.#signedIn(), patch));
    if (result.ok) await this.alerts.lifecycle.preferencesChanged();
    return result;
  }

  async resetPreferences(): Promise<Result<Preferences>> {
    const result = await this.ctx.call((http) => this.ctx.userData.resetPreferences(http, this.#signedIn()));
    if (result.ok) await this.alerts.lifecycle.preferencesChanged();
    return result;
  }

  async saveQuery(query: SavedQuery): Promise<Result<SavedQuery[]>> {
    const result = await this.ctx.call((http) => this.ctx.userData.saveQuery(http, this.#signedIn(), query));
    if (result.ok) await this.alerts.lifecycle.preferencesChanged();
    return result;
  }

  async deleteQuery(text: string): Promise<Result<SavedQuery[]>> {
    const result = await this.ctx.call((http) => this.ctx.userData.deleteQuery(http, this.#signedIn(), text));
    if (result.ok) await this.alerts.lifecycle.preferencesChanged();
    return result;
  }

  #signedIn(): boolean {
    return this.ctx.session.state().authenticated;
  }
}

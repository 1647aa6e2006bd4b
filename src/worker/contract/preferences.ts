// The worker's face, preferences part: the user's preferences and saved searches. Types only.
import type { Preferences, SavedQuery } from '../../core/types.ts';
import type { Result } from '../../core/snapshot.ts';

/** The signed-in user's preferences and saved searches (defaults when signed out). */
export interface UserDataMessage {
  type: 'user-data';
  prefs: Preferences;
  queries: SavedQuery[];
  /** false while only defaults or cached values are known */
  loaded: boolean;
}

export interface PreferencesApi {
  savePreferences(patch: Partial<Preferences>): Promise<Result<Preferences>>;
  resetPreferences(): Promise<Result<Preferences>>;
  saveQuery(query: SavedQuery): Promise<Result<SavedQuery[]>>;
  deleteQuery(text: string): Promise<Result<SavedQuery[]>>;
}

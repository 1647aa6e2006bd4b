// Preferences and saved searches: loaded from /user/me/attributes once per sign-in (the old console fetched them
// twice), saved there, and cached so an offline start knows the user's language, columns widths and theme.
// Without a session (auth off) they are kept in the cache only, so a mute toggle still sticks.
import type { Preferences, SavedQuery } from '../core/types.ts';
import { DEFAULT_PREFERENCES, mergePreferences } from '../core/preferences.ts';
import { addSavedQuery, parseSavedQueries, removeSavedQuery } from '../core/saved-queries.ts';
import type { Result, UserDataMessage } from './contract/index.ts';
import type { HttpContext, ObjectAnswer } from './http.ts';
import { getMyAttributes, putMyAttributes } from './api/user.ts';
import type { Cache } from './cache.ts';

interface StoredUserData {
  owner: string;
  prefs: Preferences;
  queries: SavedQuery[];
}

export class UserData {
  prefs: Preferences = mergePreferences(null);
  queries: SavedQuery[] = [];
  private owner = '';
  private loaded = false;
  /** whether the UI was told the current data since the last loadCached */
  private shown = false;
  /**
   * The saves, one after the other: each computes what it sends from what the one before it saved. The server replaces
   * the whole attribute, so two saves under way at once (the dark theme switched, the font size changed before the
   * first answer) would send the second without the first's change, and the last answer would win.
   */
  private saving: Promise<unknown> = Promise.resolve();

  constructor(
    private cache: Cache,
    private post: (event: UserDataMessage) => void,
  ) {}

  /**
   * The cached copy of the user's data (instant, and what an offline start has), posted at once; true when there was
   * one. Signed in without a copy, nothing is posted yet: the server's copy follows (loadRemote), and posting the
   * defaults first would show a list with the wrong page size, columns or language for a moment.
   */
  async loadCached(owner: string | null, signedIn: boolean): Promise<boolean> {
    this.owner = owner ?? '';
    this.shown = false;
    const cached = await this.cache.get<StoredUserData>('user-data');
    const found = Boolean(cached && cached.owner === this.owner);
    if (found && cached) {
      this.prefs = mergePreferences(cached.prefs);
      this.queries = parseSavedQueries(cached.queries);
    } else {
      this.prefs = mergePreferences(null);
      this.queries = [];
    }
    this.loaded = !signedIn;
    if (found || !signedIn) this.publish();
    return found;
  }

  /**
   * The server's copy, when signed in (the cached one, or the defaults, stay when it cannot be had); `asked`: the
   * answer of a request for it already under way (a start asks before its cache is open).
   */
  async loadRemote(ctx: HttpContext, signedIn: boolean, asked?: ObjectAnswer): Promise<Result<void>> {
    if (!signedIn) return { ok: true, value: undefined };
    const remote = await (asked ?? getMyAttributes(ctx));
    if (!remote.ok) {
      if (!this.shown) this.publish();
      return remote;
    }
    this.prefs = mergePreferences(remote.value.prefs);
    this.queries = parseSavedQueries(remote.value.queries);
    this.loaded = true;
    this.publish();
    // The offline copy is best effort: a storage write that hangs must not hold up the start that waits for this.
    this.store().catch(() => undefined);
    return { ok: true, value: undefined };
  }

  /** Loads the user's data: first the cached copy (instant), then the server's when signed in. */
  async load(ctx: HttpContext, owner: string | null, signedIn: boolean): Promise<Result<void>> {
    await this.loadCached(owner, signedIn);
    return this.loadRemote(ctx, signedIn);
  }

  /** Another tab saved the user's preferences: the cached copy it wrote is the newest. */
  async reloadFromCache(): Promise<void> {
    const cached = await this.cache.get<StoredUserData>('user-data');
    if (!cached || cached.owner !== this.owner) return;
    this.prefs = mergePreferences(cached.prefs);
    this.queries = parseSavedQueries(cached.queries);
    this.publish();
  }

  /** Forgets everything (sign-out): defaults again. */
  clear() {
    this.prefs = mergePreferences(null);
    this.queries = [];
    this.owner = '';
    this.loaded = true;
    this.publish();
  }

  private inTurn<T>(save: () => Promise<T>): Promise<T> {
    const turn = this.saving.then(save, save);
    this.saving = turn.catch(() => undefined);
    return turn;
  }

  savePreferences(ctx: HttpContext, signedIn: boolean, patch: Partial<Preferences>): Promise<Result<Preferences>> {
    return this.inTurn(() => this.#savePreferences(ctx, signedIn, patch));
  }

  async #savePreferences(ctx: HttpContext, signedIn: boolean, patch: Partial<Preferences>): Promise<Result<Preferences>> {
    const next = mergePreferences({ ...this.prefs, ...patch });
    if (signedIn) {
      // The server replaces the whole `prefs` attribute, so send all of them, not just the change.
      const saved = await putMyAttributes(ctx, { prefs: next });
      if (!saved.ok) return saved;
    }
    this.prefs = next;
    await this.store();
    this.publish();
    return { ok: true, value: next };
  }

  resetPreferences(ctx: HttpContext, signedIn: boolean): Promise<Result<Preferences>> {
    return this.inTurn(() => this.#resetPreferences(ctx, signedIn));
  }

  async #resetPreferences(ctx: HttpContext, signedIn: boolean): Promise<Result<Preferences>> {
    if (signedIn) {
      const saved = await putMyAttributes(ctx, { prefs: null });
      if (!saved.ok) return saved;
    }
    // Saved searches are kept, like the old console did.
    this.prefs = { ...DEFAULT_PREFERENCES, dates: { ...DEFAULT_PREFERENCES.dates }, font: { ...DEFAULT_PREFERENCES.font } };
    await this.store();
    this.publish();
    return { ok: true, value: this.prefs };
  }

  saveQuery(ctx: HttpContext, signedIn: boolean, query: SavedQuery): Promise<Result<SavedQuery[]>> {
    return this.inTurn(async () => {
      const next = addSavedQuery(this.queries, query);
      if (!next.ok) return { ok: false, error: { kind: 'http', message: 'Required', code: 400 } };
      return this.storeQueries(ctx, signedIn, next.value);
    });
  }

  deleteQuery(ctx: HttpContext, signedIn: boolean, text: string): Promise<Result<SavedQuery[]>> {
    return this.inTurn(() => this.storeQueries(ctx, signedIn, removeSavedQuery(this.queries, text)));
  }

  private async storeQueries(ctx: HttpContext, signedIn: boolean, queries: SavedQuery[]): Promise<Result<SavedQuery[]>> {
    if (signedIn) {
      const saved = await putMyAttributes(ctx, { queries });
      if (!saved.ok) return saved;
    }
    this.queries = queries;
    await this.store();
    this.publish();
    return { ok: true, value: queries };
  }

  private async store() {
    await this.cache.put('user-data', { owner: this.owner, prefs: this.prefs, queries: this.queries } satisfies StoredUserData);
  }

  private publish() {
    this.shown = true;
    this.post({ type: 'user-data', prefs: this.prefs, queries: this.queries, loaded: this.loaded });
  }
}

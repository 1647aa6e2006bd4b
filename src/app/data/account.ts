// Every request about the user's own account: signing in, up and out, e-mail confirmation and password reset, the
// profile, the preferences and the saved searches.
import type { Preferences, SavedQuery } from '../../core/types.ts';
import type { Profile, SignupInput } from '../../worker/contract/index.ts';
import { dataWorker } from '../worker-client.ts';
import { store } from '../state/store.ts';
import { prefsAtom } from '../state/user.ts';
import { translatorAtom } from '../state/i18n.ts';
import type { MessageKey } from '../i18n/index.ts';
import { runCommand, type Outcome } from './commands.ts';
import { queryClient, type Query } from './query.ts';

// ---- session -------------------------------------------------------------------------------------------------------

/** Sign-in forms show a failure themselves, in the form: no snackbar. */
const form = { quiet: true } as const;

export const sessionCommands = {
  login: (label: string, username: string, password: string) => runCommand({ ...form, label, gate: 'login', run: () => dataWorker.login(username, password) }),
  signup: (label: string, input: SignupInput) => runCommand({ ...form, label, gate: 'signup', run: () => dataWorker.signup(input) }),
  socialLogin: (label: string, provider: string, payload: Record<string, unknown>) =>
    runCommand({ ...form, label, gate: 'social-login', run: () => dataWorker.socialLogin(provider, payload) }),
  forgotPassword: (label: string, email: string) =>
    runCommand({ ...form, label, gate: 'forgot', run: () => dataWorker.forgotPassword(email), success: { level: 'success', key: 'ResetEmailSent', text: 'Reset email sent successfully' } }),
  resetPassword: (label: string, token: string, password: string) => runCommand({ ...form, label, gate: 'reset', run: () => dataWorker.resetPassword(token, password) }),
};

/** The e-mail confirmation link's one request, asked once however often the page renders. */
export const confirmEmailQuery = (token: string): Query<void> => ({ key: `confirm:${token}`, tags: [], run: () => dataWorker.confirmEmail(token) });

/** A token from elsewhere: another tab signed in or out, or a SAML window posted one. */
export function adoptToken(token: string | null): Promise<void> {
  return dataWorker.setToken(token);
}

/**
 * Signs out: the worker clears the session even when the API call fails and wipes the user's cached data;
 * the cached reads go too. Resolves to the provider's logout URL, or null for the console's own logout page.
 */
export async function signOut(): Promise<string | null> {
  let redirect: string | null = null;
  try {
    redirect = (await dataWorker.logout()).redirect;
  } catch (error) {
    console.warn('[session] logout failed; the session is cleared locally', error);
  }
  queryClient.clear();
  return redirect;
}

/** GET /user/me and the token's claims, for the profile screen. */
export const profileQuery: Query<Profile> = { key: 'profile', tags: ['profile', 'users'], run: () => dataWorker.getProfile() };

// ---- preferences and saved searches ----------------------------------------------------------------------------------

/**
 * Saves a change of the preferences, showing it at once (dark theme, font apply immediately); a refused save puts
 * the old value back and says why. `announce` false saves silently (a choice made in passing, like the density).
 */
const t = (key: MessageKey) => store.get(translatorAtom).t(key);

let lastSave = 0;

export async function savePreferences(patch: Partial<Preferences>, { announce = true } = {}): Promise<Outcome<Preferences>> {
  const mine = ++lastSave;
  const before = store.get(prefsAtom);
  store.set(prefsAtom, { ...before, ...patch });
  const r = await runCommand({
    label: t('Settings'),
    // Settings are picked, not pressed: every pick is saved (the last one wins).
    gate: null,
    run: () => dataWorker.savePreferences(patch),
    success: announce ? { level: 'success', key: 'SettingsSaved', text: 'Settings saved' } : undefined,
  });
  // Refused: what is shown goes back to what is saved; a later change (picked meanwhile) has the last word.
  if (mine === lastSave) store.set(prefsAtom, r.ok ? r.value : before);
  return r;
}

export async function resetPreferences(): Promise<Outcome<Preferences>> {
  const r = await runCommand({
    label: t('Reset'),
    gate: 'prefs:reset',
    run: () => dataWorker.resetPreferences(),
    success: { level: 'success', key: 'SettingsReset', text: 'Settings reset to defaults' },
  });
  if (r.ok) store.set(prefsAtom, r.value);
  return r;
}

export const savedSearchCommands = {
  save: (label: string, query: SavedQuery) =>
    runCommand({ label, gate: `search:save:${query.text}`, run: () => dataWorker.saveQuery(query), success: { level: 'success', key: 'SearchSaved', text: 'Search saved' } }),
  remove: (label: string, text: string) =>
    runCommand({ label, gate: `search:delete:${text}`, run: () => dataWorker.deleteQuery(text), success: { level: 'success', key: 'SearchDeleted', text: 'Search deleted' } }),
};

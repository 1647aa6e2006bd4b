// Signing out and following a sign-in, shared by the avatar menu, the logout page and the login screens.
import { safeRedirect } from '../../core/routes.ts';
import { signOut } from '../data/account.ts';
import { store } from '../state/store.ts';
import { sessionEndReasonAtom } from '../state/session.ts';
import { withdrawBanner, BANNER_TEXTS } from '../state/notices.ts';

let loggingOut: Promise<void> | null = null;

/**
 * Logs out (the worker clears the session even when the API call fails), then goes to the provider's
 * logout URL when there is one, else to the "You have been logged out" page.
 */
export function logOut(navigate: (to: string, opts?: { replace?: boolean }) => void): Promise<void> {
  loggingOut ??= (async () => {
    const redirect = await signOut();
    if (redirect && /^https?:\/\//i.test(redirect)) window.location.assign(redirect);
    else navigate('/logout', { replace: true });
  })().finally(() => {
    loggingOut = null;
  });
  return loggingOut;
}

export function isLoggingOut(): boolean {
  return loggingOut !== null;
}

/** After a successful sign-in: forget why the last session ended and go where the user wanted to be. */
export function afterSignIn(navigate: (to: string, opts?: { replace?: boolean }) => void, redirect: string | null) {
  store.set(sessionEndReasonAtom, null);
  withdrawBanner(BANNER_TEXTS.signInRequired);
  navigate(safeRedirect(redirect), { replace: true });
}

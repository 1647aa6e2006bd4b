// The console's address is also its sign-in redirect page: a provider sends the sign-in window back here with the
// answer. This page then hands the answer to the console that started the sign-in (over the sign-in channel, which
// works whether or not the provider's page cut the window off from it), or, after the silent check, opens the
// provider's sign-in page. It never starts the console itself: that would send the window on to /alerts with the
// code still in hand. The rules: src/core/sign-in-watch.ts.
import { mayCarrySignInAnswer } from '../core/sign-in-address.ts';
import { HANDOVER_TIMEOUT_MS, readSignInMessage, signInReturnStep } from '../core/sign-in-watch.ts';
import { createTranslator, detectLocale, loadMessages, type MessageKey } from './i18n/index.ts';
import { openSignInChannel, readPendingSignIn, storePendingSignIn } from './sign-in-channel.ts';

/**
 * Without storage the console cannot leave the sign-in for this page; it then reads this window's address itself,
 * and this page only has to stay put (the window is one the console opened, named "alerta-…").
 */
function readByTheConsole(): boolean {
  try {
    return window.opener != null && window.name.startsWith('alerta-') && mayCarrySignInAnswer(location.search, location.hash);
  } catch {
    return false;
  }
}

async function show(key: MessageKey, locale: string | null): Promise<void> {
  const lang = detectLocale(locale, navigator.languages ?? [navigator.language]);
  const { t } = createTranslator(lang, await loadMessages(lang));
  document.documentElement.lang = lang;
  document.title = `${t('AuthInProgress')} – Alerta`;
  const text = document.createElement('p');
  text.setAttribute('role', 'status');
  text.className = 'mx-auto max-w-md px-6 py-16 text-center text-base text-gray-800 dark:text-gray-100';
  text.textContent = t(key);
  document.getElementById('root')?.replaceChildren(text);
}

/** True when this page is a sign-in window coming back: the console must not start here. */
export function startSignInReturn(): boolean {
  const pending = readPendingSignIn();
  const step = signInReturnStep(location.href, pending);
  if (step.kind === 'not-a-return') {
    if (!readByTheConsole()) return false;
    void show('AuthInProgress', null);
    return true;
  }
  // The code leaves the address bar and the history at once.
  history.replaceState(null, '', location.pathname);
  const locale = pending?.locale ?? null;
  if (step.kind === 'forged') {
    void show('SsoForgedAnswer', locale);
    return true;
  }

  let taken: (() => void) | null = null;
  const channel = openSignInChannel((data) => {
    if (pending && readSignInMessage(data, pending.state)?.type === 'sso-taken') taken?.();
  });
  void show('AuthInProgress', locale);

  if (step.kind === 'continue') {
    // The provider answered the silent check without a code: the user has to sign in on its page.
    storePendingSignIn(step.pending);
    channel.post({ type: 'sso-reached', state: step.pending.state });
    location.replace(step.next);
    return true;
  }

  void new Promise<boolean>((resolve) => {
    taken = () => resolve(true);
    setTimeout(() => resolve(false), HANDOVER_TIMEOUT_MS);
    channel.post({ type: 'sso-answer', state: step.state, answer: step.answer });
  }).then(async (ok) => {
    channel.close();
    if (!ok) return show('SsoConsoleGone', locale);
    // A window cut off from the console may not be allowed to close itself: it then says so.
    await show('SsoCloseWindow', locale);
    window.close();
  });
  return true;
}

// The windows of social sign-in. What is asked and how answers are read: src/core/oauth.ts; how long to wait and
// what the window's state means: src/core/sign-in-watch.ts; the redirect page's side: src/app/sign-in-return.ts.
// This file opens the popup, leaves the sign-in where the redirect page finds it, listens for its answer and looks
// at the window.
import type { Config } from '../../../core/types.ts';
import { buildAuthorizeRequest, popupFeatures, providerHost, readSamlMessage, samlUrl, socialLoginPayload, type AuthorizeRequest, type SignInAnswer } from '../../../core/oauth.ts';
import {
  readSignInMessage,
  SIGN_IN_TTL_MS,
  signInReturnStep,
  startWatch,
  watchHeardFromWindow,
  watchTick,
  type PendingSignIn,
  type WatchState,
  type WindowView,
} from '../../../core/sign-in-watch.ts';
import { exchangeProblem, providerProblem, type SignInProblem } from '../../../core/sign-in-problems.ts';
import { adoptToken, sessionCommands } from '../../data/account.ts';
import { clearPendingSignIn, openSignInChannel, storePendingSignIn } from '../../sign-in-channel.ts';

export type SignInStatus =
  | { phase: 'idle' }
  /** the window is open and the provider or the user is at work */
  | { phase: 'waiting' }
  /** the provider's page cut the window off: the sign-in goes on there, and its answer still comes here */
  | { phase: 'elsewhere' }
  /** the provider did not answer; `windowOpen`: the window (with the browser's error page) is still there */
  | { phase: 'no-answer'; host: string; windowOpen: boolean }
  /** the code is with the Alerta server */
  | { phase: 'exchanging' }
  | { phase: 'done' }
  | { phase: 'failed'; problem: SignInProblem | { key: 'AuthProviderUnknown'; detail: string } }
  | { phase: 'blocked' };

export interface SignInAttempt {
  /** stops waiting, closes the window if it can, and forgets the sign-in (its answer is no longer taken) */
  cancel(): void;
}

const TICK_MS = 250;
let windows = 0;

function openPopup(name: string): Window | null {
  const features = popupFeatures({
    left: window.screenX ?? 0,
    top: window.screenY ?? 0,
    width: window.outerWidth || window.innerWidth,
    height: window.outerHeight || window.innerHeight,
  });
  return window.open('about:blank', name, features);
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What the console can see of its window: the first page still loading, elsewhere, or closed. */
function viewOf(popup: Window): { view: WindowView; href: string | null } {
  if (popup.closed) return { view: 'closed', href: null };
  try {
    const href = popup.location.href; // throws while the window is on another origin
    return { view: href === 'about:blank' ? 'loading' : 'away', href };
  } catch {
    return { view: 'away', href: null };
  }
}

/**
 * OAuth code flow in a popup. The provider sends the window back to `redirectUri` (the console's own address), whose
 * page hands the answer over; the code then goes to the Alerta server through the worker. Call from a click handler,
 * or browsers block the popup. `onStatus` hears every change until the attempt ends or is cancelled.
 */
export function startOAuthSignIn(options: {
  provider: string;
  config: Config;
  redirectUri: string;
  locale: string;
  /** names the command in a failure (the button's text) */
  label: string;
  onStatus: (status: SignInStatus) => void;
}): SignInAttempt {
  const { provider, config, redirectUri, locale, label, onStatus } = options;
  const built = buildAuthorizeRequest(provider, config, redirectUri, randomState());
  if (!built.ok) {
    onStatus({ phase: 'failed', problem: { key: built.error, detail: built.error === 'AuthProviderUnknown' ? provider : '' } });
    return { cancel() {} };
  }
  const req: AuthorizeRequest = built.value;
  const opened = openPopup(`alerta-${provider}-${++windows}`);
  if (!opened) {
    onStatus({ phase: 'blocked' });
    return { cancel() {} };
  }
  const popup: Window = opened;

  const pending: PendingSignIn = {
    state: req.state,
    provider,
    redirectUri,
    next: req.url,
    stage: req.checkUrl ? 'check' : 'page',
    locale,
    expires: Date.now() + SIGN_IN_TTL_MS,
  };
  // Without storage the redirect page cannot know this sign-in; the console then reads the window's address itself
  // while it is on the console's origin (which a provider that cuts the window off makes impossible).
  const stored = storePendingSignIn(pending);
  let watch: WatchState = startWatch(Date.now(), req.checkUrl !== null);
  let over = false;
  let answered = false;
  let last = '';

  const channel = openSignInChannel((data) => {
    const message = readSignInMessage(data, req.state);
    if (!message || message.type === 'sso-taken' || over) return;
    watch = watchHeardFromWindow(watch, Date.now(), viewOf(popup).view);
    if (message.type === 'sso-answer') void take(message.answer);
    else publish();
  });

  const timer = setInterval(tick, TICK_MS);
  const expiry = setTimeout(() => finish({ phase: 'idle' }), SIGN_IN_TTL_MS);
  popup.location.href = req.checkUrl ?? req.url;
  publish();

  function status(): SignInStatus {
    switch (watch.status) {
      case 'waiting':
        return { phase: 'waiting' };
      case 'elsewhere':
        return { phase: 'elsewhere' };
      case 'no-answer':
        return { phase: 'no-answer', host: providerHost(req.url), windowOpen: !popup.closed };
      default:
        return { phase: 'idle' };
    }
  }

  function publish(next: SignInStatus = status()) {
    const key = JSON.stringify(next);
    if (key === last) return;
    last = key;
    onStatus(next);
  }

  function tick() {
    const { view, href } = viewOf(popup);
    if (!stored && href && href !== 'about:blank') readWindowAddress(href);
    watch = watchTick(watch, Date.now(), view);
    // A closed window (or one that stopped answering and was closed) needs no more looks; the channel stays open,
    // since a window cut off by the provider looks closed and still sends its answer.
    if (watch.status === 'closed' || (watch.status === 'no-answer' && view === 'closed')) clearInterval(timer);
    if (watch.status === 'expired') finish({ phase: 'idle' });
    else publish();
  }

  /** Storage-less fallback: what the redirect page would have done, done from here. */
  function readWindowAddress(href: string) {
    const step = signInReturnStep(href, pending);
    if (step.kind === 'continue') {
      pending.stage = 'page';
      watch = watchHeardFromWindow(watch, Date.now(), 'away');
      popup.location.replace(step.next);
    } else if (step.kind === 'answer') {
      void take(step.answer);
    }
  }

  async function take(answer: SignInAnswer) {
    if (answered || over) return;
    answered = true;
    channel.post({ type: 'sso-taken', state: req.state });
    clearInterval(timer);
    if (!popup.closed) popup.close();
    if (answer.kind === 'cancelled') return finish({ phase: 'idle' });
    if (answer.kind === 'refused') return finish({ phase: 'failed', problem: providerProblem(answer) });
    publish({ phase: 'exchanging' });
    const result = await sessionCommands.socialLogin(label, provider, socialLoginPayload(req, answer.code));
    if (result.ok) return finish({ phase: 'done' });
    if (result.ignored) return finish({ phase: 'idle' });
    finish({ phase: 'failed', problem: exchangeProblem(result.error ?? { kind: 'http', message: result.message }) });
  }

  function finish(final: SignInStatus | null) {
    if (over) return;
    over = true;
    clearInterval(timer);
    clearTimeout(expiry);
    clearPendingSignIn(req.state);
    // The answer may still be on its way to the channel; closing it after a short while lets "taken" reach the page.
    setTimeout(() => channel.close(), 1000);
    if (final) publish(final);
  }

  return {
    cancel() {
      if (over) return;
      if (!popup.closed) popup.close();
      finish(null);
    },
  };
}

export type SamlOutcome = { ok: true } | { ok: false; reason: 'cancelled' | 'blocked' } | { ok: false; reason: 'AuthNotPossible'; detail: string };

/** SAML: a window on {endpoint}/auth/saml that posts `{status: 'ok', token}` back to the console. */
export function samlSignIn(endpoint: string): Promise<SamlOutcome> {
  const popup = openPopup('alerta-saml');
  if (!popup) return Promise.resolve({ ok: false, reason: 'blocked' });
  popup.location.href = samlUrl(endpoint);
  return new Promise((resolve) => {
    const done = (outcome: SamlOutcome) => {
      window.removeEventListener('message', onMessage);
      clearInterval(watch);
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      const answer = readSamlMessage(event.data, event.origin, endpoint);
      if (!answer) return;
      popup.close();
      void adoptToken(answer.token).then(
        () => done({ ok: true }),
        (error: unknown) => done({ ok: false, reason: 'AuthNotPossible', detail: String(error) }),
      );
    };
    window.addEventListener('message', onMessage);
    const watch = setInterval(() => {
      if (popup.closed) done({ ok: false, reason: 'cancelled' });
    }, 500);
  });
}

// The popup flows of social sign-in. URLs and answers are checked by src/core/oauth.ts; this file only drives windows.
import type { Config } from '../../../core/types.ts';
import {
  buildAuthorizeRequest,
  popupFeatures,
  readPopupAnswer,
  readSamlMessage,
  samlUrl,
  socialLoginPayload,
} from '../../../core/oauth.ts';
import { adoptToken, sessionCommands } from '../../data/account.ts';

export type SocialOutcome =
  | { ok: true }
  | { ok: false; reason: 'cancelled' }
  | { ok: false; reason: 'blocked' }
  | { ok: false; reason: 'AuthNotPossible' | 'AuthProviderUnknown'; detail?: string };

const POLL_MS = 300;
/** A sign-in left open this long is given up, so the form does not stay "Authenticating..." forever. */
const GIVE_UP_MS = 10 * 60_000;

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

/**
 * OAuth code flow in a 1020x618 popup: the provider sends the popup back to the console's own address with a code,
 * which the worker posts to /auth/{provider}. Call from a click handler, or browsers block the popup.
 */
export function oauthSignIn(provider: string, config: Config, redirectUri: string): Promise<SocialOutcome> {
  const state = randomState();
  const req = buildAuthorizeRequest(provider, config, redirectUri, state);
  if (!req.ok) return Promise.resolve({ ok: false, reason: req.error });
  const popup = openPopup(`alerta-${provider}`);
  if (!popup) return Promise.resolve({ ok: false, reason: 'blocked' });
  popup.location.href = req.value.url;
  const started = Date.now();
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (popup.closed || Date.now() - started > GIVE_UP_MS) {
        clearInterval(timer);
        if (!popup.closed) popup.close();
        resolve({ ok: false, reason: 'cancelled' });
        return;
      }
      let href: string;
      try {
        href = popup.location.href; // throws while the popup is on the provider's origin
      } catch {
        return;
      }
      const answer = readPopupAnswer(href, redirectUri, state);
      if (answer.kind === 'pending') return;
      clearInterval(timer);
      popup.close();
      if (answer.kind === 'error') {
        resolve({ ok: false, reason: answer.error, detail: answer.detail });
        return;
      }
      void sessionCommands
        .socialLogin(provider, provider, socialLoginPayload(req.value, answer.code))
        .then((result) => resolve(result.ok ? { ok: true } : { ok: false, reason: 'AuthNotPossible', detail: result.message }));
    }, POLL_MS);
  });
}

/** SAML: a window on {endpoint}/auth/saml that posts `{status: 'ok', token}` back to the console. */
export function samlSignIn(endpoint: string): Promise<SocialOutcome> {
  const popup = openPopup('alerta-saml');
  if (!popup) return Promise.resolve({ ok: false, reason: 'blocked' });
  popup.location.href = samlUrl(endpoint);
  return new Promise((resolve) => {
    const done = (outcome: SocialOutcome) => {
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

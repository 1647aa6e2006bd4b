// Waiting on a sign-in window. The console opens the provider in a popup; the provider sends the window back to the
// console's redirect page (its own address), which hands the answer to the console that started the sign-in through
// a BroadcastChannel. Nothing relies on `window.opener`, which a provider page sending
// `Cross-Origin-Opener-Policy: same-origin` cuts (the console then sees the window as closed, and the window sees no
// opener). The console only watches the window for what the channel cannot tell: that the provider did not answer,
// and that the user closed the window. Administrators: docs/sso.md.
import { answerParams, isHttpUrl, readAnswer, type SignInAnswer } from './oauth.ts';

/** localStorage key of the sign-in in progress, read by the redirect page (which has no other link to the console). */
export const PENDING_SIGN_IN_KEY = 'alerta.sso.pending';
/** BroadcastChannel between the console and its redirect page. */
export const SIGN_IN_CHANNEL = 'alerta-sso';

/** A sign-in left unfinished this long is over: its answer is no longer taken. */
export const SIGN_IN_TTL_MS = 10 * 60_000;
/**
 * The provider's first answer (the silent check) comes back within this, or the provider is reported as not
 * answering. Providers answer in well under a second; this leaves room for slow networks.
 */
export const ANSWER_TIMEOUT_MS = 10_000;
/**
 * A window cut off by the provider's opener policy looks closed at once; its redirect page reports within this
 * (one page load), which tells it from a window the user closed.
 */
export const CLOSE_GRACE_MS = 3_000;
/** How long the redirect page waits for the console to confirm it took the answer. */
export const HANDOVER_TIMEOUT_MS = 5_000;

export interface PendingSignIn {
  state: string;
  provider: string;
  /** the console's redirect URI: only an answer at this address belongs to the sign-in */
  redirectUri: string;
  /** the sign-in page, opened by the redirect page after the silent check */
  next: string;
  stage: 'check' | 'page';
  /** the console's language, so the redirect page speaks it too */
  locale: string;
  /** epoch ms after which the sign-in is over */
  expires: number;
}

const isStr = (v: unknown): v is string => typeof v === 'string';

/** The stored record, or null when absent, malformed, over or pointing anywhere but a web address. */
export function parsePendingSignIn(raw: string | null | undefined, now: number): PendingSignIn | null {
  if (!raw || raw.length > 20_000) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const p = v as Record<string, unknown>;
  if (!isStr(p.state) || p.state.length < 16 || !isStr(p.provider) || !isStr(p.locale)) return null;
  if (!isHttpUrl(p.redirectUri as string) || !isHttpUrl(p.next as string)) return null;
  if (p.stage !== 'check' && p.stage !== 'page') return null;
  if (typeof p.expires !== 'number' || !(p.expires > now)) return null;
  return {
    state: p.state,
    provider: p.provider,
    redirectUri: p.redirectUri as string,
    next: p.next as string,
    stage: p.stage,
    locale: p.locale,
    expires: p.expires,
  };
}

/** What the page at the redirect URI does with the address it was loaded at. */
export type ReturnStep =
  /** not an answer to the sign-in in progress: start the console as usual */
  | { kind: 'not-a-return' }
  /** an answer with another `state`: refused, never handed over (someone else's code, or a forged link) */
  | { kind: 'forged' }
  /** the silent check came back without a code: open the sign-in page, and tell the console the provider answered */
  | { kind: 'continue'; next: string; pending: PendingSignIn }
  | { kind: 'answer'; state: string; answer: SignInAnswer };

const samePage = (a: URL, b: URL) => a.origin === b.origin && a.pathname.replace(/\/+$/, '') === b.pathname.replace(/\/+$/, '');

export function signInReturnStep(href: string, pending: PendingSignIn | null): ReturnStep {
  if (!pending) return { kind: 'not-a-return' };
  const params = answerParams(href);
  if (!params || (!params.has('code') && !params.has('error'))) return { kind: 'not-a-return' };
  if (!samePage(new URL(href), new URL(pending.redirectUri))) return { kind: 'not-a-return' };
  if (params.get('state') !== pending.state) return { kind: 'forged' };
  const answer = readAnswer(params, pending.stage === 'check');
  if (answer === null) return { kind: 'not-a-return' };
  if (answer === 'continue') return { kind: 'continue', next: pending.next, pending: { ...pending, stage: 'page' } };
  return { kind: 'answer', state: pending.state, answer };
}

/** Messages on the channel. */
export type SignInMessage =
  /** redirect page → console: the provider answered the silent check (so it can be reached) */
  | { type: 'sso-reached'; state: string }
  /** redirect page → console: the provider's final answer */
  | { type: 'sso-answer'; state: string; answer: SignInAnswer }
  /** console → redirect page: answer taken, the window may close */
  | { type: 'sso-taken'; state: string };

function isAnswer(v: unknown): v is SignInAnswer {
  if (typeof v !== 'object' || v === null) return false;
  const a = v as Record<string, unknown>;
  if (a.kind === 'code') return isStr(a.code) && a.code.length > 0;
  if (a.kind === 'cancelled') return true;
  return a.kind === 'refused' && isStr(a.error) && isStr(a.description);
}

/** A channel message about the sign-in with `state`, or null for anything else. */
export function readSignInMessage(data: unknown, state: string): SignInMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  if (m.state !== state) return null;
  if (m.type === 'sso-reached' || m.type === 'sso-taken') return { type: m.type, state };
  if (m.type === 'sso-answer' && isAnswer(m.answer)) return { type: 'sso-answer', state, answer: m.answer };
  return null;
}

// ---------------------------------------------------------------- watching the window

/** What the console can see of its popup: still loading the first page, on another origin, or closed. */
export type WindowView = 'loading' | 'away' | 'closed';

export type WatchStatus =
  /** waiting for the provider or the user */
  | 'waiting'
  /** the window was cut off from the console (opener policy): the sign-in goes on there, unseen */
  | 'elsewhere'
  /** the provider did not answer in time (the window may still show the browser's error page) */
  | 'no-answer'
  /** the user closed the window */
  | 'closed'
  /** the sign-in is over without an answer */
  | 'expired';

export interface WatchState {
  startedAt: number;
  /** the sign-in begins with the silent check, whose answer proves the provider can be reached */
  silentCheck: boolean;
  /** the provider answered (or, without the silent check, the window left the first page) */
  reached: boolean;
  /** when the window first looked closed */
  closedAt: number | null;
  /** the window looks closed but its redirect page still talks */
  severed: boolean;
  status: WatchStatus;
}

export function startWatch(now: number, silentCheck: boolean): WatchState {
  return { startedAt: now, silentCheck, reached: false, closedAt: null, severed: false, status: 'waiting' };
}

/**
 * The redirect page reported (any message about this sign-in), with what the window looks like now: a window that
 * looks closed while its page still talks was cut off, whether or not a look at it saw it closed before.
 */
export function watchHeardFromWindow(s: WatchState, now: number, view: WindowView): WatchState {
  const closedAt = view === 'closed' ? (s.closedAt ?? now) : s.closedAt;
  const severed = s.severed || closedAt !== null;
  return { ...s, closedAt, reached: true, severed, status: severed ? 'elsewhere' : 'waiting' };
}

/**
 * One look at the window. 'closed' and 'expired' end the watch; 'no-answer' with the window still open goes back to
 * 'waiting' when the provider answers late. A report from the redirect page (watchHeardFromWindow) still counts
 * after 'closed': the window was cut off, not closed.
 */
export function watchTick(s: WatchState, now: number, view: WindowView): WatchState {
  if (s.status === 'closed' || s.status === 'expired') return s;
  if (now - s.startedAt >= SIGN_IN_TTL_MS) return { ...s, status: 'expired' };
  if (s.severed) return s;
  let next = s;
  if (view === 'away' && !s.silentCheck && !s.reached) next = { ...next, reached: true };
  if (view === 'closed') {
    const closedAt = next.closedAt ?? now;
    next = { ...next, closedAt };
    if (now - closedAt < CLOSE_GRACE_MS) return next;
    // Closed before the provider ever answered the silent check: the window showed an error, not a sign-in page.
    return { ...next, status: !next.reached && next.silentCheck ? 'no-answer' : 'closed' };
  }
  // Without the silent check, only a first page that never loads can be seen.
  const unanswered = next.silentCheck ? !next.reached : view === 'loading';
  if (unanswered && now - next.startedAt >= ANSWER_TIMEOUT_MS) return { ...next, status: 'no-answer' };
  return next.status === 'no-answer' && !unanswered ? { ...next, status: 'waiting' } : next;
}

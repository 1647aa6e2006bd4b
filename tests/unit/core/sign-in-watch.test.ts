import { describe, expect, it } from 'vitest';
import {
  ANSWER_TIMEOUT_MS,
  CLOSE_GRACE_MS,
  parsePendingSignIn,
  readSignInMessage,
  SIGN_IN_TTL_MS,
  signInReturnStep,
  startWatch,
  watchHeardFromWindow,
  watchTick,
  type PendingSignIn,
  type WatchState,
  type WindowView,
} from '../../../src/core/sign-in-watch.ts';
import { mayCarrySignInAnswer } from '../../../src/core/sign-in-address.ts';

const STATE = '0123456789abcdef0123456789abcdef';
const pending = (over: Partial<PendingSignIn> = {}): PendingSignIn => ({
  state: STATE,
  provider: 'openid',
  redirectUri: 'https://console.example/ops/',
  next: 'https://idp.example/auth?client_id=c&state=' + STATE,
  stage: 'check',
  locale: 'fr',
  expires: 10_000,
  ...over,
});

describe('the stored sign-in', () => {
  it('reads back what was stored while it lasts', () => {
    const p = pending();
    expect(parsePendingSignIn(JSON.stringify(p), 0)).toEqual(p);
    expect(parsePendingSignIn(JSON.stringify(p), 10_000)).toBeNull();
  });
  it('refuses anything malformed, a short state, or a non-web next address', () => {
    expect(parsePendingSignIn(null, 0)).toBeNull();
    expect(parsePendingSignIn('{', 0)).toBeNull();
    expect(parsePendingSignIn('"x"', 0)).toBeNull();
    expect(parsePendingSignIn(JSON.stringify(pending({ state: 'short' })), 0)).toBeNull();
    expect(parsePendingSignIn(JSON.stringify(pending({ next: 'javascript:alert(1)' })), 0)).toBeNull();
    expect(parsePendingSignIn(JSON.stringify({ ...pending(), stage: 'other' }), 0)).toBeNull();
    expect(parsePendingSignIn('x'.repeat(30_000), 0)).toBeNull();
  });
});

describe('the redirect page', () => {
  it('is loaded only for an address that may carry an answer', () => {
    expect(mayCarrySignInAnswer('?code=c&state=s', '')).toBe(true);
    expect(mayCarrySignInAnswer('?state=s&error=access_denied', '')).toBe(true);
    expect(mayCarrySignInAnswer('', '#code=c')).toBe(true);
    expect(mayCarrySignInAnswer('?q=severity:critical', '#sb:default')).toBe(false);
    expect(mayCarrySignInAnswer('?barcode=1', '')).toBe(false);
  });

  it('is the console as usual when no sign-in is in progress or the address carries no answer', () => {
    expect(signInReturnStep(`https://console.example/ops/?code=c&state=${STATE}`, null)).toEqual({ kind: 'not-a-return' });
    expect(signInReturnStep('https://console.example/ops/alerts', pending())).toEqual({ kind: 'not-a-return' });
    expect(signInReturnStep(`https://console.example/ops/alerts?code=c&state=${STATE}`, pending())).toEqual({ kind: 'not-a-return' });
  });
  it('refuses an answer with another state: it is never handed over', () => {
    expect(signInReturnStep('https://console.example/ops/?code=stolen&state=forged', pending({ stage: 'page' }))).toEqual({ kind: 'forged' });
    expect(signInReturnStep('https://console.example/ops/?code=stolen', pending({ stage: 'page' }))).toEqual({ kind: 'forged' });
  });
  it('after the silent check, goes on to the sign-in page unless a code came back', () => {
    const step = signInReturnStep(`https://console.example/ops/?error=login_required&state=${STATE}`, pending());
    expect(step).toEqual({ kind: 'continue', next: pending().next, pending: pending({ stage: 'page' }) });
    expect(signInReturnStep(`https://console.example/ops?code=c&state=${STATE}`, pending())).toEqual({
      kind: 'answer',
      state: STATE,
      answer: { kind: 'code', code: 'c' },
    });
  });
  it('after the sign-in page, hands over the code, a cancel, or the provider’s refusal', () => {
    const page = pending({ stage: 'page' });
    expect(signInReturnStep(`https://console.example/ops/?state=${STATE}&error=access_denied`, page)).toMatchObject({ answer: { kind: 'cancelled' } });
    expect(signInReturnStep(`https://console.example/ops/?state=${STATE}&error=login_required`, page)).toMatchObject({
      answer: { kind: 'refused', error: 'login_required' },
    });
  });
});

describe('channel messages', () => {
  it('are taken only for this sign-in and in a known shape', () => {
    expect(readSignInMessage({ type: 'sso-reached', state: STATE }, STATE)).toEqual({ type: 'sso-reached', state: STATE });
    expect(readSignInMessage({ type: 'sso-answer', state: STATE, answer: { kind: 'code', code: 'c' } }, STATE)).toMatchObject({ type: 'sso-answer' });
    expect(readSignInMessage({ type: 'sso-answer', state: 'other', answer: { kind: 'code', code: 'c' } }, STATE)).toBeNull();
    expect(readSignInMessage({ type: 'sso-answer', state: STATE, answer: { kind: 'code', code: '' } }, STATE)).toBeNull();
    expect(readSignInMessage({ type: 'sso-answer', state: STATE, answer: { kind: 'refused', error: 1 } }, STATE)).toBeNull();
    expect(readSignInMessage('sso-reached', STATE)).toBeNull();
  });
});

describe('watching the window', () => {
  /** `heard` and `heard-closed`: the redirect page reported while the window looked open, or closed. */
  const run = (s: WatchState, steps: [number, WindowView | 'heard' | 'heard-closed'][]) =>
    steps.reduce(
      (acc, [t, v]) => (v === 'heard' ? watchHeardFromWindow(acc, t, 'away') : v === 'heard-closed' ? watchHeardFromWindow(acc, t, 'closed') : watchTick(acc, t, v)),
      s,
    );

  it('waits while the provider answers and the user signs in, however long it takes', () => {
    const s = run(startWatch(0, true), [[300, 'loading'], [600, 'away'], [900, 'heard'], [60_000, 'away'], [300_000, 'away']]);
    expect(s.status).toBe('waiting');
  });

  it('reports a provider that does not answer the silent check within the timeout, and takes it back if it answers late', () => {
    const late = run(startWatch(0, true), [[300, 'away'], [ANSWER_TIMEOUT_MS - 1, 'away']]);
    expect(late.status).toBe('waiting');
    const silent = watchTick(late, ANSWER_TIMEOUT_MS, 'away');
    expect(silent.status).toBe('no-answer');
    expect(watchTick(watchHeardFromWindow(silent, ANSWER_TIMEOUT_MS + 100, 'away'), ANSWER_TIMEOUT_MS + 300, 'away').status).toBe('waiting');
  });

  it('without the silent check, reports only a first page that never loads', () => {
    expect(watchTick(startWatch(0, false), ANSWER_TIMEOUT_MS, 'loading').status).toBe('no-answer');
    expect(run(startWatch(0, false), [[300, 'away'], [ANSWER_TIMEOUT_MS, 'away']]).status).toBe('waiting');
  });

  it('reads a window closed after the provider answered as the user cancelling, once the grace has passed', () => {
    const s = run(startWatch(0, true), [[300, 'away'], [500, 'heard'], [5_000, 'closed']]);
    expect(s.status).toBe('waiting');
    expect(watchTick(s, 5_000 + CLOSE_GRACE_MS, 'closed').status).toBe('closed');
  });

  it('reads a window closed before the provider ever answered as the provider not answering', () => {
    const s = run(startWatch(0, true), [[300, 'away'], [2_000, 'closed'], [2_000 + CLOSE_GRACE_MS, 'closed']]);
    expect(s.status).toBe('no-answer');
  });

  it('tells a window cut off by the provider (closed at once, then heard from) from a closed one', () => {
    const s = run(startWatch(0, true), [[250, 'closed'], [900, 'heard']]);
    expect(s.status).toBe('elsewhere');
    expect(s.severed).toBe(true);
    // From then on the window cannot be watched: only the channel or the end of the sign-in tells.
    expect(watchTick(s, 200_000, 'closed').status).toBe('elsewhere');
    expect(watchTick(s, SIGN_IN_TTL_MS, 'closed').status).toBe('expired');
  });

  it('knows the window was cut off when its page reports before a look saw it closed', () => {
    const s = run(startWatch(0, true), [[100, 'loading'], [200, 'heard-closed']]);
    expect(s.status).toBe('elsewhere');
    expect(watchTick(s, 200 + CLOSE_GRACE_MS, 'closed').status).toBe('elsewhere');
  });

  it('still takes a report that comes after the window was judged closed (cut off later in the sign-in)', () => {
    const closed = run(startWatch(0, true), [[300, 'away'], [500, 'heard'], [1_000, 'closed'], [1_000 + CLOSE_GRACE_MS, 'closed']]);
    expect(closed.status).toBe('closed');
    expect(watchHeardFromWindow(closed, 9_000, 'closed').status).toBe('elsewhere');
  });

  it('ends every sign-in after its lifetime', () => {
    expect(watchTick(startWatch(0, true), SIGN_IN_TTL_MS, 'away').status).toBe('expired');
  });
});

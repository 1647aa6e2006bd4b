// The session: the token the UI handed over, its claims, and a timer that ends the session when the token expires,
// so an expired token is noticed before the API refuses it (the old console only noticed on a 401).
import type { TokenClaims } from '../core/types.ts';
import { decodeJwt, isTokenValid, msUntilExpiry, tokenExpiresAt, usernameOf } from '../core/jwt.ts';
import type { SessionState } from './contract/index.ts';

export type EndReason = 'expired' | 'unauthorized' | 'logout';

export class Session {
  private token: string | null = null;
  private claims: TokenClaims | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private onEnd: (reason: EndReason) => void,
    private now: () => number = Date.now,
  ) {}

  /** Sets the token; returns false when it is already expired or unreadable (then nothing is kept). */
  set(token: string | null): boolean {
    this.clearTimer();
    const claims = token ? decodeJwt(token) : null;
    if (!token || !claims || !isTokenValid(claims, this.now())) {
      this.token = null;
      this.claims = null;
      return token === null;
    }
    this.token = token;
    this.claims = claims;
    const ms = msUntilExpiry(claims, this.now());
    // setTimeout cannot wait longer than ~24.8 days; tokens live 14 days, and longer ones are re-checked on use.
    if (ms !== null && ms < 2 ** 31 - 1) this.timer = setTimeout(() => this.end('expired'), Math.max(0, ms));
    return true;
  }

  /** The token to send, or null; an expired one ends the session instead of being sent. */
  current(): string | null {
    if (this.token && this.claims && !isTokenValid(this.claims, this.now())) {
      this.end('expired');
      return null;
    }
    return this.token;
  }

  get username(): string | null {
    return usernameOf(this.claims);
  }

  end(reason: EndReason): void {
    const had = this.token !== null;
    this.clearTimer();
    this.token = null;
    this.claims = null;
    if (had || reason === 'unauthorized') this.onEnd(reason);
  }

  state(): SessionState {
    const authenticated = this.token !== null;
    return { authenticated, token: this.token, claims: this.claims, expiresAt: tokenExpiresAt(this.claims) };
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

// Failed-login limits, per client address and per account, over a sliding window: past the limit, logins from
// that address or to that account are refused with 429 and Retry-After until the oldest failure leaves the window.
// An attempt counts as a failure from the moment it starts (so a burst of parallel guesses cannot overrun the
// limit) and is taken back when the password turns out right, which also clears the account's failures.

/** Keys kept at most; the oldest are dropped first, so a flood of invented logins cannot grow memory. */
const MAX_KEYS = 10_000;

export interface LoginLimits {
  perAccount: number;
  perAddress: number;
  windowSeconds: number;
}

export interface Attempt {
  keys: string[];
  at: number;
}

export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: LoginLimits,
    private readonly nowMs: () => number,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = this.failures.get(key);
    if (!list) return [];
    const from = now - this.limits.windowSeconds * 1000;
    while (list.length && (list[0] as number) <= from) list.shift();
    if (list.length === 0) this.failures.delete(key);
    return list;
  }

  private keysOf(address: string, account: string): [string, number][] {
    return [[`address:${address}`, this.limits.perAddress], [`account:${account.trim().toLowerCase()}`, this.limits.perAccount]];
  }

  /**
   * Starts a login attempt. Returns the seconds to wait when the address or the account is over its limit,
   * otherwise the attempt (counted as a failure until succeed() takes it back).
   */
  begin(address: string, account: string): Attempt | { retryAfter: number } {
    const now = this.nowMs();
    let wait = 0;
    const keys = this.keysOf(address, account);
    for (const [key, limit] of keys) {
      const list = this.recent(key, now);
      if (limit > 0 && list.length >= limit) {
        const freeAt = (list[list.length - limit] as number) + this.limits.windowSeconds * 1000;
        wait = Math.max(wait, Math.ceil((freeAt - now) / 1000));
      }
    }
    if (wait > 0) return { retryAfter: wait };
    for (const [key] of keys) {
      const list = this.failures.get(key);
      if (list) list.push(now);
      else {
        if (this.failures.size >= MAX_KEYS) this.failures.delete(this.failures.keys().next().value as string);
        this.failures.set(key, [now]);
      }
    }
    return { keys: keys.map(([k]) => k), at: now };
  }

  /** The password was right: the attempt is not a failure, and the account starts afresh. */
  succeed(attempt: Attempt): void {
    for (const key of attempt.keys) {
      const list = this.failures.get(key);
      if (!list) continue;
      if (key.startsWith('account:')) this.failures.delete(key);
      else {
        const i = list.lastIndexOf(attempt.at);
        if (i >= 0) list.splice(i, 1);
      }
    }
  }
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Session } from '../../../src/worker/session.ts';

function jwt(claims: Record<string, unknown>): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.signature`;
}

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-21T08:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('Session', () => {
  const nowSec = () => Math.floor(Date.now() / 1000);

  it('keeps a valid token and exposes its claims', () => {
    const ended: string[] = [];
    const session = new Session((r) => ended.push(r));
    expect(session.set(jwt({ preferred_username: 'ann', scope: 'read write', exp: nowSec() + 3600 }))).toBe(true);
    expect(session.state().authenticated).toBe(true);
    expect(session.username).toBe('ann');
    expect(session.current()).not.toBeNull();
    expect(ended).toEqual([]);
  });

  it('refuses an expired or unreadable token', () => {
    const session = new Session(() => undefined);
    expect(session.set(jwt({ preferred_username: 'ann', exp: nowSec() - 10 }))).toBe(false);
    expect(session.state().authenticated).toBe(false);
    expect(session.set('not-a-jwt')).toBe(false);
    expect(session.current()).toBeNull();
  });

  it('ends the session when the token expires, before the API refuses it', async () => {
    const ended: string[] = [];
    const session = new Session((r) => ended.push(r));
    session.set(jwt({ preferred_username: 'ann', exp: nowSec() + 60 }));
    await vi.advanceTimersByTimeAsync(45_000);
    expect(ended).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ended).toEqual(['expired']);
    expect(session.state().authenticated).toBe(false);
    expect(session.current()).toBeNull();
  });

  it('a 401 ends the session once and says why', () => {
    const ended: string[] = [];
    const session = new Session((r) => ended.push(r));
    session.set(jwt({ preferred_username: 'ann', exp: nowSec() + 3600 }));
    session.end('unauthorized');
    expect(ended).toEqual(['unauthorized']);
    expect(session.state().token).toBeNull();
  });
});

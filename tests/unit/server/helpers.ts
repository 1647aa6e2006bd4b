// Shared helpers for server tests: an in-memory context, alerts sent through the real receive path,
// and a small HTTP client for servers started on a free port.
import { openDb } from '../../../server/db.ts';
import { loadSettings, type ServerSettings } from '../../../server/settings.ts';
import { modelFromSettings, type AppContext } from '../../../server/context.ts';
import { MailLog } from '../../../server/mail.ts';
import { parseIncomingAlert } from '../../../server/alert-store/incoming.ts';
import { receiveAlert } from '../../../server/alert-store/receive.ts';
import { ensureSystemPerms } from '../../../server/auth.ts';
import type { Alert } from '../../../src/core/types.ts';
import type { Caller } from '../../../server/context.ts';

export function makeCtx(overrides: Partial<ServerSettings> = {}, now: () => Date = () => new Date()): AppContext {
  const settings = loadSettings({ overrides });
  const ctx: AppContext = {
    db: openDb(null),
    settings,
    model: modelFromSettings(settings),
    now,
    mail: new MailLog(null),
    startedAt: now(),
    metrics: { counters: {}, timers: {} },
    jwtSecret: new TextEncoder().encode('test-secret'),
  };
  ensureSystemPerms(ctx);
  return ctx;
}

export function send(ctx: AppContext, body: Record<string, unknown>): Alert {
  const inc = parseIncomingAlert(ctx, { environment: 'Production', service: ['Web'], ...body });
  return receiveAlert(ctx, inc, 'tester', 'http://test/api');
}

/**
 * A parsed JSON response body. Tests read it by path and assert on values, so a loose type keeps them short;
 * the shapes themselves are checked against the real server's captures in contract.test.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Res<T = Json> {
  status: number;
  body: T;
  headers: Headers;
}

export function client(apiUrl: string, auth?: string) {
  const call = async <T = Json>(method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<Res<T>> => {
    const headers: Record<string, string> = { ...extra };
    if (auth) headers.authorization = auth;
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${apiUrl}${path}`, { method, headers, body: payload });
    const text = await res.text();
    // The plain-text probes (gtg, healthcheck) answer text/html, as the real server does: their body is the text.
    const json = /json/.test(res.headers.get('content-type') ?? '');
    return { status: res.status, body: text ? (json ? JSON.parse(text) : text) : null, headers: res.headers };
  };
  return {
    get: <T = Json>(p: string, h?: Record<string, string>) => call<T>('GET', p, undefined, h),
    post: <T = Json>(p: string, b?: unknown, h?: Record<string, string>) => call<T>('POST', p, b, h),
    put: <T = Json>(p: string, b?: unknown, h?: Record<string, string>) => call<T>('PUT', p, b, h),
    del: <T = Json>(p: string, h?: Record<string, string>) => call<T>('DELETE', p, undefined, h),
    call,
  };
}

export async function login(apiUrl: string, username: string, password: string): Promise<string> {
  const res = await client(apiUrl).post<{ token: string }>('/auth/login', { username, password });
  if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** A caller as the auth layer would build it, for store-level tests. */
export function callerOf(login: string, customers: string[] | null = null): Caller {
  return {
    login, name: login, userId: null, email: login, roles: [], groups: [], scopes: ['admin', 'read', 'write'],
    customers, authenticated: true, claims: null, viaKey: false,
  };
}

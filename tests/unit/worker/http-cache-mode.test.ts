// The cache mode of the worker's requests: the default mode, so the browser can reuse a CORS preflight, until an
// answer shows it could come from the HTTP cache unasked; then the answer is asked for again and every later GET asks
// the server (src/core/http-cache.ts). Chromium's side of it is tested end to end (tests/e2e/cross-origin.spec.ts).
import { describe, expect, it } from 'vitest';
import { anyObject, request, type HttpContext } from '../../../src/worker/http.ts';

interface Call {
  url: string;
  method: string;
  cache: RequestCache | undefined;
}

function fakeApi(answer: (call: Call, n: number) => Response) {
  const calls: Call[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const call = { url: String(input), method: init?.method ?? 'GET', cache: init?.cache };
    calls.push(call);
    return answer(call, calls.length);
  };
  return { calls, fetchImpl };
}

const json = (body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ...headers } });

describe('the cache mode of API requests', () => {
  it('a GET with credentials uses the default mode, and an answer without freshness is taken as it is', async () => {
    const api = fakeApi(() => json({ n: 1 }));
    const ctx: HttpContext = { endpoint: 'https://api.example', token: () => 'T', fetchImpl: api.fetchImpl, cacheGuard: { revalidate: false } };
    const result = await request(ctx, '/alerts', anyObject);
    expect(result).toEqual({ ok: true, value: { n: 1 } });
    expect(api.calls.map((c) => c.cache)).toEqual(['default']);
    expect(ctx.cacheGuard!.revalidate).toBe(false);
  });

  it('an answer the browser could reuse unasked is asked for again from the server, and so is every later GET', async () => {
    // A proxy adds max-age: the first answer may be a stored copy (n: 1, old); the server's own is n: 2.
    const api = fakeApi((_call, n) => json({ n }, { 'Cache-Control': 'max-age=60' }));
    const ctx: HttpContext = { endpoint: 'https://api.example', token: () => 'T', fetchImpl: api.fetchImpl, cacheGuard: { revalidate: false } };
    expect(await request(ctx, '/alerts', anyObject)).toEqual({ ok: true, value: { n: 2 } });
    expect(api.calls.map((c) => c.cache)).toEqual(['default', 'no-cache']);
    expect(ctx.cacheGuard!.revalidate).toBe(true);
    await request(ctx, '/environments', anyObject);
    expect(api.calls.map((c) => c.cache)).toEqual(['default', 'no-cache', 'no-cache']);
  });

  it('without a shared guard the request is still asked again once, not in a loop', async () => {
    const api = fakeApi((_call, n) => json({ n }, { Expires: new Date(Date.now() + 60_000).toUTCString() }));
    const ctx: HttpContext = { endpoint: 'https://api.example', token: () => 'T', fetchImpl: api.fetchImpl };
    expect(await request(ctx, '/alerts', anyObject)).toEqual({ ok: true, value: { n: 2 } });
    expect(api.calls.map((c) => c.cache)).toEqual(['default', 'no-cache']);
  });

  it('requests without credentials (config) always ask the server; commands use the default mode', async () => {
    const api = fakeApi(() => json({}));
    const ctx: HttpContext = { endpoint: 'https://api.example', token: () => 'T', fetchImpl: api.fetchImpl, cacheGuard: { revalidate: false } };
    await request(ctx, '/config', anyObject, { anonymous: true });
    await request(ctx, '/alert/1/action', anyObject, { method: 'PUT', body: { action: 'ack' } });
    expect(api.calls.map((c) => [c.method, c.cache])).toEqual([
      ['GET', 'no-cache'],
      ['PUT', 'default'],
    ]);
  });
});

// The start's early requests (src/worker/early.ts): a later start sends the requests its last start at the same address
// made first, before the rest of the worker has loaded; the HTTP client takes such an answer in place of asking again,
// only for exactly the same request, and once. What nobody takes is dropped and its request cancelled.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropEarly, EARLY_KEEP_MS, isEarlyStart, LEADER_LOCK, sendEarly, takeEarly } from '../../../src/worker/early.ts';
import { anyObject, request, type HttpContext } from '../../../src/worker/http.ts';

interface Call {
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
  cache: RequestCache | undefined;
}

function fakeApi(answer: (call: Call, n: number) => Response | Promise<Response> = (_c, n) => json({ n })) {
  const calls: Call[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const call = { url: String(input), headers: { ...(init?.headers as Record<string, string>) }, signal: init?.signal ?? undefined, cache: init?.cache };
    calls.push(call);
    return answer(call, calls.length);
  };
  return { calls, fetchImpl };
}

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const LIST = 'https://api.example/api/alerts?status=open&page=1&page-size=200';
const ENVIRONMENTS = 'https://api.example/api/environments?status=open';
const start = (urls: string[], token: string | null = 'T') => ({ type: 'early-start' as const, urls, token, configUrl: 'https://console.example/config.json', buildConfig: {}, firstStartAt: null });

afterEach(() => {
  dropEarly();
  vi.useRealTimers();
});

describe('the early requests of a start', () => {
  it('are sent at once, with the headers of the worker’s own requests, so the browser’s preflight is the same', async () => {
    const early = fakeApi();
    sendEarly(start([LIST, ENVIRONMENTS]), { fetchImpl: early.fetchImpl });
    expect(early.calls.map((c) => c.url)).toEqual([LIST, ENVIRONMENTS]);
    const own = fakeApi();
    await request({ endpoint: 'https://api.example/api', token: () => 'T', fetchImpl: own.fetchImpl }, '/alerts/count', anyObject);
    for (const call of early.calls) {
      expect(Object.keys(call.headers).sort()).toEqual(Object.keys(own.calls[0]!.headers).sort());
      expect(call.headers.Authorization).toBe('Bearer T');
      expect(call.cache).toBe(own.calls[0]!.cache);
    }
  });

  it('leave before the browser says whether another tab’s worker polls, and are cancelled untaken when one does', async () => {
    const api = fakeApi();
    let answer: (state: { held: { name: string }[] }) => void = () => undefined;
    const slow = { query: () => new Promise<{ held: { name: string }[] }>((resolve) => (answer = resolve)) };
    sendEarly(start([LIST]), { fetchImpl: api.fetchImpl, locks: slow });
    // Sent before the browser's answer (tens of ms in a browser just started).
    expect(api.calls.map((c) => c.url)).toEqual([LIST]);
    answer({ held: [{ name: LEADER_LOCK }] });
    await new Promise((r) => setTimeout(r, 0));
    // Another tab polls and sends this tab the list: the request is cancelled and nobody takes its answer.
    expect(api.calls[0]!.signal?.aborted).toBe(true);
    expect(takeEarly(LIST, 'Bearer T')).toBeNull();

    sendEarly(start([LIST]), { fetchImpl: api.fetchImpl, locks: { query: async () => ({ held: [{ name: 'another lock' }] }) } });
    await new Promise((r) => setTimeout(r, 0));
    expect(api.calls[1]!.signal?.aborted).toBe(false);
    expect(takeEarly(LIST, 'Bearer T')).not.toBeNull();
  });

  it('already taken when the browser says another tab polls, are left to their taker', async () => {
    const api = fakeApi();
    let answer: (state: { held: { name: string }[] }) => void = () => undefined;
    sendEarly(start([LIST]), { fetchImpl: api.fetchImpl, locks: { query: () => new Promise((resolve) => (answer = resolve)) } });
    const taken = takeEarly(LIST, 'Bearer T');
    expect(taken).not.toBeNull();
    answer({ held: [{ name: LEADER_LOCK }] });
    await new Promise((r) => setTimeout(r, 0));
    expect(api.calls[0]!.signal?.aborted).toBe(false);
    expect(((await (await taken!.answer).json()) as { n: number }).n).toBe(1);
  });

  it('are never sent to anything but an http(s) URL', () => {
    const api = fakeApi();
    sendEarly(start(['javascript:alert(1)', '/api/alerts', 'ftp://x/']), { fetchImpl: api.fetchImpl });
    expect(api.calls).toEqual([]);
  });

  it('are read only from a message of the right shape', () => {
    expect(isEarlyStart(start([LIST]))).toBe(true);
    expect(isEarlyStart(start([LIST], null))).toBe(true);
    expect(isEarlyStart({ ...start([LIST]), urls: LIST })).toBe(false);
    expect(isEarlyStart({ ...start([LIST]), token: 3 })).toBe(false);
    expect(isEarlyStart({ ...start([LIST]), configUrl: undefined })).toBe(false);
    expect(isEarlyStart({ ...start([LIST]), buildConfig: null })).toBe(false);
    // A first start's address: the four strings, or null; anything else is not the page's message.
    const address = { pathname: '/alerts', search: '', hash: '', buildBase: '/' };
    expect(isEarlyStart({ ...start([]), firstStartAt: address })).toBe(true);
    expect(isEarlyStart({ ...start([]), firstStartAt: { ...address, pathname: 3 } })).toBe(false);
    expect(isEarlyStart({ ...start([]), firstStartAt: { ...address, buildBase: undefined } })).toBe(false);
    expect(isEarlyStart({ ...start([]), firstStartAt: '/alerts' })).toBe(false);
    expect(isEarlyStart({ ...start([]), firstStartAt: undefined })).toBe(false);
    expect(isEarlyStart({ id: '1', type: 'APPLY', path: ['init'] })).toBe(false);
    expect(isEarlyStart(null)).toBe(false);
  });

  it('stand in for the worker’s own request of the same URL and token: the API is asked once, the answer is the early one', async () => {
    const early = fakeApi(() => json({ from: 'early' }));
    sendEarly(start([LIST]), { fetchImpl: early.fetchImpl });
    const own = fakeApi(() => json({ from: 'worker' }));
    const ctx: HttpContext = { endpoint: 'https://api.example/api', token: () => 'T', fetchImpl: own.fetchImpl };
    const params = new URLSearchParams([['status', 'open'], ['page', '1'], ['page-size', '200']]);
    expect(await request(ctx, '/alerts', anyObject, { params })).toEqual({ ok: true, value: { from: 'early' } });
    expect(own.calls).toEqual([]);
    // Taken once: the next poll asks the API itself.
    expect(await request(ctx, '/alerts', anyObject, { params })).toEqual({ ok: true, value: { from: 'worker' } });
    expect(own.calls).toHaveLength(1);
  });

  it('do not stand in for a request with another token, another URL, or none at all', async () => {
    sendEarly(start([LIST]), { fetchImpl: fakeApi().fetchImpl });
    expect(takeEarly(LIST, 'Bearer other')).toBeNull();
    expect(takeEarly(LIST, null)).toBeNull();
    expect(takeEarly(`${LIST}&page=2`, 'Bearer T')).toBeNull();
    expect(takeEarly(LIST, 'Bearer T')).not.toBeNull();
    sendEarly(start([LIST], null), { fetchImpl: fakeApi().fetchImpl });
    expect(takeEarly(LIST, 'Bearer T')).toBeNull();
    expect(takeEarly(LIST, null)).not.toBeNull();
  });

  it('that nobody takes are dropped after a while, and their requests cancelled', async () => {
    vi.useFakeTimers();
    const api = fakeApi(() => new Promise<Response>(() => undefined));
    sendEarly(start([LIST]), { fetchImpl: api.fetchImpl });
    expect(api.calls[0]!.signal!.aborted).toBe(false);
    vi.advanceTimersByTime(EARLY_KEEP_MS);
    expect(api.calls[0]!.signal!.aborted).toBe(true);
    expect(takeEarly(LIST, 'Bearer T')).toBeNull();
  });

  it('that the taker stops waiting for (its poll timed out) are cancelled, and the poll fails as one without an answer', async () => {
    const api = fakeApi(() => new Promise<Response>(() => undefined));
    sendEarly(start([LIST]), { fetchImpl: api.fetchImpl });
    const ctx: HttpContext = { endpoint: 'https://api.example/api', token: () => 'T', fetchImpl: fakeApi().fetchImpl };
    const params = new URLSearchParams([['status', 'open'], ['page', '1'], ['page-size', '200']]);
    const result = await request(ctx, '/alerts', anyObject, { params, timeoutMs: 30 });
    expect(result).toMatchObject({ ok: false, error: { kind: 'network', noAnswer: true } });
    expect(api.calls[0]!.signal!.aborted).toBe(true);
  });

  it('that failed fail the request that takes them like its own would', async () => {
    sendEarly(start([LIST]), { fetchImpl: async () => Promise.reject(new TypeError('Failed to fetch')) });
    const ctx: HttpContext = { endpoint: 'https://api.example/api', token: () => 'T', fetchImpl: fakeApi().fetchImpl };
    const params = new URLSearchParams([['status', 'open'], ['page', '1'], ['page-size', '200']]);
    expect(await request(ctx, '/alerts', anyObject, { params })).toMatchObject({ ok: false, error: { kind: 'network' } });
  });
});

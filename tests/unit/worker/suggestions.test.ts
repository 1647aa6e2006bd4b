import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../server/start.ts';
import { startDemoServer } from './demo-server.ts';
import { createDataService } from '../../../src/worker/service.ts';
import { valueTerm } from '../../../src/core/query-suggest.ts';
import type { SuggestionData } from '../../../src/worker/contract/index.ts';

let server: RunningServer;
let counter = 0;

beforeAll(async () => {
  server = await startDemoServer({ AUTH_REQUIRED: false });
});
afterAll(async () => {
  await server.close();
});

/** A data worker whose requests are counted (and can be cut off). */
async function connect(cacheName = `suggestions-test-${++counter}-${Date.now()}`) {
  const calls: string[] = [];
  const net = { down: false };
  const fetchImpl: typeof fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (net.down) return Promise.reject(new TypeError('Failed to fetch'));
    calls.push(`${url.pathname}${url.search}`);
    return fetch(input, init);
  };
  // Each service is a browser of its own: Node has Web Locks and BroadcastChannel, and services in one process would
  // otherwise share one poller as the tabs of one browser do.
  const service = createDataService({ cacheName, fetchImpl, coordination: null });
  const init = await service.init({ configUrl: `${server.url}/config.json`, buildConfig: {}, token: null });
  if (!init.ok) throw new Error(init.error.message);
  return { service, calls, net, cacheName };
}

const apiCalls = (calls: string[]) => calls.map((c) => c.replace(/^\/api(?=\/)/, '')).filter((c) => !c.endsWith('config.json') && !c.startsWith('/config'));

describe('the search box suggestion data', () => {
  let first: SuggestionData;

  it('is the values the API knows per field, with their counts, in one round of requests', async () => {
    const { service, calls } = await connect();
    const before = apiCalls(calls).length;
    const r = await service.getSuggestions();
    if (!r.ok) throw new Error(r.error.message);
    first = r.value;
    const asked = apiCalls(calls).slice(before).map((c) => c.split('?')[0]).sort();
    expect(asked).toEqual(['/alerts/groups', '/alerts/tags', '/alerts/topn/count', '/alerts/topn/count', '/alerts/topn/count', '/environments', '/services']);
    for (const field of ['environment', 'severity', 'status', 'service', 'group', 'tags', 'resource', 'event', 'origin']) {
      expect(first.values[field]!.length, field).toBeGreaterThan(0);
      expect(first.values[field]!.every((v) => typeof v.count === 'number' && v.count > 0), field).toBe(true);
    }
    // the counts add up per value over the environments: the environments' counts are the alerts there are
    const envTotal = first.values.environment!.reduce((n, v) => n + v.count!, 0);
    const all = (await (await fetch(`${server.apiUrl}/alerts/count`)).json()) as { total: number };
    expect(envTotal).toBe(all.total);
  });

  it('every suggested value, written as the box writes it, finds alerts', async () => {
    for (const field of ['environment', 'service', 'group', 'tags', 'resource', 'event', 'origin', 'severity', 'status']) {
      for (const v of first.values[field]!.slice(0, 8)) {
        const term = valueTerm(field, v.value, first.values[field]);
        expect(term, `${field}=${v.value}`).not.toBeNull();
        const res = await fetch(`${server.apiUrl}/alerts/count?${new URLSearchParams({ q: term! })}`);
        expect(res.status, term!).toBe(200);
        const body = (await res.json()) as { total: number };
        expect(body.total, term!).toBeGreaterThan(0);
      }
    }
  });

  it('is not asked again for a few minutes, and is kept for offline and for a tab opened later', async () => {
    const { service, calls, net, cacheName } = await connect();
    expect((await service.getSuggestions()).ok).toBe(true);
    const n = apiCalls(calls).length;
    // a burst of asks (a user typing) costs nothing more
    const again = await Promise.all(Array.from({ length: 20 }, () => service.getSuggestions()));
    expect(again.every((r) => r.ok)).toBe(true);
    expect(apiCalls(calls).length).toBe(n);

    net.down = true;
    const later = await connect(cacheName);
    later.net.down = true;
    const offline = await later.service.getSuggestions();
    expect(offline.ok && offline.value.values.resource!.length).toBeGreaterThan(0);
    expect(apiCalls(later.calls)).toEqual([]);
  });

  it('asked at once by many tabs before any answer, goes to the API once', async () => {
    const { service, calls } = await connect();
    const before = apiCalls(calls).length;
    await Promise.all([service.getSuggestions(), service.getSuggestions(), service.getSuggestions()]);
    expect(apiCalls(calls).length - before).toBe(7);
  });
});

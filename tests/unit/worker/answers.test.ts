// Answers the worker must not take as they come: more alerts than the page asked for, the same alert twice, a body
// too large to be an answer, and a plain-text error (the real server's health check sends its reason as text/html).
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../server/start.ts';
import { startDemoServer } from './demo-server.ts';
import { createDataService } from '../../../src/worker/service.ts';
import { request, type HttpContext } from '../../../src/worker/http.ts';
import { parseAlertsResponse } from '../../../src/worker/schema.ts';
import type { AlertsFull, AlertsPatch, WorkerEvent } from '../../../src/worker/contract/index.ts';
import { defaultView } from '../../../src/core/alerts-query.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startDemoServer({ AUTH_REQUIRED: false });
});
afterAll(async () => {
  await server.close();
});

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('answers the worker refuses or repairs', () => {
  it('an /alerts answer with more alerts than the page asked for is refused whole; the last good rows stay', async () => {
    let flood = false;
    const fetchImpl: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (!flood || !String(input).includes('/alerts?')) return res;
      const body = (await res.json()) as { alerts: unknown[] };
      const alerts = Array.from({ length: 300 }, (_, i) => ({ ...(body.alerts[0] as object), id: `flood-${i}` }));
      return json({ ...body, alerts });
    };
    const events: WorkerEvent[] = [];
    const service = createDataService({ cacheName: `flood-${Date.now()}`, fetchImpl, coordination: null });
    await service.subscribe((e) => events.push(e));
    const init = await service.init({ configUrl: `${server.url}/config.json`, buildConfig: {}, token: null });
    if (!init.ok) throw new Error(init.error.message);
    await service.setView(defaultView(init.value.config, 20));
    for (let i = 0; i < 100 && !events.some((e) => e.type === 'alerts-full'); i++) await new Promise((r) => setTimeout(r, 20));
    const full = events.find((e): e is AlertsFull => e.type === 'alerts-full')!;
    expect(full.rows.length).toBeLessThanOrEqual(20);
    flood = true;
    const mark = events.length;
    await service.refresh();
    const patch = events.slice(mark).find((e): e is AlertsPatch => e.type === 'alerts-patch')!;
    expect(patch.meta?.error?.kind).toBe('malformed');
    expect(patch.rows).toBeUndefined();
    expect(events.slice(mark).some((e) => e.type === 'alerts-full')).toBe(false);
    service.close();
  });

  it('the same alert twice is shown once, and counted as dropped', () => {
    const alert = { id: 'a1', resource: 'r', event: 'e', environment: 'Production', severity: 'major', status: 'open' };
    const parsed = parseAlertsResponse({ status: 'ok', alerts: [alert, { ...alert }, { ...alert, id: 'a2' }], total: 3 }, 20);
    expect(parsed?.value.alerts.map((a) => a.id)).toEqual(['a1', 'a2']);
    expect(parsed?.dropped).toBe(1);
  });

  it('a body larger than the cap is refused before it is read', async () => {
    let pulled = 0;
    const huge = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024 * 1024).fill(32));
      },
    });
    const ctx: HttpContext = { endpoint: server.apiUrl, token: () => null, fetchImpl: async () => new Response(huge, { status: 200 }) };
    const result = await request(ctx, '/alerts', () => ({}), { maxBytes: 4 * 1024 * 1024 });
    expect(result).toMatchObject({ ok: false, error: { kind: 'malformed', message: 'The answer from /alerts is too large' } });
    expect(pulled).toBeLessThan(10);
    const declared: HttpContext = { ...ctx, fetchImpl: async () => new Response('{}', { status: 200, headers: { 'Content-Length': String(64 * 1024 * 1024) } }) };
    expect(await request(declared, '/alerts', () => ({}))).toMatchObject({ ok: false, error: { kind: 'malformed' } });
  });

  /** The About facts of a worker whose API answers the health check with `answer` (everything else from the demo). */
  async function aboutWith(answer: () => Response) {
    const fetchImpl: typeof fetch = async (input, init) => (String(input).endsWith('/management/healthcheck') ? answer() : fetch(input, init));
    const service = createDataService({ cacheName: `health-${Date.now()}-${Math.random()}`, fetchImpl, coordination: null });
    const init = await service.init({ configUrl: `${server.url}/config.json`, buildConfig: {}, token: null });
    if (!init.ok) throw new Error(init.error.message);
    const info = await service.management();
    service.close();
    return info;
  }

  it('the health check’s plain-text reason is shown, not only its status line', async () => {
    const info = await aboutWith(() => new Response('HEARTBEAT_STALE: cron/backup', { status: 503, statusText: 'SERVICE UNAVAILABLE', headers: { 'Content-Type': 'text/html' } }));
    expect(info).toMatchObject({ ok: true, value: { healthcheck: { state: 'unhealthy', message: 'HEARTBEAT_STALE: cron/backup (503)' } } });
  });

  it('a healthy server’s plain-text "OK" (200, text/html, as the real server sends it) is healthy, not a malformed answer', async () => {
    const info = await aboutWith(() => new Response('OK', { status: 200, statusText: 'OK', headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
    expect(info).toMatchObject({ ok: true, value: { healthcheck: { state: 'healthy', message: 'OK' } } });
  });

  it('an answer about access or routing (404 from a proxy) is not taken for an unhealthy server', async () => {
    const page = '<html><body><h1>404 Not Found</h1></body></html>';
    const info = await aboutWith(() => new Response(page, { status: 404, statusText: 'Not Found', headers: { 'Content-Type': 'text/html' } }));
    expect(info).toMatchObject({ ok: true, value: { healthcheck: { state: 'unknown', message: '404 Not Found' } } });
  });
});

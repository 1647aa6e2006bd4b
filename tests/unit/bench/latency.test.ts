// The start-up phase's round-trip count and its door: the requests the first list waited for count one each, requests
// side by side once, and the door holds every request (preflights too) for the round trip before the API sees it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRequest, roundTripsTo, startLatencyDoor, type DoorRequest, type LatencyDoor } from '../../../tests/bench/latency.ts';

const r = (method: string, path: string, start: number, end: number): DoorRequest => ({ method, path, start, end });

describe('API round trips before the first row', () => {
  it('requests each sent after the one before answered count one each', () => {
    const chain = roundTripsTo(
      [r('GET', '/api/config', 0, 150), r('OPTIONS', '/api/alerts?page-size=200', 151, 300), r('GET', '/api/alerts?page-size=200', 301, 500)],
      0,
      600,
    );
    expect(chain.map(describeRequest)).toEqual(['GET /config', 'OPTIONS /alerts', 'GET /alerts']);
  });

  it('requests side by side count once: /config with the preferences, the list with the tab counts', () => {
    const requests = [
      r('GET', '/api/config', 0, 149),
      r('OPTIONS', '/api/user/me/attributes', 0, 150),
      r('GET', '/api/user/me/attributes', 152, 310),
      r('OPTIONS', '/api/alerts?x', 320, 470),
      r('OPTIONS', '/api/environments?x', 320, 475),
      r('GET', '/api/environments?x', 476, 720),
      r('GET', '/api/alerts?x', 471, 700),
    ];
    expect(roundTripsTo(requests, 0, 710).map(describeRequest)).toEqual(['OPTIONS /user/me/attributes', 'GET /user/me/attributes', 'OPTIONS /alerts', 'GET /alerts']);
  });

  it('the list waited for its own preflight, not for a request that happened to end just before it was sent', () => {
    const requests = [
      r('OPTIONS', '/api/user/me/attributes', 0, 150),
      r('OPTIONS', '/api/alerts?x', 100, 370),
      r('GET', '/api/user/me/attributes', 151, 372),
      r('GET', '/api/alerts?x', 380, 560),
    ];
    expect(roundTripsTo(requests, 0, 600).map(describeRequest)).toEqual(['OPTIONS /alerts', 'GET /alerts']);
  });

  it('a list asked for twice: the chain leads to the one answered last, through the first', () => {
    const requests = [
      r('GET', '/api/config', 0, 150),
      r('OPTIONS', '/api/alerts?page-size=20', 160, 310),
      r('GET', '/api/alerts?page-size=20', 311, 480),
      r('OPTIONS', '/api/alerts?page-size=200', 490, 640),
      r('GET', '/api/alerts?page-size=200', 641, 900),
    ];
    expect(roundTripsTo(requests, 0, 950)).toHaveLength(5);
  });

  it('only requests made after the navigation and answered before the first row count; no list, no chain', () => {
    const requests = [r('GET', '/api/alerts', -500, -100), r('OPTIONS', '/api/alerts', 0, 150), r('GET', '/api/alerts', 151, 300), r('GET', '/api/environments', 301, 450)];
    expect(roundTripsTo(requests, 0, 310)).toHaveLength(2);
    expect(roundTripsTo(requests, 0, 200)).toEqual([]);
    expect(roundTripsTo([], 0, 100)).toEqual([]);
    expect(roundTripsTo([r('GET', '/api/alerts', 0, Number.NaN)], 0, 100)).toEqual([]);
  });
});

describe('the latency door', () => {
  let api: http.Server;
  let door: LatencyDoor;
  const seen: string[] = [];
  beforeAll(async () => {
    api = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    door = await startLatencyDoor(`http://127.0.0.1:${(api.address() as AddressInfo).port}`, 120);
  });
  afterAll(async () => {
    await door.close();
    await new Promise((resolve) => api.close(resolve));
  });

  it('answers every request, preflights included, a round trip late, and notes each', async () => {
    const t0 = Date.now();
    const [get, options] = await Promise.all([fetch(`${door.url}/api/alerts?page=1`), fetch(`${door.url}/api/alerts`, { method: 'OPTIONS' })]);
    expect(await get.json()).toEqual({ ok: true });
    expect(options.status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(115);
    expect(seen).toEqual(expect.arrayContaining(['GET /api/alerts?page=1', 'OPTIONS /api/alerts']));
    await expect.poll(() => door.requests.filter((q) => Number.isFinite(q.end)).length).toBe(2);
    for (const q of door.requests) expect(q.end - q.start).toBeGreaterThanOrEqual(115);
  });
});

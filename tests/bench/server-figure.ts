// The server figure: GET /api/alerts, one page of 50 (the console's default view), timed server-side.
import type { RunningServer } from '../../server/start.ts';
import { median } from './stats.ts';

/** The query the console's default view sends: one page of 50, open and ack, default sort. */
export const SERVER_PAGE_QUERY = '/alerts?status=open&status=ack&sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=50';
const WARM_UP = 3;

/**
 * The server's own time from a Server-Timing header (`app;dur=12.3, db;dur=9`): the `total` or `app` entry when
 * there is one, else the largest duration. null when the header is missing or names no duration.
 */
export function parseServerTiming(header: string | string[] | undefined): number | null {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return null;
  const entries = text.split(',').map((part) => {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const dur = params.map((p) => /^dur=("?)([0-9.]+)\1$/i.exec(p)).find(Boolean);
    return { name: name.toLowerCase(), dur: dur ? Number(dur[2]) : Number.NaN };
  });
  const timed = entries.filter((e) => Number.isFinite(e.dur));
  if (timed.length === 0) return null;
  const named = timed.find((e) => e.name === 'total') ?? timed.find((e) => e.name === 'app');
  return named ? named.dur : Math.max(...timed.map((e) => e.dur));
}

/**
 * Median over `n` requests (after a warm-up) of the server's time for the page: its Server-Timing figure when it
 * sends one, else Fastify's in-process inject round trip (routing, handler, SQLite, serialisation; no socket).
 */
export async function serverPageMs(server: RunningServer, n: number): Promise<{ ms: number; source: 'server-timing' | 'inject' }> {
  const times: number[] = [];
  let source: 'server-timing' | 'inject' = 'inject';
  for (let i = 0; i < n + WARM_UP; i++) {
    const t = performance.now();
    const res = await server.app.inject({ method: 'GET', url: `/api${SERVER_PAGE_QUERY}` });
    const wall = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`GET /api${SERVER_PAGE_QUERY} answered ${res.statusCode}`);
    const own = parseServerTiming(res.headers['server-timing'] as string | string[] | undefined);
    if (own !== null) source = 'server-timing';
    if (i >= WARM_UP) times.push(own ?? wall);
  }
  return { ms: median(times), source };
}

/** The same page as a client on the same machine sees it: loopback HTTP with keep-alive. */
export async function loopbackPageMs(server: RunningServer, n: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n + WARM_UP; i++) {
    const t = performance.now();
    const res = await fetch(`${server.apiUrl}${SERVER_PAGE_QUERY}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${SERVER_PAGE_QUERY} answered ${res.status}`);
    if (i >= WARM_UP) times.push(performance.now() - t);
  }
  return median(times);
}

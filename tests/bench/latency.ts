// The start-up phase of `npm run bench` at a real network's round trip (--real-latency MS, default 150): the console on
// one origin, the demo API on another (as most deployments run, so every request with credentials pays a CORS
// preflight unless the browser kept one), and every API answer MS late, preflights included. A signed-in user whose
// preferences are on the server opens the console twice: a first start with empty caches, then a later start in the
// browser restarted on the same profile (shell, config and preferences cached; no preflight kept, as after a restart).
// Figures: the first row from the API after each, and the API round trips it waited for (roundTripsTo).
import { Worker } from 'node:worker_threads';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { RunningServer } from '../../server/start.ts';
import { startFrontServer } from './front-server.ts';
import { probeSaw } from './probe-signal.ts';

/** The round trip the budgets are set for: a phone on a mobile network, or an API in another region. */
export const BUDGET_LATENCY_MS = 150;

/** One API request as the door saw it: arrival and end of its answer, in epoch ms. */
export interface DoorRequest {
  method: string;
  path: string;
  start: number;
  end: number;
}

export interface LatencyDoor {
  /** origin of the door, e.g. http://127.0.0.1:41234: another origin than the console's */
  url: string;
  readonly requests: readonly DoorRequest[];
  close(): Promise<void>;
}

/**
 * The door's own code, run in a worker thread: the bench's main thread runs the demo API, Playwright and the figures,
 * and its event loop can be late by tens of milliseconds on a busy machine; in a thread of its own the door notes when
 * a request arrived and when its answer went out to within a millisecond. Plain JavaScript (eval), so no TypeScript
 * loader is needed in the thread.
 */
const DOOR_THREAD = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const target = new URL(workerData.upstream);
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
const sockets = new Set();
let next = 0;
const server = http.createServer((req, res) => {
  const id = next++;
  parentPort.postMessage({ type: 'start', id, method: req.method || 'GET', path: req.url || '/', at: Date.now() });
  res.on('finish', () => parentPort.postMessage({ type: 'end', id, at: Date.now() }));
  setTimeout(() => {
    const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode || 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('upstream failed');
    });
    req.pipe(upstream);
  }, workerData.delayMs);
});
server.on('connection', (socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});
server.listen(workerData.port, '127.0.0.1', () => parentPort.postMessage({ type: 'listening', port: server.address().port }));
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  for (const s of sockets) s.destroy();
  agent.destroy();
  server.close(() => parentPort.postMessage({ type: 'closed' }));
});
`;

type DoorMessage =
  | { type: 'listening'; port: number }
  | { type: 'start'; id: number; method: string; path: string; at: number }
  | { type: 'end'; id: number; at: number }
  | { type: 'closed' };

/**
 * An origin of its own in front of the demo API that holds every request `delayMs` before passing it on (a round trip
 * of the network), and notes when each arrived and when its answer ended.
 */
export async function startLatencyDoor(upstream: string, delayMs: number, port = 0): Promise<LatencyDoor> {
  const thread = new Worker(DOOR_THREAD, { eval: true, workerData: { upstream, delayMs, port } });
  const requests: DoorRequest[] = [];
  const byId = new Map<number, DoorRequest>();
  let closed: (() => void) | null = null;
  const listening = new Promise<number>((resolve, reject) => {
    thread.once('error', reject);
    thread.on('message', (m: DoorMessage) => {
      if (m.type === 'listening') resolve(m.port);
      else if (m.type === 'start') {
        const entry: DoorRequest = { method: m.method, path: m.path, start: m.at, end: Number.NaN };
        byId.set(m.id, entry);
        requests.push(entry);
      } else if (m.type === 'end') {
        const entry = byId.get(m.id);
        if (entry) entry.end = m.at;
      } else closed?.();
    });
  });
  const actual = await listening;
  return {
    url: `http://127.0.0.1:${actual}`,
    requests,
    close: async () => {
      await new Promise<void>((resolve) => {
        closed = resolve;
        thread.postMessage('close');
        setTimeout(resolve, 2000);
      });
      await thread.terminate();
    },
  };
}

const isListRequest = (r: DoorRequest) => r.method === 'GET' && /^\/api\/alerts(\?|$)/.test(r.path);

/**
 * The API round trips the first row waited for: back from the last /alerts answered by `until` (the one it shows),
 * each step to the request that one waited for: its own preflight (same URL) when it had one, else the request
 * answered last before it was sent. Requests that ran side by side with the chain are not in it. Only requests sent
 * after `from` (the navigation) count. Empty when no list was answered.
 */
export function roundTripsTo(requests: readonly DoorRequest[], from: number, until: number): DoorRequest[] {
  const done = requests.filter((r) => r.start >= from && Number.isFinite(r.end) && r.end <= until);
  const latest = (list: DoorRequest[]) => list.reduce<DoorRequest | undefined>((best, r) => (!best || r.end > best.end ? r : best), undefined);
  let current = latest(done.filter(isListRequest));
  const chain: DoorRequest[] = [];
  while (current) {
    chain.unshift(current);
    const before = done.filter((r) => r !== current && r.end <= current!.start);
    const step: DoorRequest = current;
    const preflight = step.method === 'OPTIONS' ? undefined : latest(before.filter((r) => r.method === 'OPTIONS' && r.path === step.path));
    current = preflight ?? latest(before);
  }
  return chain;
}

/** A request in a chain, as the report prints it. */
export const describeRequest = (r: DoorRequest): string => `${r.method} ${r.path.replace(/^\/api/, '').split('?')[0]}`;

export interface StartFigures {
  /** navigation start to the first row from the API, ms */
  firstRowMs: number;
  /** the API round trips it waited for (roundTripsTo) */
  roundTrips: number;
  /** those round trips, in order */
  chain: string[];
  /** GET /alerts sent before it, answered or given up (one: no list fetched to be thrown away) */
  alertsRequests: number;
  /** every API request sent before it, in the order they arrived, with when each arrived and ended (ms after navigation) */
  requests: string[];
}

export interface LatencyRun {
  cold: StartFigures;
  warm: StartFigures;
}

export interface LatencyRunOptions {
  server: RunningServer;
  distDir: string;
  delayMs: number;
  rows: number;
  /** the page script of the benchmark (tests/bench/page-probe.js) */
  probe: string;
  /** a browser on this profile folder (a persistent context: closing it and launching again is a browser restart) */
  launch: (userDataDir: string) => Promise<BrowserContext>;
  /** resolves when a service worker controls the page */
  serviceWorkerControls: (page: Page) => Promise<boolean>;
  log: (message: string) => void;
}

/** The console's refresh interval for this phase: a later start polls at once when its cached list is older. */
const INTERVAL_MS = 5000;
/**
 * How late the door may note an answer's end after the page already drew what it brought: on a busy machine a
 * thread can wait for a CPU that long (measured: up to 6 ms at a load of 30 on 2 CPUs); the round trips before the
 * first row count answers noted that late.
 */
const NOTED_LATE_MS = 50;
/** Chromium keeps a preflight 5 s when the API does not say how long: the later start must not find one. */
const PREFLIGHT_DEFAULT_MS = 5000;

/** A signed-in user whose preferences (rows per page, refresh interval) are on the server; returns the token. */
async function benchUser(server: RunningServer, rows: number): Promise<string> {
  const email = `bench-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
  const signup = await fetch(`${server.apiUrl}/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email, password: 'bench-start-up' }),
  });
  const { token } = (await signup.json()) as { token?: string };
  if (!token) throw new Error(`the demo API did not sign the bench user up (${signup.status})`);
  const prefs = await fetch(`${server.apiUrl}/user/me/attributes`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ attributes: { prefs: { rowsPerPage: rows, refreshInterval: INTERVAL_MS } } }),
  });
  if (!prefs.ok) throw new Error(`the demo API did not store the bench user's preferences (${prefs.status})`);
  return token;
}

/** One first start and one later start; see the top of this file. */
export async function latencyRun(o: LatencyRunOptions): Promise<LatencyRun> {
  const door = await startLatencyDoor(o.server.url, o.delayMs);
  const front = await startFrontServer(o.distDir, o.server.url, 0, { apiEndpoint: `${door.url}/api` });
  const profile = mkdtempSync(path.join(os.tmpdir(), 'alerta-bench-profile-'));
  try {
    const token = await benchUser(o.server, o.rows);
    const signedIn = `(() => { try { if (location.origin === ${JSON.stringify(front.url)} && !localStorage.getItem('auth.token')) localStorage.setItem('auth.token', ${JSON.stringify(token)}); } catch {} })();`;
    const visit = async (later: boolean): Promise<StartFigures> => {
      const context = await o.launch(profile);
      try {
        await context.addInitScript({ content: signedIn });
        await context.addInitScript({ content: o.probe });
        const page = context.pages()[0] ?? (await context.newPage());
        page.on('pageerror', (e) => o.log(`page error: ${e.message}`));
        const live = probeSaw(page, 'first-live-row');
        await page.goto(`${front.url}/alerts`, { waitUntil: 'commit' });
        await live;
        const { origin, at } = (await page.evaluate('({ origin: performance.timeOrigin, at: window.__bench.firstLiveRowAt })')) as { origin: number; at: number };
        const sent = door.requests.filter((r) => r.start >= origin && r.start <= origin + at).sort((a, b) => a.start - b.start);
        const ms = (t: number) => (Number.isFinite(t) ? String(Math.round(t - origin)) : '…');
        const chain = roundTripsTo(door.requests, origin, origin + at + NOTED_LATE_MS);
        if (chain.length === 0) o.log(`start-up phase: no /alerts answered before the ${later ? 'later' : 'first'} start's first row`);
        if (!later) {
          // The later start needs what the first one leaves: the service worker's shell and the list's offline copy.
          if (!(await o.serviceWorkerControls(page))) o.log('start-up phase: no service worker took control; the later start loads the shell from the network');
          await page.waitForTimeout(500);
        }
        return {
          firstRowMs: at,
          roundTrips: chain.length || Number.NaN,
          chain: chain.map(describeRequest),
          alertsRequests: sent.filter(isListRequest).length,
          requests: sent.map((r) => `${describeRequest(r)} ${ms(r.start)}–${ms(r.end)}`),
        };
      } finally {
        await context.close();
      }
    };
    const cold = await visit(false);
    const coldEnded = Date.now();
    // The later start comes once the list's copy is due for a poll (the restart itself leaves no preflight kept).
    await new Promise((r) => setTimeout(r, Math.max(0, coldEnded + Math.max(INTERVAL_MS, PREFLIGHT_DEFAULT_MS) + 500 - Date.now())));
    const warm = await visit(true);
    return { cold, warm };
  } finally {
    rmSync(profile, { recursive: true, force: true });
    await front.close();
    await door.close();
  }
}

// The sync scenario (--sync, and part of --quick and the full run): a grouped list over 10,000 and over 100,000 open
// alerts in about 300 events, as a wall display shows a storm. What a cycle costs the API when nothing changed and
// when 5 alerts changed (bytes of the answers as sent, requests, the server's busy time), whether another client's
// change shows within one cycle, the main thread per unchanged cycle, the first grouped screen cold and from the
// cache, and what the page and the data worker hold in memory. The figures are those of src/core/alert-sync.ts's
// deltas; a console that asks for the whole view every cycle (the one before them) is measured the same way with
// --dist.
import type { Browser, CDPSession, Page } from 'playwright-core';
import type { RunningServer } from '../../server/start.ts';
import { loadSyntheticAlerts } from '../../server/load.ts';
import type { BenchOptions } from './options.ts';
import type { Samples } from './results.ts';
import type { FrontServer } from './front-server.ts';
import { startFrontServer } from './front-server.ts';
import { median, round } from './stats.ts';
import { probeSaw } from './probe-signal.ts';
import { heapAfterGc, workerTarget } from './soak.ts';

export interface SyncHelpers {
  log: (message: string) => void;
  benchServer: (work: string, name: string) => Promise<RunningServer>;
  measuredCycle: (page: Page, cdp: CDPSession, withPoll: boolean) => Promise<{ outcome: string; bytes: number; metrics: Record<string, number> }>;
  probe: string;
  viewport: { width: number; height: number };
}

/** The combination a size's figures are reported under. */
export const syncCombo = (alerts: number) => `sync:alerts=${alerts}`;

const GROUPS = 300;
const event = (k: number) => `Storm-${String(k).padStart(3, '0')}`;

/** Group sizes for `alerts` open alerts: the biggest a fifth of them, the rest by Zipf's law over the other events. */
export function groupSizes(alerts: number): number[] {
  const biggest = Math.round(alerts / 5);
  const rest = alerts - biggest;
  const weights = Array.from({ length: GROUPS - 1 }, (_, k) => 1 / (k + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const sizes = [biggest, ...weights.map((w) => Math.max(1, Math.floor((w / total) * rest)))];
  sizes[1]! += alerts - sizes.reduce((a, b) => a + b, 0);
  return sizes;
}

export async function syncPhase(browser: Browser, work: string, distDir: string, opts: BenchOptions, samples: Samples, helpers: SyncHelpers): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const alerts of opts.syncAlerts) {
    const sizes = groupSizes(alerts);
    const bounds: number[] = [];
    sizes.reduce((sum, n) => (bounds.push(sum + n), sum + n), 0);
    const server = await helpers.benchServer(work, `sync-${alerts}`);
    let group = 0;
    const loaded = loadSyntheticAlerts(server.db, alerts, {
      seed: 11,
      status: 'open',
      eventOf: (i) => {
        while (i >= bounds[group]!) group++;
        return event(group);
      },
    });
    helpers.log(`sync: ${alerts} open alerts in ${sizes.length} groups (biggest ${sizes[0]}) loaded in ${loaded.ms} ms`);
    const front = await startFrontServer(distDir, server.url);
    const runs: Record<string, unknown>[] = [];
    try {
      // The 100,000 case takes minutes a run: two runs say enough there.
      const count = alerts >= 50_000 ? Math.min(2, opts.runs) : opts.runs;
      for (let run = 1; run <= count; run++) {
        helpers.log(`sync ${alerts}: run ${run}/${count}`);
        runs.push(await syncRun(browser, server, front, alerts, opts, samples, helpers));
      }
    } finally {
      await front.close();
      await server.close();
    }
    out[syncCombo(alerts)] = { alerts, groups: sizes.length, biggest: sizes[0], runs };
  }
  return out;
}

async function syncRun(browser: Browser, server: RunningServer, front: FrontServer, alerts: number, opts: BenchOptions, samples: Samples, helpers: SyncHelpers): Promise<Record<string, unknown>> {
  const combo = syncCombo(alerts);
  const context = await browser.newContext({ viewport: helpers.viewport, serviceWorkers: 'allow' });
  await context.addInitScript({ content: helpers.probe });
  const page = await context.newPage();
  page.on('pageerror', (e) => helpers.log(`sync page error: ${e.message}`));
  const cdp = await context.newCDPSession(page);
  const settle = () => page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 300))))');
  const cycleCost = async (before: () => Promise<void> = async () => undefined) => {
    await before();
    const r0 = front.upstreamRequests;
    const b0 = front.upstreamBytes;
    const c = await helpers.measuredCycle(page, cdp, true);
    return { ...c, requests: front.upstreamRequests - r0, bytes: front.upstreamBytes - b0, serverMs: front.upstreamBusyMs(r0) };
  };
  try {
    // -- cold: a first visit to the list grouped by event
    const firstGroup = probeSaw(page, 'first-group', 180_000);
    await page.goto(`${front.url}/alerts#gb:event`, { waitUntil: 'commit' });
    await firstGroup;
    const cold = (await page.evaluate('window.__bench.firstGroupAt')) as number;
    samples.add(combo, 'sync.firstGroupedScreenMs', cold);
    await page.waitForTimeout(1000);
    await settle();
    // The first cycles after the pull settle its last window (once): the measured ones are the steady state.
    for (let i = 0; i < 3; i++) await page.evaluate('window.__bench.cycle(true, false)');

    // -- the biggest group open, as a wall display's operator would have it
    await page.locator(`[data-group-key="${event(0)}"]`).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-row-id]').length > 0, undefined, { timeout: 60_000 });
    await settle();
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    for (let i = 0; i < 2; i++) await page.evaluate('window.__bench.cycle(true, false)');
    const overhead: number[] = [];
    for (let i = 0; i < opts.cycles; i++) overhead.push((await helpers.measuredCycle(page, cdp, false)).metrics.TaskDuration!);
    const overheadMs = median(overhead);

    // -- unchanged cycles
    const unchanged = [];
    for (let i = 0; i < opts.cycles; i++) unchanged.push(await cycleCost());
    samples.add(combo, 'sync.apiBytesPerUnchangedCycle', median(unchanged.map((c) => c.bytes)));
    samples.add(combo, 'sync.apiRequestsPerUnchangedCycle', median(unchanged.map((c) => c.requests)));
    samples.add(combo, 'sync.serverMsPerUnchangedCycle', median(unchanged.map((c) => c.serverMs)));
    samples.add(combo, 'sync.unchangedPollMs', Math.max(0, median(unchanged.map((c) => c.metrics.TaskDuration! - overheadMs))));

    // -- 5 alerts changed by another client each cycle: a duplicate of one alert in each of 5 groups
    const changed = [];
    for (let i = 0; i < opts.cycles; i++) {
      const groups = [0, 1, 2, 3, 4].map((j) => (1 + i * 37 + j * 59) % GROUPS);
      changed.push(await cycleCost(() => Promise.all(groups.map((k) => duplicateOneOf(server, event(k)))).then(() => undefined)));
    }
    samples.add(combo, 'sync.apiBytesPerCycle5Changed', median(changed.map((c) => c.bytes)));
    samples.add(combo, 'sync.serverMsPer5ChangedCycle', median(changed.map((c) => c.serverMs)));

    // -- another client acks an alert of the open group: cycles until the group's line says so
    const line = page.locator(`[data-group-key="${event(0)}"]`).first();
    const before = await line.innerText();
    await ackOneOf(server, event(0));
    let cycles = 0;
    for (; cycles < 5; ) {
      await page.evaluate('window.__bench.cycle(true, false)');
      cycles++;
      if ((await line.innerText()) !== before) break;
    }
    samples.add(combo, 'sync.otherClientChangeCycles', cycles);

    // -- what the page and the worker hold, the biggest group open
    await cdp.send('HeapProfiler.collectGarbage');
    const pageHeap = ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize;
    samples.add(combo, 'sync.pageHeapMiB', pageHeap / 1048576);
    const worker = await workerTarget(cdp, helpers.log);
    if (worker) samples.add(combo, 'sync.workerHeapMiB', (await heapAfterGc(worker)) / 1048576);

    // -- from the cache: the page opened again (the set and the groups kept in IndexedDB), then one cycle by delta;
    // with the biggest group open (20,000 alerts at 100,000), then with every group closed, as a first visit shows it
    await page.waitForTimeout(alerts >= 50_000 ? 8000 : 2000);
    const reopen = async () => {
      const again = probeSaw(page, 'first-group', 60_000);
      await page.reload({ waitUntil: 'commit' });
      await again;
      return (await page.evaluate('window.__bench.firstGroupAt')) as number;
    };
    const r0 = front.upstreamRequests;
    const b0 = front.upstreamBytes;
    samples.add(combo, 'sync.firstGroupedScreenFromCacheOpenMs', await reopen());
    await page.waitForTimeout(alerts >= 50_000 ? 6000 : 3000);
    const reloadKiB = (front.upstreamBytes - b0) / 1024;
    samples.add(combo, 'sync.apiKiBAfterReload', reloadKiB);
    const requestsAfterReload = front.upstreamRequests - r0;
    await page.locator(`[data-group-key="${event(0)}"]`).first().click();
    await page.waitForFunction(() => document.querySelectorAll('[data-row-id]').length === 0, undefined, { timeout: 30_000 });
    await page.waitForTimeout(2000);
    samples.add(combo, 'sync.firstGroupedScreenFromCacheMs', await reopen());
    return {
      coldFirstGroupMs: round(cold),
      unchanged: unchanged.map((c) => ({ bytes: c.bytes, requests: c.requests, serverMs: round(c.serverMs) })),
      changed5: changed.map((c) => ({ bytes: c.bytes, requests: c.requests, serverMs: round(c.serverMs) })),
      otherClientChangeCycles: cycles,
      requestsAfterReload,
    };
  } finally {
    await context.close();
  }
}

interface ApiAlert {
  id: string;
  resource: string;
  event: string;
  environment: string;
  severity: string;
  service: string[];
  group: string;
  value: string;
  text: string;
  origin: string;
  tags: string[];
}

async function oneOf(server: RunningServer, name: string): Promise<ApiAlert | undefined> {
  const res = await fetch(`${server.apiUrl}/alerts?event=${encodeURIComponent(name)}&status=open&page-size=1&sort-by=-lastReceiveTime`);
  return ((await res.json()) as { alerts: ApiAlert[] }).alerts[0];
}

/** Sends a duplicate of one alert of `name` (another client: straight to the API, not counted as the console's). */
async function duplicateOneOf(server: RunningServer, name: string) {
  const alert = await oneOf(server, name);
  if (!alert) return;
  const { resource, environment, severity, service, group, value, text, origin, tags } = alert;
  const post = await fetch(`${server.apiUrl}/alert`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ resource, event: name, environment, severity, service, group, value, text, origin, tags }),
  });
  await post.arrayBuffer();
}

async function ackOneOf(server: RunningServer, name: string) {
  const alert = await oneOf(server, name);
  if (!alert) return;
  const res = await fetch(`${server.apiUrl}/alert/${alert.id}/action`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'ack' }) });
  await res.arrayBuffer();
}

// `npm run bench`: builds the console, starts server/ with synthetic alerts, drives the built console in headless
// Chromium and prints named figures (a table, and JSON with --out). See the Performance section of README.md for what each
// figure means and the budgets. Not a test: nothing here runs in `npm test` or CI.
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../server/start.ts';
import { loadSyntheticAlerts } from '../../server/load.ts';
import { OptionsError, parseOptions, USAGE, type BenchOptions } from './options.ts';
import { BUDGETS, checkBudgets, comboKey, formatTable, machineLine, Samples, STORM_COMBO, type BenchDocument, type Machine, type MetricKey } from './results.ts';
import { CHROMIUM_PATH, chromiumArgs, chromiumLaunchOptions } from './chromium.ts';
import { growthPct, median, round } from './stats.ts';
import { startFrontServer, type FrontServer } from './front-server.ts';
import { loopbackPageMs, serverPageMs } from './server-figure.ts';
import { sourceMapResolver, startupReport } from './startup-profile.ts';
import type { TraceEvent } from './trace-summary.ts';
import { browserVersion, failingAudits, LIGHTHOUSE_COMBO, runLighthouse, SKIPPED_AUDITS } from './lighthouse.ts';
import { formatSoak, runSoak } from './soak.ts';
import { BUDGET_LATENCY_MS, latencyRun, type LatencyRun } from './latency.ts';
import { probeSaw } from './probe-signal.ts';
import { syncPhase } from './sync.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '../..');
/**
 * The bench's own builds, kept apart from dist/ which other work rebuilds at any moment: one folder per build, so
 * two benchmarks running at once never serve each other's half-written files. --no-build takes the newest.
 */
const BUILDS_DIR = path.join(REPO, 'node_modules/.cache/alerta-bench');
const KEEP_BUILDS_MS = 6 * 3600_000;
const PROBE = readFileSync(path.join(HERE, 'page-probe.js'), 'utf8');
const VIEWPORT = { width: 1400, height: 900 };
/**
 * The resize phase's window sizes, from VIEWPORT: across the drawer's 1280 px (the rail becomes a modal drawer), to a
 * tablet, across the phone's 640 px (the table becomes cards), a tablet turned, and back.
 */
const RESIZES = [
  { width: 1279, height: 900 },
  { width: 1024, height: 768 },
  { width: 639, height: 900 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  VIEWPORT,
];
/** The app's own timer must not poll during measured cycles; the bench drives every cycle itself. */
const REFRESH_INTERVAL_MS = 600_000;
/**
 * The between-polls window. The clocks on screen tick once a second, so a window holds one frame more or less depending
 * on where it starts: over 3 s that moved the figure by a third (3.4-4.4 ms/s for one build), over 8 s by an eighth.
 * Not 10 s or more: the freshness line's age would pass 10 s and re-render it, which a console polling at its default
 * 5 s never does.
 */
const IDLE_WINDOW_MS = 8000;
/** rows changed per warm-up cycle before the memory phase */
const MEMORY_WARMUP_ROWS = 20;

function log(message: string) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

interface RunObservation {
  firstRowCount: number;
  /** rows of the first full page (rendered or not) */
  rowsOnPage: number;
  /** setView calls (rows per page of each) before the offline reload's first snapshot */
  offlineViews: { at: number; rowsPerPage: number | null }[];
  firstSnapshotRows: number | null;
  rowsShown: number;
  offlineFromCache: boolean | null;
  offlineRowsShown: number;
  offlineUpstreamRequests: number;
  changedPatchRows: number[];
  controlledByServiceWorker: boolean;
  mainThreadOverheadMs: number;
  unchangedBreakdownMs: Record<string, number>;
  changedBreakdownMs: Record<string, number>;
  longTasksByPhase: Record<string, number>;
  /** [cycles done, heap MiB after GC] */
  heapSteps: [number, number][];
  shellFiles: string[];
  workerFiles: string[];
  /** the start-up phase at --real-latency (null when left out) */
  latency?: LatencyRun | null;
}

async function main() {
  let opts: BenchOptions;
  try {
    opts = parseOptions(process.argv.slice(2));
  } catch (e) {
    if (e instanceof OptionsError) {
      if (e.message) console.error(`bench: ${e.message}`);
      console.error(USAGE);
      process.exit(e.message ? 2 : 0);
    }
    throw e;
  }
  const started = Date.now();
  if (opts.soak !== null) {
    await soak(opts, started);
    return;
  }
  // --url measures a deployed console: nothing to build or serve here.
  const distDir = opts.url ? null : opts.dist ? path.resolve(opts.dist) : buildConsole(opts.build);
  if (distDir && !existsSync(path.join(distDir, 'index.html'))) throw new OptionsError(`--dist ${opts.dist}: no index.html there`);
  // Lighthouse launches its own Chromium per run; the browser phases share this one.
  const browser = opts.lighthouse === 'only' ? null : await chromium.launch(chromiumLaunchOptions(opts.jsFlags));
  const machine = machineOf(browser?.version() ?? 'unknown', round(os.loadavg()[0]!), opts.jsFlags);
  const samples = new Samples();
  const observations: BenchDocument['observations'] = {};
  const gzCache = new Map<string, number>();
  let serverTimingSource = 'inject';
  const work = mkdtempSync(path.join(os.tmpdir(), 'alerta-bench-'));
  try {
    for (const alerts of browser && distDir ? opts.alerts : []) {
      const stack = await startStack(work, alerts, distDir);
      try {
        for (const rows of opts.rows) {
          const combo = comboKey(alerts, rows);
          const runs: RunObservation[] = [];
          if (opts.traceStartDir) await traceColdStart(browser!, stack, { alerts, rows, combo, opts, samples, distDir: distDir!, gzCache, traceDir: null });
          for (let run = 1; run <= opts.runs; run++) {
            log(`${combo}: run ${run}/${opts.runs}`);
            const traceDir = opts.traceDir && run === 1 ? opts.traceDir : null;
            const observed = await browserRun(browser!, stack, { alerts, rows, combo, opts, samples, distDir: distDir!, gzCache, traceDir });
            observed.latency = opts.realLatencyMs > 0 ? await startUpAtLatency(stack, { alerts, rows, combo, opts, samples, distDir: distDir!, gzCache, traceDir: null }) : null;
            runs.push(observed);
            const page = await serverPageMs(stack.server, opts.serverRequests);
            serverTimingSource = page.source;
            samples.add(combo, 'server.alertsPageMs', page.ms);
            samples.add(combo, 'server.alertsPageLoopbackMs', await loopbackPageMs(stack.server, opts.serverRequests));
          }
          observations[combo] = summariseObservations(runs);
        }
      } finally {
        await stack.close();
      }
    }
    for (const alerts of browser ? opts.serverOnlyAlerts : []) {
      const combo = comboKey(alerts);
      log(`${combo}: server page only`);
      const stack = await startStack(work, alerts, null);
      try {
        for (let run = 1; run <= opts.runs; run++) {
          const page = await serverPageMs(stack.server, opts.serverRequests);
          serverTimingSource = page.source;
          samples.add(combo, 'server.alertsPageMs', page.ms);
          samples.add(combo, 'server.alertsPageLoopbackMs', await loopbackPageMs(stack.server, opts.serverRequests));
        }
      } finally {
        await stack.close();
      }
    }
    if (browser && distDir && opts.storm) observations[STORM_COMBO] = await stormPhase(browser, work, distDir, opts, samples);
    if (browser && distDir && opts.syncAlerts.length)
      Object.assign(observations, await syncPhase(browser, work, distDir, opts, samples, { log, benchServer, measuredCycle, probe: PROBE, viewport: VIEWPORT }));
    if (opts.lighthouse) observations[LIGHTHOUSE_COMBO] = await lighthousePhase(opts, distDir, samples, machine);
  } finally {
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  }

  machine.loadAverage!.end = round(os.loadavg()[0]!);
  const results = samples.summarize();
  const doc: BenchDocument = {
    generatedAt: new Date().toISOString(),
    machine,
    runs: opts.runs,
    options: {
      ...(opts.lighthouse === 'only'
        ? {}
        : { alerts: opts.alerts, rows: opts.rows, cycles: opts.cycles, memoryCycles: opts.memoryCycles, serverRequests: opts.serverRequests, quick: opts.quick, storm: opts.storm, syncAlerts: opts.syncAlerts, viewport: VIEWPORT, extraCss: opts.extraCss, realLatencyMs: opts.realLatencyMs }),
      dist: opts.dist,
      ...(opts.lighthouse ? { lighthouse: opts.lighthouse, lighthouseRuns: opts.lighthouseRuns, url: opts.url } : {}),
    },
    results,
    observations,
    // The budgets of the phases that ran (Lighthouse's only with --lighthouse; only those with --lighthouse-only).
    budgets: checkBudgets(results, BUDGETS.filter((b) => (b.key.startsWith('lighthouse.') ? opts.lighthouse !== null : opts.lighthouse !== 'only'))),
    notes: [
      'Main-thread times are CDP Performance.getMetrics TaskDuration deltas around one poll cycle driven by the worker\'s refresh command, minus the same measurement around a cycle without a poll.',
      'messageBytes is the JSON length of the Comlink messages the worker posted to the UI (a stand-in for the structured-clone size).',
      serverTimingSource === 'server-timing'
        ? "server.alertsPageMs is the server's own Server-Timing figure; server.alertsPageLoopbackMs is the round trip over loopback HTTP."
        : 'server.alertsPageMs is a Fastify inject round trip (in-process, no socket); server.alertsPageLoopbackMs is the round trip over loopback HTTP.',
      ...(opts.realLatencyMs > 0 && opts.lighthouse !== 'only'
        ? [`The start-up figures (load.*FirstRowMsAt*, load.apiRoundTripsBeforeFirstRow.*) had the API on another origin with every answer ${opts.realLatencyMs} ms late (tests/bench/latency.ts).`]
        : []),
      `Wall time of this run: ${Math.round((Date.now() - started) / 1000)} s.`,
    ],
  };
  const out = path.resolve(opts.out);
  writeFileSync(out, JSON.stringify(doc, null, 2) + '\n');
  process.stdout.write(formatTable(doc) + '\n');
  process.stdout.write(`\nwrote ${path.relative(process.cwd(), out) || out} in ${Math.round((Date.now() - started) / 1000)} s\n`);
}

/** What runs the figures; the load average's end is filled in when the run ends. */
function machineOf(chromiumVersion: string, loadStart: number, jsFlags: string | null): Machine {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    chromium: chromiumVersion,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: { start: loadStart, end: Number.NaN },
    ...(jsFlags ? { jsFlags } : {}),
  };
}

/** --soak: the built console on one /alerts page for that many minutes (tests/bench/soak.ts). */
async function soak(opts: BenchOptions, started: number) {
  const distDir = opts.dist ? path.resolve(opts.dist) : buildConsole(opts.build);
  if (!existsSync(path.join(distDir, 'index.html'))) throw new OptionsError(`--dist ${opts.dist}: no index.html there`);
  const browser = await chromium.launch(chromiumLaunchOptions(opts.jsFlags));
  const loadStart = round(os.loadavg()[0]!);
  try {
    log(`soak: ${opts.soak} minutes at a ${opts.soakIntervalMs} ms interval, a sample every ${opts.soakSampleSeconds} s, ${opts.soakWarmupMinutes} minutes of warm-up, a fresh alert every ${opts.soakFreshMs} ms`);
    const doc = await runSoak(browser, distDir, {
      minutes: opts.soak!,
      warmupMinutes: opts.soakWarmupMinutes,
      intervalMs: opts.soakIntervalMs,
      sampleSeconds: opts.soakSampleSeconds,
      snapshotsDir: opts.soakSnapshots,
      snapshotsAt: opts.soakSnapshotsAt,
      freshAlertEveryMs: opts.soakFreshMs,
      probe: PROBE,
      viewport: VIEWPORT,
      log,
    });
    const machine = machineOf(browser.version(), loadStart, opts.jsFlags);
    machine.loadAverage!.end = round(os.loadavg()[0]!);
    const out = path.resolve(opts.out);
    writeFileSync(out, JSON.stringify({ machine, ...doc, dist: opts.dist }, null, 2) + '\n');
    process.stdout.write(`${machineLine(machine)}\n\n`);
    process.stdout.write(formatSoak(doc) + '\n');
    process.stdout.write(`\nwrote ${path.relative(process.cwd(), out) || out} in ${Math.round((Date.now() - started) / 1000)} s\n`);
  } finally {
    await browser.close();
  }
}

// ---- build and servers --------------------------------------------------------------------------------------------

function buildConsole(build: boolean): string {
  mkdirSync(BUILDS_DIR, { recursive: true });
  const builds = readdirSync(BUILDS_DIR)
    .filter((name) => name.startsWith('build-') && existsSync(path.join(BUILDS_DIR, name, 'index.html')))
    .map((name) => ({ dir: path.join(BUILDS_DIR, name), time: statSync(path.join(BUILDS_DIR, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  if (!build) {
    if (!builds[0]) throw new OptionsError(`--no-build: there is no earlier bench build in ${BUILDS_DIR}; run without --no-build once`);
    return builds[0].dir;
  }
  // Old builds of finished runs go; a recent one may belong to a benchmark still running.
  for (const old of builds.filter((b) => Date.now() - b.time > KEEP_BUILDS_MS)) rmSync(old.dir, { recursive: true, force: true });
  const outDir = path.join(BUILDS_DIR, `build-${Date.now()}-${process.pid}`);
  log(`building the console (vite build → ${path.relative(REPO, outDir)})`);
  execFileSync(process.execPath, [path.join(REPO, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: REPO,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return outDir;
}

interface Stack {
  server: RunningServer;
  front: FrontServer | null;
  close(): Promise<void>;
}

/** server/ with an empty database of its own under `work`, auth off, its own timer out of the way. */
function benchServer(work: string, name: string): Promise<RunningServer> {
  return startServer({
    port: 0,
    dataDir: mkdtempSync(path.join(work, `data-${name}-`)),
    seed: 'none',
    simulator: false,
    serveConsole: false,
    settings: { AUTH_REQUIRED: false, AUTO_REFRESH_INTERVAL: REFRESH_INTERVAL_MS },
  });
}

async function startStack(work: string, alerts: number, distDir: string | null): Promise<Stack> {
  const server = await benchServer(work, String(alerts));
  const loaded = loadSyntheticAlerts(server.db, alerts, { seed: 42 });
  log(`alerts=${alerts}: loaded in ${loaded.ms} ms`);
  const front = distDir ? await startFrontServer(distDir, server.url) : null;
  return {
    server,
    front,
    async close() {
      await front?.close();
      await server.close();
    },
  };
}

// ---- the storm: a grouped list of 10,000 open alerts ----------------------------------------------------------------

/** 10,000 open alerts in 300 events, skewed: the biggest 2,000, the other 8,000 by Zipf's law over 299 events. */
const STORM = { alerts: 10_000, groups: 300, biggest: 2_000 };
const stormEvent = (k: number) => `Storm-${String(k).padStart(3, '0')}`;

/** The size of each storm group, biggest first; they add up to STORM.alerts. */
function stormSizes(): number[] {
  const rest = STORM.alerts - STORM.biggest;
  const weights = Array.from({ length: STORM.groups - 1 }, (_, k) => 1 / (k + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const sizes = [STORM.biggest, ...weights.map((w) => Math.max(1, Math.floor((w / total) * rest)))];
  sizes[1]! += STORM.alerts - sizes.reduce((a, b) => a + b, 0);
  return sizes;
}

/**
 * The storm scenario (--storm, and part of --quick): the list grouped by event over 10,000 open alerts in 300 groups.
 * Per run: a cold load to the first group line; DOM nodes with every group closed; poll cycles with the groups closed,
 * then with the 2,000-alert group open (main thread, bytes posted to the UI, API requests and bytes per cycle, DOM
 * nodes); cycles in which one alert of each of 5 groups changed; long tasks from navigation to the end.
 */
async function stormPhase(browser: Browser, work: string, distDir: string, opts: BenchOptions, samples: Samples): Promise<Record<string, unknown>> {
  const sizes = stormSizes();
  const bounds: number[] = [];
  sizes.reduce((sum, n) => (bounds.push(sum + n), sum + n), 0);
  const server = await benchServer(work, 'storm');
  let group = 0;
  const loaded = loadSyntheticAlerts(server.db, STORM.alerts, {
    seed: 7,
    status: 'open',
    eventOf: (i) => {
      while (i >= bounds[group]!) group++;
      return stormEvent(group);
    },
  });
  log(`storm: ${STORM.alerts} open alerts in ${sizes.length} groups (biggest ${sizes[0]}, smallest ${sizes[sizes.length - 1]}) loaded in ${loaded.ms} ms`);
  const front = await startFrontServer(distDir, server.url);
  const runs: Record<string, unknown>[] = [];
  try {
    for (let run = 1; run <= opts.runs; run++) {
      log(`storm: run ${run}/${opts.runs}`);
      runs.push(await stormRun(browser, server, front, opts, samples));
    }
  } finally {
    await front.close();
    await server.close();
  }
  return { alerts: STORM.alerts, groups: sizes.length, biggest: sizes[0], smallest: sizes[sizes.length - 1], runs };
}

async function stormRun(browser: Browser, server: RunningServer, front: FrontServer, opts: BenchOptions, samples: Samples): Promise<Record<string, unknown>> {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'allow' });
  await context.addInitScript({ content: PROBE });
  const page = await context.newPage();
  page.on('pageerror', (e) => log(`storm page error: ${e.message}`));
  const cdp = await context.newCDPSession(page);
  const settle = () => page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 300))))');
  try {
    // -- cold: a first visit to the list grouped by event (the address a bookmark or a shared link holds)
    const grouped = probeSaw(page, 'first-group', 60_000);
    await page.goto(`${front.url}/alerts#gb:event`, { waitUntil: 'commit' });
    await grouped;
    const firstAt = (await page.evaluate('window.__bench.firstGroupAt')) as number;
    samples.add(STORM_COMBO, 'storm.firstGroupedScreenMs', firstAt);
    await page.waitForTimeout(1000);
    await settle();
    const domClosed = (await page.evaluate('window.__bench.domNodes()')) as number;
    samples.add(STORM_COMBO, 'storm.domNodes', domClosed);
    const groupLines = (await page.evaluate(`document.querySelectorAll('[data-group-key]').length`)) as number;

    // -- poll cycles, as the main bench measures them: thread time less the measuring's own cost
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    for (let i = 0; i < 2; i++) await page.evaluate('window.__bench.cycle(true, false)');
    const overhead: number[] = [];
    for (let i = 0; i < opts.cycles; i++) overhead.push((await measuredCycle(page, cdp, false)).metrics.TaskDuration);
    const overheadMs = median(overhead);
    const apiOf = async (cycle: () => Promise<Awaited<ReturnType<typeof measuredCycle>>>) => {
      const r0 = front.upstreamRequests;
      const b0 = front.upstreamBytes;
      const c = await cycle();
      return { ...c, requests: front.upstreamRequests - r0, kib: (front.upstreamBytes - b0) / 1024 };
    };
    const requests: number[] = [];
    const kib: number[] = [];
    const closedMs: number[] = [];
    for (let i = 0; i < opts.cycles; i++) {
      const c = await apiOf(() => measuredCycle(page, cdp, true));
      closedMs.push(c.metrics.TaskDuration - overheadMs);
      requests.push(c.requests);
      kib.push(c.kib);
    }

    // -- the 2,000-alert group open (a click on its line, as a user opens it)
    await page.locator(`[data-group-key="${stormEvent(0)}"]`).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-row-id]').length > 0, undefined, { timeout: 30_000 });
    await settle();
    samples.add(STORM_COMBO, 'storm.domNodesGroupOpen', (await page.evaluate('window.__bench.domNodes()')) as number);
    const rowsRendered = (await page.evaluate('window.__bench.rowCount()')) as number;
    for (let i = 0; i < 2; i++) await page.evaluate('window.__bench.cycle(true, false)');
    // The measuring's own cost again, in this state: the open group's rows tick their clocks between polls.
    const overheadOpen: number[] = [];
    for (let i = 0; i < opts.cycles; i++) overheadOpen.push((await measuredCycle(page, cdp, false)).metrics.TaskDuration);
    const overheadOpenMs = median(overheadOpen);
    const unchanged: number[] = [];
    const unchangedBytes: number[] = [];
    const outcomes: string[] = [];
    for (let i = 0; i < opts.cycles; i++) {
      const c = await apiOf(() => measuredCycle(page, cdp, true));
      outcomes.push(c.outcome);
      unchanged.push(c.metrics.TaskDuration - overheadOpenMs);
      unchangedBytes.push(c.bytes);
      requests.push(c.requests);
      kib.push(c.kib);
    }
    samples.add(STORM_COMBO, 'storm.unchangedPollMs', Math.max(0, median(unchanged)));
    samples.add(STORM_COMBO, 'storm.unchangedPollBytes', median(unchangedBytes));

    // -- 5 groups change per cycle: a duplicate of one alert in each (their counts stay, their last receive moves)
    const changed: number[] = [];
    const changedBytes: number[] = [];
    for (let i = 0; i < opts.cycles; i++) {
      const groups = [0, 1, 2, 3, 4].map((j) => (1 + i * 37 + j * 59) % STORM.groups);
      await Promise.all(groups.map((k) => duplicateOneOf(server, stormEvent(k))));
      const c = await apiOf(() => measuredCycle(page, cdp, true));
      changed.push(c.metrics.TaskDuration - overheadOpenMs);
      changedBytes.push(c.bytes);
      requests.push(c.requests);
      kib.push(c.kib);
    }
    samples.add(STORM_COMBO, 'storm.changed5GroupsMs', Math.max(0, median(changed)));
    samples.add(STORM_COMBO, 'storm.apiRequestsPerCycle', Math.max(...requests));
    samples.add(STORM_COMBO, 'storm.apiKiBPerCycle', median(kib));
    const longTasks = (await page.evaluate('window.__bench.longTasks || []')) as { start: number; duration: number }[];
    samples.add(STORM_COMBO, 'storm.longTasks', longTasks.length);
    return {
      firstGroupAt: round(firstAt),
      groupLinesRendered: groupLines,
      domNodesClosed: domClosed,
      rowsRenderedWithBiggestOpen: rowsRendered,
      closedUnchangedMs: round(Math.max(0, median(closedMs))),
      measuringOverheadMs: { closed: round(overheadMs), open: round(overheadOpenMs) },
      unchangedOutcomes: outcomes,
      changedMessageBytes: changedBytes,
      requestsPerCycle: requests,
      longTasks: longTasks.map((t) => ({ start: Math.round(t.start), ms: Math.round(t.duration) })),
    };
  } finally {
    await context.close();
  }
}

/** Sends a duplicate of one alert of `event`: the next poll brings it changed. */
async function duplicateOneOf(server: RunningServer, event: string) {
  const res = await fetch(`${server.apiUrl}/alerts?event=${encodeURIComponent(event)}&page-size=1`);
  const { alerts } = (await res.json()) as { alerts: ApiAlert[] };
  const alert = alerts[0];
  if (!alert) return;
  const { resource, environment, severity, service, group, value, text, origin, tags } = alert;
  const post = await fetch(`${server.apiUrl}/alert`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ resource, event, environment, severity, service, group, value, text, origin, tags }),
  });
  await post.arrayBuffer();
}

// ---- Lighthouse ---------------------------------------------------------------------------------------------------

/**
 * Lighthouse on /alerts of the built console served exactly like `npm start` (server/start.ts with the demo seed,
 * auth off; the simulator off so every run sees the same alerts), or on --url. Returns the observations.
 */
async function lighthousePhase(opts: BenchOptions, distDir: string | null, samples: Samples, machine: Machine): Promise<Record<string, unknown>> {
  let server: RunningServer | null = null;
  let url = opts.url;
  if (!url) {
    server = await startServer({ port: 0, dataDir: null, seed: 'demo', simulator: false, serveConsole: true, distDir: distDir!, settings: { AUTH_REQUIRED: false } });
    url = `${server.url}/alerts`;
  }
  try {
    const runs = await runLighthouse(url, { chromePath: CHROMIUM_PATH, chromeFlags: chromiumArgs(opts.jsFlags), runs: opts.lighthouseRuns, log, reportDir: opts.lighthouseReports });
    for (const run of runs) for (const [key, value] of Object.entries(run.figures)) samples.add(LIGHTHOUSE_COMBO, key as MetricKey, value);
    const last = runs[runs.length - 1]!.lhr;
    if (machine.chromium === 'unknown') machine.chromium = runs[runs.length - 1]!.browser ?? browserVersion(last) ?? 'unknown';
    return {
      url,
      lighthouseVersion: last.lighthouseVersion,
      userAgent: last.environment?.hostUserAgent,
      profile: 'mobile (Lighthouse default: simulated slow 4G, 4x CPU slowdown, Moto G Power screen)',
      benchmarkIndex: runs.map((r) => r.lhr.environment?.benchmarkIndex ?? null),
      skippedAudits: SKIPPED_AUDITS,
      failingAudits: runs.map((r) => failingAudits(r.lhr)),
      // What Lantern's simulated LCP waited for last, per run (README, "Lighthouse": how to read it).
      lcpSimulation: runs.map((r) => r.lcpSimulation),
      runWarnings: [...new Set(runs.flatMap((r) => r.lhr.runWarnings ?? []))],
      robots: await robotsStance(url),
      // Violations of the security policy the audited pages reported (only known when the demo server serves).
      ...(server ? { cspViolations: server.cspViolations.recent.map((v) => `${v.directive} refused ${v.blockedUrl} on ${v.documentUrl}`) } : {}),
    };
  } finally {
    await server?.close();
  }
}

/** What the page tells search engines: the X-Robots-Tag header, the robots meta and the robots.txt. */
async function robotsStance(url: string): Promise<Record<string, unknown>> {
  try {
    const page = await fetch(url);
    const html = await page.text();
    const meta = /<meta\s+name=["']robots["']\s+content=["']([^"']*)["']/i.exec(html)?.[1] ?? null;
    const robots = await fetch(new URL('/robots.txt', url));
    const text = robots.ok ? await robots.text() : '';
    return {
      xRobotsTag: page.headers.get('x-robots-tag'),
      metaRobots: meta,
      robotsTxt: { status: robots.status, contentType: robots.headers.get('content-type'), disallowsAll: /^\s*disallow:\s*\/\s*$/im.test(text) },
    };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

// ---- a traced cold start ---------------------------------------------------------------------------------------------

/**
 * One extra cold load (not counted in the figures: tracing and sampling slow it down), traced with the V8 sampling
 * profiler, from navigation until a second after the first row. Writes the trace and its report into --trace-start.
 */
async function traceColdStart(browser: Browser, stack: Stack, rc: RunContext): Promise<void> {
  const dir = rc.opts.traceStartDir!;
  mkdirSync(dir, { recursive: true });
  const mobile = rc.opts.traceMobile;
  const base = path.join(dir, `${rc.combo.replace(/[^a-z0-9.=-]+/gi, '_')}-cold-start${mobile ? '-mobile' : ''}`);
  const context = await browser.newContext(
    mobile
      ? { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, serviceWorkers: 'allow' }
      : { viewport: VIEWPORT, serviceWorkers: 'allow' },
  );
  await context.addInitScript({ content: PROBE });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  try {
    await page.goto(`${stack.front!.url}/config.json`);
    await page.evaluate(seedPreferences(rc.rows));
    await page.goto('about:blank');
    await cdp.send('Network.clearBrowserCache');
    if (rc.opts.traceCpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: rc.opts.traceCpuSlowdown });
    await browser.startTracing(page, {
      path: `${base}.json`,
      categories: [
        'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'v8', 'v8.execute', 'toplevel',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
    await firstRow(page, () => page.goto(`${stack.front!.url}/alerts`, { waitUntil: 'commit' }));
    await page.waitForTimeout(1000);
    const trace = await browser.stopTracing();
    const raw = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
    const report = startupReport(Array.isArray(raw) ? raw : (raw.traceEvents ?? []), sourceMapResolver(rc.distDir));
    const slowdown = `${rc.opts.traceCpuSlowdown > 1 ? `, CPU slowed down ${rc.opts.traceCpuSlowdown}x` : ''}${mobile ? ', phone-sized screen' : ''}`;
    writeFileSync(`${base}.txt`, `${rc.combo}, cold start${slowdown}, build ${rc.distDir}\n${report}\n`);
    log(`cold start traced (${rc.combo}${slowdown}) → ${path.relative(process.cwd(), base)}.json\n${report}`);
  } finally {
    await context.close();
  }
}

// ---- the start-up phase at a real round trip -----------------------------------------------------------------------

/** A first and a later start against the demo API on another origin, every answer --real-latency ms late. */
async function startUpAtLatency(stack: Stack, rc: RunContext): Promise<LatencyRun | null> {
  try {
    const result = await latencyRun({
      server: stack.server,
      distDir: rc.distDir,
      delayMs: rc.opts.realLatencyMs,
      rows: rc.rows,
      probe: PROBE,
      launch: (dir) => chromium.launchPersistentContext(dir, { ...chromiumLaunchOptions(rc.opts.jsFlags), viewport: VIEWPORT, serviceWorkers: 'allow' }),
      serviceWorkerControls,
      log,
    });
    const at150 = rc.opts.realLatencyMs === BUDGET_LATENCY_MS;
    rc.samples.add(rc.combo, at150 ? 'load.coldFirstRowMsAt150' : 'load.coldFirstRowMsAtLatency', result.cold.firstRowMs);
    rc.samples.add(rc.combo, at150 ? 'load.warmFirstRowMsAt150' : 'load.warmFirstRowMsAtLatency', result.warm.firstRowMs);
    rc.samples.add(rc.combo, 'load.apiRoundTripsBeforeFirstRow.cold', result.cold.roundTrips);
    rc.samples.add(rc.combo, 'load.apiRoundTripsBeforeFirstRow.warm', result.warm.roundTrips);
    return result;
  } catch (e) {
    log(`start-up phase failed: ${(e as Error).message.split('\n')[0]}`);
    return null;
  }
}

// ---- one browser run: cold load, poll cycles, memory, offline reload -------------------------------------------------

interface RunContext {
  alerts: number;
  rows: number;
  combo: string;
  opts: BenchOptions;
  samples: Samples;
  distDir: string;
  gzCache: Map<string, number>;
  traceDir: string | null;
}

async function browserRun(browser: Browser, stack: Stack, rc: RunContext): Promise<RunObservation> {
  const front = stack.front!;
  // A what-if stylesheet is an inline <style>, which the console's security policy refuses: lift the policy then.
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'allow', bypassCSP: Boolean(rc.opts.extraCss) });
  await context.addInitScript({ content: PROBE });
  if (rc.opts.extraCss) await context.addInitScript({ content: extraCssScript(readFileSync(rc.opts.extraCss, 'utf8')) });
  const page = await context.newPage();
  page.on('pageerror', (e) => log(`page error: ${e.message}`));
  const cdp = await context.newCDPSession(page);
  const { combo, samples } = rc;
  try {
    // A first visit by a user whose preference is `rows` per page: the preference is the only thing stored.
    await page.goto(`${front.url}/config.json`);
    await page.evaluate(seedPreferences(rc.rows));
    await page.goto('about:blank');
    await cdp.send('Network.clearBrowserCache');

    // -- cold load
    const cold = await firstRow(page, () => page.goto(`${front.url}/alerts`, { waitUntil: 'commit' }));
    samples.add(combo, 'load.coldFirstRowMs', cold.at);
    samples.add(combo, 'load.longTasksBeforeFirstRow', await longTasksBefore(page, cold.at));
    await waitForRows(page, expectedRows(rc));
    // What the browser holds once the first full page is on screen and settled (a few frames later: rows the list
    // adds after its first layout count too).
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 200))))');
    samples.add(combo, 'dom.nodes', (await page.evaluate('window.__bench.domNodes()')) as number);
    const rowsOnPage = (await page.evaluate('window.__bench.pageRowCount()')) as number;
    const bundles = await bundleSizes(page, cold.at, rc);
    samples.add(combo, 'bundle.shellJsGzipKiB', bundles.shellJs);
    samples.add(combo, 'bundle.cssGzipKiB', bundles.css);
    samples.add(combo, 'bundle.workerJsGzipKiB', bundles.workerJs);
    const controlled = await serviceWorkerControls(page);

    // -- poll cycles
    // Thread time, not wall time: on a shared 2-core machine other processes would otherwise inflate every task.
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const pollStart = (await page.evaluate('performance.now()')) as number;
    for (let i = 0; i < 2; i++) await page.evaluate('window.__bench.cycle(true, false)');
    const overhead: number[] = [];
    for (let i = 0; i < rc.opts.cycles; i++) overhead.push((await measuredCycle(page, cdp, false)).metrics.TaskDuration);
    const overheadMs = median(overhead);

    const unchanged: number[] = [];
    const unchangedBytes: number[] = [];
    const unchangedParts: Durations[] = [];
    if (rc.traceDir) await startTrace(browser, page, rc.traceDir, `${combo}-unchanged`);
    for (let i = 0; i < rc.opts.cycles; i++) {
      const c = await measuredCycle(page, cdp, true);
      if (c.outcome !== 'alerts-patch') log(`unchanged cycle ${i}: got ${c.outcome}`);
      unchanged.push(c.metrics.TaskDuration - overheadMs);
      unchangedBytes.push(c.bytes);
      unchangedParts.push(c.metrics);
    }
    if (rc.traceDir) await browser.stopTracing();
    samples.add(combo, 'poll.unchanged.mainThreadMs', Math.max(0, median(unchanged)));
    samples.add(combo, 'poll.unchanged.messageBytes', median(unchangedBytes));

    const changed: number[] = [];
    const changedParts: Durations[] = [];
    const patchRows: number[] = [];
    if (rc.traceDir) await startTrace(browser, page, rc.traceDir, `${combo}-changed5`);
    for (let i = 0; i < rc.opts.cycles; i++) {
      await changeVisibleAlerts(page, stack.server, 5, i);
      const c = await measuredCycle(page, cdp, true);
      changed.push(c.metrics.TaskDuration - overheadMs);
      changedParts.push(c.metrics);
      patchRows.push(((await page.evaluate('window.__bench.lastPatchRows')) as number | undefined) ?? 0);
    }
    if (rc.traceDir) await browser.stopTracing();
    samples.add(combo, 'poll.changed5.mainThreadMs', Math.max(0, median(changed)));

    // -- between polls: what the page costs per second when no data arrives (ticking clocks, timers)
    const idleStart = (await page.evaluate('performance.now()')) as number;
    if (rc.traceDir) await startTrace(browser, page, rc.traceDir, `${combo}-idle`);
    const idle0 = await metrics(cdp);
    await page.waitForTimeout(IDLE_WINDOW_MS);
    const idle1 = await metrics(cdp);
    if (rc.traceDir) await browser.stopTracing();
    samples.add(combo, 'idle.mainThreadMsPerS', (idle1.TaskDuration - idle0.TaskDuration) / (IDLE_WINDOW_MS / 1000));

    // -- memory: back-to-back poll cycles, 5 alerts changing every tenth one, heap compared after GC
    // Warm-up first: React gives a row its second (alternate) fibre the first time the row updates, and V8 compiles
    // the hot paths; both are one-off costs of a fresh page, not growth. Every row on the page changes once here.
    const now = async () => (await page.evaluate('performance.now()')) as number;
    const warmupStart = await now();
    const rendered = (await page.evaluate('window.__bench.rowCount()')) as number;
    for (let start = 0; start < rendered; start += MEMORY_WARMUP_ROWS) {
      await changeVisibleAlerts(page, stack.server, MEMORY_WARMUP_ROWS, 0, start);
      await page.evaluate('window.__bench.cycle(true, false)');
    }
    const before = await heapAfterGc(cdp);
    const memoryStart = await now();
    // Heap after GC every 100 cycles too: a steady climb is a leak, a step that levels off is a cache filling up.
    const heapSteps: [number, number][] = [[0, round(before / 1048576)]];
    let after = before;
    for (let done = 0; done < rc.opts.memoryCycles; ) {
      const batch = Math.min(10, rc.opts.memoryCycles - done);
      await changeVisibleAlerts(page, stack.server, 5, 1000 + done);
      await page.evaluate(`(async () => { for (let i = 0; i < ${batch}; i++) await window.__bench.cycle(true, false); })()`);
      done += batch;
      if (done % 100 === 0 || done === rc.opts.memoryCycles) {
        after = await heapAfterGc(cdp);
        heapSteps.push([done, round(after / 1048576)]);
      }
    }
    samples.add(combo, 'memory.heapGrowthPct', growthPct(before, after));

    const memoryEnd = await now();
    // Long tasks of the polling itself: the measured cycles and the memory phase, not the warm-up's 20-row changes.
    const starts = (await page.evaluate('(window.__bench.longTasks || []).map((t) => t.start)')) as number[];
    const within = (a: number, b: number) => starts.filter((t) => t >= a && t < b).length;
    const longTasksByPhase: Record<string, number> = {
      cycles: within(pollStart, idleStart),
      idle: within(idleStart, warmupStart),
      warmup: within(warmupStart, memoryStart),
      memory: within(memoryStart, memoryEnd),
    };
    samples.add(combo, 'poll.longTasks', longTasksByPhase.cycles! + longTasksByPhase.idle! + longTasksByPhase.memory!);

    // -- resizes: the window made narrower and wider across 1280 and 640 px, each size given time to settle
    const resizeStart = await now();
    const resizeMs: number[] = [];
    for (const size of RESIZES) {
      const before = await metrics(cdp);
      await page.setViewportSize(size);
      await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 500))))');
      resizeMs.push((await metrics(cdp)).TaskDuration - before.TaskDuration);
    }
    const resizeEnd = await now();
    const resizeTasks = ((await page.evaluate('(window.__bench.longTasks || []).map((t) => t.start)')) as number[]).filter((t) => t >= resizeStart && t < resizeEnd).length;
    samples.add(combo, 'resize.longTasks', resizeTasks);
    samples.add(combo, 'resize.mainThreadMs', median(resizeMs));
    longTasksByPhase.resize = resizeTasks;

    // -- typing in the search box, its suggestion data cached: main thread per keystroke, keystroke to suggestions
    // painted, long tasks while typing
    const typing = await searchTyping(page, cdp);
    samples.add(combo, 'search.keystrokeMs', typing.keystrokeMs);
    samples.add(combo, 'search.suggestionsShownMs', typing.shownMs);
    samples.add(combo, 'search.longTasks', typing.longTasks);

    // -- offline reload: the shell from the service worker, the rows from IndexedDB
    const rowsShown = (await page.evaluate('window.__bench.rowCount()')) as number;
    // The browser's own offline mode (fetch fails at once, as with the network gone), and the server door shut too,
    // so nothing that slips past the emulation could reach the API.
    await context.setOffline(true);
    front.setNetwork(false);
    const upstreamBefore = front.upstreamRequests;
    let offline: { at: number; fromCache: boolean | null; rows: number } = { at: Number.NaN, fromCache: null, rows: 0 };
    let offlineViews: RunObservation['offlineViews'] = [];
    try {
      const first = await firstRow(page, () => page.reload({ waitUntil: 'commit' }));
      await waitForRows(page, rowsOnPage);
      offline = { at: first.at, fromCache: first.fromCache, rows: (await page.evaluate('window.__bench.rowCount()')) as number };
      offlineViews = (await page.evaluate('window.__bench.views')) as RunObservation['offlineViews'];
      if (first.fromCache === false) {
        log(`offline reload: the first snapshot did not come from the cache (views asked, rows per page: ${offlineViews.map((v) => v.rowsPerPage).join(', ')})`);
      }
    } catch (e) {
      log(`offline reload failed: ${(e as Error).message.split('\n')[0]}`);
    } finally {
      front.setNetwork(true);
      await context.setOffline(false);
    }
    const offlineUpstream = front.upstreamRequests - upstreamBefore;
    if (offlineUpstream > 0) log(`offline reload: ${offlineUpstream} requests still reached the server`);
    samples.add(combo, 'load.offlineFirstRowMs', offline.at);

    return {
      firstRowCount: cold.count,
      rowsOnPage,
      offlineViews,
      firstSnapshotRows: cold.snapshotRows,
      rowsShown,
      offlineFromCache: offline.fromCache,
      offlineRowsShown: offline.rows,
      offlineUpstreamRequests: offlineUpstream,
      changedPatchRows: patchRows,
      controlledByServiceWorker: controlled,
      mainThreadOverheadMs: round(overheadMs),
      unchangedBreakdownMs: medianBreakdown(unchangedParts),
      changedBreakdownMs: medianBreakdown(changedParts),
      heapSteps,
      longTasksByPhase,
      shellFiles: bundles.shellFiles,
      workerFiles: bundles.workerFiles,
    };
  } finally {
    await context.close();
  }
}

/** A 40-character query typed key by key: it asks for fields, values, operators and fields again. */
export const SEARCH_TYPED = 'resource:host-001 AND severity:maj OR ev';

/**
 * Types SEARCH_TYPED into the search box once its suggestion data is in (a first word fetches it, as a user's first
 * focus does). Per keystroke: the main thread's time from before the key to two frames after it, minus the same
 * window without a key (the measurement's own cost); and, in the page, the time from keydown to the first frame
 * after which the listbox shows options. Long tasks: those starting while typing.
 */
async function searchTyping(page: Page, cdp: CDPSession): Promise<{ keystrokeMs: number; shownMs: number; longTasks: number }> {
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.click();
  await box.pressSequentially('resource:host');
  await page.getByRole('option').filter({ hasText: /host-/ }).first().waitFor({ timeout: 30_000 });
  await box.fill('');
  const frames = 'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))';
  await page.evaluate(`(() => {
    window.__searchShown = [];
    document.addEventListener('keydown', () => {
      const t0 = performance.now();
      const tick = () => requestAnimationFrame(() => {
        if (document.querySelector('[role=listbox] [role=option]')) setTimeout(() => window.__searchShown.push(performance.now() - t0), 0);
        else if (performance.now() - t0 < 1000) tick();
      });
      tick();
    }, true);
  })()`);
  const keyed: number[] = [];
  const bare: number[] = [];
  const start = (await page.evaluate('performance.now()')) as number;
  for (const ch of SEARCH_TYPED) {
    const b0 = await metrics(cdp);
    await page.evaluate(frames);
    const b1 = await metrics(cdp);
    bare.push(b1.TaskDuration - b0.TaskDuration);
    const k0 = await metrics(cdp);
    await page.keyboard.type(ch);
    await page.evaluate(frames);
    const k1 = await metrics(cdp);
    keyed.push(k1.TaskDuration - k0.TaskDuration);
  }
  const end = (await page.evaluate('performance.now()')) as number;
  const shown = (await page.evaluate('window.__searchShown')) as number[];
  const starts = (await page.evaluate('(window.__bench.longTasks || []).map((t) => t.start)')) as number[];
  await box.fill('');
  await box.press('Escape');
  await box.blur();
  return { keystrokeMs: Math.max(0, median(keyed) - median(bare)), shownMs: median(shown), longTasks: starts.filter((t) => t >= start && t < end).length };
}

/** Adds a stylesheet as soon as the document has a root element, before the console renders anything. */
function extraCssScript(css: string): string {
  return `(() => {
    const add = () => { const s = document.createElement('style'); s.setAttribute('data-bench', 'extra-css'); s.textContent = ${JSON.stringify(css)}; document.documentElement.appendChild(s); };
    if (document.documentElement) add(); else document.addEventListener('readystatechange', add, { once: true });
  })();`;
}

function expectedRows(rc: RunContext): number {
  // About 72 % of the synthetic alerts are open or ack; small sets may not fill a page.
  return Math.min(rc.rows, Math.max(1, Math.floor(rc.alerts * 0.6)));
}

/** Writes the preference into the console's IndexedDB (its Dexie schema, version 1 = native 10) before any app code runs. */
function seedPreferences(rows: number): string {
  return `new Promise((resolve, reject) => {
    const open = indexedDB.open('alerta-console', 10);
    open.onupgradeneeded = () => {
      const db = open.result;
      const views = db.createObjectStore('views', { keyPath: 'viewKey' });
      views.createIndex('savedAt', 'savedAt');
      db.createObjectStore('kv', { keyPath: 'key' });
    };
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('kv', 'readwrite');
      tx.objectStore('kv').put({ key: 'user-data', value: { owner: '', prefs: { rowsPerPage: ${rows} }, queries: [] }, savedAt: Date.now() });
      tx.oncomplete = () => { db.close(); resolve(true); };
      tx.onerror = () => reject(tx.error);
    };
  })`;
}

/** Navigates (`go`) and waits for the first alert row; what the probe noted about it. */
async function firstRow(page: Page, go: () => Promise<unknown>): Promise<{ at: number; count: number; snapshotRows: number | null; fromCache: boolean | null }> {
  const shown = probeSaw(page, 'first-row');
  await go();
  await shown;
  return (await page.evaluate(
    '({ at: window.__bench.firstRowAt, count: window.__bench.firstRowCount, snapshotRows: window.__bench.firstFull && window.__bench.firstFull.rows, fromCache: window.__bench.firstFull && window.__bench.firstFull.fromCache })',
  )) as { at: number; count: number; snapshotRows: number | null; fromCache: boolean | null };
}

/** Long tasks that started before `at` (ms since navigation), with their durations. */
async function longTasksBefore(page: Page, at: number): Promise<number> {
  const tasks = (await page.evaluate('window.__bench.longTasks || []')) as { start: number; duration: number }[];
  return tasks.filter((t) => t.start < at).length;
}

/**
 * Waits until the page holds `n` rows (or stops growing for a while) and the rows rendered have settled: a windowed
 * list renders only those near the viewport, an unwindowed one may still be adding them.
 */
async function waitForRows(page: Page, n: number): Promise<number> {
  let last = -1;
  let stableSince = Date.now();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const onPage = (await page.evaluate('window.__bench.pageRowCount()')) as number;
    const rendered = (await page.evaluate('window.__bench.rowCount()')) as number;
    if (rendered !== last) {
      last = rendered;
      stableSince = Date.now();
    }
    const settled = Date.now() - stableSince > 400;
    if ((onPage >= n && (rendered >= n || settled)) || (settled && Date.now() - stableSince > 1500 && rendered > 0)) return onPage;
    await page.waitForTimeout(100);
  }
  return last;
}

async function serviceWorkerControls(page: Page): Promise<boolean> {
  return (await page.evaluate(`Promise.race([
    (async () => {
      if (!('serviceWorker' in navigator)) return false;
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      }
      return true;
    })(),
    new Promise((resolve) => setTimeout(() => resolve(false), 20000)),
  ])`)) as boolean;
}

// ---- bundle sizes -------------------------------------------------------------------------------------------------

async function bundleSizes(page: Page, firstRowAt: number, rc: RunContext) {
  const entries = (await page.evaluate(
    `performance.getEntriesByType('resource').map((e) => ({ name: e.name, end: e.responseEnd, type: e.initiatorType }))`,
  )) as { name: string; end: number; type: string }[];
  const worker = page.workers()[0];
  const workerUrl = worker?.url() ?? null;
  const workerEntries = worker
    ? ((await worker.evaluate(`performance.getEntriesByType('resource').map((e) => e.name)`)) as string[])
    : [];
  const isJs = (u: string) => /\.m?js$/.test(new URL(u).pathname);
  const isCss = (u: string) => /\.css$/.test(new URL(u).pathname);
  const shell = entries.filter((e) => e.end <= firstRowAt && e.name !== workerUrl);
  const shellJs = unique(shell.filter((e) => isJs(e.name)).map((e) => e.name));
  const css = unique(shell.filter((e) => isCss(e.name)).map((e) => e.name));
  const workerJs = unique([...(workerUrl ? [workerUrl] : []), ...workerEntries.filter(isJs)]);
  const size = (urls: string[]) => urls.reduce((sum, u) => sum + gzipBytes(rc, u), 0) / 1024;
  return {
    shellJs: round(size(shellJs)),
    css: round(size(css)),
    workerJs: round(size(workerJs)),
    shellFiles: shellJs.map(fileOf),
    workerFiles: workerJs.map(fileOf),
  };
}

function gzipBytes(rc: RunContext, url: string): number {
  const rel = decodeURIComponent(new URL(url).pathname).replace(/^\/+/, '');
  const cached = rc.gzCache.get(rel);
  if (cached !== undefined) return cached;
  const file = path.join(rc.distDir, rel);
  const bytes = existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : Number.NaN;
  rc.gzCache.set(rel, bytes);
  return bytes;
}

const unique = (list: string[]) => [...new Set(list)];
const fileOf = (url: string) => new URL(url).pathname.replace(/^\//, '');

// ---- poll cycles --------------------------------------------------------------------------------------------------

const METRIC_NAMES = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'] as const;
type Durations = Record<(typeof METRIC_NAMES)[number], number>;

/** The main thread's accumulated durations in ms (seconds in CDP). */
async function metrics(cdp: CDPSession): Promise<Durations> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const out: Durations = { TaskDuration: 0, ScriptDuration: 0, LayoutDuration: 0, RecalcStyleDuration: 0 };
  for (const m of list) if ((METRIC_NAMES as readonly string[]).includes(m.name)) out[m.name as keyof Durations] = m.value * 1000;
  return out;
}

/** One cycle between two readings of the browser's own main-thread accounting, started in a tick-free moment. */
async function measuredCycle(page: Page, cdp: CDPSession, withPoll: boolean) {
  await page.evaluate('window.__bench.quietSlot(700)');
  const m0 = await metrics(cdp);
  const r = (await page.evaluate(`window.__bench.cycle(${withPoll}, true)`)) as { outcome: string; bytes: number; ms: number };
  const m1 = await metrics(cdp);
  const delta = { ...m1 };
  for (const k of METRIC_NAMES) delta[k] = m1[k] - m0[k];
  return { ...r, metrics: delta };
}

function medianBreakdown(parts: Durations[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of METRIC_NAMES) out[k] = round(median(parts.map((p) => p[k])));
  return out;
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

/**
 * Sends a duplicate of `n` alerts that are on screen (a few rows down the visible ones, rotating with `round`), or of
 * `n` rendered rows from row `from`, which raises their duplicate count and receive time: the next poll brings those
 * rows changed.
 */
async function changeVisibleAlerts(page: Page, server: RunningServer, n: number, roundNo: number, from?: number) {
  // Rows in view for the measured changes; every rendered row for the warm-up (`from`).
  const ids = (await page.evaluate(
    from === undefined ? 'window.__bench.visibleRowIds()' : `[...document.querySelectorAll('[data-row-id]')].map((el) => el.getAttribute('data-row-id'))`,
  )) as string[];
  if (ids.length === 0) return;
  const start = from ?? (3 + roundNo * n) % Math.max(1, ids.length - n);
  const chosen = ids.slice(start, start + n);
  await Promise.all(
    chosen.map(async (id) => {
      const res = await fetch(`${server.apiUrl}/alert/${id}`);
      if (!res.ok) return;
      const { alert } = (await res.json()) as { alert: ApiAlert };
      const { resource, event, environment, severity, service, group, value, text, origin, tags } = alert;
      const post = await fetch(`${server.apiUrl}/alert`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ resource, event, environment, severity, service, group, value, text, origin, tags }),
      });
      await post.arrayBuffer();
    }),
  );
}

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usedSize;
}

async function startTrace(browser: Browser, page: Page, dir: string, name: string) {
  mkdirSync(dir, { recursive: true });
  await page.evaluate('window.__bench.markCycles = true');
  await browser.startTracing(page, {
    path: path.join(dir, `${name.replace(/[^a-z0-9.=-]+/gi, '_')}.json`),
    // The CPU profiler's samples let tests/bench/trace-summary.ts --dist say which source files the script time went to.
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'toplevel', 'disabled-by-default-v8.cpu_profiler'],
  });
}

function summariseObservations(runs: RunObservation[]): Record<string, unknown> {
  const last = runs[runs.length - 1]!;
  return {
    rowsAtFirstRow: runs.map((r) => r.firstRowCount),
    rowsInFirstSnapshot: runs.map((r) => r.firstSnapshotRows),
    rowsShown: runs.map((r) => r.rowsShown),
    rowsOnPage: runs.map((r) => r.rowsOnPage),
    offlineViewsAsked: runs.map((r) => r.offlineViews.map((v) => v.rowsPerPage)),
    offlineFromCache: runs.map((r) => r.offlineFromCache),
    offlineRowsShown: runs.map((r) => r.offlineRowsShown),
    offlineRequestsReachingServer: runs.map((r) => r.offlineUpstreamRequests),
    rowsInChanged5Patches: runs.map((r) => r.changedPatchRows),
    controlledByServiceWorker: runs.map((r) => r.controlledByServiceWorker),
    measuringOverheadMs: runs.map((r) => r.mainThreadOverheadMs),
    unchangedBreakdownMs: last.unchangedBreakdownMs,
    changed5BreakdownMs: last.changedBreakdownMs,
    heapMiBAfterCycles: runs.map((r) => r.heapSteps),
    longTasksByPhase: runs.map((r) => r.longTasksByPhase),
    shellFiles: last.shellFiles,
    workerFiles: last.workerFiles,
    // The start-up phase: the round trips in sequence before the first row and the /alerts asked for by then, per run;
    // every API request before it in the last run.
    startUpAtLatency: runs.some((r) => r.latency)
      ? {
          chains: runs.map((r) => r.latency && { cold: r.latency.cold.chain, warm: r.latency.warm.chain }),
          alertsRequestsBeforeFirstRow: runs.map((r) => r.latency && { cold: r.latency.cold.alertsRequests, warm: r.latency.warm.alertsRequests }),
          requestsBeforeFirstRow: last.latency ? { cold: last.latency.cold.requests, warm: last.latency.warm.requests } : null,
        }
      : null,
  };
}

main().catch((e: unknown) => {
  console.error(e instanceof OptionsError ? `bench: ${e.message}` : e);
  process.exit(1);
});

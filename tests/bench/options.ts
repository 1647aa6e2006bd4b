// Command-line options of `npm run bench`. Bad input gets a message naming the option and the usage, never a stack.

export interface BenchOptions {
  /** alert counts loaded into the server, one browser combination per count and row setting */
  alerts: number[];
  /** rows per page shown by the console */
  rows: number[];
  /** repetitions of the browser phases per combination */
  runs: number;
  /** poll cycles per repetition for the unchanged and the changed-5 figures */
  cycles: number;
  /** poll cycles of the memory phase */
  memoryCycles: number;
  /** GET /api/alerts repetitions per run for the server figure */
  serverRequests: number;
  /** alert counts measured for the server figure only (no browser), e.g. the 100,000 budget in a quick run */
  serverOnlyAlerts: number[];
  out: string;
  build: boolean;
  quick: boolean;
  /** write a Chromium trace of one unchanged and one changed-5 cycle per combination into this folder */
  traceDir: string | null;
  /** before the measured runs, trace one cold start per combination into this folder (tests/bench/startup-profile.ts) */
  traceStartDir: string | null;
  /** CPU slowdown of that traced cold start (Lighthouse's mobile profile uses 4) */
  traceCpuSlowdown: number;
  /** trace that cold start on a phone-sized screen (Lighthouse's: 412x823, touch) instead of 1400x900 */
  traceMobile: boolean;
  /** a CSS file added to every page: a what-if for rendering fixes, measured without touching src/ */
  extraCss: string | null;
  /** measure this already built console (e.g. a what-if build of a copy of src/) instead of building */
  dist: string | null;
  /** run Lighthouse too ('also'), or only Lighthouse ('only'), or not at all (null) */
  lighthouse: 'also' | 'only' | null;
  /** Lighthouse runs; the figures are their medians */
  lighthouseRuns: number;
  /** Lighthouse on this page (a real deployment) instead of the built console served by the demo server */
  url: string | null;
  /** write every Lighthouse report (JSON, opens in the Lighthouse viewer) into this folder */
  lighthouseReports: string | null;
  /** run only the soak (tests/bench/soak.ts) for this many minutes: one /alerts page with churning alerts */
  soak: number | null;
  /** the console's refresh interval during the soak */
  soakIntervalMs: number;
  /** minutes of the soak's warm-up, left out of its growth figures (default two) */
  soakWarmupMinutes: number;
  /** seconds between two soak samples (heap after GC, DOM, IndexedDB) */
  soakSampleSeconds: number;
  /** write heap snapshots of the page and the worker after the warm-up and at the end of the soak into this folder */
  soakSnapshots: string | null;
  /** a fresh alert every this many ms during the soak (default 5000) */
  soakFreshMs: number;
  /** with --soak-snapshots, also snapshot at these minutes (beside the warm-up's end and the soak's end) */
  soakSnapshotsAt: number[];
  /** run the storm scenario (a grouped list of 10,000 open alerts in about 300 groups; also part of --quick) */
  storm: boolean;
  /** run the sync scenario (tests/bench/sync.ts) at these alert counts (empty: not at all) */
  syncAlerts: number[];
  /** V8 flags for the measured Chromium: a control experiment (e.g. what V8's optimising compilers add to the heap) */
  jsFlags: string | null;
  /** the start-up phase's round trip: every API answer this many ms late, the API on another origin (0: no such phase) */
  realLatencyMs: number;
}

export const USAGE = `Usage: npm run bench -- [options]
  --quick              one combination (10,000 alerts, 200 rows), 3 runs (about two minutes), and the storm
  --storm              only the storm: 10,000 open alerts in about 300 groups (the biggest 2,000), the list grouped
                       by event, cold and with the biggest group open (with --quick or --alerts: besides those)
  --sync               only the sync scenario (also part of every other run but --storm alone): a grouped list at
                       10,000 and at 100,000 open alerts kept in step by deltas, what a cycle costs the API unchanged
                       and with 5 alerts changed, another client's change, the first grouped screen cold and cached
  --sync-alerts 10000,100000  the alert counts of the sync scenario (default 10000,100000)
  --alerts 50,10000    alert counts loaded into the server (default 50,10000,100000)
  --rows 20,200        rows per page (default 20,200; the console offers 5,10,20,50,100,200)
  --runs N             repetitions per combination (default 5, quick 3)
  --cycles N           poll cycles per run for the poll figures (default 8, quick 5)
  --memory-cycles N    poll cycles of the heap-growth phase (default 200)
  --out FILE           JSON results (default bench-results.json)
  --no-build           use the last build in the bench's own folder instead of building
  --trace DIR          also write a Chromium trace of a few poll cycles per combination into DIR
  --trace-start DIR    also trace one extra cold start per combination into DIR, with sampled script time
                       attributed through the source maps (printed; tests/bench/startup-profile.ts reads it again)
  --trace-cpu-slowdown N  CPU slowdown of that traced cold start (default 1; Lighthouse's mobile profile is 4)
  --trace-mobile       trace that cold start on a phone-sized screen (412x823, touch, as Lighthouse's profile)
  --extra-css FILE     add this stylesheet to every page (try a rendering fix before changing src/)
  --dist DIR           measure this built console instead of building one (e.g. a what-if build)
  --lighthouse         also run Lighthouse (mobile profile) on /alerts of the built console, served like npm start
  --lighthouse-only    run only Lighthouse (no alert loading, no browser phases)
  --lighthouse-runs N  Lighthouse runs, the median is reported (default 3)
  --lighthouse-reports DIR  also write each run's full Lighthouse report (JSON) into DIR
  --url URL            run only Lighthouse, on this page of a deployed console (e.g. https://alerta.example.com/alerts)
  --soak MINUTES       run only the soak: one /alerts page for MINUTES with churning alerts, heap of page and worker
                       after GC, DOM, IndexedDB and missed cycles every minute (JSON: soak-results.json unless --out)
  --soak-interval MS   the console's refresh interval during the soak (default 1000)
  --soak-sample S      seconds between soak samples (default 60)
  --soak-warmup M      minutes of warm-up left out of the soak's growth figures (default 2)
  --soak-snapshots DIR also write heap snapshots of page and worker after the warm-up and at the end into DIR
  --soak-fresh-every MS  a new alert (and the oldest such deleted) every MS during the soak (default 5000): faster
                       churn shows what is kept per alert sooner
  --soak-snapshots-at 30,120  with --soak-snapshots, also at these minutes (files page-minute-30.heapsnapshot...)
  --real-latency MS    the start-up phase's round trip (default 150): the demo API on another origin, every answer
                       MS late; a first start and a later one per run (tests/bench/latency.ts). The budgets are set
                       at 150; another value gives the ...AtLatency figures; 0 leaves the phase out
  --js-flags="FLAGS"   run the measured Chromium with these V8 flags, a control experiment that no browser runs with
                       (e.g. --js-flags="--no-maglev --no-turbofan": the soak without V8's optimising compilers);
                       recorded in the results and printed with every table`;

export class OptionsError extends Error {}

const ROWS_CHOICES = [5, 10, 20, 50, 100, 200];

export function parseOptions(argv: readonly string[]): BenchOptions {
  const quick = argv.includes('--quick');
  const o: BenchOptions = {
    alerts: quick ? [10_000] : [50, 10_000, 100_000],
    rows: quick ? [200] : [20, 200],
    runs: quick ? 3 : 5,
    cycles: quick ? 5 : 8,
    memoryCycles: 200,
    serverRequests: 20,
    serverOnlyAlerts: quick ? [100_000] : [],
    out: 'bench-results.json',
    build: true,
    quick,
    traceDir: null,
    traceStartDir: null,
    traceCpuSlowdown: 1,
    traceMobile: false,
    extraCss: null,
    dist: null,
    lighthouse: null,
    lighthouseRuns: 3,
    url: null,
    lighthouseReports: null,
    soak: null,
    soakIntervalMs: 1000,
    soakSampleSeconds: 60,
    soakWarmupMinutes: 2,
    soakSnapshots: null,
    soakSnapshotsAt: [],
    soakFreshMs: 5000,
    jsFlags: null,
    realLatencyMs: 150,
    storm: quick,
    syncAlerts: [10_000, 100_000],
  };
  let alertsGiven = false;
  let stormGiven = false;
  let syncGiven = false;
  let outGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || (inline === undefined && v.startsWith('--'))) throw new OptionsError(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case '--quick':
        break;
      case '--storm':
        stormGiven = true;
        o.storm = true;
        break;
      case '--sync':
        syncGiven = true;
        break;
      case '--sync-alerts':
        o.syncAlerts = intList(name, value(), 1);
        syncGiven = true;
        break;
      case '--alerts':
        o.alerts = intList(name, value(), 1);
        alertsGiven = true;
        break;
      case '--rows':
        o.rows = intList(name, value(), 1);
        for (const r of o.rows) {
          if (!ROWS_CHOICES.includes(r)) throw new OptionsError(`--rows ${r}: the console offers ${ROWS_CHOICES.join(', ')} rows per page`);
        }
        break;
      case '--runs':
        o.runs = int(name, value(), 1);
        break;
      case '--cycles':
        o.cycles = int(name, value(), 1);
        break;
      case '--memory-cycles':
        o.memoryCycles = int(name, value(), 1);
        break;
      case '--server-requests':
        o.serverRequests = int(name, value(), 1);
        break;
      case '--out':
        o.out = value();
        outGiven = true;
        break;
      case '--no-build':
        o.build = false;
        break;
      case '--trace':
        o.traceDir = value();
        break;
      case '--trace-start':
        o.traceStartDir = value();
        break;
      case '--trace-cpu-slowdown':
        o.traceCpuSlowdown = int(name, value(), 1);
        break;
      case '--trace-mobile':
        o.traceMobile = true;
        break;
      case '--extra-css':
        o.extraCss = value();
        break;
      case '--dist':
        o.dist = value();
        o.build = false;
        break;
      case '--lighthouse':
        o.lighthouse ??= 'also';
        break;
      case '--lighthouse-only':
        o.lighthouse = 'only';
        break;
      case '--lighthouse-runs':
        o.lighthouseRuns = int(name, value(), 1);
        break;
      case '--lighthouse-reports':
        o.lighthouseReports = value();
        break;
      case '--url': {
        const url = value();
        let parsed: URL;
        try {
          parsed = new URL(url);
        } catch {
          throw new OptionsError(`--url ${url}: not an absolute URL`);
        }
        if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new OptionsError(`--url ${url}: only http and https pages`);
        o.url = parsed.href;
        o.lighthouse = 'only';
        o.build = false;
        break;
      }
      case '--soak':
        o.soak = int(name, value(), 1);
        break;
      case '--soak-interval':
        o.soakIntervalMs = int(name, value(), 1000);
        break;
      case '--soak-sample':
        o.soakSampleSeconds = int(name, value(), 5);
        break;
      case '--soak-warmup':
        o.soakWarmupMinutes = int(name, value(), 1);
        break;
      case '--soak-snapshots':
        o.soakSnapshots = value();
        break;
      case '--soak-fresh-every':
        o.soakFreshMs = int(name, value(), 200);
        break;
      case '--soak-snapshots-at':
        o.soakSnapshotsAt = intList(name, value(), 1).sort((a, b) => a - b);
        break;
      case '--real-latency':
        o.realLatencyMs = int(name, value(), 0);
        // A start makes a handful of round trips and the phase waits 30 s for its first row.
        if (o.realLatencyMs > 3000) throw new OptionsError(`--real-latency ${o.realLatencyMs}: at most 3000 ms per round trip`);
        break;
      case '--js-flags': {
        // V8's flags start with --, so the value comes after '=' (a shell keeps the quoted words together).
        const flags = (inline ?? '').trim();
        if (!flags) throw new OptionsError('--js-flags needs its V8 flags after "=", e.g. --js-flags="--no-maglev --no-turbofan"');
        if (!flags.split(/\s+/).every((f) => /^--[a-z][a-z0-9_-]*(=\S+)?$/i.test(f))) throw new OptionsError(`--js-flags=${flags}: expected V8 flags such as --no-turbofan, separated by spaces`);
        o.jsFlags = flags;
        break;
      }
      case '--help':
      case '-h':
        throw new OptionsError('');
      default:
        throw new OptionsError(`unknown option ${arg}`);
    }
  }
  if (o.url && o.dist) throw new OptionsError('--url measures a deployed console; --dist a local build: choose one');
  if (o.soak !== null && (o.url || o.lighthouse)) throw new OptionsError('--soak runs alone: leave out --lighthouse, --lighthouse-only and --url');
  if (o.soak !== null && !outGiven) o.out = 'soak-results.json';
  if (o.soakSnapshotsAt.length && (o.soak === null || !o.soakSnapshots)) throw new OptionsError('--soak-snapshots-at needs --soak and --soak-snapshots DIR');
  if (o.soak !== null && o.soakSnapshotsAt.some((m) => m > o.soak!)) throw new OptionsError(`--soak-snapshots-at: every minute must be within the soak's ${o.soak}`);
  if (o.soak !== null && o.soakWarmupMinutes + 2 > o.soak) throw new OptionsError(`--soak ${o.soak}: the warm-up (${o.soakWarmupMinutes} minutes) leaves fewer than two minutes to measure`);
  // A quick run with its own sizes measures exactly those.
  if (alertsGiven) o.serverOnlyAlerts = [];
  // --storm alone measures the storm only; --sync alone the sync scenario only.
  if ((stormGiven || syncGiven) && !quick && !alertsGiven) {
    o.alerts = [];
    o.serverOnlyAlerts = [];
  }
  if (stormGiven && !syncGiven && !quick) o.syncAlerts = [];
  o.serverOnlyAlerts = o.serverOnlyAlerts.filter((n) => !o.alerts.includes(n));
  return o;
}

function int(name: string, text: string, min: number): number {
  const n = Number(text.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < min) throw new OptionsError(`${name} ${text}: expected a whole number of at least ${min}`);
  return n;
}

function intList(name: string, text: string, min: number): number[] {
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) throw new OptionsError(`${name} needs at least one number`);
  return [...new Set(parts.map((p) => int(name, p, min)))];
}

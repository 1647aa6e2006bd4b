// `npm run bench -- --lighthouse`: Lighthouse (mobile profile: simulated slow 4G, 4× CPU slowdown, a phone-sized
// screen) on the console's alert list, several runs in a fresh headless Chromium each, the median of every figure.
// The figures join the bench's document (combination "lighthouse") and its budgets. The parsing below is pure and
// unit-tested (tests/unit/bench/lighthouse.test.ts); running Lighthouse is the last function.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MetricKey } from './results.ts';

/** The combination key of the Lighthouse figures in the bench's results. */
export const LIGHTHOUSE_COMBO = 'lighthouse';
export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/**
 * Audits left out of the scores. is-crawlable fails on purpose: a private console says noindex (X-Robots-Tag and
 * <meta name="robots">), and Lighthouse's SEO category, written for public sites, counts that as a fault worth a
 * third of the score. The run checks the noindex itself instead (observations.robots).
 */
export const SKIPPED_AUDITS = ['is-crawlable'];

/** The part of a Lighthouse result (LHR) the bench reads. */
export interface LighthouseResult {
  lighthouseVersion?: string;
  finalDisplayedUrl?: string;
  environment?: { hostUserAgent?: string; benchmarkIndex?: number };
  runWarnings?: string[];
  categories: Record<string, { score: number | null; auditRefs?: { id: string; weight: number }[] } | undefined>;
  audits: Record<
    string,
    | {
        id?: string;
        title?: string;
        score: number | null;
        scoreDisplayMode?: string;
        numericValue?: number;
        details?: { type?: string; items?: Record<string, unknown>[] };
      }
    | undefined
  >;
}

const CATEGORY_FIGURES: Record<(typeof LIGHTHOUSE_CATEGORIES)[number], MetricKey> = {
  performance: 'lighthouse.performance',
  accessibility: 'lighthouse.accessibility',
  'best-practices': 'lighthouse.bestPractices',
  seo: 'lighthouse.seo',
};

const AUDIT_FIGURES: [string, MetricKey][] = [
  ['first-contentful-paint', 'lighthouse.fcpMs'],
  ['largest-contentful-paint', 'lighthouse.lcpMs'],
  ['total-blocking-time', 'lighthouse.tbtMs'],
  ['cumulative-layout-shift', 'lighthouse.cls'],
  ['speed-index', 'lighthouse.speedIndexMs'],
];

/**
 * The figures of one run: category scores (0–100), the load metrics, and the bytes of the page load as sent (with
 * compression) and as decoded. A figure Lighthouse could not measure is NaN, which the statistics leave out.
 */
export function lighthouseFigures(lhr: LighthouseResult): Partial<Record<MetricKey, number>> {
  const out: Partial<Record<MetricKey, number>> = {};
  for (const [category, key] of Object.entries(CATEGORY_FIGURES)) {
    const score = lhr.categories[category]?.score;
    out[key] = typeof score === 'number' ? Math.round(score * 100) : Number.NaN;
  }
  for (const [audit, key] of AUDIT_FIGURES) {
    const value = lhr.audits[audit]?.numericValue;
    out[key] = typeof value === 'number' ? value : Number.NaN;
  }
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const sum = (field: string) => requests.reduce((total, r) => total + (typeof r[field] === 'number' ? (r[field] as number) : 0), 0);
  out['lighthouse.transferKiB'] = requests.length ? sum('transferSize') / 1024 : Number.NaN;
  out['lighthouse.resourceKiB'] = requests.length ? sum('resourceSize') / 1024 : Number.NaN;
  return out;
}

/** The audits that cost points, per category: scored audits below a full score, with their titles. */
export function failingAudits(lhr: LighthouseResult): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const category of LIGHTHOUSE_CATEGORIES) {
    const refs = lhr.categories[category]?.auditRefs ?? [];
    const failing = refs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a): a is NonNullable<typeof a> => a !== undefined && typeof a.score === 'number' && a.score < 1 && a.scoreDisplayMode !== 'informative')
      .map((a) => `${a.id ?? '?'}${a.title ? `: ${a.title}` : ''} (${Math.round((a.score ?? 0) * 100)})`);
    if (failing.length) out[category] = failing;
  }
  return out;
}

/** The browser version in Lighthouse's user agent ("HeadlessChrome/150.0.7871.100" → "150.0.7871.100"). */
export function browserVersion(lhr: Pick<LighthouseResult, 'environment'>): string | null {
  const m = /(?:Headless)?Chrom(?:e|ium)\/([\d.]+)/.exec(lhr.environment?.hostUserAgent ?? '');
  return m ? m[1]! : null;
}

/** One node of Lantern's simulated page load: a request or a main-thread task, with its simulated times (ms). */
export interface SimulatedNode {
  what: string;
  startMs: number;
  endMs: number;
}

/** The part of a Lantern graph node the bench reads. */
export interface LanternNode {
  type: string;
  request?: { url: string; priority?: string; transferSize?: number };
  duration?: number;
  didPerformLayout?: () => boolean;
}

/**
 * The nodes that ended last in a Lantern simulation (the simulated LCP is the end of the last one): a request named
 * by its path, priority and bytes, a main-thread task by its observed duration (Lantern runs it 4× slower).
 */
export function lastSimulatedNodes(timings: Iterable<[LanternNode, { startTime: number; endTime: number }]>, n = 5): SimulatedNode[] {
  const describe = (node: LanternNode): string => {
    if (node.type === 'network' && node.request) {
      let where = node.request.url;
      try {
        where = new URL(where).pathname;
      } catch {
        // not a URL: as it is
      }
      return `${where} (${node.request.priority ?? '?'}, ${Math.round((node.request.transferSize ?? 0) / 102.4) / 10} KiB)`;
    }
    return `main-thread task of ${((node.duration ?? 0) / 1000).toFixed(1)} ms${node.didPerformLayout?.() ? ' with layout' : ''}`;
  };
  return [...timings]
    .sort((a, b) => b[1].endTime - a[1].endTime)
    .slice(0, n)
    .map(([node, t]) => ({ what: describe(node), startMs: Math.round(t.startTime), endMs: Math.round(t.endTime) }));
}

/** Why the simulated LCP is what it is: Lantern's optimistic and pessimistic estimates and what each waited for last. */
export interface LcpSimulation {
  optimisticMs: number;
  pessimisticMs: number;
  lastOptimistic: SimulatedNode[];
  lastPessimistic: SimulatedNode[];
}

/**
 * Lantern's LCP simulation, computed again from a run's artifacts through Lighthouse's own (internal) modules: the
 * report gives only the result. Null when this Lighthouse has no such module (the figures do not depend on it).
 */
async function simulateLcp(lhr: unknown, artifacts: unknown): Promise<LcpSimulation | null> {
  try {
    const { LanternLargestContentfulPaint } = (await import('lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js' as string)) as {
      LanternLargestContentfulPaint: { request: (data: unknown, context: unknown) => Promise<Record<string, { timeInMs: number; nodeTimings: Map<LanternNode, { startTime: number; endTime: number }> }>> };
    };
    const a = artifacts as Record<string, unknown> & { devtoolsLogs?: { defaultPass?: unknown }; traces?: { defaultPass?: unknown } };
    const data = {
      trace: a.Trace ?? a.traces?.defaultPass,
      devtoolsLog: a.DevtoolsLog ?? a.devtoolsLogs?.defaultPass,
      gatherContext: a.GatherContext,
      settings: (lhr as { configSettings?: unknown }).configSettings,
      URL: a.URL,
      SourceMaps: a.SourceMaps ?? [],
      simulator: null,
    };
    const lcp = await LanternLargestContentfulPaint.request(data, { computedCache: new Map() });
    const optimistic = lcp.optimisticEstimate!;
    const pessimistic = lcp.pessimisticEstimate!;
    return {
      optimisticMs: Math.round(optimistic.timeInMs),
      pessimisticMs: Math.round(pessimistic.timeInMs),
      lastOptimistic: lastSimulatedNodes(optimistic.nodeTimings, 3),
      lastPessimistic: lastSimulatedNodes(pessimistic.nodeTimings, 3),
    };
  } catch {
    return null;
  }
}

export interface LighthouseRun {
  lcpSimulation: LcpSimulation | null;
  lhr: LighthouseResult;
  figures: Partial<Record<MetricKey, number>>;
  /** the browser's full version (the user agent says only the major one) */
  browser: string | null;
}

export interface LighthouseLaunch {
  chromePath: string;
  /** Chromium flags; --headless=new is added */
  chromeFlags: string[];
  runs: number;
  log: (message: string) => void;
  /** write each run's report (JSON) here */
  reportDir?: string | null;
}

/** Runs Lighthouse `runs` times on `url`, each in a fresh Chromium with an empty profile. */
export async function runLighthouse(url: string, launch: LighthouseLaunch): Promise<LighthouseRun[]> {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const runs: LighthouseRun[] = [];
  for (let i = 1; i <= launch.runs; i++) {
    launch.log(`lighthouse: run ${i}/${launch.runs} on ${url}`);
    const chrome = await chromeLauncher.launch({ chromePath: launch.chromePath, chromeFlags: [...launch.chromeFlags, '--headless=new'], logLevel: 'silent' });
    try {
      // Lighthouse's defaults are the mobile profile: simulated throttling (slow 4G, 4× CPU), Moto G Power screen.
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...LIGHTHOUSE_CATEGORIES],
        skipAudits: SKIPPED_AUDITS,
        disableFullPageScreenshot: true,
      });
      if (!result) throw new Error('Lighthouse returned no result');
      const lhr = result.lhr as unknown as LighthouseResult;
      for (const warning of lhr.runWarnings ?? []) launch.log(`lighthouse warning: ${warning}`);
      if (launch.reportDir) {
        mkdirSync(launch.reportDir, { recursive: true });
        writeFileSync(path.join(launch.reportDir, `lighthouse-${i}.json`), JSON.stringify(result.lhr));
      }
      const version = (await fetch(`http://127.0.0.1:${chrome.port}/json/version`).then((r) => r.json()).catch(() => null)) as { Browser?: string } | null;
      const lcpSimulation = await simulateLcp(result.lhr, (result as { artifacts?: unknown }).artifacts);
      if (lcpSimulation) launch.log(`lighthouse: simulated LCP ended with ${lcpSimulation.lastPessimistic[0]?.what ?? '?'} (optimistic ${lcpSimulation.optimisticMs} ms, pessimistic ${lcpSimulation.pessimisticMs} ms)`);
      runs.push({ lhr, figures: lighthouseFigures(lhr), browser: version?.Browser?.split('/')[1] ?? browserVersion(lhr), lcpSimulation });
    } finally {
      await chrome.kill();
    }
  }
  return runs;
}

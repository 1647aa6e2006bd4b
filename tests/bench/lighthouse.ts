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

export interface LighthouseRun {
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
      runs.push({ lhr, figures: lighthouseFigures(lhr), browser: version?.Browser?.split('/')[1] ?? browserVersion(lhr) });
    } finally {
      await chrome.kill();
    }
  }
  return runs;
}

import { describe, expect, it } from 'vitest';
import { browserVersion, failingAudits, lighthouseFigures, type LighthouseResult, lastSimulatedNodes, type LanternNode } from '../../../tests/bench/lighthouse.ts';
import { Samples } from '../../../tests/bench/results.ts';

/** A trimmed Lighthouse 12 result with the fields the bench reads. */
function lhr(overrides: Partial<LighthouseResult> = {}): LighthouseResult {
  return {
    lighthouseVersion: '12.8.2',
    environment: { hostUserAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/150.0.7871.100 Safari/537.36', benchmarkIndex: 1200 },
    categories: {
      performance: { score: 0.97, auditRefs: [{ id: 'largest-contentful-paint', weight: 25 }, { id: 'total-blocking-time', weight: 30 }] },
      accessibility: { score: 1, auditRefs: [{ id: 'color-contrast', weight: 7 }] },
      'best-practices': { score: 0.96, auditRefs: [{ id: 'errors-in-console', weight: 1 }, { id: 'csp-xss', weight: 0 }] },
      seo: { score: 1, auditRefs: [{ id: 'document-title', weight: 1 }] },
    },
    audits: {
      'first-contentful-paint': { score: 0.99, numericValue: 1012.4 },
      'largest-contentful-paint': { id: 'largest-contentful-paint', title: 'Largest Contentful Paint', score: 0.93, numericValue: 1875.5 },
      'total-blocking-time': { id: 'total-blocking-time', score: 1, numericValue: 40 },
      'cumulative-layout-shift': { score: 1, numericValue: 0.0012 },
      'speed-index': { score: 1, numericValue: 1100 },
      'color-contrast': { id: 'color-contrast', score: 1 },
      'errors-in-console': { id: 'errors-in-console', title: 'No browser errors logged to the console', score: 0 },
      'csp-xss': { id: 'csp-xss', score: 0, scoreDisplayMode: 'informative' },
      'document-title': { id: 'document-title', score: 1 },
      'network-requests': {
        score: null,
        details: { type: 'table', items: [{ url: 'a', transferSize: 1024, resourceSize: 4096 }, { url: 'b', transferSize: 512, resourceSize: 512 }, { url: 'c' }] },
      },
    },
    ...overrides,
  };
}

describe('Lighthouse figures', () => {
  it('reads the four scores as 0–100, the load metrics and the compressed and decoded bytes', () => {
    expect(lighthouseFigures(lhr())).toEqual({
      'lighthouse.performance': 97,
      'lighthouse.accessibility': 100,
      'lighthouse.bestPractices': 96,
      'lighthouse.seo': 100,
      'lighthouse.fcpMs': 1012.4,
      'lighthouse.lcpMs': 1875.5,
      'lighthouse.tbtMs': 40,
      'lighthouse.cls': 0.0012,
      'lighthouse.speedIndexMs': 1100,
      'lighthouse.transferKiB': 1.5,
      'lighthouse.resourceKiB': 4.5,
    });
  });

  it('leaves what Lighthouse could not measure as NaN, which the statistics drop', () => {
    const broken = lhr({ categories: { performance: { score: null } }, audits: {} });
    const figures = lighthouseFigures(broken);
    expect(figures['lighthouse.performance']).toBeNaN();
    expect(figures['lighthouse.lcpMs']).toBeNaN();
    expect(figures['lighthouse.transferKiB']).toBeNaN();
    const samples = new Samples();
    for (const run of [lhr(), broken, lhr({ audits: { ...lhr().audits, 'largest-contentful-paint': { score: 0.5, numericValue: 2500 } } })]) {
      for (const [key, value] of Object.entries(lighthouseFigures(run))) samples.add('lighthouse', key as never, value);
    }
    const summary = samples.summarize().lighthouse!;
    expect(summary['lighthouse.lcpMs']).toEqual({ median: 2187.75, min: 1875.5, max: 2500, runs: 2 });
    expect(summary['lighthouse.performance']).toEqual({ median: 97, min: 97, max: 97, runs: 2 });
  });

  it('lists the scored audits that cost points, not the informative ones', () => {
    expect(failingAudits(lhr())).toEqual({
      performance: ['largest-contentful-paint: Largest Contentful Paint (93)'],
      'best-practices': ['errors-in-console: No browser errors logged to the console (0)'],
    });
  });

  it('finds the browser version in the user agent', () => {
    expect(browserVersion(lhr())).toBe('150.0.7871.100');
    expect(browserVersion({ environment: { hostUserAgent: 'Chrome/139.0.1.2 Mobile' } })).toBe('139.0.1.2');
    expect(browserVersion({})).toBeNull();
  });
});

describe('what the simulated LCP waited for', () => {
  it('names the requests and tasks that ended last in the simulation, the last first', () => {
    const request = (url: string, priority: string, transferSize: number) => ({ type: 'network', request: { url, priority, transferSize } });
    const task = (duration: number, layout: boolean) => ({ type: 'cpu', duration, didPerformLayout: () => layout });
    const timings: [LanternNode, { startTime: number; endTime: number }][] = [
      [request('http://h/alerts', 'VeryHigh', 1400), { startTime: 0, endTime: 607 }],
      [request('http://h/assets/index-abc.js', 'High', 83_644), { startTime: 680, endTime: 1737.4 }],
      [task(16_600, true), { startTime: 1737.4, endTime: 1803.6 }],
      [request('http://h/assets/workbox-window.js', 'High', 2897), { startTime: 1737.4, endTime: 1894.2 }],
    ];
    expect(lastSimulatedNodes(timings, 3)).toEqual([
      { what: '/assets/workbox-window.js (High, 2.8 KiB)', startMs: 1737, endMs: 1894 },
      { what: 'main-thread task of 16.6 ms with layout', startMs: 1737, endMs: 1804 },
      { what: '/assets/index-abc.js (High, 81.7 KiB)', startMs: 680, endMs: 1737 },
    ]);
  });
});

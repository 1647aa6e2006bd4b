// How many API requests the console makes per minute with 1, 3 and 10 tabs of the alerts screen open in one browser
// (the rule: one poll loop per browser). Starts the demo server with its test hooks, which count what the API receives.
//   node --import tsx tests/bench/tabs-load.ts [--tabs 1,3,10] [--seconds 60] [--dist DIR (another build)]
import { chromium } from '@playwright/test';
import { startServer } from '../../server/start.ts';
import { chromiumLaunchOptions } from './chromium.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const tabCounts = arg('--tabs', '1,3,10').split(',').map(Number);
const seconds = Number(arg('--seconds', '60'));
const distDir = process.argv.includes('--dist') ? arg('--dist', '') : undefined;

const server = await startServer({ port: 0, dataDir: null, seed: 'demo', simulator: { intervalMs: 4000 }, serveConsole: true, distDir, testHooks: true, settings: { AUTH_REQUIRED: false } });
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  for (const n of tabCounts) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const pages = [];
    for (let i = 0; i < n; i++) {
      const page = await context.newPage();
      await page.goto(`${server.url}/alerts`);
      await page.waitForSelector('[data-row-id]');
      pages.push(page);
    }
    server.testHooks!.reset();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const counts = server.testHooks!.counts();
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(`${n} tab(s): ${Math.round((total * 60) / seconds)} API requests a minute`, JSON.stringify(counts));
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}

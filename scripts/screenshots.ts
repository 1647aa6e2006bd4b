// The README's pictures of the alerts screen, light and dark at 1400×900, taken from the built console as `npm start`
// serves it: the demo's settings and seed (no simulator, so two runs show the same alerts), signed in as the demo's
// operator. Renew them after a visible change:
//
//   npm run build && npm run screenshots            # writes docs/images/alerts-light.png and alerts-dark.png
//   npm run screenshots -- --dist DIR --out DIR     # another build, another folder
//
// Chromium is /usr/bin/chromium or CHROMIUM_PATH (tests/bench/chromium.ts).
import { mkdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { startServer } from '../server/start.ts';
import { demoSettings, parseArgs } from '../server/cli.ts';
import { DEMO_PASSWORD } from '../server/seed.ts';
import { chromiumLaunchOptions } from '../tests/bench/chromium.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const SHOTS = [
  { file: 'alerts-light.png', colorScheme: 'light' },
  { file: 'alerts-dark.png', colorScheme: 'dark' },
] as const;

export const VIEWPORT = { width: 1400, height: 900 } as const;

/** The demo login the pictures are taken as: an operator sees every alert and every action, and no admin entries. */
export const SIGNED_IN_AS = 'operator@alerta.dev';

export interface ScreenshotOptions {
  distDir: string;
  outDir: string;
}

export function parseScreenshotArgs(argv: readonly string[]): ScreenshotOptions {
  const opts: ScreenshotOptions = { distDir: path.join(ROOT, 'dist'), outDir: path.join(ROOT, 'docs', 'images') };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${a} needs a value`);
      return path.resolve(v);
    };
    if (a === '--dist') opts.distDir = value();
    else if (a === '--out') opts.outDir = value();
    else throw new Error(`unknown option ${a} (options: --dist DIR, --out DIR)`);
  }
  return opts;
}

async function main(): Promise<void> {
  const opts = parseScreenshotArgs(process.argv.slice(2));
  if (!existsSync(path.join(opts.distDir, 'index.html'))) {
    throw new Error(`${opts.distDir} holds no built console: run \`npm run build\` first`);
  }
  mkdirSync(opts.outDir, { recursive: true });
  const settings = demoSettings(parseArgs([], {}), {});
  const server = await startServer({ port: 0, dataDir: null, seed: 'demo', simulator: false, serveConsole: true, distDir: opts.distDir, settings });
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch(chromiumLaunchOptions());
    for (const shot of SHOTS) {
      const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: shot.colorScheme, locale: 'en-GB', timezoneId: 'UTC' });
      const page = await context.newPage();
      await page.goto(`${server.url}/login`);
      await page.getByLabel(/username|e-?mail/i).first().fill(SIGNED_IN_AS);
      await page.getByLabel(/password/i).first().fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
      await page.waitForURL(/\/alerts/);
      await page.locator('[data-row-id]').first().waitFor();
      // The freshness line says "Live" once an answer has been rendered; then fonts and the time-left cells settle.
      await page.getByText(/^Live\b/).first().waitFor();
      await page.evaluate(() => document.fonts.ready);
      await page.mouse.move(0, VIEWPORT.height - 1);
      await page.waitForTimeout(1500);
      const file = path.join(opts.outDir, shot.file);
      await page.screenshot({ path: file });
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
      await context.close();
    }
  } finally {
    await browser?.close();
    await server.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e: unknown) => {
    console.error((e as Error).message);
    process.exit(1);
  });
}

// `node --import tsx tests/bench/format-cost.ts [ROUNDS]`: what one formatted date or message costs in Chromium, the
// console's own formatters (src/core/date-format.ts, src/core/icu-message.ts) against luxon and intl-messageformat,
// warm (median µs per call) and cold (the first call in a fresh page, ms). The figures behind the "Stack" section
// of docs/architecture.md. Bundles tests/bench/format-cost-page.ts with the build's message compiler into a
// temporary folder and runs it in headless Chromium (/usr/bin/chromium, or CHROMIUM_PATH).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { icuMessages } from '../../scripts/icu-messages.ts';
import { chromiumLaunchOptions } from './chromium.ts';
import { median } from './stats.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const COLD_RUNS = 7;

const rounds = Number(process.argv[2] ?? 15);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error('Usage: node --import tsx tests/bench/format-cost.ts [ROUNDS]   (rounds of 1000 calls per case, default 15)');
  process.exit(2);
}

const out = mkdtempSync(path.join(os.tmpdir(), 'alerta-format-cost-'));
try {
  await build({
    configFile: false,
    logLevel: 'warn',
    plugins: [icuMessages()],
    build: {
      target: 'es2022',
      outDir: out,
      minify: true,
      lib: { entry: path.join(HERE, 'format-cost-page.ts'), formats: ['iife'], name: 'formatCost', fileName: () => 'page.js' },
    },
  });
  const script = readFileSync(path.join(out, 'page.js'), 'utf8');
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const open = async () => {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><title>format cost</title>');
      await page.addScriptTag({ content: script });
      return page;
    };
    console.log(`Chromium ${browser.version()}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}, ${new Date().toISOString()}`);
    const page = await open();
    const warm = (await page.evaluate(`formatCost.measure(${rounds})`)) as Record<string, number>;
    await page.close();
    console.log(`\nwarm: median µs per call (${rounds} rounds of 1000 calls, interleaved)`);
    for (const [name, us] of Object.entries(warm)) console.log(`  ${name.padEnd(52)} ${us.toFixed(2).padStart(7)}`);

    const coldCases = ['date: own', 'date: luxon', 'message: own', 'message: intl-messageformat'];
    const cold = new Map<string, number[]>();
    for (let r = 0; r < COLD_RUNS; r++) {
      for (const which of coldCases) {
        const fresh = await open();
        const ms = (await fresh.evaluate(`formatCost.cold(${JSON.stringify(which)})`)) as number;
        cold.set(which, [...(cold.get(which) ?? []), ms]);
        await fresh.close();
      }
    }
    console.log(`\ncold: the first call in a fresh page, median ms of ${COLD_RUNS} (min–max)`);
    for (const [which, list] of cold) console.log(`  ${which.padEnd(52)} ${median(list).toFixed(2).padStart(7)}  (${Math.min(...list).toFixed(2)}–${Math.max(...list).toFixed(2)})`);
  } finally {
    await browser.close();
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

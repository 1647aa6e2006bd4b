// By hand only (not committed): the real Alerta's CPU per cycle of a grouped console, old and new builds.
import { chromium } from 'playwright-core';
import { readFileSync, readdirSync } from 'node:fs';
import { startServer } from '../server/start.ts';

const dist = process.argv[2]!;
const marker = process.argv[3]!; // a substring of one request per cycle
const seconds = Number(process.argv[4] ?? 60);
const flaskPid = Number(readFileSync('/tmp/alerta-9081.pid', 'utf8').trim());
const ticks = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(f[11]) + Number(f[12]);
};
const pgTicks = () => {
  let n = 0;
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      if (readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'postgres') n += ticks(Number(p));
    } catch {}
  }
  return n;
};
const front = await startServer({ port: 8090, host: '127.0.0.1', dataDir: null, seed: 'none', simulator: false, serveConsole: true, distDir: dist, consoleEndpoint: 'http://127.0.0.1:9081', settings: { AUTH_REQUIRED: false } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');
let bytes = 0;
let cycles = 0;
let requests = 0;
const urls = new Map<string, string>();
cdp.on('Network.requestWillBeSent', (e) => {
  if (e.request.url.startsWith('http://127.0.0.1:9081') && e.request.method === 'GET') {
    urls.set(e.requestId, e.request.url);
    requests++;
    if (e.request.url.includes(marker)) cycles++;
  }
});
cdp.on('Network.loadingFinished', (e) => {
  if (urls.has(e.requestId)) bytes += e.encodedDataLength;
});
await page.goto('http://127.0.0.1:8090/login');
await page.getByLabel(/Username|Email/i).first().fill('admin@example.org');
await page.getByLabel(/Password/i).first().fill('alerta-check');
await page.getByRole('button', { name: /log in|sign in/i }).first().click();
await page.waitForURL(/\/alerts/, { timeout: 30_000 });
await page.goto('http://127.0.0.1:8090/alerts#gb:event');
await page.waitForSelector('[data-group-key]', { timeout: 60_000 });
await page.waitForTimeout(20_000);
const f0 = ticks(flaskPid), p0 = pgTicks(), b0 = bytes, c0 = cycles, r0 = requests;
await page.waitForTimeout(seconds * 1000);
const f1 = ticks(flaskPid), p1 = pgTicks();
const n = cycles - c0;
const hz = 100;
console.log(JSON.stringify({ dist, cycles: n, requestsPerCycle: (requests - r0) / n, flaskCpuMsPerCycle: ((f1 - f0) * 1000) / hz / n, postgresCpuMsPerCycle: ((p1 - p0) * 1000) / hz / n, bytesPerCycle: Math.round((bytes - b0) / n), groups: await page.locator('[data-group-key]').count() }));
await browser.close();
await front.close();

import { execFileSync } from 'node:child_process';
import { cpSync, createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { REPO_ROOT, startServer, type RunningServer } from '../../server/start.ts';
import { CSP_REPORT_PATH, securityHeaders } from '../../server/console-serving.ts';

// A new version deployed while the console is open: the service worker downloads it in the background, the page
// offers "A new version is available – Reload", and Reload brings the page onto the new build. Two builds of the
// console are made in this test and served from one folder, the second one over the first, like a real deployment.

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ogg': 'audio/ogg',
  '.woff2': 'font/woff2',
};

/** A static server for a build folder (SPA fallback, no caching of the shell) that forwards the API to the demo server. */
function serveBuild(root: string, api: RunningServer): Promise<{ url: string; server: Server }> {
  const apiUrl = new URL(api.url);
  const server = createServer((req, res) => {
    const urlPath = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    if (urlPath.startsWith('/api/') || urlPath === '/api' || urlPath === '/config.json' || urlPath === CSP_REPORT_PATH) {
      const upstream = request(
        { hostname: apiUrl.hostname, port: apiUrl.port, path: req.url, method: req.method, headers: { ...req.headers, host: apiUrl.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    let file = path.join(root, path.normalize(urlPath).replace(/^([/\\])+/, ''));
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) {
      if (urlPath.startsWith('/assets/')) return void res.writeHead(404).end();
      file = path.join(root, 'index.html');
    }
    const immutable = urlPath.startsWith('/assets/');
    res.writeHead(200, {
      // The console's own security policy, as every server of the demo sends it (violations go to the demo server).
      ...securityHeaders({ endpoints: ['/api'], reportUri: CSP_REPORT_PATH }),
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    resolve({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server });
  }));
}

function build(outDir: string) {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: REPO_ROOT,
    stdio: 'pipe',
  });
}

/** A deployment: a build's files copied over the site's, as a copy to a web server's folder does. */
function deploy(build: string) {
  cpSync(build, site, { recursive: true, force: true });
}

const buildId = (page: Page) => page.locator('meta[name="app-build"]').getAttribute('content');

async function waitForController(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}

let workDir: string;
let site: string;
/**
 * Two builds made before the tests (each gets its own build id). The site starts as A; the first test deploys B over
 * it, the second deploys A again: a version other than the running one, as every deployment is.
 */
let buildA: string;
let buildB: string;
let api: RunningServer;
let web: { url: string; server: Server };

test.beforeAll(async () => {
  // Two production builds: up to a minute each on a busy machine. Made here, so the test itself only deploys.
  test.setTimeout(300_000);
  workDir = mkdtempSync(path.join(tmpdir(), 'pwa-update-'));
  site = path.join(workDir, 'site');
  buildA = path.join(workDir, 'a');
  buildB = path.join(workDir, 'b');
  build(buildA);
  build(buildB);
  deploy(buildA);
  api = await startServer({ port: 0, host: '127.0.0.1', dataDir: null, seed: 'demo', simulator: false, serveConsole: false, settings: { AUTH_REQUIRED: false } });
  web = await serveBuild(site, api);
});

test.afterAll(async () => {
  await new Promise((resolve) => web?.server.close(resolve));
  web?.server.closeAllConnections();
  await api?.close().catch(() => undefined);
  rmSync(workDir, { recursive: true, force: true });
});

test('a new deployment is offered as "A new version is available – Reload" and Reload brings every open tab onto it', async ({ context }) => {
  test.setTimeout(60_000);
  const first = await context.newPage();
  await first.goto(`${web.url}/alerts`);
  await expect(first.getByRole('table', { name: 'Alerts' })).toBeVisible();
  await waitForController(first);
  const oldBuild = await buildId(first);
  expect(oldBuild).toBeTruthy();
  const second = await context.newPage();
  await second.goto(`${web.url}/alerts`);
  await expect(second.getByRole('table', { name: 'Alerts' })).toBeVisible();

  deploy(buildB);
  // What the console does every 30 minutes and on coming back to the tab, done now.
  await first.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

  const prompt = first.getByRole('status').filter({ hasText: 'A new version is available' });
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  // Downloaded but not applied: the page still runs the old build until the user says so.
  expect(await buildId(first)).toBe(oldBuild);
  await expect(second.getByRole('status').filter({ hasText: 'A new version is available' })).toBeVisible();

  await Promise.all([first.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
  await expect(first.getByRole('table', { name: 'Alerts' })).toBeVisible();
  const newBuild = await buildId(first);
  expect(newBuild).toBeTruthy();
  expect(newBuild).not.toBe(oldBuild);
  await expect(first.getByText('A new version is available')).toHaveCount(0);

  // The other tab still runs the old shell under the new service worker: it keeps offering the reload.
  const stillOld = second.getByRole('status').filter({ hasText: 'A new version is available' });
  await expect(stillOld).toBeVisible();
  await Promise.all([second.waitForEvent('load'), stillOld.getByRole('button', { name: 'Reload' }).click()]);
  await expect(second.getByRole('table', { name: 'Alerts' })).toBeVisible();
  expect(await buildId(second)).toBe(newBuild);
});

test('a wall display in kiosk mode applies a new version by itself once nobody has touched it for a while', async ({ page }) => {
  test.setTimeout(60_000);
  // The page's clock is the test's: "a while" passes in an instant. The data worker keeps real time.
  await page.clock.install();
  await page.goto(`${web.url}/alerts?kiosk=1`);
  await expect(page.getByRole('table', { name: 'Alerts' })).toBeVisible();
  await waitForController(page);
  const oldBuild = await buildId(page);

  deploy(buildA);
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)), { timeout: 20_000 }).toBe(true);
  // Nobody to click a prompt on a wall display: none is shown, and nothing happens while someone uses the display.
  await expect(page.getByText('A new version is available')).toHaveCount(0);
  await page.keyboard.press('Shift');
  await page.clock.runFor(30_000);
  expect(await buildId(page)).toBe(oldBuild);

  // Then a quiet minute: the display switches to the new version and reloads itself (time moves in steps, so the
  // page can act on each one like it would in real time).
  for (let step = 0; step < 24; step++) {
    await page.clock.runFor(5_000);
    const applied = await page
      .evaluate(async () => !(await navigator.serviceWorker.getRegistration())?.waiting)
      .catch(() => true); // the page is already reloading
    if (applied) break;
  }
  await expect.poll(() => buildId(page).catch(() => oldBuild), { timeout: 15_000 }).not.toBe(oldBuild);
  await expect(page.getByRole('table', { name: 'Alerts' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('?kiosk=1');
});

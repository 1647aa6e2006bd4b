import http from 'node:http';
import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { countListMessages, afterListCycles } from './support.ts';
import { startServer, type RunningServer } from '../../server/start.ts';

// The console on one origin and the API on another, as most deployments run: every API request carries
// Authorization or X-Request-ID, so the browser asks the API first (a CORS preflight). The demo API says how long the
// answer may be kept (Access-Control-Max-Age: 600); the data worker's requests must let the browser keep it, and
// must never show an old list, even behind a proxy that adds cache headers of its own (docs/cross-origin.md).

const base = Number(process.env.E2E_PORT ?? 4173);
let api: RunningServer;
let front: RunningServer;
let proxy: http.Server;
/** what the proxy between console and API adds to the API's answers */
let proxyAdds: 'nothing' | 'max-age' | 'etag' = 'nothing';
/** the requests that reached the proxy, in order */
const proxyLog: { at: number; method: string; path: string }[] = [];

test.beforeAll(async () => {
  // One-second polls: a few seconds show whether each poll pays a preflight.
  api = await startServer({
    port: base + 2,
    host: '127.0.0.1',
    dataDir: null,
    seed: 'demo',
    simulator: false,
    serveConsole: false,
    testHooks: true,
    settings: { AUTH_REQUIRED: false, AUTO_REFRESH_INTERVAL: 1000, CORS_MAX_AGE: 600 },
  });
  proxy = http.createServer((req, res) => {
    proxyLog.push({ at: Date.now(), method: req.method ?? '', path: req.url ?? '' });
    const upstream = http.request({ host: '127.0.0.1', port: api.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        const headers = { ...answer.headers };
        delete headers['content-length'];
        delete headers['transfer-encoding'];
        delete headers.connection;
        let status = answer.statusCode ?? 502;
        if (req.method === 'GET' && status === 200 && proxyAdds === 'max-age') headers['cache-control'] = 'max-age=60';
        if (req.method === 'GET' && status === 200 && proxyAdds === 'etag') {
          const tag = `"${createHash('sha1').update(body).digest('hex')}"`;
          headers.etag = tag;
          if (req.headers['if-none-match'] === tag) status = 304;
        }
        const out = status === 304 ? Buffer.alloc(0) : body;
        res.writeHead(status, { ...headers, 'content-length': String(out.length) });
        res.end(out);
      });
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(base + 4, '127.0.0.1', resolve));
  front = await startServer({
    port: base + 3,
    host: '127.0.0.1',
    dataDir: null,
    seed: 'none',
    simulator: false,
    serveConsole: true,
    consoleEndpoint: `http://127.0.0.1:${base + 4}/api`,
    settings: { AUTH_REQUIRED: false },
  });
});

test.afterAll(async () => {
  await front?.close().catch(() => undefined);
  await new Promise((resolve) => proxy?.close(resolve));
  await api?.close().catch(() => undefined);
});

test.beforeEach(() => {
  proxyAdds = 'nothing';
});

async function openAlerts(page: Page) {
  await page.goto(`${front.url}/alerts`);
  await expect.poll(async () => page.getByRole('table', { name: 'Alerts' }).getByRole('row').count()).toBeGreaterThan(5);
}

/** GETs and preflights of /alerts the API received since the counts were last reset. */
function alertsRequests() {
  const counts = api.testHooks!.counts();
  return { gets: counts['GET /alerts'] ?? 0, preflights: counts['OPTIONS /alerts'] ?? 0 };
}

/** Cycles of the list the API saw since the counts were reset: each asks once which alert was updated last. */
const cycles = () => api.testHooks!.log().filter((l) => l.startsWith('GET /alerts?') && l.includes('sort-by=updateTime&page=1&page-size=1')).length;

/**
 * Waits until the list's cheap questions ask the same every cycle: the first cycles start their cursors (each a URL of
 * its own, with its preflight), then a cycle in which nothing changed asks exactly what the one before it asked.
 */
async function untilSteady() {
  api.testHooks!.reset();
  await expect.poll(cycles, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
}

async function postAlert(resource: string) {
  const res = await fetch(`${api.apiUrl}/alert`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ resource, event: 'CrossOrigin', environment: 'Production', severity: 'critical', service: ['Web'], text: 'new since the last poll' }),
  });
  expect(res.status).toBe(201);
}

/**
 * The page's first message to the worker (and any after it) is held until the test lets it pass, as when the page's
 * main thread is busy with its start: what the worker does before that message is shown by order, not by a delay a
 * busy machine can outlast.
 */
async function holdFirstMessage(page: Page) {
  await page.addInitScript(() => {
    const post = Worker.prototype.postMessage;
    const held: [Worker, unknown[]][] = [];
    let holding = true;
    const w = window as unknown as { messageHeld: boolean; passFirstMessage: () => void };
    w.messageHeld = false;
    w.passFirstMessage = () => {
      holding = false;
      for (const [worker, a] of held.splice(0)) post.apply(worker, a as Parameters<Worker['postMessage']>);
    };
    Worker.prototype.postMessage = function (this: Worker, ...args: unknown[]) {
      if (!holding) return post.apply(this, args as Parameters<Worker['postMessage']>);
      w.messageHeld = true;
      held.push([this, args]);
    } as Worker['postMessage'];
  });
}

/** Waits until the page has tried to send its first message (held), checks `before` while it is held, then lets it pass. */
async function whileFirstMessageHeld(page: Page, before: () => Promise<void>) {
  await page.goto(`${front.url}/alerts`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { messageHeld: boolean }).messageHeld)).toBe(true);
  await before();
  await page.evaluate(() => (window as unknown as { passFirstMessage: () => void }).passFirstMessage());
  await expect.poll(async () => page.getByRole('table', { name: 'Alerts' }).getByRole('row').count()).toBeGreaterThan(5);
}

test('a first start asks for its config before the page’s first message reaches the worker', async ({ page, context }) => {
  await holdFirstMessage(page);
  let configJsonAsked = false;
  await context.route(/\/config\.json$/, async (route) => {
    configJsonAsked = true;
    await route.continue();
  });
  proxyLog.length = 0;
  await whileFirstMessageHeld(page, async () => {
    await expect.poll(() => configJsonAsked, 'config.json asked for').toBe(true);
    await expect.poll(() => proxyLog.some((r) => r.method === 'GET' && r.path.startsWith('/api/config')), '/api/config asked for').toBe(true);
  });
  // Asked for once: the start takes the early answer.
  expect(proxyLog.filter((r) => r.method === 'GET' && r.path.startsWith('/api/config'))).toHaveLength(1);
});

test('a first start loads the rest of the worker before the page’s first message reaches it', async ({ page, context }) => {
  await holdFirstMessage(page);
  let restAsked = false;
  await context.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    restAsked = true;
    await route.continue();
  });
  await whileFirstMessageHeld(page, () => expect.poll(() => restAsked, 'the rest of the worker asked for').toBe(true));
});

test.describe('a later start', () => {
  // The rest of the data worker is held back below; the service worker would serve it from its cache unseen.
  test.use({ serviceWorkers: 'block' });

  test('asks the API for its config and its list before the rest of the worker has loaded, and for the list once', async ({ page, context }) => {
    await openAlerts(page);
    // The page keeps the request this start's list made first, under the address it opened at.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('alerta.startRequests'))).toContain('/api/alerts?');
    // The rest of the worker (everything but its first, small script) comes 1.5 s late.
    let restLoadedAt = Infinity;
    await context.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      restLoadedAt = Date.now();
      await route.continue();
    });
    proxyLog.length = 0;
    await page.reload();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    expect(restLoadedAt).toBeLessThan(Infinity);
    await expect.poll(() => Date.now()).toBeGreaterThan(restLoadedAt + 800);
    const gets = proxyLog.filter((r) => r.method === 'GET');
    const list = gets.find((r) => r.path.startsWith('/api/alerts?'));
    expect(list?.at).toBeLessThan(restLoadedAt);
    expect(gets.find((r) => r.path.startsWith('/api/config'))?.at).toBeLessThan(restLoadedAt);
    // Its answer is the list's first: the worker, once loaded, asks again only at the next poll, an interval (1 s) later.
    expect(gets.filter((r) => r.path === list!.path && r.at < restLoadedAt + 800)).toHaveLength(1);
  });

  test('that cannot load the rest of the worker (a new version replaced it meanwhile) says so in the user’s language, and a reload mends it', async ({ page, context, browser }) => {
    let refused = true;
    await context.route(/\/assets\/main-[\w-]+\.js$/, (route) => (refused ? route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }) : route.continue()));
    await page.goto(`${front.url}/alerts`);
    const dialog = page.getByRole('alertdialog', { name: 'The console did not load completely' });
    await expect(dialog).toContainText('Reload the page');
    await expect(dialog).toContainText('The data worker could not load its code');
    // A retry of the start cannot help: the dialog offers the reload, which loads the worker anew.
    await expect(dialog.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    refused = false;
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(async () => page.getByRole('table', { name: 'Alerts' }).getByRole('row').count()).toBeGreaterThan(5);

    const french = await browser.newContext({ locale: 'fr-FR', serviceWorkers: 'block' });
    try {
      await french.route(/\/assets\/main-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }));
      const page2 = await french.newPage();
      await page2.goto(`${front.url}/alerts`);
      const dialog2 = page2.getByRole('alertdialog', { name: 'La console ne s’est pas chargée entièrement' });
      await expect(dialog2).toContainText('Rechargez la page');
      await expect(dialog2.getByRole('button', { name: 'Recharger' })).toBeVisible();
    } finally {
      await french.close();
    }
  });
});

test('with Access-Control-Max-Age the polls reuse the preflight: none per poll, where each poll used to pay one', async ({ page }) => {
  await openAlerts(page);
  await untilSteady();
  api.testHooks!.reset();
  await expect.poll(cycles, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
  const { gets, preflights } = alertsRequests();
  expect(gets).toBeGreaterThanOrEqual(8);
  // Nothing changed, so each cycle asks what the last one asked: their preflights were kept from the first ones.
  expect(preflights).toBe(0);
});

test('behind a proxy that adds Cache-Control: max-age=60 the list still follows every poll, never an old copy', async ({ page }) => {
  proxyAdds = 'max-age';
  await countListMessages(page);
  await openAlerts(page);
  api.testHooks!.reset();
  const resource = `cross-origin-max-age-${Date.now()}`;
  await postAlert(resource);
  await expect(page.getByRole('table', { name: 'Alerts' }).getByRole('row').filter({ hasText: resource })).toHaveCount(1, { timeout: 5_000 });
  await afterListCycles(page, 2);
  // Every poll reached the API (none was answered from the browser's cache); each pays its preflight then. The counts
  // are reset and read at any moment of a poll: a GET may be counted without its preflight, or a preflight without
  // its GET, so they may differ by one (with a kept preflight there would be none).
  const { gets, preflights } = alertsRequests();
  expect(gets).toBeGreaterThanOrEqual(3);
  expect(Math.abs(preflights - gets)).toBeLessThanOrEqual(1);
});

test('behind a proxy that adds an ETag the list follows every poll, and the polls still reuse the preflight', async ({ page }) => {
  proxyAdds = 'etag';
  await openAlerts(page);
  await untilSteady();
  const resource = `cross-origin-etag-${Date.now()}`;
  await postAlert(resource);
  await expect(page.getByRole('table', { name: 'Alerts' }).getByRole('row').filter({ hasText: resource })).toHaveCount(1, { timeout: 5_000 });
  // The new alert moved the receive cursor: that question asks a new URL (one preflight), then it is steady again.
  await untilSteady();
  api.testHooks!.reset();
  await expect.poll(cycles, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  const { gets, preflights } = alertsRequests();
  expect(gets).toBeGreaterThanOrEqual(6);
  expect(preflights).toBe(0);
});

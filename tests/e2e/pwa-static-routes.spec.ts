import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../../server/start.ts';

// Where the installed service worker steps aside (Service Worker Static Routing API, in Chromium): requests made with
// fetch() (the data worker's API calls and config.json) go straight to the network, without waiting for the worker's
// fetch handler; the shell's own files (scripts, styles, documents) still come from its precache. The browser reports
// which route answered each response (DevTools protocol).

let server: RunningServer | null = null;

test.afterAll(async () => {
  await server?.close().catch(() => undefined);
});

test('once installed, the service worker lets fetch() requests go to the network and answers the shell from its precache', async ({ context }) => {
  test.setTimeout(60_000);
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir: null, seed: 'demo', simulator: false, serveConsole: true, settings: { AUTH_REQUIRED: false } });
  const { url } = server;

  const first = await context.newPage();
  await first.goto(`${url}/alerts`);
  await expect.poll(() => first.getByRole('table', { name: 'Alerts' }).getByRole('row').count(), { timeout: 30_000 }).toBeGreaterThan(5);
  await first.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
  await first.close();

  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const answered = new Map<string, { status: number; fromServiceWorker: boolean; route: string | null }>();
  cdp.on('Network.responseReceived', (event) => {
    const { pathname } = new URL(event.response.url);
    const router = (event.response as { serviceWorkerRouterInfo?: { matchedSourceType?: string } }).serviceWorkerRouterInfo;
    answered.set(pathname, { status: event.response.status, fromServiceWorker: event.response.fromServiceWorker ?? false, route: router?.matchedSourceType ?? null });
  });
  await page.goto(`${url}/alerts`);
  await expect.poll(() => page.getByRole('table', { name: 'Alerts' }).getByRole('row').count(), { timeout: 30_000 }).toBeGreaterThan(5);

  // The shell: from the precache, through the service worker.
  const scripts = [...answered].filter(([pathname]) => /^\/assets\/[^/]+\.js$/.test(pathname));
  expect(scripts.length).toBeGreaterThan(2);
  for (const [pathname, answer] of scripts) expect(answer, pathname).toMatchObject({ status: 200, fromServiceWorker: true });

  // A fetch(): the static route to the network.
  expect(await page.evaluate(() => fetch('/config.json').then((r) => r.status))).toBe(200);
  await expect.poll(() => answered.get('/config.json')).toEqual({ status: 200, fromServiceWorker: false, route: 'network' });
});

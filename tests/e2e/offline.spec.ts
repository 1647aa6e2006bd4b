import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../../server/start.ts';

// Network loss for real: this test runs its own server and stops it, so the reload can only come from the service
// worker's precache and the worker's IndexedDB cache.
let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir: null, seed: 'demo', simulator: false, serveConsole: true, settings: { AUTH_REQUIRED: false } });
});

test.afterAll(async () => {
  await server?.close().catch(() => undefined);
});

test('with the network gone, a reload still opens the console and shows the last known alerts with their age', async ({ page }) => {
  await page.goto(`${server.url}/alerts`);
  const table = page.getByRole('table', { name: 'Alerts' });
  await expect.poll(async () => table.getByRole('row').count()).toBeGreaterThan(5);
  const onlineRows = await table.getByRole('row').count();
  const firstResource = await table.getByRole('row').nth(1).getByRole('cell').nth(6).textContent();

  // The service worker must control the page before the network goes.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });

  await server.close();

  await page.reload();
  await expect(table).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(onlineRows);
  await expect(table.getByRole('cell', { name: firstResource ?? '', exact: true }).first()).toBeVisible();
  // The state is announced to assistive technology; the age beside it says how old the alerts are.
  await expect(page.getByRole('status').filter({ hasText: /^Offline$/ }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('freshness')).toContainText(/last updated .+ ago|last updated just now/);
});

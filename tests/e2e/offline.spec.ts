import { expect, test, type Page } from '@playwright/test';
import { startServer, type RunningServer } from '../../server/start.ts';

// Network loss for real: this test runs its own server and stops it, so the reload can only come from the service
// worker's precache and the worker's IndexedDB cache.
let server: RunningServer;

const startOwnServer = () =>
  startServer({ port: 0, host: '127.0.0.1', dataDir: null, seed: 'demo', simulator: false, serveConsole: true, settings: { AUTH_REQUIRED: false } });

/** The service worker must control the page before the network goes, or nothing of the console can load without it. */
async function serviceWorkerInControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}

test.beforeAll(async () => {
  server = await startOwnServer();
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

  await serviceWorkerInControl(page);
  await server.close();

  await page.reload();
  await expect(table).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(onlineRows);
  await expect(table.getByRole('cell', { name: firstResource ?? '', exact: true }).first()).toBeVisible();
  // The state is announced to assistive technology (the device has a network: the server is what cannot be reached);
  // the age beside it says how old the alerts are.
  await expect(page.getByRole('status').filter({ hasText: /^The server cannot be reached$/ }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('freshness')).toContainText(/last updated .+ ago|last updated just now/);
});

test.describe('an alert opened for the first time without the server', () => {
  let own: RunningServer;

  test.beforeAll(async () => {
    own = await startOwnServer();
  });

  test.afterAll(async () => {
    await own?.close().catch(() => undefined);
  });

  test('shows what the list knows of it, marked as the list’s offline copy, instead of "Failed to fetch"', async ({ page }) => {
    await page.goto(`${own.url}/alerts`);
    const table = page.getByRole('table', { name: 'Alerts' });
    await expect.poll(async () => table.locator('[data-row-id]').count()).toBeGreaterThan(5);
    const row = table.locator('[data-row-id]').first();
    const id = await row.getAttribute('data-row-id');
    const alert = ((await (await fetch(`${own.apiUrl}/alert/${id}`)).json()) as { alert: { event: string; resource: string; text: string } }).alert;
    await serviceWorkerInControl(page);

    await own.close();
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/alert/${id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${alert.event} on ${alert.resource}`);
    const notice = page.getByRole('status').filter({ hasText: 'Stale' });
    await expect(notice).toContainText('Offline copy from the alert list');
    await expect(notice).toContainText('Actions are kept and sent when connected; deleting needs a connection', { timeout: 20_000 });
    await expect(page.getByText('Failed to fetch')).toHaveCount(0);
    await expect(page.getByRole('definition').filter({ hasText: alert.resource }).first()).toBeVisible();
  });
});

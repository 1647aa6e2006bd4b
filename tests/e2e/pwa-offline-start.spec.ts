import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../../server/start.ts';

// The installed app opened with no network at all: after one online visit, a fresh window of the same browser
// profile shows the shell, the cached configuration and the last known alerts with their age; actions that need
// the network are disabled with the reason; when the server is back, the list goes live again by itself.
// This test runs its own server so it can take it away and bring it back on the same port.

const settings = { AUTH_REQUIRED: false };
let server: RunningServer | null = null;

test.afterAll(async () => {
  await server?.close().catch(() => undefined);
});

test('opening the console with no network shows the cached shell, config and alerts with their age, and recovers by itself', async ({ context }) => {
  test.setTimeout(60_000);
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir: null, seed: 'demo', simulator: false, serveConsole: true, settings });
  const { url, port } = server;

  // The first, online visit: the list, and one alert's details, as a user would have looked at them.
  const online = await context.newPage();
  await online.goto(`${url}/alerts`);
  const table = online.getByRole('table', { name: 'Alerts' });
  await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(5);
  const rowCount = await table.getByRole('row').count();
  const firstRow = table.getByRole('row').nth(1);
  const resource = (await firstRow.getByRole('cell').nth(6).textContent())?.trim() ?? '';
  expect(resource).not.toBe('');
  await online.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
  await firstRow.click();
  await expect(online).toHaveURL(/\/alert\//);
  const detailPath = new URL(online.url()).pathname;
  await expect(online.getByRole('toolbar', { name: 'Actions' })).toBeVisible();
  await online.close();

  await server.close();
  server = null;

  // A fresh window with no server behind it: everything comes from the service worker and the data worker's cache.
  const app = await context.newPage();
  await app.goto(`${url}/alerts`);
  const cached = app.getByRole('table', { name: 'Alerts' });
  await expect(cached.getByRole('row')).toHaveCount(rowCount);
  await expect(cached.getByRole('cell', { name: resource, exact: true }).first()).toBeVisible();
  // The freshness line: the state (announced) and the age of the cached list.
  const freshness = app.getByTestId('freshness');
  await expect(freshness.getByRole('status')).toHaveText('Offline', { timeout: 15_000 });
  await expect(freshness).toContainText(/last updated .*ago/);
  // The configuration came from the cache (no "Configuration error" dialog), and the banner says what is wrong.
  await expect(app.getByRole('dialog', { name: 'Configuration error' })).toHaveCount(0);
  await expect(app.getByText(`Problem connecting to ${url}/api, retrying...`).first()).toBeVisible();

  // The alert seen before opens from the cache; its actions need the network and say so.
  await app.goto(`${url}${detailPath}`);
  const actions = app.getByRole('toolbar', { name: 'Actions' });
  await expect(actions).toBeVisible();
  const buttons = actions.getByRole('button');
  await expect(buttons.first()).toBeDisabled();
  await expect(buttons.first()).toHaveAttribute('title', /Not available while offline/);
  await expect(app.getByText('Not available while offline').first()).toBeVisible();

  // The server comes back on the same address: nobody reloads, the list goes live on its own.
  await app.goto(`${url}/alerts`);
  await expect(freshness.getByRole('status')).toHaveText('Offline', { timeout: 15_000 });
  server = await startServer({ port, host: '127.0.0.1', dataDir: null, seed: 'demo', simulator: false, serveConsole: true, settings });
  await expect(freshness.getByRole('status')).toHaveText('Live', { timeout: 35_000 });
  await expect(app.getByText(`Problem connecting to ${url}/api, retrying...`)).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../../server/start.ts';

// This file runs its own demo server (auth off) with a clipboard template configured, and stops it to take the
// network away for real: what the page shows then can only come from the service worker and the worker's cache.
const TEMPLATE = [
  '[{{ environment | upper }}] {{ alert.resource }}: {{ text }}',
  'Services: {{ service | join(", ") }}',
  '{% if alert.attributes.runbookUrl %}Runbook: {{ alert.attributes.runbookUrl }}{% endif %}',
  '{{ alert.constructor.constructor("return document.cookie")() }}',
].join('\n');

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: null,
    seed: 'demo',
    simulator: false,
    serveConsole: true,
    ...(process.env.E2E_DIST_DIR ? { distDir: process.env.E2E_DIST_DIR } : {}),
    settings: { AUTH_REQUIRED: false, CLIPBOARD_TEMPLATE: TEMPLATE },
  });
});

test.afterAll(async () => {
  await server?.close().catch(() => undefined);
});

test('copy renders the configured clipboard template; offline the page still shows the alert, marked stale, with its actions disabled', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const resource = `e2e-offline-${Date.now()}`;
  const created = await fetch(`${server.url}/api/alert`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      resource,
      event: 'LinkDown',
      environment: 'Production',
      severity: 'major',
      service: ['Network', 'Platform'],
      text: 'Uplink <b>down</b>',
      attributes: { runbookUrl: 'https://runbooks.example/link' },
    }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`${server.url}/alert/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`LinkDown on ${resource}`);

  await page.getByRole('button', { name: 'Copy to clipboard' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(
    [
      `[PRODUCTION] ${resource}: Uplink <b>down</b>`,
      'Services: Network, Platform',
      'Runbook: https://runbooks.example/link',
      // the call is refused, so the tag is copied as written
      '{{ alert.constructor.constructor("return document.cookie")() }}',
    ].join('\n'),
  );

  // The service worker must control the page before the network goes, so that a reload still opens the console.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
  await server.close();

  const stale = page.getByRole('status').filter({ hasText: 'Stale' });
  await expect(stale).toBeVisible({ timeout: 20_000 });
  await expect(stale).toContainText('Not available while offline');
  const toolbar = page.getByRole('toolbar', { name: 'Actions' });
  await expect(toolbar.getByRole('button', { name: 'Ack', exact: true })).toBeDisabled();
  await expect(page.getByRole('group', { name: 'Alert actions' }).getByRole('button', { name: 'Add note' })).toBeDisabled();

  // A reload with the server gone: the last copy, still marked stale, still copyable.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`LinkDown on ${resource}`, { timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Stale' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: resource, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Copy to clipboard' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`[PRODUCTION] ${resource}`);
});

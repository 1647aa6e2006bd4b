import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../../server/start.ts';

// This file runs its own demo server (auth off) with a clipboard template and a custom action configured, and its
// last test stops it to take the network away for real: what the page shows then can only come from the service
// worker and the worker's cache.
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
    settings: { AUTH_REQUIRED: false, CLIPBOARD_TEMPLATE: TEMPLATE, ACTIONS: ['createTicket'] },
  });
});

test.afterAll(async () => {
  await server?.close().catch(() => undefined);
});

async function createAlert(over: Record<string, unknown>): Promise<string> {
  const created = await fetch(`${server.url}/api/alert`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ event: 'LinkDown', environment: 'Production', severity: 'major', ...over }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

test('a configured custom action is offered in the menu and sent to the API', async ({ page }) => {
  const resource = `e2e-custom-${Date.now()}`;
  const id = await createAlert({ resource });
  await page.goto(`${server.url}/alert/${id}`);
  await page.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Create Ticket' }).click();
  await page.getByRole('tab', { name: /History/ }).click();
  const rows = page.getByRole('table', { name: 'History' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Action');
  const alert = (await (await fetch(`${server.url}/api/alert/${id}`)).json()) as { alert: { status: string; history: { type: string }[] } };
  expect(alert.alert.history.map((h) => h.type)).toEqual(['new', 'action']);
  expect(alert.alert.status).toBe('open');
});

test('copy renders the configured clipboard template; offline the page still shows the alert, marked stale; actions are kept for later, a delete is disabled with the reason', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const resource = `e2e-offline-${Date.now()}`;
  const id = await createAlert({
    resource,
    service: ['Network', 'Platform'],
    text: 'Uplink <b>down</b>',
    attributes: { runbookUrl: 'https://runbooks.example/link' },
  });

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
  await expect(stale).toContainText('Actions are kept and sent when connected; deleting needs a connection');
  const toolbar = page.getByRole('toolbar', { name: 'Actions' });
  await expect(toolbar.getByRole('button', { name: 'Ack', exact: true })).toBeEnabled();
  await expect(page.getByRole('group', { name: 'Alert actions' }).getByRole('button', { name: 'Add note' })).toBeEnabled();
  await expect(toolbar.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(toolbar.getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription(/deleting needs a connection/);

  // A reload with the server gone: the last copy, still marked stale, still copyable.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`LinkDown on ${resource}`, { timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Stale' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: resource, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Copy to clipboard' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`[PRODUCTION] ${resource}`);
});

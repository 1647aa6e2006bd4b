import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../../server/start.ts';

// The installed app opened with no network at all: after one online visit, a fresh window of the same browser
// profile shows the shell, the cached configuration and the last known alerts with their age; an ack and a note
// made there wait in the outbox (across a reload) and reach the server, once, when it is back, with no click; the
// list goes live again by itself. This test runs its own server on its own data directory, so it can take it away
// and bring it back, with the same alerts, on the same port.

const settings = { AUTH_REQUIRED: false };
let server: RunningServer | null = null;
const dataDir = mkdtempSync(path.join(tmpdir(), 'alerta-e2e-offline-'));

test.afterAll(async () => {
  await server?.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

test('opening the console with no network shows the cached shell, config and alerts with their age; what is done offline is sent when the server is back', async ({ context }) => {
  test.setTimeout(90_000);
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir, seed: 'demo', simulator: false, serveConsole: true, settings });
  const { url, port } = server;

  // The first, online visit: the list, and one alert's details, as a user would have looked at them.
  const online = await context.newPage();
  await online.goto(`${url}/alerts`);
  const table = online.getByRole('table', { name: 'Alerts' });
  // A cold start of a new server and browser profile: slower than the default 10 s on a busy machine.
  await expect.poll(() => table.getByRole('row').count(), { timeout: 30_000 }).toBeGreaterThan(5);
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
  // The page of the first open alert on the list, so that it can be acked offline.
  const openRow = table.getByRole('row').filter({ has: online.getByRole('cell', { name: 'Open', exact: true }) }).first();
  const target = { id: (await openRow.getAttribute('data-row-id')) ?? '' };
  expect(target.id).not.toBe('');
  const detailPath = `/alert/${target.id}`;
  await online.goto(`${url}${detailPath}`);
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
  // The freshness line: the state (announced: the device is online, the server is what cannot be reached) and the
  // age of the cached list.
  const freshness = app.getByTestId('freshness');
  await expect(freshness.getByRole('status')).toHaveText('The server cannot be reached', { timeout: 15_000 });
  await expect(freshness).toContainText(/last updated .*ago/);
  // The configuration came from the cache (no "Configuration error" dialog), and the banner says what is wrong.
  await expect(app.getByRole('dialog', { name: 'Configuration error' })).toHaveCount(0);
  await expect(app.getByText(`Problem connecting to ${url}/api, retrying...`).first()).toBeVisible();

  // The alert seen before opens from the cache. Actions are kept for later; only a delete needs the network.
  await app.goto(`${url}${detailPath}`);
  const actions = app.getByRole('toolbar', { name: 'Actions' });
  await expect(actions).toBeVisible();
  await expect(app.getByText('Actions are kept and sent when connected', { exact: false }).first()).toBeVisible();
  const del = actions.getByRole('button', { name: 'Delete' });
  await expect(del).toBeDisabled();
  await expect(del).toHaveAttribute('title', /needs a connection/);

  // An ack and a note, offline: shown as done, marked pending.
  await actions.getByRole('button', { name: 'Ack', exact: true }).click();
  await expect(app.getByTitle('Will be sent when connected').first()).toBeVisible();
  await app.getByRole('group', { name: 'Alert actions' }).getByRole('button', { name: 'Add note' }).click();
  const form = app.getByRole('form', { name: 'Add note' });
  await form.getByRole('textbox').fill('disk swapped while the server was away');
  await form.getByRole('button', { name: 'Add note' }).click();
  await expect(form).toHaveCount(0);

  // A reload, still offline: both still wait, counted in the freshness line.
  await app.goto(`${url}/alerts`);
  await expect(freshness).toContainText('2 actions waiting to be sent', { timeout: 15_000 });
  // The list shows the alert acked, marked pending.
  const row = cached.locator(`[data-row-id="${target.id}"]`);
  await expect(row.getByRole('cell', { name: /^Ack/ })).toBeVisible();
  await expect(row.getByTitle('Will be sent when connected')).toBeVisible();
  // ... whole: the status column makes room for the mark instead of cutting it.
  const markBox = (await row.getByTitle('Will be sent when connected').boundingBox())!;
  const statusBox = (await row.locator('[data-column="status"]').boundingBox())!;
  expect(markBox.x + markBox.width).toBeLessThanOrEqual(statusBox.x + statusBox.width);

  // The server comes back on the same address: nobody reloads, the list goes live on its own.
  await app.goto(`${url}/alerts`);
  await expect(freshness.getByRole('status')).toHaveText('The server cannot be reached', { timeout: 15_000 });
  server = await startServer({ port, host: '127.0.0.1', dataDir, seed: 'demo', simulator: false, serveConsole: true, settings });
  await expect(freshness.getByRole('status')).toHaveText('Live', { timeout: 35_000 });
  await expect(app.getByText(`Problem connecting to ${url}/api, retrying...`)).toHaveCount(0);

  // ... and what was done offline reaches it, once, in order, without a click.
  await expect(freshness).not.toContainText('waiting to be sent', { timeout: 35_000 });
  await expect(row.getByTitle('Will be sent when connected')).toHaveCount(0);
  const after = (await (await fetch(`${url}/api/alert/${target.id}`)).json()) as { alert: { status: string; history: { type: string; text: string }[] } };
  expect(after.alert.status).toBe('ack');
  const notes = (await (await fetch(`${url}/api/alert/${target.id}/notes`)).json()) as { notes: { text: string }[] };
  expect(notes.notes.filter((n) => n.text === 'disk swapped while the server was away')).toHaveLength(1);
});

// The About screen tells which console is running: its version (package.json) and when it was built, the constants
// vite.config.ts gives the build. An administrator checking a deployment reads them there, beside what the server
// says of its own health.
import { expect, test } from '@playwright/test';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../../server/start.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

test("About shows the console's version and the date of the build being served", async ({ page }) => {
  await page.goto('/about');
  const card = page.getByRole('region', { name: 'Web UI' });
  await expect(card.getByRole('term').filter({ hasText: /^Version$/ })).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: `${VERSION} (successor of web UI 8.7.1)` })).toBeVisible();

  await expect(card.getByRole('term').filter({ hasText: /^Build date$/ })).toBeVisible();
  const built = card.getByRole('definition').locator('time');
  await expect(built).toHaveText(/\d{4} \d{2}:\d{2}:\d{2}\.\d{3}/);
  const builtAt = Date.parse((await built.getAttribute('datetime')) ?? '');
  // The build stamps its start; dist/index.html is written at its end, minutes later at most.
  const writtenAt = statSync(path.join(ROOT, 'dist', 'index.html')).mtimeMs;
  expect(builtAt).toBeLessThanOrEqual(writtenAt + 1000);
  expect(builtAt).toBeGreaterThan(writtenAt - 30 * 60_000);
  await expect(built).toContainText(String(new Date(builtAt).getFullYear()));
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('About names its rows in the interface language', async ({ page }) => {
    await page.goto('/about');
    const card = page.getByRole('region', { name: 'Interface web' });
    await expect(card.getByRole('term').filter({ hasText: /^Date de compilation$/ })).toBeVisible();
    await expect(card.getByRole('definition').filter({ hasText: `${VERSION} (successeur de l’interface web 8.7.1)` })).toBeVisible();
  });
});

// The health check against a server that answers as the real one does: plain text "OK" (200) while every heartbeat
// is recent, "HEARTBEAT_STALE: <origin>" (503) once one has been silent for four times its timeout. These tests run
// their own server (no demo data, so no stale heartbeat) with a clock the test moves forward.
test.describe('health check', () => {
  let server: RunningServer;
  let skewMs = 0;

  test.beforeAll(async () => {
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: null,
      seed: 'none',
      simulator: false,
      serveConsole: true,
      testHooks: true,
      settings: { AUTH_REQUIRED: false },
      now: () => new Date(Date.now() + skewMs),
    });
  });

  test.afterAll(async () => {
    await server?.close().catch(() => undefined);
  });

  test('About says a healthy server is healthy, and a stale heartbeat is a problem with the server’s reason', async ({ page }) => {
    const heartbeat = await fetch(`${server.apiUrl}/heartbeat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ origin: 'e2e/about-agent', timeout: 60 }),
    });
    expect(heartbeat.status).toBe(201);

    await page.goto(`${server.url}/about`);
    const api = page.getByRole('region', { name: 'API' });
    await expect(api.getByRole('definition').filter({ hasText: '9.1.0' })).toBeVisible();
    const health = api.getByRole('term').filter({ hasText: 'Health check' }).locator('xpath=following-sibling::dd[1]');
    await expect(health).toHaveText('OK');
    await expect(page.getByText(/not JSON/)).toHaveCount(0);
    await expect(page.getByText('Problem')).toHaveCount(0);

    // Five minutes later the heartbeat (timeout 60 s) has been silent for more than four times its timeout.
    skewMs = 5 * 60_000;
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(health).toHaveText('Problem: HEARTBEAT_STALE: e2e/about-agent (503)');
    skewMs = 0;
  });

  test('a health check that hangs (a database that is down) is a problem within 10 s, not "Loading" for a minute', async ({ page }) => {
    await page.goto(`${server.url}/about`);
    const api = page.getByRole('region', { name: 'API' });
    const health = api.getByRole('term').filter({ hasText: 'Health check' }).locator('xpath=following-sibling::dd[1]');
    await expect(health).toHaveText('OK');

    // Alerta answers "HEALTH_CHECK_FAILED" only after a minute of connection attempts when its database is down.
    server.testHooks!.hold('/management/healthcheck', 70_000);
    try {
      const asked = Date.now();
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(health).toHaveText('Problem: no answer within 10 s', { timeout: 20_000 });
      expect(Date.now() - asked).toBeLessThan(18_000);
      // The rest of what the server said is still shown.
      await expect(api.getByRole('definition').filter({ hasText: '9.1.0' })).toBeVisible();
    } finally {
      server.testHooks!.release();
    }
  });

  test.describe('in French', () => {
    test.use({ locale: 'fr-FR' });

    test('the verdict is translated', async ({ page }) => {
      await page.goto(`${server.url}/about`);
      const health = page.getByRole('term').filter({ hasText: 'État de santé' }).locator('xpath=following-sibling::dd[1]');
      await expect(health).toHaveText('OK');
    });
  });
});

// The About screen tells which console is running: its version (package.json) and when it was built, the constants
// vite.config.ts gives the build. An administrator checking a deployment reads them there.
import { expect, test } from '@playwright/test';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

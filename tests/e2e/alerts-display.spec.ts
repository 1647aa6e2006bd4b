import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AUTH_BASE_URL, signIn } from './support.ts';

// Live details of the alerts table: the ticking time left, display density, and saving a search.

async function createAlert(request: APIRequestContext, alert: Record<string, unknown>, base = '', headers: Record<string, string> = {}) {
  const res = await request.post(`${base}/api/alert`, {
    headers,
    data: { severity: 'warning', environment: 'Production', service: ['E2E'], text: 'e2e alert', value: '1', ...alert },
  });
  expect(res.status(), await res.text()).toBe(201);
}

function rows(page: Page) {
  return page.getByRole('table', { name: 'Alerts' }).locator('[data-row-id]');
}

function hms(text: string): number {
  const [h = 0, m = 0, s = 0] = text.trim().split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

test('time left counts down every second between polls; a timeout of 0 never expires and shows nothing', async ({ page, request }) => {
  const event = `E2ETimeLeft${Date.now()}`;
  await createAlert(request, { resource: 'tl-a', event, timeout: 3600 });
  await createAlert(request, { resource: 'tl-b', event, timeout: 0 });
  await page.goto(`/alerts?q=event:${event}#status:open,ack;dateRange:,;sb:resource;sd:0;asi:0`);
  await expect(rows(page)).toHaveCount(2);
  const column = (await page.getByRole('columnheader').allTextContents()).findIndex((h) => /^Timeout/i.test(h.trim()));
  const cell = rows(page).nth(0).getByRole('cell').nth(column);
  await expect(cell).toHaveText(/^0:5\d:\d\d$/);
  const first = hms(await cell.innerText());
  await expect.poll(async () => hms(await cell.innerText()), { timeout: 4000 }).toBeLessThan(first);
  await expect(rows(page).nth(1).getByRole('cell').nth(column)).toHaveText('');
});

test('the display density dialog switches between comfortable and compact rows', async ({ page }) => {
  await page.goto('/alerts');
  await expect.poll(() => rows(page).count()).toBeGreaterThan(1);
  expect((await rows(page).first().boundingBox())?.height).toBeCloseTo(42, 0);
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('menuitem', { name: /Display Density/i }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a display density' });
  await dialog.getByRole('radio', { name: 'Compact' }).check();
  await dialog.getByRole('button', { name: 'Close' }).click();
  // Compact rows are 24 px (the old console's were 34): 28 rows fit a laptop screen.
  await expect.poll(async () => Math.round((await rows(page).first().boundingBox())?.height ?? 0)).toBe(24);
});

test('signed in, the pin saves the current search', async ({ page }) => {
  await signIn(page, 'operator');
  const token = await page.evaluate(() => localStorage.getItem('auth.token'));
  const event = `E2EPin${Date.now()}`;
  await createAlert(page.request, { resource: 'pin-a', event }, AUTH_BASE_URL, { Authorization: `Bearer ${token}` });
  await page.goto(`${AUTH_BASE_URL}/alerts`);
  const search = page.getByRole('combobox', { name: 'Search' });
  await expect(page.getByRole('button', { name: 'Save search' })).toBeDisabled();
  await search.fill(`event:${event}`);
  await search.press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Save search' }).click();
  await expect(page.getByText('Search saved')).toBeVisible();
  const saved = await page.request.get(`${AUTH_BASE_URL}/api/user/me/attributes`, { headers: { Authorization: `Bearer ${token}` } });
  expect(JSON.stringify(await saved.json())).toContain(`event:${event}`);
});

test('with the showAllowedEnvs preference, configured environments get a tab even without alerts', async ({ page }) => {
  await signIn(page, 'admin');
  const token = await page.evaluate(() => localStorage.getItem('auth.token'));
  const headers = { Authorization: `Bearer ${token}` };
  const event = `E2EEnvs${Date.now()}`;
  await createAlert(page.request, { resource: 'envs-a', event }, AUTH_BASE_URL, headers);

  await page.goto(`${AUTH_BASE_URL}/alerts?q=event:${event}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('tab', { name: /^Development/ })).toHaveCount(0);

  // Other tests share this user: remember its preferences and put them back afterwards.
  const before = (await (await page.request.get(`${AUTH_BASE_URL}/api/user/me/attributes`, { headers })).json()) as { attributes?: { prefs?: Record<string, unknown> } };
  const prefs = before.attributes?.prefs ?? null;
  const saved = await page.request.put(`${AUTH_BASE_URL}/api/user/me/attributes`, { headers, data: { attributes: { prefs: { ...prefs, showAllowedEnvs: true } } } });
  expect(saved.ok()).toBe(true);
  try {
    await page.reload();
    await expect(page.getByRole('tab', { name: /^Development \(0\)$/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Production \(1\)$/ })).toBeVisible();
  } finally {
    await page.request.put(`${AUTH_BASE_URL}/api/user/me/attributes`, { headers, data: { attributes: { prefs } } });
  }
});

import { expect, test } from '@playwright/test';

// The shared webServer (playwright.config.ts) runs the demo API with its seed, auth off and no simulator.

test('the alerts list shows the seeded alerts with environment tabs and counts', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/alerts$/);
  const table = page.getByRole('table', { name: 'Alerts' });
  await expect(table).toBeVisible();
  // Header row + at least a page of seeded alerts.
  await expect.poll(async () => table.getByRole('row').count()).toBeGreaterThan(5);

  const tabs = page.getByRole('tablist', { name: 'Environment' });
  const all = tabs.getByRole('tab', { name: /^ALL \(\d+\)$/ });
  const production = tabs.getByRole('tab', { name: /^Production \(\d+\)$/ });
  const development = tabs.getByRole('tab', { name: /^Development \(\d+\)$/ });
  await expect(all).toHaveAttribute('aria-selected', 'true');
  await expect(production).toBeVisible();
  await expect(development).toBeVisible();

  const count = async (tab: typeof all) => Number(/\((\d+)\)/.exec((await tab.textContent()) ?? '')?.[1]);
  expect(await count(all)).toBe((await count(production)) + (await count(development)));

  await production.click();
  await expect(production).toHaveAttribute('aria-selected', 'true');
  await expect(table.getByRole('cell', { name: 'Development', exact: true })).toHaveCount(0);
  await expect(table.getByRole('cell', { name: 'Production', exact: true }).first()).toBeVisible();
});

test('a new alert sent to the API appears without a reload', async ({ page, request }) => {
  await page.goto('/alerts');
  const table = page.getByRole('table', { name: 'Alerts' });
  await expect.poll(async () => table.getByRole('row').count()).toBeGreaterThan(1);

  const resource = `e2e-live-${Date.now()}`;
  const created = await request.post('/api/alert', {
    data: {
      resource,
      event: 'NodeDown',
      environment: 'Production',
      severity: 'critical',
      service: ['Platform'],
      text: `Node ${resource} is down`,
    },
  });
  expect(created.status()).toBe(201);

  await expect(table.getByRole('cell', { name: resource, exact: true })).toBeVisible({ timeout: 15_000 });
  // The severity chip shows the severity's label in the UI language.
  await expect(table.getByRole('row').filter({ hasText: resource })).toContainText('Critical');
});

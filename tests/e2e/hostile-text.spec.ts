import { expect, test, type Page } from '@playwright/test';

// Alert text built to be slow (about 1 MB of unmatched tags: `<b>`×n then `</i>`×n, which a quadratic sanitiser took
// seconds over) arriving on an open list: the page stays responsive (no main-thread task over 50 ms from its arrival to
// its row painted), the row shows the start of it, and the alert's page shows 100,000 characters of it with a mark
// saying how much more there is (src/core/sanitize-policy.ts).

const N = 148_571;
const hostile = '<b>'.repeat(N) + '</i>'.repeat(N);

/** Starts recording the page's long tasks (over 50 ms, as the browser reports them). */
async function recordLongTasks(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask', buffered: false });
  });
}

const longTasks = (page: Page) => page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);

test('an alert of about 1 MB of hostile markup arrives without a long task, and its page says how much is not shown', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/alerts');
  const table = page.getByRole('table', { name: 'Alerts' });
  await expect(table.getByRole('row').nth(3)).toBeVisible();
  const resource = `hostile-${Date.now()}`;
  await recordLongTasks(page);
  const created = await page.request.post('/api/alert', {
    data: { resource, event: 'HostileText', environment: 'Production', severity: 'critical', service: ['Web'], text: hostile },
  });
  expect(created.status()).toBe(201);
  const row = table.getByRole('row').filter({ hasText: resource });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  // A frame after the row is painted: everything its arrival cost has run.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
  expect(await longTasks(page)).toEqual([]);
  // Nested 32 deep at most, whatever the text asks for.
  expect(await row.locator('[data-safe-html]').evaluateAll((els) => Math.max(...els.map((el) => el.querySelectorAll('b').length)))).toBeLessThanOrEqual(32);

  // The alert's page: the first 100,000 characters, then the mark.
  const id = ((await created.json()) as { id: string }).id;
  await page.goto(`/alert/${id}`);
  const more = (hostile.length - 100_000).toLocaleString('en');
  await expect(page.getByText(`${more} more characters not shown here`)).toBeVisible();
});

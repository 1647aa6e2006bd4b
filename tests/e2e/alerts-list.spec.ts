import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// The alerts screen against the demo server (auth off): tabs and counts, search, filters, sort, paging and the
// URL hash. Every test makes its own alerts with a unique event name and searches for it, so the shared seed and
// other tests do not matter.

async function createAlert(request: APIRequestContext, alert: Record<string, unknown>) {
  const res = await request.post('/api/alert', {
    data: { severity: 'major', service: ['E2E'], text: 'e2e alert', value: '1', ...alert },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

function rows(page: Page) {
  return page.getByRole('table', { name: 'Alerts' }).locator('[data-row-id]');
}

async function countOf(page: Page, name: RegExp) {
  const text = (await page.getByRole('tab', { name }).textContent()) ?? '';
  return Number(/\((\d+)\)/.exec(text)?.[1]);
}

test('tabs show the count of each environment and filter the list; the tab is kept in the hash', async ({ page, request }) => {
  const event = `E2ETabs${Date.now()}`;
  await createAlert(request, { resource: 'tab-a', event, environment: 'Production' });
  await createAlert(request, { resource: 'tab-b', event, environment: 'Production' });
  await createAlert(request, { resource: 'tab-c', event, environment: 'Development' });

  await page.goto(`/alerts?q=event:${event}`);
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByRole('tab', { name: /^ALL \(3\)$/ })).toHaveAttribute('aria-selected', 'true');
  expect(await countOf(page, /^Production \(/)).toBe(2);
  expect(await countOf(page, /^Development \(/)).toBe(1);

  await page.getByRole('tab', { name: /^Development/ }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('tab-c');
  await expect(page).toHaveURL(/#environment:Development;/);

  // The keyboard moves between tabs too (ARIA tabs pattern).
  await page.getByRole('tab', { name: /^Development/ }).press('ArrowLeft');
  await expect(page.getByRole('tab', { name: /^ALL/ })).toHaveAttribute('aria-selected', 'true');
  await expect(rows(page)).toHaveCount(3);
});

test('the first rows do not wait for the tab counts, and the tab of the list counts its rows meanwhile, never "ALL (0)"', async ({ page, request }) => {
  const event = `E2EFirstRows${Date.now()}`;
  await createAlert(request, { resource: 'first-a', event, environment: 'Production' });
  await createAlert(request, { resource: 'first-b', event, environment: 'Development' });
  // The tab counts are slow to come (a big database counts them longer than it takes to list a page): held until
  // released below, or for longer than the worker waits for an answer (10 s), so rows within 9 s did not wait.
  await request.put('/__test__/hold', { data: { path: '/environments', ms: 15_000 } });
  try {
    await page.goto(`/alerts?q=event:${event}`);
    await expect(rows(page)).toHaveCount(2, { timeout: 9_000 });
    await expect(page.getByRole('tab', { name: /^ALL \(2\)$/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: /^Production/ })).toHaveCount(0);
  } finally {
    await request.delete('/__test__/hold');
  }
  await expect(page.getByRole('tab', { name: /^Production \(1\)$/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('tab', { name: /^Development \(1\)$/ })).toBeVisible();
});

test('the tab on screen counts what its list holds at every poll, even when the environment counts are a poll behind', async ({ page, context, request }) => {
  const event = `E2ETabTotal${Date.now()}`;
  await createAlert(request, { resource: 'tab-total-a', event, environment: 'Production' });
  await createAlert(request, { resource: 'tab-total-b', event, environment: 'Development' });
  // GET /environments keeps giving its first answer, as in the cycles that ask for the open-alert counts instead.
  let frozen: string | null = null;
  await context.route(/\/api\/environments(\?|$)/, async (route) => {
    frozen ??= await (await route.fetch()).text();
    await route.fulfill({ status: 200, contentType: 'application/json', body: frozen });
  });
  await page.goto(`/alerts?q=event:${event}`);
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole('tab', { name: /^ALL \(2\)$/ })).toBeVisible();

  await createAlert(request, { resource: 'tab-total-c', event, environment: 'Production' });
  await expect(rows(page)).toHaveCount(3, { timeout: 15_000 });
  await expect(page.getByRole('tab', { name: /^ALL \(3\)$/ })).toBeVisible();

  await page.getByRole('tab', { name: /^Production/ }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole('tab', { name: /^Production \(2\)$/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^ALL \(3\)$/ })).toBeVisible();
});

test('the search box sends q, shows "found no results" for an empty search and clears back to all alerts', async ({ page, request }) => {
  const event = `E2ESearch${Date.now()}`;
  await createAlert(request, { resource: 'search-1', event, environment: 'Production' });

  await page.goto('/alerts');
  const search = page.getByRole('combobox', { name: 'Search' });
  await search.fill(`event:${event}`);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`\\?q=event%3A${event}`));
  await expect(rows(page)).toHaveCount(1);
  await expect(search).toBeFocused();

  // Escape abandons an unfinished edit; leaving the box then keeps the search in force.
  await search.fill('half typed');
  await search.press('Escape');
  await expect(search).toHaveValue(`event:${event}`);
  await rows(page).first().focus();
  await expect(page).toHaveURL(new RegExp(`\\?q=event%3A${event}`));
  await expect(rows(page)).toHaveCount(1);

  await search.fill(`event:${event}-nothing`);
  await search.press('Enter');
  await expect(page.getByText(`Your search for “event:${event}-nothing” found no results`)).toBeVisible();

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).not.toHaveURL(/\?q=/);
  await expect.poll(() => rows(page).count()).toBeGreaterThan(1);

  // Back returns to the previous search.
  await page.goBack();
  await expect(page.getByText(`found no results`)).toBeVisible();
  await expect(search).toHaveValue(`event:${event}-nothing`);
});

test('a view the API has not answered yet says so, not that the search found nothing', async ({ page, request }) => {
  const event = `E2EUnanswered${Date.now()}`;
  await createAlert(request, { resource: 'unanswered-a', event, environment: 'Production' });
  await page.goto(`/alerts?q=event:${event}`);
  await expect(rows(page)).toHaveCount(1);
  // Every request for a page of 50 fails, as if the API had gone away at that moment.
  await page.route(/\/api\/alerts\?.*page-size=50/, (route) => route.abort('connectionrefused'));
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('50');
  await expect(page.getByRole('status').filter({ hasText: 'The alerts could not be loaded' })).toBeVisible();
  await expect(page.getByText('found no results')).toHaveCount(0);
  // Once the API answers again, the rows come back by themselves.
  await page.unroute(/\/api\/alerts\?.*page-size=50/);
  await expect(rows(page)).toHaveCount(1, { timeout: 20_000 });
});

test('the filter sheet narrows by service, highlights the filter button and writes the hash', async ({ page, request }) => {
  const stamp = Date.now();
  const event = `E2EFilter${stamp}`;
  const service = `Svc${stamp}`;
  await createAlert(request, { resource: 'filter-1', event, environment: 'Production', service: [service] });
  await createAlert(request, { resource: 'filter-2', event, environment: 'Production', service: ['Other'] });

  await page.goto(`/alerts?q=event:${event}`);
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toHaveAttribute('aria-pressed', 'false');

  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.getByRole('checkbox', { name: service }).check();
  await sheet.getByRole('button', { name: 'Apply' }).click();

  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('filter-1');
  await expect(page).toHaveURL(new RegExp(`service:${service}`));
  const highlighted = page.getByRole('button', { name: 'Filters – Filters are active' });
  await expect(highlighted).toHaveAttribute('aria-pressed', 'true');

  // Reset returns to the configured filter: both alerts again, no highlight.
  await highlighted.click();
  await sheet.getByRole('button', { name: 'Reset' }).click();
  await sheet.getByRole('button', { name: 'Apply' }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
});

test('a custom date range in the filter sheet keeps only alerts received inside it', async ({ page, request }) => {
  const event = `E2ERange${Date.now()}`;
  await createAlert(request, { resource: 'range-1', event, environment: 'Production' });
  await page.goto(`/alerts?q=event:${event}`);
  await expect(rows(page)).toHaveCount(1);

  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.getByRole('radio', { name: 'Custom range' }).check();
  await sheet.getByLabel('Start Date').fill('2001-01-01T00:00');
  await sheet.getByLabel('End Date').fill('2001-01-02T00:00');
  await sheet.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('found no results')).toBeVisible();
  await expect(page).toHaveURL(/dateRange:\d+,\d+/);
  await expect(page.getByRole('combobox', { name: 'Time range' })).toHaveValue('custom');

  // A preset from the toolbar replaces it.
  await page.getByRole('combobox', { name: 'Time range' }).selectOption('1h');
  await expect(rows(page)).toHaveCount(1);
  await expect(page).toHaveURL(/dateRange:-3600,/);
});

test('sortable headers sort on the server in natural direction first, then reversed, and the hash keeps it', async ({ page, request }) => {
  const event = `E2ESort${Date.now()}`;
  for (const r of ['sort-b', 'sort-c', 'sort-a']) await createAlert(request, { resource: r, event, environment: 'Production' });
  await page.goto(`/alerts?q=event:${event}`);
  await expect(rows(page)).toHaveCount(3);

  const header = page.getByRole('columnheader', { name: 'Resource' });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sb:resource;sd:0/);
  await expect(rows(page).nth(0)).toContainText('sort-a');
  await expect(rows(page).nth(2)).toContainText('sort-c');

  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sb:resource;sd:1/);
  await expect(rows(page).nth(0)).toContainText('sort-c');

  // Time columns start newest first, shown as descending values.
  const time = page.getByRole('columnheader', { name: 'Last Receive Time' });
  await time.getByRole('button').click();
  await expect(time).toHaveAttribute('aria-sort', 'descending');
  await expect(rows(page).nth(0)).toContainText('sort-a');
});

test('pagination offers the page sizes and moves between pages', async ({ page, request }) => {
  const event = `E2EPage${Date.now()}`;
  for (let i = 0; i < 7; i++) await createAlert(request, { resource: `page-${i}`, event, environment: 'Development' });
  await page.goto(`/alerts?q=event:${event}`);
  await expect(rows(page)).toHaveCount(7);

  const size = page.getByRole('combobox', { name: 'Rows per page' });
  expect(await size.locator('option').allTextContents()).toEqual(['5', '10', '20', '50', '100', '200']);
  await size.selectOption('5');
  await expect(rows(page)).toHaveCount(5);
  await expect(page.getByText('1–5 of 7')).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByText('6–7 of 7')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(rows(page)).toHaveCount(5);
});

test('from page 2, a new search and another tab each ask for page 1 in their very first request', async ({ page, request }) => {
  const stamp = Date.now();
  const event = `E2EFirstPage${stamp}`;
  for (let i = 0; i < 7; i++) await createAlert(request, { resource: `first-page-${stamp}-${i}`, event, environment: i < 6 ? 'Production' : 'Development' });
  await page.goto(`/alerts?q=event:${event}`);
  await expect(rows(page)).toHaveCount(7);
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('5');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('6–7 of 7')).toBeVisible();
  const requested = async (marker: string) => {
    const res = await page.request.get('/__test__/requests');
    return ((await res.json()) as { log: string[] }).log.filter((r) => r.startsWith('GET /alerts?') && r.includes(marker));
  };

  await page.request.delete('/__test__/requests');
  const search = page.getByRole('combobox', { name: 'Search' });
  await search.fill(`resource:first-page-${stamp}-1`);
  await search.press('Enter');
  await expect(rows(page)).toHaveCount(1);
  const searched = await requested(encodeURIComponent(`first-page-${stamp}-1`));
  expect(searched.length).toBeGreaterThanOrEqual(1);
  expect(searched.filter((r) => !/[?&]page=1(&|$)/.test(r))).toEqual([]);

  await search.fill(`event:${event}`);
  await search.press('Enter');
  await expect(rows(page)).toHaveCount(5);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('6–7 of 7')).toBeVisible();
  await page.request.delete('/__test__/requests');
  await page.getByRole('tab', { name: /^Production/ }).click();
  await expect(page.getByText('1–5 of 6')).toBeVisible();
  const tabbed = await requested('environment=Production');
  expect(tabbed.length).toBeGreaterThanOrEqual(1);
  expect(tabbed.filter((r) => !/[?&]page=1(&|$)/.test(r))).toEqual([]);
});

test('an old console bookmark hash restores filter, sort and environment, and survives a reload', async ({ page, request }) => {
  const event = `E2EHash${Date.now()}`;
  await createAlert(request, { resource: 'hash-closed', event, environment: 'Production' }).then((id) =>
    request.put(`/api/alert/${id}/action`, { data: { action: 'close', text: '' } }),
  );
  await createAlert(request, { resource: 'hash-open', event, environment: 'Production' });

  await page.goto(`/alerts?q=event:${event}#environment:Production;status:closed;dateRange:,;sb:resource;sd:1;asi:0`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('hash-closed');
  await expect(page.getByRole('tab', { name: /^Production/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('columnheader', { name: 'Resource' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('button', { name: 'Filters – Filters are active' })).toBeVisible();

  await page.reload();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('hash-closed');
  await expect(page).toHaveURL(/#environment:Production;status:closed;dateRange:,;sb:resource;sd:1;asi:0$/);

  // A link without a hash shows the configured defaults (open and ack), and the first change writes the full hash.
  await page.goto(`/alerts?q=event:${event}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('hash-open');
  await page.getByRole('tab', { name: /^Production/ }).click();
  await expect(page).toHaveURL(/#environment:Production;status:open,ack;dateRange:,;sb:default;sd:0;asi:0$/);
});

test('the indicator panel is shown from the menu, counts per severity, and is kept in the hash', async ({ page }) => {
  await page.goto('/alerts');
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Show panel' }).click();
  const panel = page.getByRole('region', { name: 'Panel' });
  await expect(panel.getByRole('region', { name: 'Production' })).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Production' })).toContainText(/critical \d+/i);
  await expect(page).toHaveURL(/asi:1$/);
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Hide panel' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(/asi:0$/);
});

test("the alert list's code downloads beside the shell, named by the page itself rather than found after the shell ran", async ({ page }) => {
  // The shell's entry chunk is held back: the screen's chunk must be asked for all the same.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto('/alerts', { waitUntil: 'commit' });
  await expect.poll(() => requested.some((p) => /^\/assets\/AlertsScreen-[^/]*\.js$/.test(p))).toBe(true);
  release();
  await expect(rows(page).first()).toBeVisible();
});

test('the console reaches its first row in a handful of script requests, not a dozen (each is a round trip on a slow link)', async ({ page }) => {
  // The scripts the page asked for before its first row was in the DOM, by the page's own clock: what the start-up
  // gate loads once the rows are shown (workbox-window) may be asked for before a check from outside sees the row.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-row-id]')) return;
      (window as unknown as { firstRowAt: number }).firstRowAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/alerts');
  await expect(rows(page).first()).toBeVisible();
  const scripts = await page.evaluate(() => {
    const firstRowAt = (window as unknown as { firstRowAt: number }).firstRowAt;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime < firstRowAt)
      .map((e) => new URL(e.name).pathname);
  });
  // The shell in two chunks fetched side by side (React, and the rest) with the bundler's small helper file, the alert
  // list's chunk and the little it shares with other screens, and the data worker.
  const pageScripts = scripts.filter((p) => p.endsWith('.js'));
  expect(pageScripts.length, pageScripts.join('\n')).toBeLessThanOrEqual(7);
});

test('what waits for the first rows (the service worker and its helper script) is requested only after they are painted', async ({ page }) => {
  // A slow phone, where painting the first cards takes a while after they entered the page.
  await page.setViewportSize({ width: 390, height: 844 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const w = window as unknown as { __rowsPaintedAt?: number };
    // The browser's own record of when content was painted: the largest piece of a card, once painted.
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
        if (entry.element?.closest('[data-row-id]')) w.__rowsPaintedAt ??= entry.startTime;
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto('/alerts');
  await expect(page.locator('[data-row-id]').first()).toBeVisible();
  const timing = async () =>
    page.evaluate(() => ({
      painted: (window as unknown as { __rowsPaintedAt?: number }).__rowsPaintedAt ?? null,
      // The registration's chunk, which brings workbox-window with it.
      helper: performance.getEntriesByType('resource').find((e) => /\/sw-registration-[\w-]+\.js$/.test(e.name))?.startTime ?? null,
    }));
  await expect.poll(async () => (await timing()).helper, { timeout: 15_000 }).not.toBeNull();
  const { painted, helper } = await timing();
  expect(painted, 'a card was painted').not.toBeNull();
  expect(helper!).toBeGreaterThan(painted!);
});

test('the page asks for nothing beside the first screen at start: the favicon is in the page, the manifest is linked once the rows are shown', async ({ page, request }) => {
  // As served: no favicon file and no manifest link (each would hold one of the page's six connections).
  const html = await (await request.get('/alerts')).text();
  expect(html).toMatch(/<link rel="icon" href="data:image\/svg\+xml,/);
  expect(html).not.toContain('rel="manifest"');
  const early: string[] = [];
  let rowsShown = false;
  page.on('request', (r) => {
    if (!rowsShown) early.push(new URL(r.url()).pathname);
  });
  await page.goto('/alerts');
  await expect(rows(page).first()).toBeVisible();
  rowsShown = true;
  // The favicon files and the manifest (a script chunk of icon paths is not one).
  expect(early.filter((p) => p.startsWith('/icons/') || p.endsWith('.webmanifest'))).toEqual([]);
  // Installing needs the manifest: it is linked after the first rows.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
});

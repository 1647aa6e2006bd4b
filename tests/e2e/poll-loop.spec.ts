import { expect, test, type Page } from '@playwright/test';
import { AUTH_BASE_URL, countListMessages, afterListCycles, holdRequests, isListCycle } from './support.ts';

// One poll loop per browser, and a poll that never answers. The demo servers of the e2e run start with --test-hooks:
// /__test__/requests counts what the API received, /__test__/hold keeps requests open without an answer.

/** Cycles of the alert lists the API saw: each asks once which alert was updated last (src/worker/page-probe.ts). */
async function listCycles(page: Page): Promise<number> {
  const res = await page.request.get('/__test__/requests');
  const { log } = (await res.json()) as { log: string[] };
  return log.filter((l) => l.startsWith('GET /alerts?') && l.includes('sort-by=updateTime&page=1&page-size=1')).length;
}

/** A new user of the demo's customer Acme Corp (so the list has rows), signed up; its token. */
async function signUp(prefix: string): Promise<string> {
  const signup = await fetch(`${AUTH_BASE_URL}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: prefix, email: `${prefix}-${Date.now()}@acme.example`, password: `${prefix}-password` }),
  });
  return ((await signup.json()) as { token: string }).token;
}

async function freshness(page: Page) {
  return page.getByTestId('freshness').getByRole('status');
}

test('three tabs of the alerts screen cost one poll per cycle together, and each follows new alerts', async ({ context, page }) => {
  test.setTimeout(90_000);
  await countListMessages(page);
  const tabs = [page, await context.newPage(), await context.newPage()];
  for (const tab of tabs) {
    await tab.goto('/alerts');
    await expect(tab.getByRole('table', { name: 'Alerts' })).toBeVisible();
  }
  await page.request.delete('/__test__/requests');
  // Two cycles of the list as the first tab sees them: the API saw two (three, a cycle being in flight at either end),
  // where a loop per tab would have made six.
  await afterListCycles(page, 2);
  const polls = await listCycles(page);
  expect(polls).toBeGreaterThanOrEqual(2);
  expect(polls).toBeLessThanOrEqual(3);

  const resource = `e2e-tabs-${Date.now()}`;
  const created = await page.request.post('/api/alert', {
    data: { resource, event: 'TabsFollow', environment: 'Production', severity: 'critical', service: ['Web'], text: 'seen by every tab' },
  });
  expect(created.status()).toBe(201);
  for (const tab of tabs) {
    await expect(tab.getByRole('table', { name: 'Alerts' }).getByRole('row').filter({ hasText: resource })).toHaveCount(1, { timeout: 15_000 });
  }
});

test('a poll that hangs turns the freshness line away from "Live", and it recovers without a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/alerts');
  await expect(await freshness(page)).toHaveText('Live');
  await page.request.put('/__test__/hold', { data: { path: '/alerts', ms: 40_000 } });
  try {
    // 5 s interval: the hanging poll is given up after 10 s; within three cycles the line no longer says Live.
    await expect(await freshness(page)).not.toHaveText('Live', { timeout: 25_000 });
  } finally {
    await page.request.delete('/__test__/hold');
  }
  await expect(await freshness(page)).toHaveText('Live', { timeout: 25_000 });
});

test('a silent API is called what it is, with the time to the next attempt (never more than 15 s at a 5 s interval) and a button to retry now', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto('/alerts');
  const line = page.getByTestId('freshness');
  await expect(await freshness(page)).toHaveText('Live');
  await page.request.put('/__test__/hold', { data: { path: '/alerts', ms: 110_000 } });
  try {
    // The device is online; only the API is silent: not "Offline".
    await expect(await freshness(page)).toHaveText('The server is not answering', { timeout: 25_000 });
    await expect(line.getByRole('button', { name: 'Retry now' })).toBeVisible();
    // For half a minute of silence, the countdown to the next attempt never shows more than the 15 s ceiling.
    let longest = 0;
    for (let i = 0; i < 30; i++) {
      const text = (await line.textContent()) ?? '';
      expect(text).toMatch(/retrying in \d+ s|retrying…/);
      longest = Math.max(longest, Number(/retrying in (\d+) s/.exec(text)?.[1] ?? 0));
      // A sample a second of a countdown that ticks every second (the duration is what is checked, not a state).
      await page.waitForTimeout(1000);
    }
    expect(longest).toBeGreaterThan(0);
    expect(longest).toBeLessThanOrEqual(15);
    await expect(await freshness(page)).toHaveText('The server is not answering');
    // Between two attempts (nothing in flight that the API could still answer)...
    await expect.poll(async () => Number(/retrying in (\d+) s/.exec((await line.textContent()) ?? '')?.[1] ?? 0), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
  } finally {
    await page.request.delete('/__test__/hold');
  }
  // ... the API answers again: the button brings the list back at once, without waiting for the countdown.
  await line.getByRole('button', { name: 'Retry now' }).click();
  await expect(await freshness(page)).toHaveText('Live', { timeout: 4_000 });

  // Only a device without a network is offline.
  await context.setOffline(true);
  await expect(await freshness(page)).toHaveText('Offline', { timeout: 15_000 });
  await context.setOffline(false);
  await expect(await freshness(page)).toHaveText('Live', { timeout: 15_000 });
});

test('with 50 rows per page in the preferences, a start asks for 50 at once: no request made with the defaults', async ({ page }) => {
  await page.goto('/settings');
  await page.getByLabel('Rows per page').selectOption('50');
  await expect(page.getByText('Settings saved')).toBeVisible();
  await page.request.delete('/__test__/requests');
  await page.goto('/alerts');
  await expect(page.getByRole('table', { name: 'Alerts' })).toBeVisible();
  const res = await page.request.get('/__test__/requests');
  const log = ((await res.json()) as { log: string[] }).log.filter((r) => r.startsWith('GET /alerts?'));
  expect(log.length).toBeGreaterThanOrEqual(1);
  expect(log.every((r) => r.includes('page-size=50'))).toBe(true);
  // and back to the default for the tests that follow
  await page.goto('/settings');
  await page.getByLabel('Rows per page').selectOption('20');
  await expect(page.getByText('Settings saved')).toBeVisible();
});

test('a first start of a signed-in user (nothing cached) asks for the list once, beside the preferences, and shows the page size of the preferences', async ({ browser }) => {
  // A new user (of the demo's customer Acme Corp, so the list has rows) whose preferences on the server say 50 rows.
  const token = await signUp('first-start');
  const saved = await fetch(`${AUTH_BASE_URL}/api/user/me/attributes`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ attributes: { prefs: { rowsPerPage: 50 } } }),
  });
  expect(saved.status).toBe(200);

  // A browser that has the token and nothing else: no cached config, preferences or alerts.
  const context = await browser.newContext();
  await context.addInitScript((t) => {
    if (!localStorage.getItem('auth.token')) localStorage.setItem('auth.token', t);
  }, token);
  const page = await context.newPage();
  await fetch(`${AUTH_BASE_URL}/__test__/requests`, { method: 'DELETE' });
  // The preferences take a while (a distant API): the list is asked for meanwhile with the largest page size offered,
  // and the page shown is the preferences' 50 rows of it, not a page of the default size.
  await fetch(`${AUTH_BASE_URL}/__test__/hold`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ path: '/user/me/attributes', ms: 1500 }) });
  await page.goto(`${AUTH_BASE_URL}/alerts`);
  const table = page.getByRole('table', { name: 'Alerts' });
  await expect.poll(async () => table.getByRole('row').count()).toBeGreaterThan(1);
  // The customer's few alerts all fit one page of 50: every one of them, and the footer says 50 rows a page.
  const rows = Number((await table.getAttribute('aria-rowcount')) ?? 0) - 1;
  expect(rows).toBeGreaterThan(0);
  expect(rows).toBeLessThanOrEqual(50);
  await expect(page.getByLabel('Rows per page')).toHaveValue('50');
  await expect(page.getByText(`1–${rows} of ${rows}`)).toBeVisible();
  // Up to the list's next cycle (the first to ask whether anything changed): every page asked for until then is the
  // one asked for beside the preferences, with the largest page size; none with the defaults' 20.
  await expect.poll(async () => ((await (await fetch(`${AUTH_BASE_URL}/__test__/requests`)).json()) as { log: string[] }).log.some(isListCycle), { timeout: 30_000 }).toBe(true);
  const res = await fetch(`${AUTH_BASE_URL}/__test__/requests`);
  const log = ((await res.json()) as { log: string[] }).log.filter((r) => r.startsWith('GET /alerts?'));
  const beforeNextCycle = log.slice(0, log.findIndex(isListCycle)).filter((r) => !/page-size=1(&|$)/.test(r));
  expect(beforeNextCycle).toHaveLength(1);
  expect(beforeNextCycle[0]).toContain('page-size=200');
  await fetch(`${AUTH_BASE_URL}/__test__/hold`, { method: 'DELETE' });
  await context.close();
});

test('a first start of a signed-in user asks for its list as soon as the config is known, before the rest of the data worker has loaded', async ({ browser }) => {
  const token = await signUp('first-start-early');
  const context = await browser.newContext();
  await context.addInitScript((t) => {
    if (!localStorage.getItem('auth.token')) localStorage.setItem('auth.token', t);
  }, token);
  // The rest of the worker (everything but its first, small script) comes only once the list was asked for, as on a
  // slow device.
  const rest = await holdRequests(context, /\/assets\/main-[\w-]+\.js$/);
  const lists: { at: number; url: string }[] = [];
  await context.route(/\/api\/alerts\?/, async (route) => {
    lists.push({ at: Date.now(), url: route.request().url() });
    await route.continue();
  });
  const page = await context.newPage();
  await page.goto(`${AUTH_BASE_URL}/alerts`);
  // The list leaves while the rest of the worker is held.
  await expect.poll(() => lists.length, 'the list asked for before the rest of the worker loaded').toBeGreaterThan(0);
  rest.release();
  const table = page.getByRole('table', { name: 'Alerts' });
  await expect.poll(async () => table.getByRole('row').count(), { timeout: 10_000 }).toBeGreaterThan(1);
  await expect(page.getByLabel('Rows per page')).toHaveValue('20');
  // The start took its answer: one list before the rows.
  expect(lists[0]?.url).toContain('page-size=200');
  expect(lists.filter((l) => l.at < rest.releasedAt + 500)).toHaveLength(1);
  await context.close();
});

test('the data worker starts before the shell has loaded: with the shell held back, the config and the list are asked for', async ({ browser }) => {
  const token = await signUp('boot-first');
  // The shell's entry script, as the page names it (not the page's first script, which loads on its own).
  const html = await (await fetch(`${AUTH_BASE_URL}/alerts`)).text();
  const shell = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
  expect(shell).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  const context = await browser.newContext();
  await context.addInitScript((t) => {
    if (!localStorage.getItem('auth.token')) localStorage.setItem('auth.token', t);
  }, token);
  // The shell comes only when the test lets it, as on a slow link or a busy device.
  const held = await holdRequests(context, (url) => url.pathname === shell);
  const asked: string[] = [];
  context.on('request', (r) => asked.push(new URL(r.url()).pathname));
  const page = await context.newPage();
  await page.goto(`${AUTH_BASE_URL}/alerts`, { waitUntil: 'commit' });
  await expect.poll(() => asked.includes('/api/config') && asked.includes('/api/alerts'), { timeout: 10_000 }).toBe(true);
  // Nothing of the console is on screen yet: the page's own script had not run.
  await expect(page.getByRole('table', { name: 'Alerts' })).toHaveCount(0);
  held.release();
  const table = page.getByRole('table', { name: 'Alerts' });
  await expect.poll(async () => table.getByRole('row').count(), { timeout: 10_000 }).toBeGreaterThan(1);
  await context.close();
});

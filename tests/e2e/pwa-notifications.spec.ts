import { expect, test, type Page } from '@playwright/test';
import { afterCycles } from './support.ts';

// Notifications and the badge: with notifications switched on in Settings and the console in the background, a new
// critical alert becomes a system notification through the service worker registration; a burst becomes one
// summary; the page title and the app badge carry the count of alerts at or above the chosen severity.

test.use({ permissions: ['notifications'] });

interface Shown {
  title: string;
  tag: string;
  body: string;
  data: { path: string; ids: string[]; count: number; kind: string };
}

// The test decides whether the console is "in the background" (another window in front): Playwright's pages are
// always visible and focused. It also records what reaches the service worker registration and the app badge,
// while letting the real calls through.
const initScript = () => {
  const w = window as Window & { __background?: boolean; __shown?: unknown[]; __badges?: (number | null)[] };
  w.__background = false;
  w.__shown = [];
  w.__badges = [];
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (w.__background ? 'hidden' : 'visible') });
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => w.__background === true });
  Document.prototype.hasFocus = () => !w.__background;
  const show = ServiceWorkerRegistration.prototype.showNotification;
  ServiceWorkerRegistration.prototype.showNotification = function (this: ServiceWorkerRegistration, title: string, options?: NotificationOptions) {
    w.__shown!.push({ title, tag: options?.tag, body: options?.body, data: options?.data });
    return show.call(this, title, options);
  };
  const nav = navigator as Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
  nav.setAppBadge = async (n?: number) => {
    w.__badges!.push(n ?? null);
  };
  nav.clearAppBadge = async () => {
    w.__badges!.push(0);
  };
};

async function setBackground(page: Page, background: boolean) {
  await page.evaluate((bg) => {
    (window as Window & { __background?: boolean }).__background = bg;
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event(bg ? 'blur' : 'focus'));
  }, background);
}

const shown = (page: Page) => page.evaluate(() => ((window as Window & { __shown?: Shown[] }).__shown ?? []) as Shown[]);

async function postAlert(page: Page, baseURL: string, resource: string, severity = 'critical') {
  const response = await page.request.post(`${baseURL}/api/alert`, {
    data: { resource, event: 'NodeDown', environment: 'Production', severity, service: ['Web'], text: `${resource} is not responding` },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { id: string };
  return body.id;
}

/** Switches notifications on in Settings (the permission is granted in this context), then opens the list. */
async function enableNotifications(page: Page, minSeverity = 'critical') {
  await page.addInitScript(initScript);
  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'Enable notifications' });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await page.getByLabel('Notify for this severity and above').selectOption(minSeverity);
  await page.goto('/alerts');
  await expect(page.getByRole('table', { name: 'Alerts' })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
}

test('a new critical alert while the console is in the background shows one system notification that opens the alert', async ({ page, baseURL }) => {
  await enableNotifications(page);
  await setBackground(page, true);
  const resource = `pwa-notify-${Date.now()}`;
  const id = await postAlert(page, baseURL!, resource);

  await expect.poll(async () => (await shown(page)).filter((n) => n.tag === `alert-${id}`).length, { timeout: 20_000 }).toBe(1);
  const [notification] = (await shown(page)).filter((n) => n.tag === `alert-${id}`);
  expect(notification!.title).toBe(`Critical: ${resource} – NodeDown`);
  expect(notification!.body).toContain(`${resource} is not responding`);
  expect(notification!.data).toMatchObject({ path: `/alert/${id}`, ids: [id], kind: 'alert' });

  // The notification is really shown by the service worker registration.
  const onScreen = await page.evaluate(async (tag) => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications({ tag })).map((n) => n.title);
  }, `alert-${id}`);
  expect(onScreen).toEqual([`Critical: ${resource} – NodeDown`]);

  // A click on it: the service worker focuses this window and tells it where to go (its message, sent here by
  // hand: a system notification cannot be clicked from a test); the console routes to the alert without a reload.
  await page.evaluate((path) => {
    navigator.serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: 'OPEN_PATH', path } }));
  }, notification!.data.path);
  await expect(page).toHaveURL(new RegExp(`/alert/${id}$`));
  await expect(page.getByRole('heading', { name: new RegExp(resource) })).toBeVisible();
  // Routed in place: the page was not reloaded (a reload would have reset the recorded notifications).
  expect((await shown(page)).length).toBeGreaterThan(0);
});

test('no notification while the console is in front, and none below the chosen severity', async ({ page, baseURL }) => {
  const stamp = `pwa-threshold-${Date.now()}`;
  await enableNotifications(page);
  // A list of this test's alerts only, so every one of them is on the page the worker polls.
  await page.goto(`/alerts?q=${encodeURIComponent(`resource:${stamp}`)}`);

  const inFront = await postAlert(page, baseURL!, `${stamp}-front`);
  await expect(page.getByRole('cell', { name: `${stamp}-front`, exact: true })).toBeVisible({ timeout: 15_000 });

  await setBackground(page, true);
  const minor = await postAlert(page, baseURL!, `${stamp}-minor`, 'minor');
  const critical = await postAlert(page, baseURL!, `${stamp}-critical`);
  // The critical one proves the poll happened; the minor one came with it and stayed silent.
  await expect.poll(async () => (await shown(page)).flatMap((n) => n.data.ids), { timeout: 20_000 }).toContain(critical);
  const ids = (await shown(page)).flatMap((n) => n.data.ids);
  expect(ids).not.toContain(inFront);
  expect(ids).not.toContain(minor);
  await expect(page.getByRole('cell', { name: `${stamp}-minor`, exact: true })).toBeAttached();
});

test('many new alerts at once become one summary notification that opens the list', async ({ page, baseURL }) => {
  await enableNotifications(page);
  await setBackground(page, true);
  const stamp = Date.now();
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) ids.push(await postAlert(page, baseURL!, `pwa-burst-${stamp}-${i}`));

  await expect.poll(async () => (await shown(page)).filter((n) => n.data.ids.some((x) => ids.includes(x))).length, { timeout: 20_000 }).toBeGreaterThan(0);
  // The poll after the one that notified: anything of the burst still to come has come.
  await afterCycles(page, 1);
  const related = (await shown(page)).filter((n) => n.data.ids.some((x) => ids.includes(x)));
  // All five arrive in one poll (the usual case) or, at worst, split across two polls.
  const summary = related.find((n) => n.data.kind === 'summary');
  expect(summary, JSON.stringify(related)).toBeTruthy();
  expect(summary!.title).toMatch(/^\d+ new alerts$/);
  expect(summary!.data.path).toBe('/alerts');
  expect(related.length).toBeLessThanOrEqual(2);
});

test('the page title and the app badge show the count of alerts at or above the chosen severity', async ({ page }) => {
  await enableNotifications(page, 'critical');
  await expect(page).toHaveTitle(/^\(\d+\) /);
  const count = Number(/^\((\d+)\)/.exec(await page.title())![1]);
  expect(count).toBeGreaterThan(0);
  await expect.poll(() => page.evaluate(() => (window as Window & { __badges?: number[] }).__badges?.at(-1))).toBe(count);

  // A lower threshold counts more alerts.
  await page.goto('/settings');
  await page.getByLabel('Notify for this severity and above').selectOption('minor');
  await page.goto('/alerts');
  await expect.poll(async () => Number(/^\((\d+)\)/.exec(await page.title())?.[1] ?? 0)).toBeGreaterThan(count);
});

test.describe('without the browser\'s permission', () => {
  test.use({ permissions: [] });

  test('switching notifications on asks the browser, and a refusal is explained instead of failing silently', async ({ page }) => {
    await page.goto('/settings');
    const toggle = page.getByRole('switch', { name: 'Enable notifications' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    // Headless Chromium refuses the permission request at once, as a user clicking "Block" would. (A key press:
    // Playwright's click on the switch does not return while the permission request is pending.)
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('note').filter({ hasText: 'Notifications are blocked in the browser settings' })).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(toggle).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Send a test notification' })).toHaveCount(0);
  });
});

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AUTH_BASE_URL, signIn, settled } from './support.ts';

// The wall display (?kiosk) and the phone layout of the alerts screen.

// Full screen is granted only during a user gesture, and Playwright's own looks into the page (a locator, an
// evaluate, a trace snapshot) count as one for a few seconds. So these tests take no DOM snapshots and look at the
// page only once the display has started (its first alerts request): until then the page is as a browser opened by
// URL, with no gesture.
test.use({ trace: { mode: 'retain-on-failure', snapshots: false } });

async function openDisplay(page: Page, url: string) {
  const started = page.waitForResponse((r) => /\/api\/alerts\?/.test(r.url()));
  await page.goto(url);
  await started;
}

async function createAlert(request: APIRequestContext, alert: Record<string, unknown>) {
  const res = await request.post('/api/alert', {
    data: { severity: 'critical', environment: 'Production', service: ['E2E'], text: 'e2e alert', value: '1', ...alert },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function stubDisplayApis(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __wake: number; __fullscreen: number; __sentinels: EventTarget[] };
    w.__wake = 0;
    w.__fullscreen = 0;
    w.__sentinels = [];
    Object.defineProperty(navigator, 'wakeLock', {
      configurable: true,
      value: {
        request: async () => {
          w.__wake++;
          const sentinel = new EventTarget() as EventTarget & { released: boolean; release: () => Promise<void> };
          sentinel.released = false;
          sentinel.release = async () => {
            sentinel.released = true;
            sentinel.dispatchEvent(new Event('release'));
          };
          w.__sentinels.push(sentinel);
          return sentinel;
        },
      },
    });
    Element.prototype.requestFullscreen = async function requestFullscreen() {
      w.__fullscreen++;
    };
  });
  await loadedWithoutClick(page);
}

/**
 * A display opened by URL has no user activation. Playwright's checks on the page give it one, and the list's data can
 * come before the screen has decided whether to ask for full screen: the page reads the activation of a load without a
 * click (a real click, on the page's button, still activates it).
 */
async function loadedWithoutClick(page: Page) {
  await page.addInitScript(() => Object.defineProperty(navigator, 'userActivation', { value: { isActive: false, hasBeenActive: false } }));
}

test('kiosk: display view with no navigation or toolbar, full screen offered, screen kept awake, freshness in seconds', async ({ page, request }) => {
  await stubDisplayApis(page);
  const alertRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/alerts\?/.test(r.url())) alertRequests.push(r.url());
  });
  const event = `E2EKiosk${Date.now()}`;
  await createAlert(request, { resource: 'kiosk-a', event });
  await openDisplay(page, `/alerts?kiosk=1&q=event:${event}`);
  const table = page.getByRole('table', { name: 'Alerts' });
  await expect(table.locator('[data-row-id]')).toHaveCount(1);

  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByText(/updated \d+ s ago/)).toBeVisible();

  const counts = () => page.evaluate(() => {
    const w = window as unknown as { __wake: number; __fullscreen: number };
    return { wake: w.__wake, fullscreen: w.__fullscreen };
  });
  await expect.poll(async () => (await counts()).wake).toBe(1);
  // Opened without a click, the browser would refuse full screen: the display offers it instead of asking.
  await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();
  expect((await counts()).fullscreen).toBe(0);

  // The browser drops the lock when the page is hidden; back in view, the screen asks again.
  await page.evaluate(async () => {
    const w = window as unknown as { __sentinels: { release: () => Promise<void> }[] };
    await w.__sentinels[0]?.release();
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(async () => (await counts()).wake).toBe(2);

  // kiosk is a display flag: it never reaches the API.
  expect(alertRequests.length).toBeGreaterThan(0);
  for (const url of alertRequests) expect(new URL(url).searchParams.has('kiosk')).toBe(false);
});

test('kiosk: full screen is asked for only when the browser would allow it, and a visible button brings it', async ({ page }) => {
  // Chromium warns on the console for every refused request: "Failed to execute 'requestFullscreen' on 'Element': API
  // can only be initiated by a user gesture."
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/fullscreen|user gesture/i.test(message.text())) warnings.push(`${message.type()}: ${message.text()}`);
  });
  await loadedWithoutClick(page);
  await openDisplay(page, '/alerts?kiosk=1');
  await expect(page.getByRole('table', { name: 'Alerts' }).locator('[data-row-id]').first()).toBeVisible();
  await settled(page);
  expect(warnings).toEqual([]);
  const button = page.getByRole('button', { name: 'Full screen' });
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute('title', 'The browser shows the wall display in full screen only after a click');
  expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();

  await button.click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await expect(button).toHaveCount(0);
  // Left with Escape (here: by the page), the display offers it again.
  await page.evaluate(() => document.exitFullscreen());
  await expect(button).toBeVisible();
  expect(warnings).toEqual([]);
});

test('kiosk: when the session ends it keeps the last alerts with a sign-in banner instead of leaving', async ({ page, context }) => {
  await signIn(page, 'viewer');
  await page.goto(`${AUTH_BASE_URL}/alerts?kiosk=1`);
  const rows = page.getByRole('table', { name: 'Alerts' }).locator('[data-row-id]');
  await expect.poll(() => rows.count()).toBeGreaterThan(1);
  const shown = await rows.count();

  // The API starts refusing the token (revoked, expired on the server).
  await context.route(/\/api\/(alerts|environments)(\?|$)/, (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ status: 'error', message: 'Token is invalid', code: 401, errors: null }) }),
  );
  await page.getByText(/updated \d+ s ago/).waitFor();
  await expect(page.getByRole('alert').filter({ hasText: 'Sign-in required' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/alerts\?kiosk=1/);
  await expect(rows).toHaveCount(shown);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('alerts become readable cards with their actions reachable and no sideways scrolling', async ({ page, request }) => {
    const event = `E2EPhone${Date.now()}`;
    await createAlert(request, { resource: 'phone-a', event, text: 'Disk almost full on phone-a' });
    await createAlert(request, { resource: 'phone-b', event, severity: 'minor' });
    await page.goto(`/alerts?q=event:${event}`);

    const list = page.getByRole('list', { name: 'Alerts' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('table', { name: 'Alerts' })).toHaveCount(0);
    const card = list.getByRole('listitem').filter({ hasText: 'phone-a' });
    await expect(card).toContainText('Disk almost full on phone-a');
    await expect(card.getByRole('button', { name: 'Ack', exact: true })).toBeVisible();

    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await card.getByRole('button', { name: 'Ack', exact: true }).tap();
    await expect(page.getByText('Ack done on 1 alert')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Unack' })).toBeVisible();

    // Multi-select and the bulk bar fit the screen too.
    await card.getByRole('button', { name: /Select row/ }).tap();
    await expect(page.getByText('1 selected')).toBeVisible();
    await expect(page.getByRole('toolbar', { name: 'Actions on the selected alerts' }).getByRole('button', { name: 'Close' })).toBeInViewport();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});

import { expect, test, type Page } from '@playwright/test';
import { AUTH_BASE_URL, signIn } from './support.ts';

// The shell around the screens: drawer entries per role, routes and titles, the phone drawer, keyboard use.

async function drawerLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Alerts', exact: true })).toBeVisible();
  return (await nav.getByRole('link').allInnerTexts()).map((s) => s.trim());
}

test.describe('on a laptop', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('an admin sees every entry, in the order of the spec', async ({ page }) => {
    await signIn(page, 'admin');
    expect(await drawerLinks(page)).toEqual([
      'Alerts',
      'Heartbeats',
      'Users',
      'Groups',
      'Customers',
      'Blackouts',
      'Permissions',
      'API Keys',
      'Reports',
      'Profile',
      'Settings',
      'Help',
      'About',
    ]);
  });

  test('an operator does not see Users, which needs admin:users', async ({ page }) => {
    await signIn(page, 'operator');
    const links = await drawerLinks(page);
    expect(links).not.toContain('Users');
    expect(links).toEqual(expect.arrayContaining(['Alerts', 'Heartbeats', 'Blackouts', 'API Keys', 'Reports', 'Profile', 'Settings', 'About']));
  });

  test('a customer-scoped user has no admin entries and their profile card shows their customer', async ({ page }) => {
    await signIn(page, 'customer');
    const links = await drawerLinks(page);
    expect(links).not.toContain('Users');
    await page.getByRole('button', { name: /account menu/i }).click();
    await expect(page.getByRole('list', { name: 'Customers' }).getByRole('listitem')).toHaveText(['Acme Corp']);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(`${AUTH_BASE_URL}/profile`);
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page.getByText('ops@acme.example').first()).toBeVisible();
  });

  test('unknown paths and the root lead to the alerts, old /#/ links are rewritten, titles name the page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/alerts(#.*)?$/);
    // The title may carry the attention count in front, e.g. "(7) Alerts – Alerta" (see pwa-notifications.spec.ts).
    await expect(page).toHaveTitle(/^(\(\d+\+?\) )?Alerts – Alerta$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/alerts(#.*)?$/);
    await page.goto('/#/about');
    await expect(page).toHaveURL(/\/about$/);
    await expect(page).toHaveTitle(/^(\(\d+\+?\) )?About – Alerta$/);
    await expect(page.getByRole('heading', { name: 'About', level: 1 })).toBeVisible();
    await expect(page.getByText('9.1.0').or(page.getByText(/DEMO/)).first()).toBeVisible();
  });

  test('/help opens the documentation in a new tab and the console stays where it was', async ({ page, context }) => {
    await context.route('https://docs.alerta.io/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Alerta docs</title>' }));
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'About', level: 1 })).toBeVisible();
    const popup = page.waitForEvent('popup');
    await page.goto('/help');
    expect((await popup).url()).toMatch(/^https:\/\/docs\.alerta\.io\/?$/);
    await expect(page).toHaveURL(/\/about$/);
  });

  test('kiosk mode shows the alerts without the top bar, the drawer or the account menu', async ({ page }) => {
    await page.goto('/alerts?kiosk=1');
    await expect(page.getByRole('table', { name: 'Alerts' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /navigation/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /account menu/i })).toHaveCount(0);
  });

  test('when the API refuses the session (401) the user goes to login with a redirect back, and returns after logging in', async ({ page, context }) => {
    await signIn(page, 'operator');
    await page.goto(`${AUTH_BASE_URL}/heartbeats`);
    await expect(page.getByRole('heading', { name: 'Heartbeats' }).first()).toBeVisible();
    await context.route(/\/api\/(heartbeats|alerts|environments)/, (route) =>
      route.fulfill({ status: 401, json: { status: 'error', code: 401, message: 'Token is invalid', errors: null } }),
    );
    await page.getByRole('button', { name: 'Refresh' }).first().click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fheartbeats/);
    await expect(page.getByRole('status').filter({ hasText: 'Your session has expired. Please log in again.' })).toBeVisible();

    await context.unroute(/\/api\/(heartbeats|alerts|environments)/);
    await page.getByLabel('Username').fill('operator@alerta.dev');
    await page.getByLabel('Password').fill('alerta-demo');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(`${AUTH_BASE_URL}/heartbeats`);
  });

  test('every entry can be reached with the keyboard, with the skip link first', async ({ page }) => {
    await signIn(page, 'operator');
    // A fresh page load: focus starts at the top of the document (after a navigation it moves into the page).
    await page.reload();
    await expect(page.getByRole('table', { name: 'Alerts' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Tab');
    // On the alerts screen at this width the navigation is an icon rail; the menu button opens it wide.
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeFocused();
    // Menu, logo link, account menu, then the rail: Tab until Settings is focused, then open it with Enter.
    const settings = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' });
    for (let i = 0; i < 15 && !(await settings.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(settings).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings$/);
    // The keyboard user continues in the new page, not in the drawer.
    await expect.poll(() => page.evaluate(() => !!document.getElementById('main')?.contains(document.activeElement))).toBe(true);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the drawer is a modal that opens from the menu button, closes with Escape, and navigates', async ({ page }) => {
    await signIn(page, 'operator');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toHaveCount(0);
    const menu = page.getByRole('button', { name: 'Open navigation' });
    await menu.click();
    await expect(nav).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toHaveCount(0);
    await expect(menu).toBeFocused();

    await menu.click();
    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(nav).toHaveCount(0);
  });

  test('signed out, the account sheet shows full-width Log In and Sign Up buttons', async ({ page }) => {
    await page.goto(`${AUTH_BASE_URL}/login`);
    await expect(page.getByLabel('Username')).toBeVisible();
    await page.getByRole('button', { name: 'Account menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Account menu' });
    const login = sheet.getByRole('button', { name: 'Log In' });
    const signup = sheet.getByRole('button', { name: 'Sign Up' });
    await expect(signup).toBeVisible();
    const [a, b] = await Promise.all([login.boundingBox(), signup.boundingBox()]);
    expect(a!.width).toBeGreaterThan(300);
    expect(b!.width).toBeGreaterThan(300);
    expect(b!.y).toBeGreaterThan(600);
  });
});

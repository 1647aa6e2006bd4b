import { expect, test, type Page } from '@playwright/test';
import { AUTH_BASE_URL } from './support.ts';

// Preferences and saved searches of a user created for the test, so no other test sees them.

async function signUpFreshUser(page: Page): Promise<string> {
  const email = `prefs-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
  await page.goto(`${AUTH_BASE_URL}/signup`);
  await page.getByLabel('Full Name').fill('Pref Tester');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-pw');
  await page.getByLabel('Confirm Password').fill('secret-pw');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(new RegExp(`^${AUTH_BASE_URL}/alerts(#.*)?$`));
  return email;
}

test.use({ viewport: { width: 1400, height: 900 } });

test('switching the language to German and Turkish translates the shell at once, keeps it after a reload, and reset brings English back', async ({ page }) => {
  await signUpFreshUser(page);
  await page.goto(`${AUTH_BASE_URL}/settings`);
  await page.getByLabel('Languages').selectOption('de');
  await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('status').filter({ hasText: 'Einstellungen gespeichert' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Alarme' })).toBeVisible();
  await expect(page).toHaveTitle(/^(\(\d+\+?\) )?Einstellungen – Alerta$/);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();

  await page.getByLabel('Sprachen').selectOption('tr');
  await expect(page.getByRole('heading', { name: 'Ayarlar', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');

  await page.getByRole('button', { name: 'Varsayılanlara sıfırla' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sıfırla' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('status').filter({ hasText: 'Settings reset to defaults' })).toBeVisible();
});

test('settings are saved on change with units, dark mode applies at once, and reset restores the defaults', async ({ page }) => {
  await signUpFreshUser(page);
  await page.goto(`${AUTH_BASE_URL}/settings`);

  const refresh = page.getByLabel('Refresh interval');
  await expect(refresh.locator('option:checked')).toHaveText('5 seconds');
  await expect(refresh.locator('option')).toHaveText(['2 seconds', '5 seconds', '10 seconds', '30 seconds', '1 minute']);
  await refresh.selectOption({ label: '30 seconds' });
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
  await expect(page.getByLabel('Blackout Period').locator('option').first()).toHaveText('1 hour');
  await expect(page.getByLabel('Shelve timeout').locator('option:checked')).toHaveText('120 minutes');

  const dark = page.getByRole('switch', { name: 'Dark Theme' });
  await expect(dark).toHaveAttribute('aria-checked', 'false');
  await dark.click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByLabel('Font Size').selectOption('16px');
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).fontSize)).toBe('16px');

  await page.reload();
  await expect(page.getByLabel('Refresh interval').locator('option:checked')).toHaveText('30 seconds');
  await expect(page.getByRole('switch', { name: 'Dark Theme' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);

  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset to defaults' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings reset to defaults' })).toBeVisible();
  await expect(page.getByLabel('Refresh interval').locator('option:checked')).toHaveText('5 seconds');
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).fontSize)).toBe('13px');
});

test('a search pinned from the toolbar is listed in the drawer, opens the alerts with it, is unique by text and can be deleted', async ({ page }) => {
  await signUpFreshUser(page);
  const search = page.getByRole('combobox', { name: 'Search' });
  const pin = page.getByRole('button', { name: 'Save search' });
  await expect(pin).toBeDisabled();

  const text = `resource:web0${Date.now() % 7}`;
  await search.fill(text);
  await search.press('Enter');
  await expect(page).toHaveURL(/\/alerts\?q=/);
  await pin.click();
  await expect(page.getByRole('status').filter({ hasText: 'Search saved' })).toBeVisible();
  await pin.click(); // the same text again replaces, never duplicates

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  // At this width the alerts screen's navigation is an icon rail: its Searches button opens the list.
  await nav.getByRole('button', { name: 'Searches' }).click();
  await expect(nav.getByRole('button', { name: 'Searches' })).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: text })).toHaveCount(1);

  await page.goto(`${AUTH_BASE_URL}/about`);
  await nav.getByRole('link', { name: text }).click();
  await expect(page).toHaveURL(new RegExp(`/alerts\\?q=${encodeURIComponent(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await expect(search).toHaveValue(text);

  await nav.getByRole('button', { name: 'Searches' }).click();
  await nav.getByRole('button', { name: `Delete search ${text}` }).click();
  await expect(nav.getByRole('link', { name: text })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Searches' })).toHaveCount(0);
});

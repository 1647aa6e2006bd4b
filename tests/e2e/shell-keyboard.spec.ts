import { expect, test, type Locator, type Page } from '@playwright/test';
import { AUTH_BASE_URL } from './support.ts';

// A first use from start to end: a new user signs up, finds the screens, changes language and settings and signs out
// with the keyboard only, on a phone, here in French (the browser's language).

test.use({ viewport: { width: 390, height: 844 }, locale: 'fr-FR', hasTouch: true });

/** Presses Tab until the element has the focus, as a keyboard user would; fails if it is not reachable. */
async function tabTo(page: Page, target: Locator, max = 25) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('a new user signs up, opens Settings from the drawer, switches to German and logs out, all with the keyboard', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${AUTH_BASE_URL}/signup`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: 'Créez votre compte Alerta' })).toBeVisible();

  await expect(page.getByLabel('Nom complet')).toBeFocused();
  await page.keyboard.type('Clavier Seul');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`clavier-${Date.now()}@example.org`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('secret-clavier');
  await page.keyboard.press('Tab');
  await page.keyboard.type('secret-clavier');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/alerts(#.*)?$/);

  const menu = page.getByRole('button', { name: 'Ouvrir la navigation' });
  await tabTo(page, menu);
  await page.keyboard.press('Enter');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await tabTo(page, nav.getByRole('link', { name: 'Paramètres' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Paramètres', level: 1 })).toBeVisible();

  const language = page.getByLabel('Langues');
  await tabTo(page, language, 40);
  // Options: browser language, en, fr, de, tr; from the first, three steps down is German.
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  const account = page.getByRole('button', { name: /Kontomenü/ });
  await tabTo(page, account, 60);
  await page.keyboard.press('Enter');
  const logout = page.getByRole('dialog', { name: 'Kontomenü' }).getByRole('button', { name: 'Abmelden' });
  await tabTo(page, logout);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/logout$/);
  // Signed out, the user's language preference no longer applies: the browser's French is back.
  await expect(page.getByText('Vous avez été déconnecté')).toBeVisible();
});

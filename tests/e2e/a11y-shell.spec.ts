import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { AUTH_BASE_URL, signIn } from './support.ts';

// axe-core on each shell screen, in light and dark mode: no serious or critical violation.

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

const SIGNED_IN_SCREENS = [
  { path: '/alerts', ready: (p: Page) => p.getByRole('table', { name: 'Alerts' }) },
  { path: '/settings', ready: (p: Page) => p.getByRole('heading', { name: 'Settings', level: 1 }) },
  { path: '/profile', ready: (p: Page) => p.getByRole('heading', { name: 'Profile', level: 1 }) },
  { path: '/about', ready: (p: Page) => p.getByText('Metrics') },
];

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} mode`, () => {
    test.use({ colorScheme: scheme, viewport: { width: 1400, height: 900 } });

    test('the login page has no serious or critical violation', async ({ page }) => {
      await page.goto(`${AUTH_BASE_URL}/login`);
      await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b).*$/);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the alerts, settings, profile and about screens, and the open account menu, have no serious or critical violation', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, 'operator');
      for (const screen of SIGNED_IN_SCREENS) {
        await page.goto(`${AUTH_BASE_URL}${screen.path}`);
        await expect(screen.ready(page)).toBeVisible();
        expect(await seriousViolations(page), screen.path).toEqual([]);
      }
      await page.getByRole('button', { name: /account menu/i }).click();
      await expect(page.getByRole('dialog', { name: 'Account menu' })).toBeVisible();
      expect(await seriousViolations(page), 'account menu').toEqual([]);
    });
  });
}

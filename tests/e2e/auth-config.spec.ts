import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../../server/start.ts';

// Config-driven sign-in behaviour: read-only anonymous access, sign-up switched off, a social provider.
// Each case runs its own small server (in-memory database, demo seed) with the setting under test.

let readonly: RunningServer;
let closed: RunningServer;

test.beforeAll(async () => {
  [readonly, closed] = await Promise.all([
    startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: null,
      seed: 'demo',
      simulator: false,
      serveConsole: true,
      settings: { AUTH_REQUIRED: true, ALLOW_READONLY: true, READONLY_SCOPES: ['read:alerts'], CUSTOMER_VIEWS: false },
    }),
    startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: null,
      seed: 'demo',
      simulator: false,
      serveConsole: true,
      settings: { AUTH_REQUIRED: true, SIGNUP_ENABLED: false, AUTH_PROVIDER: 'github', OAUTH2_CLIENT_ID: 'e2e-client', SITE_LOGO_URL: '/icons/icon.svg' },
    }),
  ]);
});

test.afterAll(async () => {
  await Promise.all([readonly?.close().catch(() => undefined), closed?.close().catch(() => undefined)]);
});

test('with read-only access allowed, an anonymous visitor sees the alerts and only the entries their read-only scopes allow', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`${readonly.url}/alerts`);
  await expect(page).toHaveURL(`${readonly.url}/alerts`);
  await expect(page.getByRole('table', { name: 'Alerts' })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Alerts' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Reports' })).toBeVisible();
  // readonly_scopes is read:alerts only: no heartbeats, no admin screens, and no profile or settings while signed out.
  for (const hidden of ['Heartbeats', 'Users', 'Permissions', 'API Keys', 'Profile', 'Settings', 'About'])
    await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: /Help/ })).toHaveAttribute('target', '_blank');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();
});

test('with sign-up off, a social provider and a site logo, login offers the provider, sign-up is not available and the logo shows 48 px high', async ({ page }) => {
  await page.goto(`${closed.url}/signup`);
  await expect(page.getByText('Sorry, sign up is not currently available')).toBeVisible();
  const logo = page.getByRole('banner').getByRole('img', { name: 'Alerta' });
  await expect(logo).toHaveAttribute('src', '/icons/icon.svg');
  expect((await logo.boundingBox())?.height).toBe(48);

  await page.goto(`${closed.url}/alerts`);
  await expect(page).toHaveURL(/\/login\?redirect=%2Falerts$/);
  await expect(page.getByRole('button', { name: 'Log in with GitHub' })).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Create Account' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Up' })).toHaveCount(0);
});

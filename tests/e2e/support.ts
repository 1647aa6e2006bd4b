// Shared helpers for the end-to-end tests: the two demo servers and the demo accounts (printed by `npm start`).
import { expect, type Page } from '@playwright/test';

/** auth on, same seed as the default (auth off) server */
export const AUTH_BASE_URL = process.env.AUTH_BASE_URL ?? 'http://127.0.0.1:4174';

export const DEMO_USERS = {
  admin: { username: 'admin@alerta.dev', password: 'alerta-demo' },
  operator: { username: 'operator@alerta.dev', password: 'alerta-demo' },
  viewer: { username: 'viewer@alerta.dev', password: 'alerta-demo' },
  customer: { username: 'ops@acme.example', password: 'alerta-demo' },
} as const;

/** Signs in through the login form of the auth-on server and waits for the alerts list. */
export async function signIn(page: Page, who: keyof typeof DEMO_USERS = 'admin') {
  const user = DEMO_USERS[who];
  await page.goto(`${AUTH_BASE_URL}/login`);
  await page.getByLabel(/username|e-?mail/i).first().fill(user.username);
  await page.getByLabel(/password/i).first().fill(user.password);
  await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
  await expect(page).toHaveURL(/\/alerts/);
}

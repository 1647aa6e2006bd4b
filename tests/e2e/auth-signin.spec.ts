import { expect, test, type Page } from '@playwright/test';
import { AUTH_BASE_URL, DEMO_USERS, signIn } from './support.ts';

// Sign-in, sign-up and sign-out against the auth-on demo server.

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
}

test('an anonymous visitor of a protected page logs in and lands on the page they wanted', async ({ page }) => {
  await page.goto(`${AUTH_BASE_URL}/settings`);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings$/);
  await expect(page.getByRole('heading', { name: 'Log in to Alerta to continue' })).toBeVisible();
  await expect(page).toHaveTitle(/^(\(\d+\+?\) )?Log In – Alerta$/);

  await page.getByLabel('Username').fill(DEMO_USERS.operator.username);
  await page.getByLabel('Password').fill(DEMO_USERS.operator.password);
  await page.getByRole('button', { name: 'Log In' }).click();

  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^(\(\d+\+?\) )?Settings – Alerta$/);
});

test('a redirect to another site after login is refused and leads to the alerts', async ({ page }) => {
  await page.goto(`${AUTH_BASE_URL}/login?redirect=${encodeURIComponent('https://evil.example/phish')}`);
  await page.getByLabel('Username').fill(DEMO_USERS.operator.username);
  await page.getByLabel('Password').fill(DEMO_USERS.operator.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(new RegExp(`^${AUTH_BASE_URL}/alerts(#.*)?$`));
});

test('empty fields and a wrong password are explained and the user stays on the login page', async ({ page }) => {
  await page.goto(`${AUTH_BASE_URL}/login`);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Required')).toHaveCount(2);

  await page.getByLabel('Username').fill(DEMO_USERS.operator.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /invalid username or password/i })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('logging out from the avatar menu shows the logged-out page, and protected pages ask for login again', async ({ page }) => {
  await signIn(page, 'admin');
  await openAccountMenu(page);
  await expect(page.getByText('admin@alerta.dev').first()).toBeVisible();
  await page.getByRole('button', { name: 'Log Out' }).click();

  await expect(page).toHaveURL(`${AUTH_BASE_URL}/logout`);
  await expect(page.getByText('You have been logged out')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth.token'))).toBeNull();

  await page.goto(`${AUTH_BASE_URL}/alerts`);
  await expect(page).toHaveURL(/\/login\?redirect=%2Falerts/);
});

test('signed out, the avatar menu offers Log In and Sign Up', async ({ page }) => {
  await page.goto(`${AUTH_BASE_URL}/login`);
  await expect(page.getByLabel('Username')).toBeVisible();
  await openAccountMenu(page);
  await expect(page.getByText('You are not signed in')).toBeVisible();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { name: 'Create your Alerta account' })).toBeVisible();
});

test('sign-up checks each field with the old console\'s texts, then signs the new user in', async ({ page }) => {
  await page.goto(`${AUTH_BASE_URL}/signup`);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Required').first()).toBeVisible();

  const email = `new-${Date.now()}@example.org`;
  await page.getByLabel('Full Name').fill('New Person');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm Password').fill('abcdef');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Min 6 characters')).toBeVisible();
  await expect(page.getByText("Passwords entered don't match")).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('abcdef');
  await page.getByLabel(/why do you need access/i).fill('e2e sign-up');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(new RegExp(`^${AUTH_BASE_URL}/alerts(#.*)?$`));

  await openAccountMenu(page);
  await expect(page.getByText(email).first()).toBeVisible();
});

test('forgot password sends a reset link, and a bad reset link says why', async ({ page }) => {
  await page.goto(`${AUTH_BASE_URL}/login`);
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot$/);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Not Valid')).toBeVisible();
  await page.getByLabel('Email').fill(DEMO_USERS.operator.username);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Check your email for a reset link')).toBeVisible();

  await page.goto(`${AUTH_BASE_URL}/reset/no-such-token`);
  await page.getByLabel('Password', { exact: true }).fill('newpass1');
  await page.getByLabel('Confirm Password').fill('newpass1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/reset\/no-such-token$/);
});

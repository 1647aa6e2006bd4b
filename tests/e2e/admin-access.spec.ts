import { expect, test } from '@playwright/test';
import { AUTH_BASE_URL, signIn } from './support.ts';

// Who sees what on the administration screens, and forms that refuse bad input without calling the API.

test('an operator has no users screen and only reads groups and permissions', async ({ page }) => {
  await signIn(page, 'operator');
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Heartbeats' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);

  await page.goto(`${AUTH_BASE_URL}/users`);
  await expect(page.getByText('You do not have permission to view this page.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);

  for (const [path, title, create] of [
    ['/perms', 'Permissions', 'New permission'],
    ['/groups', 'Groups', 'New Group'],
  ] as const) {
    await page.goto(`${AUTH_BASE_URL}${path}`);
    const table = page.getByRole('table', { name: title });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByText('Read-only')).toBeVisible();
    await expect(page.getByRole('button', { name: create })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  }
});

test('a read-only user sees lists without edit controls', async ({ page }) => {
  await signIn(page, 'viewer');
  for (const [path, title, create] of [
    ['/blackouts', 'Blackouts', 'New Blackout'],
    ['/heartbeats', 'Heartbeats', null],
  ] as const) {
    await page.goto(`${AUTH_BASE_URL}${path}`);
    const table = page.getByRole('table', { name: title });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByText('Read-only')).toBeVisible();
    if (create) await expect(page.getByRole('button', { name: create })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  }

  await page.goto(`${AUTH_BASE_URL}/reports`);
  await expect(page.getByRole('heading', { name: 'Top 10 offenders' })).toBeVisible();
  const offenders = page.getByRole('table', { name: 'Top 10 offenders' });
  const first = offenders.getByRole('link').first();
  const event = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/alerts\?/);
  expect(new URL(page.url()).searchParams.get('q')).toContain(`event:"^${event}$" AND resource:`);

  await page.goto(`${AUTH_BASE_URL}/users`);
  await expect(page.getByText('You do not have permission to view this page.')).toBeVisible();
});

test('an operator reads and creates blackouts but cannot see what only admins change', async ({ page }) => {
  await signIn(page, 'operator');
  await page.goto(`${AUTH_BASE_URL}/blackouts`);
  await expect(page.getByRole('button', { name: 'New Blackout' })).toBeVisible();
  await page.goto(`${AUTH_BASE_URL}/customers`);
  await expect(page.getByRole('button', { name: 'New Customer' })).toHaveCount(0);
});

test('invalid input shows the validation message and sends nothing', async ({ page, context }) => {
  await signIn(page, 'admin');
  const sent: string[] = [];
  context.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/(user|blackout)$/.test(new URL(r.url()).pathname)) sent.push(r.url());
  });

  await page.goto(`${AUTH_BASE_URL}/users`);
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByLabel('Full Name').fill('Shorty');
  await dialog.getByLabel('Email', { exact: true }).fill('not-an-email');
  await dialog.getByLabel('Password', { exact: true }).fill('12345');
  await dialog.getByLabel('Confirm Password').fill('123456');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toContainText('Min 6 characters');
  await expect(dialog).toContainText("Passwords entered don't match");
  await expect(dialog).toContainText('Not Valid');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`${AUTH_BASE_URL}/blackouts`);
  await page.getByRole('button', { name: 'New Blackout' }).click();
  const blackout = page.getByRole('dialog', { name: 'New Blackout' });
  await blackout.getByRole('button', { name: 'Save' }).click();
  await expect(blackout.getByLabel('Environment', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(blackout).toContainText('Required');
  await blackout.getByRole('switch', { name: 'Start now' }).click();
  await blackout.getByLabel('Environment', { exact: true }).fill('Production');
  await blackout.getByLabel('Start', { exact: true }).fill('2031-01-01T10:00');
  await blackout.getByLabel('End', { exact: true }).fill('2031-01-01T09:00');
  await blackout.getByRole('button', { name: 'Save' }).click();
  await expect(blackout).toContainText('The end must be after the start');

  // Corrected, it is sent: the first request for a blackout is the corrected one, so the invalid form sent nothing.
  await blackout.getByLabel('End', { exact: true }).fill('2031-01-01T11:00');
  await blackout.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => sent.length).toBe(1);
  expect(sent[0]).toMatch(/\/api\/blackout$/);
});

test('the blackout form opens pre-filled from an alert link and then drops the query', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto(`${AUTH_BASE_URL}/blackouts?new=1&environment=Production&service=Web&resource=web01&event=HttpError&group=Web`);
  const dialog = page.getByRole('dialog', { name: 'New Blackout' });
  await expect(dialog.getByLabel('Environment', { exact: true })).toHaveValue('Production');
  await expect(dialog.getByLabel('Resource', { exact: true })).toHaveValue('web01');
  await expect(dialog.getByLabel('Event', { exact: true })).toHaveValue('HttpError');
  await expect(dialog.getByLabel('Group', { exact: true })).toHaveValue('Web');
  await expect(dialog.getByRole('button', { name: 'Remove Web' })).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'Start now' })).toBeChecked();
  await expect(page).toHaveURL(/\/blackouts$/);
});

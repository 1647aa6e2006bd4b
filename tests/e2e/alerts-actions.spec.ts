import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AUTH_BASE_URL, signIn } from './support.ts';

// Selection, the bulk bar, row actions and the keyboard on the alerts screen. Each test works on its own alerts
// (unique event) and shows all statuses (a hash without `status`), so acted-on alerts stay on screen.

async function createAlert(request: APIRequestContext, alert: Record<string, unknown>, base = '', headers: Record<string, string> = {}) {
  const res = await request.post(`${base}/api/alert`, {
    headers,
    data: { severity: 'major', environment: 'Production', service: ['E2E'], text: 'e2e alert', value: '1', ...alert },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

function rows(page: Page) {
  return page.getByRole('table', { name: 'Alerts' }).locator('[data-row-id]');
}

const ALL_STATUSES = '#dateRange:,;sb:resource;sd:0;asi:0';

async function openWith(page: Page, event: string, count: number) {
  await page.goto(`/alerts?q=event:${event}${ALL_STATUSES}`);
  await expect(rows(page)).toHaveCount(count);
}

test('clicking a trend arrow starts multi-select; every bulk action applies, clears the selection and reloads', async ({ page, request }) => {
  const event = `E2EBulk${Date.now()}`;
  for (const r of ['bulk-a', 'bulk-b', 'bulk-c']) await createAlert(request, { resource: r, event });
  await openWith(page, event, 3);

  // Without a selection a row click opens the detail; the trend arrow selects instead.
  await rows(page).nth(0).getByRole('button', { name: /Select row/ }).click();
  const bulk = page.getByRole('toolbar', { name: 'Actions on the selected alerts' });
  await expect(bulk.getByText('1 selected')).toBeVisible();
  await expect(page).toHaveURL(/\/alerts/);
  // Now rows show checkboxes, and clicking a row toggles it instead of opening it.
  await rows(page).nth(1).click();
  await rows(page).nth(2).getByRole('checkbox').check();
  await expect(bulk.getByText('3 selected')).toBeVisible();

  await bulk.getByRole('button', { name: 'Ack', exact: true }).click();
  await expect(page.getByText('Ack done on 3 alerts')).toBeVisible();
  await expect(bulk).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Search' })).toBeVisible();
  for (let i = 0; i < 3; i++) await expect(rows(page).nth(i)).toContainText('Ack');

  await rows(page).nth(0).getByRole('button', { name: /Select row/ }).click();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await bulk.getByRole('button', { name: 'Shelve' }).click();
  await expect(page.getByText('Shelve done on 3 alerts')).toBeVisible();
  for (let i = 0; i < 3; i++) await expect(rows(page).nth(i)).toContainText('Shelved');

  await rows(page).nth(0).getByRole('button', { name: /Select row/ }).click();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await bulk.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Close done on 3 alerts')).toBeVisible();
  for (let i = 0; i < 3; i++) await expect(rows(page).nth(i)).toContainText('Closed');

  // Delete asks first; Cancel keeps everything.
  await rows(page).nth(0).getByRole('button', { name: /Select row/ }).click();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await bulk.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog');
  // A bulk delete says how many alerts it deletes.
  await expect(confirm).toContainText('Are you sure you want to delete these 3 alerts?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows(page)).toHaveCount(3);
  await bulk.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Delete done on 3 alerts')).toBeVisible();
  await expect(page.getByText(`Your search for “event:${event}” found no results`)).toBeVisible();
});

test('the back arrow and Escape leave multi-select; a bulk action skips alerts whose status does not allow it', async ({ page, request }) => {
  const event = `E2ESkip${Date.now()}`;
  const closed = await createAlert(request, { resource: 'skip-a', event });
  await request.put(`/api/alert/${closed}/action`, { data: { action: 'close', text: '' } });
  await createAlert(request, { resource: 'skip-b', event });
  await openWith(page, event, 2);

  await rows(page).nth(0).getByRole('button', { name: /Select row/ }).click();
  const bulk = page.getByRole('toolbar', { name: 'Actions on the selected alerts' });
  await bulk.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(bulk).toHaveCount(0);

  await rows(page).nth(0).getByRole('button', { name: /Select row/ }).click();
  await page.keyboard.press('Escape');
  await expect(bulk).toHaveCount(0);

  // skip-a is closed: acking both acks only skip-b.
  await rows(page).nth(0).getByRole('button', { name: /Select row/ }).click();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await bulk.getByRole('button', { name: 'Ack', exact: true }).click();
  await expect(page.getByText('Ack done on 1 alert')).toBeVisible();
  await expect(rows(page).filter({ hasText: 'skip-a' })).toContainText('Closed');
  await expect(rows(page).filter({ hasText: 'skip-b' })).toContainText('Ack');
});

test('row actions offer only what the status allows, on hover and on keyboard focus', async ({ page, request }) => {
  const event = `E2ERow${Date.now()}`;
  await createAlert(request, { resource: 'row-a', event });
  await openWith(page, event, 1);
  const row = rows(page).first();
  const actions = row.getByRole('group', { name: 'Row actions' });
  const shown = actions.locator('xpath=..');
  // Away from the pointer and the keyboard focus, no row has buttons (not even the one Tab would land on).
  await page.mouse.move(0, 0);
  await expect(actions).toHaveCount(0);
  await row.hover();
  await expect(shown).toHaveCSS('opacity', '1');
  // open alert: ack, shelve, close — no reopen, unack or unshelve.
  await expect(actions.getByRole('button', { name: 'Ack', exact: true })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Shelve' })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Close' })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Unack' })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'Open', exact: true })).toHaveCount(0);

  await actions.getByRole('button', { name: 'Ack', exact: true }).click();
  await expect(page.getByText('Ack done on 1 alert')).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Unack' })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Open', exact: true })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Ack', exact: true })).toHaveCount(0);

  // Keyboard focus alone shows them too.
  await page.mouse.move(0, 0);
  await page.getByRole('combobox', { name: 'Search' }).focus();
  await page.keyboard.press('Escape');
  await expect(actions).toHaveCount(0);
  await row.focus();
  await expect(row).toBeFocused();
  await expect(shown).toHaveCSS('opacity', '1');
  // Tab goes from the row to its first button.
  await page.keyboard.press('Tab');
  await expect(actions.getByRole('button').first()).toBeFocused();
});

test('the keyboard moves between rows, selects, acts and opens without a mouse', async ({ page, request }) => {
  const event = `E2EKeys${Date.now()}`;
  for (const r of ['keys-a', 'keys-b', 'keys-c']) await createAlert(request, { resource: r, event });
  await openWith(page, event, 3);

  await rows(page).nth(0).focus();
  await page.keyboard.press('ArrowDown');
  await expect(rows(page).nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(rows(page).nth(2)).toBeFocused();
  await page.keyboard.press('k');
  await expect(rows(page).nth(1)).toBeFocused();

  // a acks the focused alert (keys-b) only.
  await page.keyboard.press('a');
  await expect(page.getByText('Ack done on 1 alert')).toBeVisible();
  await expect(rows(page).filter({ hasText: 'keys-b' })).toContainText('Ack');
  await expect(rows(page).filter({ hasText: 'keys-a' })).toContainText('Open');

  // x selects, Space on the next row too; Escape clears.
  await rows(page).nth(0).focus();
  await page.keyboard.press('x');
  await page.keyboard.press('j');
  await page.keyboard.press(' ');
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('2 selected')).toHaveCount(0);

  // ? shows the shortcuts, Enter opens the focused alert.
  await rows(page).nth(2).focus();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByRole('table')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  await rows(page).nth(2).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/alert\/[0-9a-f-]{36}$/);
});

test('signed in, Watch follows the any-unwatched rule and the watch-only toggle shows watched alerts', async ({ page }) => {
  await signIn(page, 'operator');
  const token = await page.evaluate(() => localStorage.getItem('auth.token'));
  const headers = { Authorization: `Bearer ${token}` };
  const event = `E2EWatch${Date.now()}`;
  const request = page.request;
  await createAlert(request, { resource: 'watch-a', event }, AUTH_BASE_URL, headers);
  await createAlert(request, { resource: 'watch-b', event }, AUTH_BASE_URL, headers);
  await page.goto(`${AUTH_BASE_URL}/alerts?q=event:${event}${ALL_STATUSES}`);
  await expect(rows(page)).toHaveCount(2);
  const bulk = page.getByRole('toolbar', { name: 'Actions on the selected alerts' });

  // Watch one from its row actions.
  await rows(page).nth(0).hover();
  await rows(page).nth(0).getByRole('button', { name: 'Watch' }).click();
  await expect(page.getByText('Watch done on 1 alert')).toBeVisible();
  await expect(rows(page).nth(0).getByRole('button', { name: 'Unwatch' })).toBeAttached();

  // One of two selected is unwatched: the bulk button watches both.
  await rows(page).nth(0).getByRole('button', { name: /Select row/ }).click();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await bulk.getByRole('button', { name: 'Watch' }).click();
  await expect(page.getByText('Watch done on 2 alerts')).toBeVisible();

  // Both watched now: the same button unwatches both.
  await rows(page).nth(0).getByRole('button', { name: /Select row/ }).click();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(bulk.getByRole('button', { name: 'Unwatch' })).toBeVisible();
  await bulk.getByRole('button', { name: 'Back', exact: true }).click();

  // The watch-only toggle keeps the user's watched alerts.
  await page.getByRole('button', { name: 'Watched alerts only' }).click();
  await expect(rows(page)).toHaveCount(2);
  await rows(page).nth(0).hover();
  await rows(page).nth(0).getByRole('button', { name: 'Unwatch' }).click();
  await expect(rows(page)).toHaveCount(1);
});

test('configured custom actions are offered per row, for a selection and on the detail page under one name, and sent as actions', async ({ page, context, request }) => {
  // config.json on the console's host adds custom actions to the server's config.
  await context.route('**/config.json', async (route) => {
    const served = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...served, actions: ['escalate', 'createTicket'] }) });
  });
  const event = `E2ECustom${Date.now()}`;
  for (const r of ['custom-a', 'custom-b']) await createAlert(request, { resource: r, event });
  await openWith(page, event, 2);

  // The row's menu, the bulk bar's menu, the message after it ran and the detail page's menu say the same name.
  await rows(page).nth(0).hover();
  await rows(page).nth(0).getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Create Ticket' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Escalate' }).click();
  await expect(page.getByText('Escalate done on 1 alert')).toBeVisible();

  await rows(page).nth(0).getByRole('button', { name: /Select row/ }).click();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  const bulk = page.getByRole('toolbar', { name: 'Actions on the selected alerts' });
  await bulk.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Create Ticket' }).click();
  await expect(page.getByText('Create Ticket done on 2 alerts')).toBeVisible();
  await expect(bulk).toHaveCount(0);

  await rows(page).nth(0).click();
  await page.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'More' }).click();
  await expect(page.getByRole('menuitem', { name: 'Create Ticket' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Escalate' })).toBeVisible();
});

test('the latest outcome replaces the one before it at once: no confirmation of an older action queued in front', async ({ page, request }) => {
  const event = `E2EOutcome${Date.now()}`;
  for (const r of ['outcome-a', 'outcome-b']) await createAlert(request, { resource: r, event });
  await openWith(page, event, 2);

  await rows(page).nth(0).hover();
  await rows(page).nth(0).getByRole('button', { name: 'Shelve' }).click();
  await expect(page.getByText('Shelve done on 1 alert')).toBeVisible();
  await rows(page).nth(1).hover();
  await rows(page).nth(1).getByRole('button', { name: 'Close' }).click();
  // Well within the 3 s the older confirmation would still be shown for.
  await expect(page.getByText('Close done on 1 alert')).toBeVisible({ timeout: 1_500 });
  await expect(page.getByText('Shelve done on 1 alert')).toHaveCount(0);
});

import { expect, test, type Page } from '@playwright/test';
import { AUTH_BASE_URL, DEMO_USERS, signIn } from './support.ts';

// An administrator runs the installation from the console: one item of each kind is created, edited and deleted
// through the screens, against the auth-on demo server. Names carry a timestamp so reruns never collide.

const stamp = () => `${Date.now()}`;

async function openScreen(page: Page, path: string, heading: string) {
  await page.goto(`${AUTH_BASE_URL}${path}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

async function save(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

async function confirmDelete(page: Page, name: string) {
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}` });
  await expect(confirm).toContainText('Are you sure you want to delete this item?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'admin');
});

test('an admin creates, edits and deletes a blackout that starts now', async ({ page }) => {
  const reason = `e2e blackout ${stamp()}`;
  await openScreen(page, '/blackouts', 'Blackouts');
  await page.getByRole('button', { name: 'New Blackout' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Blackout' });
  await expect(dialog.getByRole('switch', { name: 'Start now' })).toBeChecked();
  await dialog.getByLabel('Environment', { exact: true }).fill('Development');
  await dialog.getByLabel('Resource', { exact: true }).fill('e2e-host');
  await dialog.getByLabel('Reason').fill(reason);
  await save(page, 'New Blackout');

  const table = page.getByRole('table', { name: 'Blackouts' });
  const row = table.getByRole('row', { name: new RegExp(reason) });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('resource: e2e-host');

  await page.getByRole('button', { name: `Edit ${reason}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Blackout' });
  await expect(edit.getByLabel('Environment', { exact: true })).toHaveValue('Development');
  await edit.getByLabel('Reason').fill(`${reason} edited`);
  await save(page, 'Edit Blackout');
  await expect(table.getByRole('row', { name: new RegExp(`${reason} edited`) })).toBeVisible();

  await confirmDelete(page, `${reason} edited`);
  await expect(table.getByRole('row', { name: new RegExp(reason) })).toHaveCount(0);
});

test.describe('times in UTC', () => {
  test.use({ timezoneId: 'UTC' });

  test('moving only a blackout’s end keeps its start to the millisecond', async ({ page }) => {
    const login = await page.request.post(`${AUTH_BASE_URL}/api/auth/login`, { data: DEMO_USERS.admin });
    const { token } = (await login.json()) as { token: string };
    const reason = `e2e window ${stamp()}`;
    const created = await page.request.post(`${AUTH_BASE_URL}/api/blackout`, {
      headers: { authorization: `Bearer ${token}` },
      data: { environment: 'Development', resource: 'e2e-window', startTime: '2099-03-01T11:36:44.091Z', endTime: '2099-03-01T12:36:44.091Z', text: reason },
    });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { id: string }).id;

    await openScreen(page, '/blackouts', 'Blackouts');
    await page.getByRole('button', { name: `Edit ${reason}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Blackout' });
    await expect(edit.getByLabel('Start', { exact: true })).toHaveValue('2099-03-01T11:36');
    await edit.getByLabel('End', { exact: true }).fill('2099-03-01T14:00');
    await save(page, 'Edit Blackout');

    const after = (await (await page.request.get(`${AUTH_BASE_URL}/api/blackout/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      blackout: { startTime: string; endTime: string };
    };
    expect(after.blackout.startTime).toBe('2099-03-01T11:36:44.091Z');
    expect(after.blackout.endTime).toBe('2099-03-01T14:00:00.000Z');
    await page.request.delete(`${AUTH_BASE_URL}/api/blackout/${id}`, { headers: { authorization: `Bearer ${token}` } });
  });
});

test('an admin creates, edits and deletes an API key, shown masked until revealed', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: AUTH_BASE_URL });
  const text = `e2e key ${stamp()}`;
  await openScreen(page, '/keys', 'API Keys');
  await page.getByRole('button', { name: 'New API Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API Key' });
  await dialog.getByLabel('Description').fill(text);
  // A new key starts with nothing ticked, and the dialog says what the key will get before it is saved.
  await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(0);
  const result = dialog.getByRole('status', { name: 'This key will get' });
  await expect(result).toHaveText('No scope chosen yet');
  await dialog.getByRole('checkbox', { name: 'read:alerts', exact: true }).check();
  await expect(result).toHaveText('read:alerts');
  // A box that adds nothing is named as such.
  await dialog.getByRole('checkbox', { name: 'read', exact: true }).check();
  await expect(result).toContainText('read:alerts adds nothing: read already gives it');
  await dialog.getByRole('checkbox', { name: 'read', exact: true }).uncheck();
  await expect(result).toHaveText('read:alerts');
  await save(page, 'New API Key');

  const table = page.getByRole('table', { name: 'API Keys' });
  const row = table.getByRole('row', { name: new RegExp(text) });
  // exactly the scope chosen: not ["read", "read:alerts"]
  await expect(row.getByRole('cell', { name: 'read:alerts', exact: true })).toBeVisible();
  await expect(row).toContainText('Active');
  // The new key is shown in full once; hiding it masks it to its last four characters.
  const hide = row.getByRole('button', { name: 'Hide key' });
  await expect(hide).toBeVisible();
  const fullKey = (await row.locator('code').textContent()) ?? '';
  expect(fullKey.length).toBeGreaterThan(20);
  await hide.click();
  await expect(row.locator('code')).toHaveText(`••••${fullKey.slice(-4)}`);
  await row.getByRole('button', { name: 'Copy key' }).click();
  await expect(row.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fullKey);

  await page.getByRole('button', { name: `Edit ${text}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit API Key' });
  await edit.getByLabel('Description').fill(`${text} edited`);
  await save(page, 'Edit API Key');
  await expect(table.getByRole('row', { name: new RegExp(`${text} edited`) })).toBeVisible();

  await confirmDelete(page, `${text} edited`);
  await expect(table.getByRole('row', { name: new RegExp(text) })).toHaveCount(0);
});

test('editing a key keeps its customer where customers are not shown (PUT /key assigns the customer again)', async ({ page, context, request }) => {
  const login = await request.post(`${AUTH_BASE_URL}/api/auth/login`, { data: DEMO_USERS.admin });
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const text = `e2e customer key ${stamp()}`;
  const created = await request.post(`${AUTH_BASE_URL}/api/key`, { data: { scopes: ['read:alerts'], text, customer: 'Acme Corp' }, headers });
  expect(created.status()).toBe(201);
  const { key } = (await created.json()) as { key: string };
  // an installation without customer views: the dialog has no customer field
  await context.route('**/config.json', async (route) => {
    const served = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...served, customer_views: false }) });
  });

  await openScreen(page, '/keys', 'API Keys');
  await page.getByRole('button', { name: `Edit ${text}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit API Key' });
  await expect(edit.getByLabel('Customer', { exact: true })).toHaveCount(0);
  await edit.getByLabel('Description').fill(`${text} edited`);
  await save(page, 'Edit API Key');
  await expect(page.getByRole('table', { name: 'API Keys' }).getByRole('row', { name: new RegExp(`${text} edited`) })).toBeVisible();

  const after = (await (await request.get(`${AUTH_BASE_URL}/api/key/${key}`, { headers })).json()) as { key: { text: string; customer: string | null } };
  expect(after.key.text).toBe(`${text} edited`);
  expect(after.key.customer).toBe('Acme Corp');
  await request.delete(`${AUTH_BASE_URL}/api/key/${key}`, { headers });
});

test('an admin creates a user, toggles status and verification, manages groups, edits and deletes', async ({ page }) => {
  const id = stamp();
  const name = `E2E User ${id}`;
  const group = `e2e-group-${id}`;
  await openScreen(page, '/groups', 'Groups');
  await page.getByRole('button', { name: 'New Group' }).click();
  await page.getByRole('dialog', { name: 'New Group' }).getByLabel('Name').fill(group);
  await save(page, 'New Group');
  await expect(page.getByRole('table', { name: 'Groups' }).getByRole('row', { name: new RegExp(group) })).toBeVisible();

  await openScreen(page, '/users', 'Users');
  // the signed-in administrator cannot lock themselves out
  const self = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: /admin@alerta\.dev/ });
  await expect(self.getByRole('button', { name: 'You cannot delete or deactivate your own account' })).toBeDisabled();
  await expect(self.getByRole('switch', { name: 'Alerta Admin is active' })).toBeDisabled();
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByLabel('Full Name').fill(name);
  await dialog.getByLabel('Email', { exact: true }).fill(`e2e-${id}@example.com`);
  await dialog.getByLabel('Password', { exact: true }).fill('secret1');
  await dialog.getByLabel('Confirm Password').fill('secret1');
  await save(page, 'New user');

  const table = page.getByRole('table', { name: 'Users' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();

  await row.getByRole('switch', { name: `${name} is active` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'User status saved' })).toBeVisible();
  await expect(row).toContainText('Inactive');
  await row.getByRole('switch', { name: `E-mail verified for ${name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Email verified saved' })).toBeVisible();

  await row.getByRole('button', { name: `Groups of ${name}` }).click();
  const groups = page.getByRole('dialog', { name: `Groups of ${name}` });
  await groups.getByLabel('Add to group').selectOption({ label: group });
  await groups.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'User added to group' })).toBeVisible();
  await expect(groups.getByRole('list', { name: 'Groups' })).toContainText(group);
  await groups.getByRole('button', { name: `Remove from ${group}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'User removed from group' })).toBeVisible();
  await expect(groups.getByRole('list', { name: 'Groups' })).toContainText('Not in any group');
  await groups.getByRole('button', { name: 'Close' }).last().click();

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit user' });
  await edit.getByLabel('Full Name').fill(`${name} edited`);
  await save(page, 'Edit user');
  await expect(table.getByRole('row', { name: new RegExp(`${name} edited`) })).toBeVisible();

  await confirmDelete(page, `${name} edited`);
  await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);

  await openScreen(page, '/groups', 'Groups');
  await page.getByRole('button', { name: `Edit ${group}` }).click();
  await page.getByRole('dialog', { name: 'Edit Group' }).getByLabel('Description').fill('edited by e2e');
  await save(page, 'Edit Group');
  await expect(page.getByRole('table', { name: 'Groups' }).getByRole('row', { name: new RegExp(group) })).toContainText('edited by e2e');
  await confirmDelete(page, group);
  await expect(page.getByRole('table', { name: 'Groups' }).getByRole('row', { name: new RegExp(group) })).toHaveCount(0);
});

test('an admin creates, edits and deletes a customer and a permission; system roles cannot be deleted', async ({ page }) => {
  const id = stamp();
  const customer = `E2E Customer ${id}`;
  await openScreen(page, '/customers', 'Customers');
  await page.getByRole('button', { name: 'New Customer' }).click();
  const c = page.getByRole('dialog', { name: 'New Customer' });
  await c.getByLabel('Customer').fill(customer);
  await c.getByLabel('Look Up').fill(`e2e-${id}.example`);
  await save(page, 'New Customer');
  const customers = page.getByRole('table', { name: 'Customers' });
  await expect(customers.getByRole('row', { name: new RegExp(customer) })).toContainText(`e2e-${id}.example`);
  await page.getByRole('button', { name: `Edit ${customer}` }).click();
  await page.getByRole('dialog', { name: 'Edit Customer' }).getByLabel('Look Up').fill(`e2e-${id}.edited`);
  await save(page, 'Edit Customer');
  await expect(customers.getByRole('row', { name: new RegExp(customer) })).toContainText(`e2e-${id}.edited`);
  await confirmDelete(page, customer);
  await expect(customers.getByRole('row', { name: new RegExp(customer) })).toHaveCount(0);

  const role = `e2e-role-${id}`;
  await openScreen(page, '/perms', 'Permissions');
  await expect(page.getByRole('button', { name: 'admin is a system role and cannot be deleted' })).toBeDisabled();
  await page.getByRole('button', { name: 'New permission' }).click();
  const p = page.getByRole('dialog', { name: 'New permission' });
  await p.getByLabel('Role').fill(role);
  await p.getByRole('checkbox', { name: 'read:alerts', exact: true }).check();
  await save(page, 'New permission');
  const perms = page.getByRole('table', { name: 'Permissions' });
  await expect(perms.getByRole('row', { name: new RegExp(role) })).toContainText('read:alerts');
  await page.getByRole('button', { name: `Edit ${role}` }).click();
  await page.getByRole('dialog', { name: 'Edit permission' }).getByRole('checkbox', { name: 'write:alerts', exact: true }).check();
  await save(page, 'Edit permission');
  await expect(perms.getByRole('row', { name: new RegExp(role) })).toContainText('write:alerts');
  await confirmDelete(page, role);
  await expect(perms.getByRole('row', { name: new RegExp(role) })).toHaveCount(0);
});

test('an admin deletes a heartbeat and filters heartbeats by status', async ({ page, request }) => {
  const login = await request.post(`${AUTH_BASE_URL}/api/auth/login`, { data: DEMO_USERS.admin });
  const { token } = (await login.json()) as { token: string };
  const origin = `e2e-agent-${stamp()}`;
  const created = await request.post(`${AUTH_BASE_URL}/api/heartbeat`, { data: { origin, timeout: 600, tags: ['e2e'] }, headers: { Authorization: `Bearer ${token}` } });
  expect(created.status()).toBe(201);

  await openScreen(page, '/heartbeats', 'Heartbeats');
  const table = page.getByRole('table', { name: 'Heartbeats' });
  const row = table.getByRole('row', { name: new RegExp(origin) });
  await expect(row).toContainText('OK');
  await page.getByRole('button', { name: /^OK/ }).click();
  await expect(row).toHaveCount(0);
  await page.getByRole('button', { name: /^OK/ }).click();
  await expect(row).toBeVisible();

  await confirmDelete(page, origin);
  await expect(table.getByRole('row', { name: new RegExp(origin) })).toHaveCount(0);
});

test.describe('on a laptop with the drawer open', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  // An address broken inside a word ("admin@exampl e.org") reads as two; the table has the room to keep it whole.
  test('the Users table keeps every e-mail address on one line', async ({ page }) => {
    await openScreen(page, '/users', 'Users');
    await expect(page.locator('#app-drawer')).toBeVisible();
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('cell', { name: 'admin@alerta.dev' }).first()).toBeVisible();
    const email = await table.getByRole('columnheader').allTextContents();
    const column = email.findIndex((h) => /^e-?mail$/i.test(h.trim()));
    expect(column).toBeGreaterThanOrEqual(0);
    const broken = await table.evaluate((el, at) => {
      const out: string[] = [];
      for (const row of el.querySelectorAll('tbody tr')) {
        const cell = row.children[at] as HTMLElement | undefined;
        if (!cell?.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(cell);
        // one line: every box of the text sits on the first one's line
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) out.push(cell.textContent.trim());
      }
      return out;
    }, column);
    expect(broken).toEqual([]);
  });

  // Every column in view, the pinned Actions column covering none: the switches say on or off without their words.
  test('the Users table fits without scrolling sideways, its switches still named', async ({ page, request }) => {
    // A long address (two columns show it: login and e-mail) is what pushed the table past the pane.
    const login = await request.post(`${AUTH_BASE_URL}/api/auth/login`, { data: DEMO_USERS.admin });
    const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const created = await request.post(`${AUTH_BASE_URL}/api/user`, {
      data: { name: 'Wide User', email: 'firstname.lastname@example-company.com', password: 'Secret123!x', roles: ['user'], text: 'for the width test' },
      headers,
    });
    expect(created.ok()).toBe(true);
    const { id } = (await created.json()) as { id: string };
    try {
      await openScreen(page, '/users', 'Users');
      await expect(page.locator('#app-drawer')).toBeVisible();
      const table = page.getByRole('table', { name: 'Users' });
      await expect(table.getByRole('row', { name: /Wide User/ })).toBeVisible();
      await expect(table.getByRole('columnheader', { name: 'Comment' })).toBeVisible();
      const overflow = await table.evaluate((el) => {
        const scroller = el.parentElement as HTMLElement;
        return scroller.scrollWidth - scroller.clientWidth;
      });
      expect(overflow).toBeLessThanOrEqual(0);
      await expect(table.getByRole('switch', { name: 'E-mail verified for Alerta Admin' })).toHaveAttribute('aria-checked', 'true');
    } finally {
      // no other test meets this user
      await request.delete(`${AUTH_BASE_URL}/api/user/${id}`, { headers });
    }
  });
});

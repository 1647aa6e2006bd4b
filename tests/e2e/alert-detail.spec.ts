import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

// The alert detail page against the shared demo server with auth off (every control is offered; there is no user,
// so no watch). Each test sends its own alert with a unique resource, so runs do not disturb each other.

async function createAlert(request: APIRequestContext, over: Record<string, unknown> = {}): Promise<{ id: string; resource: string }> {
  const resource = `e2e-detail-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const res = await request.post('/api/alert', {
    data: {
      resource,
      event: 'DiskFull',
      environment: 'Production',
      severity: 'major',
      service: ['Web', 'Storage'],
      group: 'Capacity',
      value: '93%',
      text: `Disk almost full on ${resource}`,
      origin: 'e2e/detail',
      tags: ['e2e', 'linux'],
      attributes: { region: 'eu-west-1', runbookUrl: 'https://runbooks.example/disk' },
      timeout: 3600,
      ...over,
    },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { id: string };
  return { id: body.id, resource: (over.resource as string | undefined) ?? resource };
}

const ALL_ACTIONS = ['Open', 'Ack', 'Unack', 'Shelve', 'Unshelve', 'Close'] as const;

async function expectOffered(page: Page, offered: readonly string[]) {
  const toolbar = page.getByRole('toolbar', { name: 'Actions' });
  for (const name of ALL_ACTIONS) {
    const button = toolbar.getByRole('button', { name, exact: true });
    if (offered.includes(name)) await expect(button, `${name} offered`).toBeVisible();
    else await expect(button, `${name} absent`).toHaveCount(0);
  }
}

test('each status offers exactly the actions it allows, and each action moves the alert on', async ({ page, request }) => {
  const { id, resource } = await createAlert(request);
  await page.goto(`/alert/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`DiskFull on ${resource}`);
  const toolbar = page.getByRole('toolbar', { name: 'Actions' });

  // open → ack, shelve, close
  await expectOffered(page, ['Ack', 'Shelve', 'Close']);
  await toolbar.getByRole('button', { name: 'Ack', exact: true }).click();
  // ack → open, unack, shelve, close
  await expectOffered(page, ['Open', 'Unack', 'Shelve', 'Close']);
  await toolbar.getByRole('button', { name: 'Unack', exact: true }).click();
  await expectOffered(page, ['Ack', 'Shelve', 'Close']);
  await toolbar.getByRole('button', { name: 'Shelve', exact: true }).click();
  // shelved → unshelve, close
  await expectOffered(page, ['Unshelve', 'Close']);
  await toolbar.getByRole('button', { name: 'Unshelve', exact: true }).click();
  await expectOffered(page, ['Ack', 'Shelve', 'Close']);
  await toolbar.getByRole('button', { name: 'Close', exact: true }).click();
  // closed → open only
  await expectOffered(page, ['Open']);
  await toolbar.getByRole('button', { name: 'Open', exact: true }).click();
  await expectOffered(page, ['Ack', 'Shelve', 'Close']);

  // Every step reached the API, in order, newest first in the history.
  await page.getByRole('tab', { name: /History/ }).click();
  const rows = page.getByRole('table', { name: 'History' }).getByRole('row');
  await expect(rows).toHaveCount(1 + 7);
  await expect(rows.nth(1)).toContainText('Open');
  await expect(rows.nth(7)).toContainText('New');
});

test('a double click acts once (200 ms leading-edge debounce)', async ({ page, request }) => {
  const { id } = await createAlert(request);
  await page.goto(`/alert/${id}`);
  const ack = page.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'Ack', exact: true });
  await ack.dblclick();
  await expectOffered(page, ['Open', 'Unack', 'Shelve', 'Close']);
  const alert = (await (await request.get(`/api/alert/${id}`)).json()) as { alert: { history: { type: string }[] } };
  expect(alert.alert.history.filter((h) => h.type === 'ack')).toHaveLength(1);
});

test('notes: required, at most 200 characters, trimmed; an action from the note form carries its text', async ({ page, request }) => {
  const { id } = await createAlert(request);
  await page.goto(`/alert/${id}`);
  const bar = page.getByRole('group', { name: 'Alert actions' });
  await bar.getByRole('button', { name: 'Add note' }).click();
  const form = page.getByRole('form', { name: 'Add note' });
  const text = form.getByRole('textbox', { name: 'Add note' });
  await expect(text).toBeFocused();

  await form.getByRole('button', { name: 'Add note' }).click();
  await expect(form.getByRole('alert')).toHaveText('Text is required');
  await text.fill('   ');
  await form.getByRole('button', { name: 'Add note' }).click();
  await expect(form.getByRole('alert')).toHaveText('Text is required');

  await text.fill('x'.repeat(201));
  await form.getByRole('button', { name: 'Add note' }).click();
  await expect(form.getByRole('alert')).toHaveText('Text must be less than 200 characters');
  await expect(form).toContainText('201 / 200');

  await text.fill(`  ${'y'.repeat(200)}  `);
  await expect(form.getByRole('alert')).toHaveCount(0);
  await text.fill('  Replaced the disk, watching.  ');
  await form.getByRole('button', { name: 'Add note' }).click();
  await expect(form).toHaveCount(0);
  const note = page.getByRole('listitem', { name: 'Last Note' });
  await expect(note).toContainText('Replaced the disk, watching.');
  const notes = (await (await request.get(`/api/alert/${id}/notes`)).json()) as { notes: { text: string }[] };
  expect(notes.notes.map((n) => n.text)).toEqual(['Replaced the disk, watching.']);

  // The note form's status actions are the allowed ones, and take the text along.
  await bar.getByRole('button', { name: 'Add note' }).click();
  await expect(form.getByRole('button', { name: 'Unack', exact: true })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Open', exact: true })).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Add note' }).fill('Looking into it');
  await form.getByRole('button', { name: 'Ack', exact: true }).click();
  await expect(form).toHaveCount(0);
  const status = page.getByRole('definition').filter({ hasText: 'Looking into it' });
  await expect(status).toBeVisible();
  await expectOffered(page, ['Open', 'Unack', 'Shelve', 'Close']);
});

test('history: newest first, 10 rows a page', async ({ page, request }) => {
  const { id } = await createAlert(request);
  // 12 entries: new + 11 alternating acks and unacks
  for (let i = 0; i < 11; i += 1) {
    const res = await request.put(`/api/alert/${id}/action`, { data: { action: i % 2 === 0 ? 'ack' : 'unack', text: `step ${i + 1}` } });
    expect(res.ok()).toBe(true);
  }
  await page.goto(`/alert/${id}`);
  await page.getByRole('tab', { name: 'History (12)' }).click();
  const table = page.getByRole('table', { name: 'History' });
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(table.getByRole('row').nth(1)).toContainText('step 11');
  await expect(table.getByRole('row').nth(10)).toContainText('step 2');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText('step 1');
  await expect(table.getByRole('row').nth(2)).toContainText('New');
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
});

test('copy puts the alert on the clipboard as indented JSON and says Copied for 2 s', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { id, resource } = await createAlert(request);
  await page.goto(`/alert/${id}`);
  await page.getByRole('button', { name: 'Copy to clipboard' }).click();
  const tip = page.getByRole('status').filter({ hasText: 'Copied' });
  await expect(tip).toBeVisible();
  const text = await page.evaluate(() => navigator.clipboard.readText());
  expect(text.startsWith('{\n    "')).toBe(true);
  const copied = JSON.parse(text) as { id: string; resource: string; history: unknown[] };
  expect(copied.id).toBe(id);
  expect(copied.resource).toBe(resource);
  expect(copied.history.length).toBeGreaterThan(0);
  await expect(tip).toHaveCount(0, { timeout: 3500 });
});

test('delete asks for confirmation, then returns to the list', async ({ page, request }) => {
  const { id } = await createAlert(request);
  await page.goto(`/alert/${id}`);
  await page.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete this item?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await request.get(`/api/alert/${id}`)).status()).toBe(200);

  await page.getByRole('group', { name: 'Alert actions' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/alerts(#.*)?$/);
  expect((await request.get(`/api/alert/${id}`)).status()).toBe(404);
});

test('clicked values search the list for them; URL attributes are safe links', async ({ page, request }) => {
  const { id, resource } = await createAlert(request, { group: 'Say "hi"' });
  await page.goto(`/alert/${id}`);
  const group = page.getByRole('link', { name: 'Say "hi"' });
  await expect(group).toHaveAttribute('href', `/alerts?q=${encodeURIComponent('group:"\\Y|^Say \\u0022hi\\u0022$|\\Y"')}`);
  await expect(page.getByRole('link', { name: 'eu-west-1' })).toHaveAttribute('href', `/alerts?q=${encodeURIComponent('_.region:"^eu-west-1$"')}`);
  const runbook = page.getByRole('link', { name: 'https://runbooks.example/disk' });
  await expect(runbook).toHaveAttribute('target', '_blank');
  await expect(runbook).toHaveAttribute('rel', /noopener/);

  await page.getByRole('link', { name: resource, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/alerts\\?q=${encodeURIComponent(`resource:"^${resource}$"`).replace(/[$^]/g, '\\$&')}`));
  await expect(page.getByRole('table', { name: 'Alerts' }).getByRole('cell', { name: resource, exact: true })).toBeVisible();
});

test('hostile text and attributes are shown as safe HTML, never run', async ({ page, request }) => {
  const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold</b> <a href="javascript:window.__pwned=3">click</a>';
  const { id } = await createAlert(request, {
    text: hostile,
    value: '<svg onload="window.__pwned=4">',
    attributes: { note: '<img src=x onerror="window.__pwned=5">', link: 'javascript:window.__pwned=6' },
  });
  await page.goto(`/alert/${id}`);
  const text = page.getByRole('definition').filter({ has: page.locator('b', { hasText: 'bold' }) });
  await expect(text).toBeVisible();
  await expect(text.locator('img[onerror], script, [onload]')).toHaveCount(0);
  const click = text.getByText('click');
  await expect(click).toBeVisible();
  expect(await click.getAttribute('href')).toBeNull();
  await click.click();
  await page.getByRole('tab', { name: /History/ }).click();
  await page.getByRole('tab', { name: 'Details' }).click();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page.locator('main [onerror], main [onload], main script')).toHaveCount(0);
});

test('delete, on an alert opened from the list, returns to the list as it was: its search, sort and filter', async ({ page, request }) => {
  const { id, resource } = await createAlert(request);
  const address = `/alerts?q=${encodeURIComponent(`resource:${resource}`)}#status:open,ack;dateRange:,;sb:resource;sd:0;asi:0`;
  await page.goto(address);
  await page.getByRole('table', { name: 'Alerts' }).locator(`[data-row-id="${id}"] [data-column="resource"]`).click();
  await expect(page).toHaveURL(new RegExp(`/alert/${id}$`));
  await page.getByRole('group', { name: 'Alert actions' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/alerts\?/);
  const url = new URL(page.url());
  expect(`${url.pathname}${url.search}${url.hash}`).toBe(address);
});

test('an unknown id shows a clear not-found state with a way back', async ({ page }) => {
  await page.goto('/alert/00000000-0000-4000-8000-000000000000');
  const state = page.getByRole('alert').filter({ hasText: 'Alert not found' });
  await expect(state).toBeVisible();
  await expect(state).toContainText('00000000-0000-4000-8000-000000000000');
  await state.getByRole('button', { name: 'Back to alerts' }).click();
  await expect(page).toHaveURL(/\/alerts(#.*)?$/);
});

test('the page keeps itself current: a change made elsewhere appears without a reload', async ({ page, request }) => {
  const { id } = await createAlert(request);
  await page.goto(`/alert/${id}`);
  await expectOffered(page, ['Ack', 'Shelve', 'Close']);
  await request.put(`/api/alert/${id}/action`, { data: { action: 'shelve', text: 'from elsewhere' } });
  await expectOffered(page, ['Unshelve', 'Close']);
  await expect(page.getByRole('definition').filter({ hasText: 'from elsewhere' })).toBeVisible();
});

test('the page passes an accessibility check and its toolbar works from the keyboard', async ({ page, request }) => {
  const { id } = await createAlert(request);
  await page.request.put(`/api/alert/${id}/note`, { data: { text: 'A note to render' } });
  await page.goto(`/alert/${id}`);
  await expect(page.getByRole('listitem', { name: 'Last Note' })).toBeVisible();
  for (const tab of ['Details', 'History']) {
    await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    const result = await new AxeBuilder({ page }).include('main').analyze();
    expect(result.violations.map((v) => `${tab}: ${v.id} (${v.nodes.length})`)).toEqual([]);
  }

  const toolbar = page.getByRole('toolbar', { name: 'Actions' });
  await toolbar.getByRole('button', { name: 'Ack', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: 'Shelve', exact: true })).toBeFocused();
  await page.keyboard.press('End');
  await expect(toolbar.getByRole('button', { name: 'More' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(toolbar.getByRole('button', { name: 'Copy to clipboard' })).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expectOffered(page, ['Open', 'Unack', 'Shelve', 'Close']);
});

test('a note’s markup is formatted as in History, through the same sanitiser, never shown as tags or run', async ({ page, request }) => {
  const { id } = await createAlert(request);
  const note = '<b>urgent</b> reboot <img src=x onerror="window.__pwned=7">';
  expect((await request.put(`/api/alert/${id}/note`, { data: { text: note } })).status()).toBe(201);
  await page.goto(`/alert/${id}`);
  const card = page.getByRole('listitem', { name: 'Last Note' });
  await expect(card.locator('b', { hasText: 'urgent' })).toBeVisible();
  await expect(card).toContainText('urgent reboot');
  await expect(card).not.toContainText('<b>');
  await expect(card.locator('img[onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('severities read as in the list: translated in the header, the severity change and the history', async ({ page, request }) => {
    const { id, resource } = await createAlert(request, { severity: 'indeterminate' });
    await createAlert(request, { resource, severity: 'security' });
    await page.goto(`/alert/${id}`);
    // beside the title: the severity chip
    const title = page.getByRole('heading', { level: 1 }).locator('..');
    await expect(title.getByText('Sécurité', { exact: true })).toBeVisible();
    const severity = page.getByRole('term').filter({ hasText: /^Gravité$/ }).locator('xpath=following-sibling::dd[1]');
    await expect(severity).toContainText('Indéterminée');
    await expect(severity).toContainText('Sécurité');
    await expect(severity).not.toContainText(/Security|Indeterminate/);
    await page.getByRole('tab', { name: /Historique/ }).click();
    await expect(page.getByRole('table').getByText('Sécurité', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('table').getByText('Security', { exact: true })).toHaveCount(0);
  });
});

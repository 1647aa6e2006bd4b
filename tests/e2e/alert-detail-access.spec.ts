import { expect, test, type APIRequestContext } from '@playwright/test';
import { AUTH_BASE_URL, signIn } from './support.ts';

// The alert detail page with auth on: what each kind of user may do. Alerts are sent with the demo read-write API
// key (it belongs to admin@alerta.dev), each with a unique resource.
const ADMIN_KEY = 'demo-read-write-key-for-admin-00000000';
const auth = { Authorization: `Key ${ADMIN_KEY}` };

async function createAlert(request: APIRequestContext): Promise<{ id: string; resource: string }> {
  const resource = `e2e-access-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const res = await request.post(`${AUTH_BASE_URL}/api/alert`, {
    headers: auth,
    data: { resource, event: 'NodeDown', environment: 'Production', severity: 'critical', service: ['Web', 'Platform'], group: 'Availability', text: 'Node down' },
  });
  expect(res.status()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, resource };
}

test('an operator acts and watches, and edits and deletes only their own notes', async ({ page, request }) => {
  const { id } = await createAlert(request);
  // A note by someone else (the admin key's user): shown, but not theirs to change.
  const other = await request.put(`${AUTH_BASE_URL}/api/alert/${id}/note`, { headers: auth, data: { text: 'Admin was here' } });
  expect(other.status()).toBe(201);

  await signIn(page, 'operator');
  await page.goto(`${AUTH_BASE_URL}/alert/${id}`);
  const toolbar = page.getByRole('toolbar', { name: 'Actions' });
  await expect(toolbar.getByRole('button', { name: 'Ack', exact: true })).toBeVisible();

  await toolbar.getByRole('button', { name: 'Watch', exact: true }).click();
  await expect(toolbar.getByRole('button', { name: 'Unwatch', exact: true })).toBeVisible();
  const watched = (await (await request.get(`${AUTH_BASE_URL}/api/alert/${id}`, { headers: auth })).json()) as { alert: { tags: string[] } };
  expect(watched.alert.tags).toContain('watch:operator@alerta.dev');
  await page.getByRole('group', { name: 'Alert actions' }).getByRole('button', { name: 'Unwatch' }).click();
  await expect(toolbar.getByRole('button', { name: 'Watch', exact: true })).toBeVisible();

  const othersNote = page.getByRole('listitem').filter({ hasText: 'Admin was here' });
  await expect(othersNote).toContainText('admin@alerta.dev');
  await expect(othersNote.getByRole('button')).toHaveCount(0);

  await page.getByRole('group', { name: 'Alert actions' }).getByRole('button', { name: 'Add note' }).click();
  const form = page.getByRole('form', { name: 'Add note' });
  await form.getByRole('textbox', { name: 'Add note' }).fill('Rebooting the node');
  await form.getByRole('button', { name: 'Add note' }).click();
  const mine = page.getByRole('listitem', { name: 'Last Note' });
  await expect(mine).toContainText('Rebooting the node');
  await expect(mine).toContainText('operator@alerta.dev');

  await mine.getByRole('button', { name: 'Edit note' }).click();
  const editor = mine.getByRole('form', { name: 'Edit note' });
  const box = editor.getByRole('textbox', { name: 'Edit note' });
  await box.fill('   ');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('alert')).toHaveText('Text is required');
  await box.fill('  Rebooted the node, back up  ');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(mine).toContainText('Rebooted the node, back up');
  await expect(editor).toHaveCount(0);

  await mine.getByRole('button', { name: 'Delete note' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Rebooted the node' })).toHaveCount(0);
  const notes = (await (await request.get(`${AUTH_BASE_URL}/api/alert/${id}/notes`, { headers: auth })).json()) as { notes: { text: string }[] };
  expect(notes.notes.map((n) => n.text)).toEqual(['Admin was here']);
});

test('a read-only user sees the same page without the controls they cannot use', async ({ page, request }) => {
  const { id, resource } = await createAlert(request);
  await request.put(`${AUTH_BASE_URL}/api/alert/${id}/note`, { headers: auth, data: { text: 'Checked by the NOC' } });
  await signIn(page, 'viewer');
  await page.goto(`${AUTH_BASE_URL}/alert/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`NodeDown on ${resource}`);

  const toolbar = page.getByRole('toolbar', { name: 'Actions' });
  for (const name of ['Open', 'Ack', 'Unack', 'Shelve', 'Unshelve', 'Close', 'Watch', 'Unwatch', 'Delete', 'More']) {
    await expect(toolbar.getByRole('button', { name, exact: true }), `${name} absent`).toHaveCount(0);
  }
  await expect(toolbar.getByRole('button', { name: 'Copy to clipboard' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Alert actions' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add note' })).toHaveCount(0);

  // Everything else is there: the note, the fields with their links, the history.
  await expect(page.getByRole('listitem', { name: 'Last Note' })).toContainText('Checked by the NOC');
  await expect(page.getByRole('listitem', { name: 'Last Note' }).getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('link', { name: resource, exact: true })).toBeVisible();
  await page.getByRole('tab', { name: /History/ }).click();
  await expect(page.getByRole('table', { name: 'History' }).getByRole('row')).toHaveCount(3);
});

test('blackout from alert opens the blackout form pre-filled with the alert’s scope', async ({ page, request }) => {
  const { id, resource } = await createAlert(request);
  await signIn(page, 'admin');
  await page.goto(`${AUTH_BASE_URL}/alert/${id}`);
  // The blackouts screen drops the query once read (a reload must not reopen the form): keep every URL visited.
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await page.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Create blackout from alert' }).click();

  const dialog = page.getByRole('dialog', { name: 'New Blackout' });
  await expect(dialog.getByLabel('Environment', { exact: true })).toHaveValue('Production');
  await expect(dialog.getByLabel('Resource', { exact: true })).toHaveValue(resource);
  await expect(dialog.getByLabel('Event', { exact: true })).toHaveValue('NodeDown');
  await expect(dialog.getByLabel('Group', { exact: true })).toHaveValue('Availability');

  const link = visited.map((u) => new URL(u)).find((u) => u.pathname.endsWith('/blackouts') && u.searchParams.has('new'));
  expect(link, `visited ${visited.join(', ')}`).toBeDefined();
  const query = link?.searchParams ?? new URLSearchParams();
  expect(query.get('new')).toBe('1');
  expect(query.get('environment')).toBe('Production');
  expect(query.getAll('service')).toEqual(['Web', 'Platform']);
  expect(query.get('resource')).toBe(resource);
  expect(query.get('event')).toBe('NodeDown');
  expect(query.get('group')).toBe('Availability');
});

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startServer, type RunningServer } from '../../server/start.ts';

// The search box suggests, for the word under the caret, field names, then the values of that field with their
// counts, and the operators after a term (an ARIA 1.2 combobox: arrows, Enter or Tab, Escape, a tap); an empty box
// lists the recent and saved searches, each removable.

// Typing key by key on a loaded machine takes a while.
test.describe.configure({ timeout: 90_000 });

// Its own demo server: suggestions hold the API's top values, and on the shared server the alerts the tests before
// this one created (hundreds of resources) would push this spec's values out of them.
let server: RunningServer | undefined;
test.use({
  // Playwright reads a fixture's dependencies from its first parameter, which must be an object pattern
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    server ??= await startServer({ port: 0, host: '127.0.0.1', dataDir: null, seed: 'demo', simulator: false, serveConsole: true, settings: { AUTH_REQUIRED: false } });
    await use(server.url);
  },
});
test.afterAll(async () => {
  await server?.close();
  server = undefined;
});

async function createAlert(request: APIRequestContext, alert: Record<string, unknown>) {
  const res = await request.post('/api/alert', { data: { severity: 'major', service: ['E2E'], environment: 'Production', event: 'E2ESuggest', text: 'e2e suggest', value: '1', ...alert } });
  expect(res.status(), await res.text()).toBe(201);
}

function rows(page: Page) {
  return page.getByRole('table', { name: /^(Alerts|Alertes|Alarme)$/ }).locator('[data-row-id]');
}

test.describe('en', () => {
  test.use({ locale: 'en-US' });

  test('a field, then a value with a space, taken with the keyboard, finds exactly its alert', async ({ page, request }) => {
    const stamp = Date.now();
    const resource = `sugg web ${stamp}`;
    await createAlert(request, { resource });
    await createAlert(request, { resource: `${resource}0` });
    await page.goto('/alerts');
    await expect(rows(page).first()).toBeVisible();

    const box = page.getByRole('combobox', { name: 'Search' });
    await box.click();
    await box.pressSequentially('reso');
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(list.getByRole('option').first()).toHaveAccessibleName(/^resource/);
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    await expect(list.getByRole('option', { selected: true })).toHaveAccessibleName(/^resource/);
    await box.press('Enter');
    await expect(box).toHaveValue('resource:');

    // the values starting with what is typed come first
    await box.pressSequentially('sugg');
    await box.press('End');
    const option = list.getByRole('option', { name: new RegExp(`^${resource} resource`) });
    await expect(option).toBeVisible();
    // the value's count is in its name for screen readers
    await expect(option).toHaveAccessibleName(/1 alert/);
    // arrows to it, Tab takes it
    for (let i = 0; i < 20; i++) {
      if ((await option.getAttribute('aria-selected')) === 'true') break;
      await box.press('ArrowDown');
    }
    await box.press('Tab');
    await expect(box).toHaveValue(`resource:"^${resource}$" `);
    await expect(box).toBeFocused();
    // after a term: the operators
    await expect(list.getByRole('option', { name: /^AND/ })).toBeVisible();
    await expect(list.getByRole('option', { name: /^NOT/ })).toBeVisible();
    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue(`resource:"^${resource}$" `);
    await box.press('Enter');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(resource);
  });

  test('a click takes a suggestion; a word that names no field offers field:value', async ({ page, request }) => {
    const group = `SuggGroup${Date.now()}`;
    await createAlert(request, { resource: 'sugg-click', group });
    await page.goto('/alerts');
    await expect(rows(page).first()).toBeVisible();
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.click();
    await box.pressSequentially(group.slice(0, 12));
    const option = page.getByRole('option', { name: new RegExp(`^${group} group`) });
    await option.click();
    await expect(box).toHaveValue(`group:${group} `);
    await expect(box).toBeFocused();
    await box.press('Enter');
    await expect(rows(page)).toHaveCount(1);
  });

  test('an empty box lists the recent searches; one is removed with Delete, another run with a click', async ({ page, request }) => {
    await createAlert(request, { resource: 'recent-a' });
    await createAlert(request, { resource: 'recent-b' });
    await page.goto('/alerts');
    const box = page.getByRole('combobox', { name: 'Search' });
    for (const q of ['resource:recent-a', 'resource:recent-b']) {
      await box.fill(q);
      await box.press('Enter');
      await expect(rows(page)).toHaveCount(1);
    }
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(box).toHaveValue('');
    await expect(box).toBeFocused();
    const list = page.getByRole('listbox', { name: 'Recent searches' });
    await expect(list.getByRole('option')).toHaveText([/^resource:recent-b/, /^resource:recent-a/]);
    await box.press('ArrowDown');
    await box.press('Delete');
    await expect(list.getByRole('option')).toHaveText([/^resource:recent-a/]);
    // kept on this device for this user: still there after a reload
    await page.reload();
    await box.click();
    await expect(list.getByRole('option')).toHaveText([/^resource:recent-a/]);
    await list.getByRole('option', { name: /resource:recent-a/ }).click();
    await expect(box).toHaveValue('resource:recent-a');
    await expect(page).toHaveURL(/q=resource(:|%3A)recent-a/);
    await expect(rows(page)).toHaveCount(1);
    // the × of an option removes it with a finger or a mouse
    await box.fill('');
    await expect(list).toBeVisible();
    await list.getByRole('option').first().hover();
    await page.getByRole('button', { name: 'Remove resource:recent-a from the list' }).click();
    await expect(list).toBeHidden();
  });
});

test.describe('fr', () => {
  test.use({ locale: 'fr-FR' });

  test('les suggestions en français, avec leur nombre d’alertes', async ({ page, request }) => {
    const resource = `sugg-fr-${Date.now()}`;
    await createAlert(request, { resource });
    await page.goto('/alerts');
    await expect(rows(page).first()).toBeVisible();
    const box = page.getByRole('combobox', { name: 'Rechercher' });
    await box.click();
    await box.pressSequentially('reso');
    const list = page.getByRole('listbox', { name: 'Suggestions de recherche' });
    await expect(list.getByRole('option').first()).toHaveAccessibleName(/^resource champ/);
    await box.press('ArrowDown');
    await box.press('Enter');
    await box.pressSequentially('sugg-fr');
    const option = list.getByRole('option', { name: new RegExp(`^${resource} resource`) });
    await expect(option).toHaveAccessibleName(/1 alerte/);
    await option.click();
    await box.press('Enter');
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole('button', { name: 'Effacer la recherche' }).click();
    await expect(page.getByRole('listbox', { name: 'Recherches récentes' }).getByRole('option').first()).toContainText(resource);
  });
});

for (const [locale, search, undo] of [
  ['en-US', 'Search', 'Undo'],
  ['de-DE', 'Suche', 'Rückgängig'],
] as const) {
  test.describe(`value click (${locale})`, () => {
    test.use({ locale });

    test('Alt-click on a value adds it to the search, Alt+Shift-click excludes it, Undo goes back', async ({ page, request }) => {
      const event = `E2EValueClick${Date.now()}`;
      await createAlert(request, { event, resource: 'click (a)' });
      await createAlert(request, { event, resource: 'click (b)' });
      await createAlert(request, { event, resource: 'click (c)' });
      await page.goto(`/alerts?q=event:${event}`);
      await expect(rows(page)).toHaveCount(3);
      const box = page.getByRole('combobox', { name: search });

      const cellOf = (resource: string) => rows(page).filter({ hasText: resource }).locator('[data-column="resource"]');
      await cellOf('click (a)').click({ modifiers: ['Alt', 'Shift'] });
      await expect(rows(page)).toHaveCount(2);
      await expect(box).toHaveValue(`event:${event} AND NOT resource:"\\Y|^click \\u0028a\\u0029$|\\Y"`);
      await expect(page).toHaveURL(/\/alerts\?/);

      await cellOf('click (b)').click({ modifiers: ['Alt'] });
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first()).toContainText('click (b)');
      // still the list: the Alt-click did not open the alert
      await expect(page).toHaveURL(/\/alerts\?/);

      await page.getByRole('button', { name: undo }).click();
      await expect(rows(page)).toHaveCount(2);
      await expect(box).toHaveValue(`event:${event} AND NOT resource:"\\Y|^click \\u0028a\\u0029$|\\Y"`);
      await expect(page.getByRole('button', { name: undo })).toBeHidden();
    });
  });
}

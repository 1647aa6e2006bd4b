import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// A value one click from a filter: a value's menu in the table (right-click on a cell; f or Shift+F10 on a row), on
// the phone cards (their filter button) and on the alert page (a button beside each value) adds field = value or
// NOT field = value to the search; the box shows it and Undo puts back the search before.

async function createAlert(request: APIRequestContext, alert: Record<string, unknown>): Promise<string> {
  const res = await request.post('/api/alert', { data: { severity: 'major', service: ['E2E'], environment: 'Production', text: 'e2e value menu', value: '1', ...alert } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

function rows(page: Page) {
  return page.getByRole('table', { name: /^(Alerts|Alertes)$/ }).locator('[data-row-id]');
}

const TEXTS = {
  'en-US': {
    search: 'Search',
    undo: 'Undo',
    filter: 'Filter by this value',
    exclude: 'Exclude this value',
    resource: 'Resource',
    service: 'Service',
    rowMenu: 'Filter by a value',
    menuFor: (field: string, value: string) => `Filter menu for ${field} “${value}”`,
    alerts: 'Alerts',
  },
  'fr-FR': {
    search: 'Rechercher',
    undo: 'Annuler',
    filter: 'Filtrer sur cette valeur',
    exclude: 'Exclure cette valeur',
    resource: 'Ressource',
    service: 'Service',
    rowMenu: 'Filtrer sur une valeur',
    menuFor: (field: string, value: string) => `Menu de filtre pour ${field} « ${value} »`,
    alerts: 'Alertes',
  },
} as const;

for (const [locale, x] of Object.entries(TEXTS)) {
  test.describe(`value menu (${locale})`, () => {
    test.use({ locale });

    test('table: a right-click on a cell excludes its value, the row keys filter by one, Undo goes back', async ({ page, request }) => {
      const event = `E2EValueMenu${Date.now()}`;
      for (const r of ['menu (a)', 'menu (b)', 'menu (c)']) await createAlert(request, { event, resource: r });
      await page.goto(`/alerts?q=event:${event}`);
      await expect(rows(page)).toHaveCount(3);
      const box = page.getByRole('combobox', { name: x.search });
      const rowOf = (resource: string) => rows(page).filter({ hasText: resource });

      // pointer: the cell's own menu
      await rowOf('menu (a)').locator('[data-column="resource"]').click({ button: 'right' });
      const cellMenu = page.getByRole('menu', { name: `${x.resource}: menu (a)` });
      await expect(cellMenu).toBeVisible();
      await expect(cellMenu.getByRole('menuitem', { name: x.filter })).toBeFocused();
      await cellMenu.getByRole('menuitem', { name: x.exclude }).click();
      await expect(rows(page)).toHaveCount(2);
      await expect(box).toHaveValue(`event:${event} AND NOT resource:"\\Y|^menu \\u0028a\\u0029$|\\Y"`);
      await expect(page.getByRole('menu')).toHaveCount(0);
      // the menu did not open the alert
      await expect(page).toHaveURL(/\/alerts\?/);

      // keyboard: f on a focused row lists the row's values; Escape gives the focus back to the row
      const row = rowOf('menu (b)');
      await row.focus();
      await page.keyboard.press('f');
      const rowMenu = page.getByRole('menu', { name: x.rowMenu });
      await expect(rowMenu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(rowMenu).toBeHidden();
      await expect(row).toBeFocused();
      await page.keyboard.press('Shift+F10');
      const item = rowMenu.getByRole('menuitem', { name: `${x.filter} – ${x.resource}: menu (b)` });
      await expect(rowMenu.getByRole('menuitem').first()).toBeFocused();
      // arrows move through the entries to it
      for (let i = 0; i < 40 && !(await item.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
      await expect(item).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first()).toContainText('menu (b)');
      await expect(box).toHaveValue(`(event:${event} AND NOT resource:"\\Y|^menu \\u0028a\\u0029$|\\Y") AND resource:"\\Y|^menu \\u0028b\\u0029$|\\Y"`);

      await page.getByRole('button', { name: x.undo }).click();
      await expect(rows(page)).toHaveCount(2);
      await expect(box).toHaveValue(`event:${event} AND NOT resource:"\\Y|^menu \\u0028a\\u0029$|\\Y"`);
    });

    test('alert page: a value’s menu adds it to the list’s last search, and the list keeps its sort and filter', async ({ page, request }) => {
      const event = `E2EValueDetail${Date.now()}`;
      await createAlert(request, { event, resource: 'detail-a', service: ['Web', 'Db'] });
      await createAlert(request, { event, resource: 'detail-b', service: ['Db'] });
      // Sorted by resource, A to Z: detail-a first (the default sort puts the newer, detail-b, first).
      const hash = '#status:open,ack;dateRange:,;sb:resource;sd:0;asi:0';
      await page.goto(`/alerts?q=event:${event}${hash}`);
      await expect(rows(page)).toHaveCount(2);
      await expect(rows(page).first()).toContainText('detail-a');
      await rows(page).filter({ hasText: 'detail-a' }).locator('[data-column="resource"]').click();
      await expect(page).toHaveURL(/\/alert\//);

      await page.getByRole('button', { name: x.menuFor(x.service, 'Web') }).click();
      const menu = page.getByRole('menu', { name: `${x.service}: Web` });
      await menu.getByRole('menuitem', { name: x.exclude }).click();
      await expect(page).toHaveURL(/\/alerts\?/);
      expect(new URL(page.url()).hash).toBe(hash);
      await expect(page.getByRole('combobox', { name: x.search })).toHaveValue(`event:${event} AND NOT service:"Web"`);
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first()).toContainText('detail-b');
      await page.getByRole('button', { name: x.undo }).click();
      await expect(rows(page)).toHaveCount(2);
      await expect(rows(page).first()).toContainText('detail-a');
    });

    test('phone: a card’s filter button opens the menu of its values', async ({ page, request }) => {
      const event = `E2EValueCard${Date.now()}`;
      await createAlert(request, { event, resource: 'card-a' });
      await createAlert(request, { event, resource: 'card-b' });
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto(`/alerts?q=event:${event}`);
      const cards = page.getByRole('list', { name: x.alerts }).locator('[data-row-id]');
      await expect(cards).toHaveCount(2);
      const card = cards.filter({ hasText: 'card-b' });
      await card.getByRole('button', { name: x.rowMenu }).click();
      const menu = page.getByRole('menu', { name: x.rowMenu });
      await expect(menu.getByRole('group', { name: `${x.resource}: card-b` })).toBeVisible();
      // 44 px targets for a finger
      const box = await menu.getByRole('menuitem', { name: `${x.filter} – ${x.resource}: card-b` }).boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(36);
      await menu.getByRole('menuitem', { name: `${x.filter} – ${x.resource}: card-b` }).click();
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText('card-b');
      await expect(page.getByRole('combobox', { name: x.search })).toHaveValue(`event:${event} AND resource:"^card-b$"`);
    });
  });
}

test.describe('value menu on a touch screen’s table', () => {
  test.use({ locale: 'en-US', viewport: { width: 768, height: 1000 }, hasTouch: true, isMobile: true });

  test('the row menu leads to the menu of the row’s values, 44 px entries', async ({ page, request }) => {
    const event = `E2EValueTouch${Date.now()}`;
    await createAlert(request, { event, resource: 'touch-a' });
    await createAlert(request, { event, resource: 'touch-b' });
    await page.goto(`/alerts?q=event:${event}`);
    await expect(rows(page)).toHaveCount(2);
    await rows(page).filter({ hasText: 'touch-a' }).getByRole('button', { name: 'Row actions' }).tap();
    await page.getByRole('menuitem', { name: 'Filter by a value' }).tap();
    const menu = page.getByRole('menu', { name: 'Filter by a value' });
    const exclude = menu.getByRole('menuitem', { name: 'Exclude this value – Resource: touch-a' });
    expect((await exclude.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await exclude.tap();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('touch-b');
    await expect(page.getByRole('combobox', { name: 'Search' })).toHaveValue(`event:${event} AND NOT resource:"^touch-a$"`);
  });
});

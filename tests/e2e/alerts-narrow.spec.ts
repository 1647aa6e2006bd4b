import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { settled } from './support.ts';
import { startServer, type RunningServer } from '../../server/start.ts';

// Tablets and narrow windows, as a new user meets the demo with its default settings (its column list, customer
// views on): from 640 to 1279 px, in portrait and landscape, on a touch screen, every alert on screen shows what
// identifies it (severity, status, resource, event, environment, service, the start of its description, its last
// receive time) and its actions, and nothing on the page scrolls sideways. Then the touch gestures, and what a
// resize or a turned tablet keeps.

// Its own demo server: the widths depend on the alerts shown, and the shared server holds whatever the tests before
// this one created.
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir: null, seed: 'demo', simulator: false, serveConsole: true, settings: { AUTH_REQUIRED: false, CUSTOMER_VIEWS: true } });
});
test.afterAll(async () => {
  await server?.close();
});

/** What identifies an alert in the list, by the cell's column. */
const IDENTIFYING = ['severity', 'status', 'resource', 'event', 'environment', 'service', 'text', 'lastReceiveTime'];

async function open(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({ hasTouch: true, isMobile: true, ...options });
  const page = await context.newPage();
  await page.goto(`${server.url}/alerts`);
  // a cold browser context on a busy machine can take well over ten seconds to its first rows
  await expect.poll(() => page.getByRole('table').locator('[data-row-id]').count(), { timeout: 30_000 }).toBeGreaterThan(5);
  // the column widths settle once the page is measured
  await settled(page);
  return page;
}

/**
 * For every row on screen: the identifying cells and the actions button that are missing, hidden, outside the window
 * or too small; and every element of the page that scrolls sideways.
 */
function layoutReport(page: Page) {
  return page.evaluate((identifying) => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const list = document.querySelector<HTMLElement>('[data-alert-list]')!.getBoundingClientRect();
    const inside = (r: DOMRect) => r.left >= -0.5 && r.right <= width + 0.5;
    const rows = [...document.querySelectorAll<HTMLElement>('[role="table"] [role="rowgroup"] [data-row-id]')].filter((row) => {
      const r = row.getBoundingClientRect();
      return r.top >= list.top && r.bottom <= list.bottom;
    });
    for (const row of rows) {
      const id = row.dataset.rowId!.slice(0, 8);
      for (const name of identifying) {
        const cell = row.querySelector<HTMLElement>(`[role="cell"][data-column="${name}"]`);
        if (!cell) {
          problems.push(`${id}: no ${name}`);
          continue;
        }
        const r = cell.getBoundingClientRect();
        if (!cell.checkVisibility({ visibilityProperty: true, opacityProperty: true })) problems.push(`${id}: ${name} hidden`);
        if (!inside(r)) problems.push(`${id}: ${name} at ${Math.round(r.left)}–${Math.round(r.right)}`);
        // the start of the text is on screen: its first line box starts inside the cell
        const range = document.createRange();
        range.selectNodeContents(cell);
        const first = [...range.getClientRects()].find((b) => b.width > 0);
        if (cell.textContent?.trim() && (!first || first.left < r.left - 0.5 || first.left > r.right)) problems.push(`${id}: ${name} text not shown`);
        const least = name === 'text' ? 140 : 40;
        if (r.width < least) problems.push(`${id}: ${name} only ${Math.round(r.width)} px wide`);
      }
      // the last cell holds the actions (named in the page's language)
      const actions = row.querySelector<HTMLElement>(':scope > [role="cell"]:last-child button[aria-haspopup]');
      if (!actions) {
        problems.push(`${id}: no actions`);
        continue;
      }
      const a = actions.getBoundingClientRect();
      if (!inside(a)) problems.push(`${id}: actions at ${Math.round(a.left)}–${Math.round(a.right)}`);
      if (a.width < 44 || a.height < 44) problems.push(`${id}: actions ${a.width}×${a.height}`);
      const trend = row.querySelector<HTMLElement>('[role="cell"] button')!.getBoundingClientRect();
      if (trend.width < 44 || trend.height < 44) problems.push(`${id}: selection target ${trend.width}×${trend.height}`);
    }
    const sideways: string[] = [];
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth) sideways.push('the page');
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName)) continue;
      const x = getComputedStyle(el).overflowX;
      if ((x === 'auto' || x === 'scroll') && el.scrollWidth > el.clientWidth) sideways.push(`${el.tagName}.${String(el.className).slice(0, 40)} by ${el.scrollWidth - el.clientWidth}`);
    }
    return { rows: rows.length, problems, sideways };
  }, IDENTIFYING);
}

const SIZES = [640, 768, 900, 1024, 1279].flatMap((width) => [
  { width, height: Math.round((width * 4) / 3), orientation: 'portrait' },
  { width, height: Math.round((width * 3) / 4), orientation: 'landscape' },
]);

for (const size of SIZES) {
  test(`${size.width}×${size.height} (${size.orientation}, touch): every alert on screen shows what identifies it and its actions, nothing scrolls sideways`, async ({ browser }) => {
    const page = await open(browser, { viewport: { width: size.width, height: size.height } });
    try {
      const report = await layoutReport(page);
      expect(report.rows).toBeGreaterThan(2);
      expect(report.problems).toEqual([]);
      expect(report.sideways).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
}

for (const variant of [
  { locale: 'fr-FR', viewport: { width: 640, height: 853 }, colorScheme: 'light' as const, severity: 'Critique' },
  { locale: 'fr-FR', viewport: { width: 1024, height: 768 }, colorScheme: 'light' as const, severity: 'Critique' },
  { locale: 'de-DE', viewport: { width: 640, height: 853 }, colorScheme: 'light' as const, severity: 'Kritisch' },
  { locale: 'de-DE', viewport: { width: 1024, height: 768 }, colorScheme: 'light' as const, severity: 'Kritisch' },
  { locale: 'de-DE', viewport: { width: 768, height: 1024 }, colorScheme: 'dark' as const, severity: 'Kritisch' },
  { locale: 'en-US', viewport: { width: 1279, height: 959 }, colorScheme: 'dark' as const, severity: 'Critical' },
]) {
  test(`${variant.locale}, ${variant.colorScheme}, ${variant.viewport.width}×${variant.viewport.height} (touch): the same with longer headers`, async ({ browser }) => {
    const page = await open(browser, variant);
    try {
      await expect(page.getByRole('table').getByText(variant.severity, { exact: true }).first()).toBeVisible();
      const report = await layoutReport(page);
      expect(report.rows).toBeGreaterThan(2);
      expect(report.problems).toEqual([]);
      expect(report.sideways).toEqual([]);
      // no header is cut without its full name
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[role="columnheader"][data-column]')]
          .filter((h) => {
            const label = h.querySelector<HTMLElement>('.line-clamp-2')!;
            const text = label.textContent!.trim();
            const named = [h.title, h.querySelector('button')?.title ?? ''].some((t) => t.includes(text));
            return (label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1) && !named;
          })
          .map((h) => h.textContent),
      );
      expect(cut).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
}

test('de-DE, 640×900 with a mouse: rather than scroll sideways for the row buttons, every row shows one menu button', async ({ browser }) => {
  const page = await open(browser, { locale: 'de-DE', viewport: { width: 640, height: 900 }, hasTouch: false, isMobile: false });
  try {
    await expect(page.getByRole('table').getByText('Kritisch', { exact: true }).first()).toBeVisible();
    const report = await layoutReport(page);
    expect(report.rows).toBeGreaterThan(2);
    expect(report.sideways).toEqual([]);
    // a mouse needs no 44 px selection target; everything else holds, the row menu's button included
    expect(report.problems.filter((p) => !p.includes('selection target'))).toEqual([]);
    const row = page.getByRole('table').locator('[data-row-id]').nth(1);
    await row.getByRole('button', { name: 'Zeilenaktionen' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
  } finally {
    await page.context().close();
  }
});

test.describe('on a tablet', () => {
  test('every action of a row is one tap on its menu away, in 44 px targets, and acts', async ({ browser, request }) => {
    const event = `E2ENarrowAck${Date.now()}`;
    const created = await request.post(`${server.url}/api/alert`, { data: { resource: 'tablet-host', event, environment: 'Production', severity: 'critical', service: ['E2E'], text: 'to be acknowledged from a tablet' } });
    expect(created.status()).toBe(201);
    const page = await open(browser, { viewport: { width: 768, height: 1024 } });
    try {
      const row = page.getByRole('row').filter({ hasText: event });
      await expect(row).toBeVisible();
      await row.getByRole('button', { name: 'Row actions' }).tap();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      const items = menu.getByRole('menuitem');
      await expect(items.first()).toBeVisible();
      const names = await items.allTextContents();
      expect(names.map((n) => n.trim())).toEqual(expect.arrayContaining(['Ack', 'Shelve', 'Close', 'Delete']));
      for (const box of await items.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) expect(box.height).toBeGreaterThanOrEqual(44);
      await items.filter({ hasText: /^Ack$/ }).tap();
      await expect(row.locator('[data-column="status"]')).toHaveText('Ack');
      await expect(page).toHaveURL(/\/alerts/);
    } finally {
      await page.context().close();
    }
  });

  test('a scroll gesture starting on a row or on its actions scrolls the list and triggers nothing', async ({ browser }) => {
    const page = await open(browser, { viewport: { width: 1024, height: 768 } });
    try {
      const cdp = await page.context().newCDPSession(page);
      const list = page.locator('[data-alert-list]');
      for (const start of [page.getByRole('button', { name: 'Row actions' }).nth(1), page.getByRole('table').locator('[data-row-id] [data-column="resource"]').nth(1)]) {
        await list.evaluate((el) => (el.scrollTop = 0));
        const box = (await start.boundingBox())!;
        const before = await list.evaluate((el) => el.scrollTop);
        // a finger put down on it and drawn 240 px up, then lifted
        const x = Math.round(box.x + box.width / 2);
        const y = Math.round(box.y + box.height / 2);
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
        for (let i = 1; i <= 12; i++) {
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - i * 20 }] });
          await page.waitForTimeout(16); // a finger's pace: one move a frame (the gesture itself, not a wait)
        }
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeGreaterThan(before + 50);
        await settled(page);
        await expect(page.getByRole('menu')).toHaveCount(0);
        await expect(page).toHaveURL(/\/alerts$/);
        await expect(page.locator('[data-row-id][data-selected]')).toHaveCount(0);
      }
    } finally {
      await page.context().close();
    }
  });
});

test.describe('resizes and turns', () => {
  /** The selected rows, the row holding the focus, and the row at the top of the list. */
  function place(page: Page) {
    return page.evaluate(() => {
      const list = document.querySelector<HTMLElement>('[data-alert-list]')!;
      const header = list.querySelector<HTMLElement>('[data-table-header]');
      const top = list.getBoundingClientRect().top + (header?.offsetHeight ?? 0) + 2;
      const rows = [...list.querySelectorAll<HTMLElement>('[data-row-id]')].sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
      const order = rows.map((r) => r.dataset.rowId!);
      return {
        selected: rows.filter((r) => r.hasAttribute('data-selected')).map((r) => r.dataset.rowId!).sort(),
        focused: (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-row-id]')?.dataset.rowId ?? null,
        topIndex: rows.findIndex((r) => r.getBoundingClientRect().bottom > top),
        order,
        layout: list.querySelector('[role="table"]')?.getAttribute('data-lines') ?? 'cards',
      };
    });
  }

  test('a window resized across 1280 and 640 px keeps the selection, the focused row and the place in the list', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/alerts`);
    const table = page.getByRole('table');
    await expect.poll(() => table.locator('[data-row-id]').count()).toBeGreaterThan(15);
    // two rows selected with their trend arrows, the list scrolled to its tenth row, the eleventh focused
    await table.locator('[data-row-id]').nth(3).getByRole('button', { name: /Select row/ }).click();
    await table.locator('[data-row-id]').nth(5).getByRole('checkbox').check();
    const list = page.locator('[data-alert-list]');
    const rowHeight = await table.locator('[data-row-id]').first().evaluate((el) => el.getBoundingClientRect().height);
    await list.evaluate((el, h) => (el.scrollTop = 10 * h), rowHeight);
    await settled(page);
    const start = await place(page);
    const target = start.order[start.topIndex + 1]!;
    await page.locator(`[data-row-id="${target}"]`).focus();
    const before = await place(page);
    expect(before.selected).toHaveLength(2);
    expect(before.focused).toBe(target);
    const topId = before.order[before.topIndex];

    for (const size of [
      { width: 1024, height: 768 },
      { width: 600, height: 900 },
      { width: 768, height: 1024 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await settled(page);
      // The row takes the focus back at a frame after it is rendered, which on a loaded machine can come after two
      // quiet frames: waited for (a focus that never comes back still fails).
      await expect(page.locator(`[data-row-id="${target}"]:focus-within`), `focus at ${size.width}`).toHaveCount(1);
      const now = await place(page);
      // The selection is the screen's, not the rendered rows': the bulk bar counts both, and each of them that is
      // rendered is marked (a narrow layout's taller cards can leave the selected rows outside the rendered window).
      await expect(page.getByRole('toolbar', { name: 'Actions on the selected alerts' }), `selection at ${size.width}`).toContainText('2 selected');
      expect(now.selected, `selection at ${size.width}`).toEqual(before.selected.filter((id) => now.order.includes(id)));
      expect(now.focused, `focus at ${size.width}`).toBe(target);
      // the row that was at the top is still there (or the one before or after it, when the focused row had to be
      // brought into view)
      expect(Math.abs(now.order.indexOf(topId!) - now.topIndex), `place at ${size.width} (${now.layout})`).toBeLessThanOrEqual(1);
    }
  });
});

import { expect, test, type Page } from '@playwright/test';
import { settled } from './support.ts';
import { startServer, type RunningServer } from '../../server/start.ts';

// The alerts table as an operator meets it on a real Alerta server: its default columns all on screen at
// laptop and desktop widths in every language, no header cut without its full name, row actions that never hide
// data, and the phone cards without sideways scrolling. The demo server's /config is replaced here by the real
// server's defaults (its column list, with customer views on so the Customer column shows).

// Its own demo server: the widths depend on the alerts shown, and the shared server holds whatever the tests before
// this one created (long generated names), which would make the layout depend on the order the tests run in.
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir: null, seed: 'demo', simulator: false, serveConsole: true, settings: { AUTH_REQUIRED: false } });
});
test.afterAll(async () => {
  await server?.close();
});

/** An unconfigured Alerta 9.1.0 server's `columns`. */
const REAL_SERVER_COLUMNS = ['severity', 'status', 'lastReceiveTime', 'timeoutLeft', 'duplicateCount', 'customer', 'environment', 'service', 'resource', 'event', 'value', 'text'];

async function realServerDefaults(page: Page) {
  await page.context().route('**/config.json', async (route) => {
    const served = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...served, columns: REAL_SERVER_COLUMNS, customer_views: true }) });
  });
}

function table(page: Page) {
  return page.getByRole('table');
}

async function openAlerts(page: Page) {
  await realServerDefaults(page);
  await page.goto(`${server.url}/alerts`);
  // a cold browser context on a busy machine can take well over ten seconds to its first rows
  await expect.poll(() => table(page).locator('[data-row-id]').count(), { timeout: 30_000 }).toBeGreaterThan(5);
  // the column widths settle once the page is measured
  await settled(page);
}

/** Every column header: its box, whether its text is cut, and whether the full name is still available. */
function headerReport(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[role="columnheader"]')].map((h) => {
      const box = h.getBoundingClientRect();
      const label = h.querySelector<HTMLElement>('.line-clamp-2');
      const text = (label?.textContent ?? h.textContent ?? '').trim();
      const cut = label ? label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1 : false;
      const titled = [h.title, h.querySelector('button')?.title ?? ''].some((t) => t.includes(text));
      return { text, left: box.left, right: box.right, cut, titled, name: h.getAttribute('data-column') };
    }),
  );
}

/** Action buttons of a row that are shown, and the row's cells that are visible and overlap one of them. */
function overlapReport(page: Page, rowIndex: number) {
  return page.evaluate((i) => {
    const row = document.querySelectorAll<HTMLElement>('[role="rowgroup"] [data-row-id]')[i];
    if (!row) return { buttons: 0, overlaps: ['no row'] };
    const buttons = [...row.querySelectorAll<HTMLElement>('[role="group"] button')].filter((b) => getComputedStyle(b.closest('[role="group"]')!.parentElement!).opacity !== '0');
    const cells = [...row.querySelectorAll<HTMLElement>('[role="cell"]')].filter((c) => c.textContent?.trim() && c.checkVisibility({ visibilityProperty: true }));
    const overlaps: string[] = [];
    for (const b of buttons) {
      const bb = b.getBoundingClientRect();
      for (const c of cells) {
        if (c.contains(b)) continue;
        const cb = c.getBoundingClientRect();
        const x = Math.min(bb.right, cb.right) - Math.max(bb.left, cb.left);
        const y = Math.min(bb.bottom, cb.bottom) - Math.max(bb.top, cb.top);
        if (x > 1 && y > 1) overlaps.push(`${b.getAttribute('aria-label')} over ${c.getAttribute('data-column')} "${c.textContent?.trim()}"`);
      }
    }
    return { buttons: buttons.length, overlaps };
  }, rowIndex);
}

const LANGUAGES = [
  { locale: 'en-US', description: 'Description', severity: 'Critical', alerts: 'Alerts' },
  { locale: 'fr-FR', description: 'Description', severity: 'Critique', alerts: 'Alertes' },
  { locale: 'de-DE', description: 'Beschreibung', severity: 'Kritisch', alerts: 'Alarme' },
  { locale: 'tr-TR', description: 'Açıklama', severity: 'Kritik', alerts: 'Uyarılar' },
];

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1400, height: 900 },
  { width: 1920, height: 1080 },
  { width: 2560, height: 1440 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    for (const language of LANGUAGES) {
      test.describe(language.locale, () => {
        test.use({ locale: language.locale });

        test('every default column through Description is on screen, no header is cut, the actions hide no data', async ({ page }) => {
          await openAlerts(page);
          const headers = await headerReport(page);
          // the selection column, the twelve default columns and the actions column
          expect(headers.map((h) => h.name).filter(Boolean)).toEqual(REAL_SERVER_COLUMNS);
          for (const h of headers) {
            expect(h.left, `${h.text} starts inside the window`).toBeGreaterThanOrEqual(0);
            expect(h.right, `${h.text} ends inside the window`).toBeLessThanOrEqual(viewport.width);
            expect(h.cut && !h.titled, `${h.text} is cut without its full name`).toBe(false);
          }
          await expect(table(page).getByRole('columnheader', { name: language.description })).toBeInViewport();
          // No sideways scrolling: the list is exactly as wide as its pane.
          const list = await page.evaluate(() => {
            const el = document.querySelector('[data-alert-list]') as HTMLElement;
            return { scroll: el.scrollWidth, client: el.clientWidth, page: document.documentElement.scrollWidth - document.documentElement.clientWidth };
          });
          expect(list.scroll).toBeLessThanOrEqual(list.client);
          expect(list.page).toBeLessThanOrEqual(0);
          // Severity chips speak the language.
          await expect(table(page).getByText(language.severity, { exact: true }).first()).toBeVisible();

          // Hovered, then focused from the keyboard: the actions replace the time cells, never cover other data.
          const row = table(page).locator('[data-row-id]').nth(2);
          await row.hover();
          const hovered = await overlapReport(page, 2);
          expect(hovered.buttons).toBeGreaterThan(2);
          expect(hovered.overlaps).toEqual([]);
          await page.mouse.move(viewport.width - 5, 5);
          await table(page).locator('[data-row-id]').nth(0).focus();
          await page.keyboard.press('ArrowDown');
          await expect(table(page).locator('[data-row-id]').nth(1)).toBeFocused();
          const focused = await overlapReport(page, 1);
          expect(focused.buttons).toBeGreaterThan(2);
          expect(focused.overlaps).toEqual([]);
        });
      });
    }
  });
}

test.describe('on a phone', () => {
  for (const language of LANGUAGES) {
    test(`${language.locale}: cards fit the screen and their actions cover nothing`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: language.locale });
      const page = await context.newPage();
      try {
        await realServerDefaults(page);
        await page.goto(`${server.url}/alerts`);
        const cards = page.getByRole('list', { name: language.alerts }).getByRole('listitem');
        await expect.poll(() => cards.count()).toBeGreaterThan(2);
        const report = await page.evaluate(() => {
          const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
          const problems: string[] = [];
          for (const card of document.querySelectorAll<HTMLElement>('li[data-row-id]')) {
            const box = card.getBoundingClientRect();
            if (box.left < 0 || box.right > window.innerWidth) problems.push(`card ${box.left}–${box.right}`);
            const texts = [...card.querySelectorAll<HTMLElement>('p, [data-safe-html], span')].filter((el) => !el.closest('[role="group"]') && el.children.length === 0 && el.textContent?.trim());
            for (const b of card.querySelectorAll<HTMLElement>('[role="group"] button')) {
              const bb = b.getBoundingClientRect();
              for (const el of texts) {
                const tb = el.getBoundingClientRect();
                if (Math.min(bb.right, tb.right) - Math.max(bb.left, tb.left) > 1 && Math.min(bb.bottom, tb.bottom) - Math.max(bb.top, tb.top) > 1) problems.push(`${b.getAttribute('aria-label')} over "${el.textContent}"`);
              }
            }
          }
          return { overflow, problems };
        });
        expect(report.overflow).toBeLessThanOrEqual(0);
        expect(report.problems).toEqual([]);
        await expect(page.getByText(language.severity, { exact: true }).first()).toBeVisible();
      } finally {
        await context.close();
      }
    });
  }
});

test.describe('compact density on a laptop', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('shows at least 28 whole rows', async ({ page }) => {
    await openAlerts(page);
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('50');
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('menuitem', { name: /Display Density/i }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a display density' });
    await dialog.getByRole('radio', { name: 'Compact' }).check();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const list = document.querySelector('[data-alert-list]')!.getBoundingClientRect();
          return [...document.querySelectorAll('[data-row-id]')].filter((r) => {
            const b = r.getBoundingClientRect();
            return b.top >= list.top - 0.5 && b.bottom <= list.bottom + 0.5;
          }).length;
        }),
      )
      .toBeGreaterThanOrEqual(28);
  });
});

test.describe('with the navigation drawer open', () => {
  // The drawer is remembered across reloads: with it open, the table has 256 px less and must still fit, its
  // description and actions on screen, by letting the least telling columns go.
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1400, height: 900 },
  ]) {
    test(`at ${viewport.width} px the table fits beside it: description and actions on screen, nothing scrolls sideways`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript(() => localStorage.setItem('console.alertsDrawer', 'full'));
      await openAlerts(page);
      await expect(page.locator('#app-drawer')).toBeVisible();
      expect(await page.locator('#app-drawer').evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(200);
      const list = page.locator('[data-alert-list]');
      expect(await list.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      const box = (await list.boundingBox())!;
      const right = box.x + (await list.evaluate((el) => el.clientWidth));
      const description = table(page).getByRole('columnheader', { name: 'Description' });
      await expect(description).toBeInViewport();
      expect((await description.boundingBox())!.x + 40).toBeLessThanOrEqual(right);
      for (const name of ['severity', 'status', 'resource', 'event', 'environment', 'service', 'text']) {
        const cell = table(page).locator(`[data-row-id] [data-column="${name}"]`).first();
        const b = (await cell.boundingBox())!;
        expect(b.x, `${name} starts in the list`).toBeGreaterThanOrEqual(box.x);
        expect(b.x + b.width, `${name} ends in the list`).toBeLessThanOrEqual(right + 0.5);
      }
      const row = table(page).locator('[data-row-id]').nth(2);
      await row.hover();
      const buttons = row.getByRole('group').getByRole('button');
      await expect(buttons.first()).toBeVisible();
      for (const b of await buttons.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
        expect(b.left).toBeGreaterThanOrEqual(box.x);
        expect(b.right).toBeLessThanOrEqual(right + 0.5);
      }
      expect((await overlapReport(page, 2)).overlaps).toEqual([]);
    });
  }
});

test.describe('the column menu', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('names the columns not shown, and shows every column on request, the table then scrolling sideways', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('console.alertsDrawer', 'full'));
    await openAlerts(page);
    const menu = table(page).getByRole('button', { name: /columns? not shown/ });
    await expect(menu).toBeVisible();
    const shown = await table(page).locator('[role="columnheader"][data-column]').count();
    await menu.click();
    const dialog = page.getByRole('dialog', { name: 'Columns' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('No room at this width');
    await dialog.getByRole('button', { name: /Show every column/ }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => table(page).locator('[role="columnheader"][data-column]').count()).toBeGreaterThan(shown);
    const list = page.locator('[data-alert-list]');
    await expect.poll(() => list.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeGreaterThan(0);
    // remembered: a reload keeps every column
    await page.reload();
    await expect.poll(() => table(page).locator('[data-row-id]').count()).toBeGreaterThan(5);
    await expect.poll(() => list.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeGreaterThan(0);
    await table(page).getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('dialog', { name: 'Columns' }).getByRole('button', { name: 'Fit the columns to the window' }).click();
    await expect.poll(() => list.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  });
});

test.describe('many columns', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('with every column shown, the table scrolls sideways under the pinned columns, comes to rest at a column, and keeps every action in view', async ({ page, request }) => {
    const event = `E2EWide${Date.now()}`;
    const res = await request.post(`${server.url}/api/alert`, {
      data: {
        resource: 'wide-a',
        event,
        environment: 'Production',
        severity: 'major',
        service: ['E2E'],
        group: 'Performance',
        origin: 'e2e/wide-table',
        tags: ['rack-12', 'linux'],
        value: '97% of 32 GiB',
        text: 'a wide table',
        attributes: { region: 'eu-west-1', owner: 'platform team', ticket: 'OPS-1234', site: 'Frankfurt DC2' },
      },
    });
    expect(res.status()).toBe(201);
    await page.addInitScript(() => localStorage.setItem('console.tableColumns', 'all'));
    await page.context().route('**/config.json', async (route) => {
      const served = (await (await route.fetch()).json()) as Record<string, unknown>;
      const columns = [...REAL_SERVER_COLUMNS.slice(0, -2), 'group', 'origin', 'type', 'tags', 'region', 'owner', 'ticket', 'site', 'value', 'text'];
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...served, columns, customer_views: true }) });
    });
    await page.goto(`${server.url}/alerts?q=event:${event}`);
    const row = table(page).locator('[data-row-id]').first();
    await expect(row).toContainText('wide-a');
    const list = page.locator('[data-alert-list]');
    await expect.poll(() => list.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeGreaterThan(0);
    const xs = async () => Promise.all([0, 1, 2].map(async (i) => (await row.getByRole('cell').nth(i).boundingBox())?.x ?? NaN));
    const before = await xs();
    // A scroll that would leave a column half under the pinned ones (Last Receive Time is about 130 px wide) comes to
    // rest with a column's start at their edge.
    await list.evaluate((el) => el.scrollTo({ left: 100 }));
    await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await settled(page);
    const after = await xs();
    // the selection box, severity and status did not move while the other columns did
    after.forEach((x, i) => expect(x).toBeCloseTo(before[i]!, 0));
    const headers = await page.evaluate(() => {
      const cells = [...document.querySelectorAll<HTMLElement>('[role="columnheader"]')].map((h) => ({ name: h.dataset.column ?? '', box: h.getBoundingClientRect(), pinned: getComputedStyle(h).position === 'sticky' }));
      const edge = Math.max(...cells.filter((c) => c.pinned && c.box.left < 400).map((c) => c.box.right));
      // a header that is neither wholly under the pinned columns nor wholly beside them is half covered
      return { edge, half: cells.filter((c) => !c.pinned && c.box.left < edge - 1 && c.box.right > edge + 1).map((c) => c.name) };
    });
    expect(headers.half).toEqual([]);
    // The actions of a hovered row are all in view and under nothing, whatever the scroll.
    for (const left of [100, 400]) {
      await list.evaluate((el, x) => el.scrollTo({ left: x }), left);
      await settled(page);
      await row.hover();
      const buttons = row.getByRole('group').getByRole('button');
      await expect(buttons.first()).toBeVisible();
      const covered = await buttons.evaluateAll((els) =>
        els
          .filter((b) => {
            const r = b.getBoundingClientRect();
            const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return !at || !b.contains(at);
          })
          .map((b) => b.getAttribute('aria-label')),
      );
      expect(covered, `at scrollLeft ${left}`).toEqual([]);
    }
    await list.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    await expect(table(page).getByRole('columnheader', { name: 'Severity' })).toBeInViewport();
    await expect(table(page).getByRole('columnheader', { name: 'Site' })).toBeInViewport();
    await expect(row.getByRole('cell', { name: 'Frankfurt DC2' })).toBeInViewport();
  });
});

test.describe('ticking time cells', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  // The time-left text changes every second. It is shown whole and centred in its cell, in a box of its own that
  // is positioned and contained (a relayout boundary for Chromium), so a tick lays out that box and not its row's
  // grid: 25 rows relaid out every second cost about 1.3 ms of the 3 ms/s the table may spend between polls.
  test('the time left is shown whole, centred, and its ticks lay out only their own box', async ({ page }) => {
    await openAlerts(page);
    const report = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-row-id] [role="cell"][data-column="timeoutLeft"]')].slice(0, 10).map((cell) => {
        const box = cell.firstElementChild as HTMLElement | null;
        if (!box) return { text: '', problems: ['no box'] };
        const style = getComputedStyle(box);
        const c = cell.getBoundingClientRect();
        const b = box.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(box);
        const t = range.getBoundingClientRect();
        const problems: string[] = [];
        if (!/absolute|relative|fixed/.test(style.position)) problems.push(`position ${style.position}`);
        if (!['strict', 'size layout paint style', 'size layout paint'].includes(style.contain)) problems.push(`contain ${style.contain}`);
        if (/flex|grid/.test(getComputedStyle(cell).display)) problems.push(`cell display ${getComputedStyle(cell).display}`);
        if (box.textContent && (t.left < c.left - 0.5 || t.right > c.right + 0.5 || box.scrollWidth > box.clientWidth)) problems.push('text cut');
        if (box.textContent && Math.abs((t.top + t.bottom) / 2 - (c.top + c.bottom) / 2) > 2) problems.push('not centred');
        if (b.height < t.height) problems.push('box lower than its text');
        return { text: box.textContent ?? '', problems };
      }),
    );
    expect(report.length).toBeGreaterThan(5);
    expect(report.filter((r) => /^\d+:\d\d:\d\d$/.test(r.text)).length).toBeGreaterThan(3);
    expect(report.flatMap((r) => r.problems.map((p) => `${r.text}: ${p}`))).toEqual([]);
  });

  // What a tick costs between polls (the budget: at most 3 ms/s): the text node changes in place (a new node would be
  // styled and attached again every second), and each data cell is positioned, so Chromium repaints the ticking cell
  // on its own instead of every cell of every row on screen. The row's actions overlay is placed against the row, so
  // its cell stays unpositioned.
  test('a tick changes only the text of the time left, in a cell painted on its own', async ({ page }) => {
    await openAlerts(page);
    const seen = await page.evaluate(async () => {
      const boxes = [...document.querySelectorAll<HTMLElement>('[data-row-id] [role="cell"][data-column="timeoutLeft"] > *')].filter((b) => b.textContent);
      const kinds: string[] = [];
      const observer = new MutationObserver((records) => records.forEach((r) => kinds.push(r.type)));
      for (const box of boxes) observer.observe(box, { childList: true, characterData: true, subtree: true });
      await new Promise((resolve) => setTimeout(resolve, 2300));
      observer.disconnect();
      const row = boxes[0]!.closest<HTMLElement>('[data-row-id]')!;
      const cells = [...row.querySelectorAll<HTMLElement>(':scope > [role="cell"]')];
      return {
        boxes: boxes.length,
        kinds: [...new Set(kinds)],
        ticks: kinds.length,
        unpositioned: cells.filter((c) => c.dataset.column && getComputedStyle(c).position === 'static').map((c) => c.dataset.column),
        actionsCell: getComputedStyle(cells.at(-1)!).position,
      };
    });
    expect(seen.boxes).toBeGreaterThan(3);
    expect(seen.ticks).toBeGreaterThan(3);
    expect(seen.kinds).toEqual(['characterData']);
    expect(seen.unpositioned).toEqual([]);
    expect(seen.actionsCell).toBe('static');
  });
});

test('the first rows show at their columns’ widths: no column moves once they are painted', async ({ page }) => {
  // The headers' places as the first rows are added, and again after they have been painted and settled.
  await page.addInitScript(() => {
    const w = window as unknown as { firstPlaces: number[] | null };
    w.firstPlaces = null;
    const places = () => [...document.querySelectorAll('[role="columnheader"]')].map((h) => Math.round(h.getBoundingClientRect().left));
    const watch = new MutationObserver(() => {
      if (w.firstPlaces === null && document.querySelectorAll('[role="table"] [data-row-id]').length > 2) {
        w.firstPlaces = places();
        watch.disconnect();
      }
    });
    document.addEventListener('DOMContentLoaded', () => watch.observe(document.body, { childList: true, subtree: true }));
  });
  await openAlerts(page);
  await settled(page);
  const first = await page.evaluate(() => (window as unknown as { firstPlaces: number[] | null }).firstPlaces);
  const lastPlaces = await page.evaluate(() => [...document.querySelectorAll('[role="columnheader"]')].map((h) => Math.round(h.getBoundingClientRect().left)));
  expect(first).not.toBeNull();
  expect(first).toEqual(lastPlaces);
});

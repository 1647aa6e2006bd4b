import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { settled, afterListCycles, countListMessages } from './support.ts';

// A page of 200 alerts renders only the rows near the viewport. What a user does with the page must not
// notice: scrolling shows rows at once, the keyboard reaches every row, select all takes the whole page, the CSV has
// every row, screen readers hear the page's size and each row's place in it.

const PAGE = 200;
const event = `E2EWindow${Date.now()}`;

test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  for (let start = 0; start < PAGE; start += 25) {
    await Promise.all(
      Array.from({ length: 25 }, (_, k) => start + k).map(async (i) => {
        const res = await api.post('/api/alert', {
          data: { resource: `win-${String(i).padStart(3, '0')}`, event, environment: 'Production', severity: 'informational', service: ['E2E'], text: `row ${i} of the window test`, value: String(i) },
        });
        expect(res.status()).toBe(201);
      }),
    );
  }
  await api.dispose();
});

function rows(page: Page) {
  return page.getByRole('table', { name: 'Alerts' }).locator('[data-row-id]');
}

async function openPage(page: Page) {
  await page.goto(`/alerts?q=event:${event}#dateRange:,;sb:resource;sd:0;asi:0`);
  await expect(rows(page).first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption(String(PAGE));
  // The rows themselves, not only the footer: the keys below move through the whole page.
  await expect(page.getByText(`1–${PAGE} of ${PAGE}`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Alerts' })).toHaveAttribute('aria-rowcount', String(PAGE + 1));
}

test.use({ viewport: { width: 1400, height: 900 } });

test('a 200-row page keeps only the rows near the viewport in the DOM; screen readers get the page size and each row’s place', async ({ page }) => {
  await openPage(page);
  const table = page.getByRole('table', { name: 'Alerts' });
  await expect(table).toHaveAttribute('aria-rowcount', String(PAGE + 1));
  const rendered = await rows(page).count();
  expect(rendered).toBeGreaterThan(10);
  expect(rendered).toBeLessThan(60);
  await expect(rows(page).first()).toHaveAttribute('aria-rowindex', '2');
  await expect(rows(page).first()).toContainText('win-000');

  // The CSV still has the whole page.
  await page.getByRole('button', { name: 'More', exact: true }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download as CSV' }).click()]);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split('\r\n').filter(Boolean)).toHaveLength(PAGE + 1);
  expect(csv).toContain('win-199');
});

test('scrolling at a brisk pace never shows a blank row', async ({ page }) => {
  // 280 scroll steps, each waiting for a painted frame: a busy machine paints slowly, so allow for it.
  test.setTimeout(120_000);
  await openPage(page);
  const report = await page.evaluate(async () => {
    const list = document.querySelector<HTMLElement>('[data-alert-list]')!;
    const header = document.querySelector<HTMLElement>('[data-table-header]')!;
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const gaps: string[] = [];
    // 50 px a frame is 3,000 px a second at 60 fps: a quick flick of the wheel; down to the end and back up.
    for (const step of [50, -50]) {
      for (let i = 0; i < 140; i++) {
        list.scrollTop += step;
        await frame();
        const top = header.getBoundingClientRect().bottom;
        const bottom = list.getBoundingClientRect().bottom;
        const boxes = [...list.querySelectorAll('[data-row-id]')].map((r) => r.getBoundingClientRect()).sort((a, b) => a.top - b.top);
        let covered = top;
        for (const b of boxes) if (b.top <= covered + 0.5 && b.bottom > covered) covered = b.bottom;
        const end = Math.min(bottom, top + (list.scrollHeight - list.scrollTop));
        if (covered + 0.5 < end) gaps.push(`at ${list.scrollTop}: rows end at ${covered}, view at ${end}`);
      }
    }
    return { gaps, atEnd: list.scrollTop };
  });
  expect(report.gaps).toEqual([]);
});

// The time left changes every second only in rows on screen: the rows rendered beyond the viewport's edges keep
// their text (what the page costs between polls), and a row scrolled into view shows the time of now in the first
// frame that shows it, not a moment later.
test('time left ticks only in rows on screen; a row scrolled into view is up to date in the frame that shows it', async ({ page }) => {
  await openPage(page);
  const seen = await page.evaluate(async () => {
    const list = document.querySelector<HTMLElement>('[data-alert-list]')!;
    // The rows of the page just shown, once no row comes or goes for a second (a first poll of the page size may
    // still render them again).
    await new Promise<void>((resolve) => {
      let quiet = setTimeout(done, 1000);
      const rowsChanged = new MutationObserver(() => {
        clearTimeout(quiet);
        quiet = setTimeout(done, 1000);
      });
      function done() {
        rowsChanged.disconnect();
        resolve();
      }
      rowsChanged.observe(list.querySelector('[role="rowgroup"]:not([data-table-header])')!, { childList: true });
    });
    const view = list.getBoundingClientRect();
    const cellOf = (row: Element) => row.querySelector<HTMLElement>('[role="cell"][data-column="timeoutLeft"] > *')!;
    const rendered = [...list.querySelectorAll<HTMLElement>('[data-row-id]')];
    const shown = rendered.find((r) => r.getBoundingClientRect().top > view.top + 60 && r.getBoundingClientRect().bottom < view.bottom)!;
    const below = rendered.filter((r) => r.getBoundingClientRect().top > view.bottom + 50).sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)[0]!;
    const changes = new Map<Element, number>();
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        const row = (r.target instanceof Element ? r.target : r.target.parentElement)!.closest('[data-row-id]')!;
        changes.set(row, (changes.get(row) ?? 0) + 1);
      }
    });
    for (const row of [shown, below]) observer.observe(cellOf(row), { childList: true, characterData: true, subtree: true });
    await new Promise((resolve) => setTimeout(resolve, 2300));
    const shownTicks = changes.get(shown) ?? 0;
    const offScreenTicks = changes.get(below) ?? 0;
    const stale = cellOf(below).textContent;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    list.scrollTop += below.getBoundingClientRect().top - view.top - 200;
    // The list measures its scroll in the frame's animation callbacks, after this one: the second frame sees it.
    await frame();
    await frame();
    const inView = below.getBoundingClientRect().top < view.bottom;
    const caughtUp = (changes.get(below) ?? 0) - offScreenTicks;
    observer.disconnect();
    return { shownTicks, offScreenTicks, stale, inView, caughtUp, now: cellOf(below).textContent };
  });
  expect(seen.shownTicks).toBeGreaterThanOrEqual(2);
  expect(seen.offScreenTicks).toBe(0);
  expect(seen.inView).toBe(true);
  expect(seen.stale).toMatch(/^\d+:\d\d:\d\d$/);
  // Below the viewport for 2.3 s, then written as it came into view: about 2 s less than it said.
  expect(seen.caughtUp).toBeGreaterThanOrEqual(1);
  expect(seen.now).not.toBe(seen.stale);
});

test('the keyboard reaches every row: End, Home, PageDown and j/k move the focus and scroll it into view', async ({ page }) => {
  await countListMessages(page);
  await openPage(page);
  await rows(page).first().focus();
  await expect(rows(page).first()).toBeFocused();
  await page.keyboard.press('End');
  const last = page.locator(`[aria-rowindex="${PAGE + 1}"]`);
  await expect(last).toBeFocused();
  await expect(last).toContainText('win-199');
  await expect(last).toBeInViewport();
  await page.keyboard.press('k');
  await expect(page.locator(`[aria-rowindex="${PAGE}"]`)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(page.locator('[aria-rowindex="2"]')).toBeFocused();
  await page.keyboard.press('PageDown');
  const focusedIndex = async () => Number(await page.evaluate(() => document.activeElement?.getAttribute('aria-rowindex')));
  expect(await focusedIndex()).toBeGreaterThan(12);
  await expect(page.locator(':focus')).toBeInViewport();
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await page.keyboard.press('j');
  const deep = await focusedIndex();
  expect(deep).toBeGreaterThan(40);
  await expect(page.locator(':focus')).toBeInViewport();

  // A poll keeps the focus on the same alert.
  const id = await page.evaluate(() => document.activeElement?.getAttribute('data-row-id'));
  await page.getByRole('button', { name: 'Refresh' }).click();
  await page.locator(`[data-row-id="${id}"]`).focus();
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  // The next cycle's answer (the refresh's, or the poller's own) arrives while the row has the focus.
  await afterListCycles(page, 1);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-row-id'))).toBe(id);
});

test('select all selects the whole page, not only the rendered rows', async ({ page }) => {
  await openPage(page);
  await rows(page).first().getByRole('button', { name: /Select row/ }).click();
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(page.getByText(`${PAGE} selected`)).toBeVisible();
  // the last row, scrolled to, is selected too
  await page.locator('[data-alert-list]').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(page.locator(`[aria-rowindex="${PAGE + 1}"]`).getByRole('checkbox')).toBeChecked();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the cards of a 200-alert page are rendered near the viewport only, and scrolling brings the rest', async ({ page }) => {
    await page.goto(`/alerts?q=event:${event}#dateRange:,;sb:resource;sd:0;asi:0`);
    const list = page.getByRole('list', { name: 'Alerts' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption(String(PAGE));
    await expect(page.getByText(`1–${PAGE} of ${PAGE}`)).toBeVisible();
    expect(await list.getByRole('listitem').count()).toBeLessThan(40);
    await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(PAGE));
    await page.locator('[data-alert-list]').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(list.getByRole('listitem').filter({ hasText: 'win-199' })).toBeInViewport();
  });

  test('the first cards are placed once: none moves after it was put in the list (a second layout of the start-up)', async ({ page }) => {
    await page.addInitScript(() => {
      const moves: string[] = [];
      (window as unknown as { cardMoves: string[] }).cardMoves = moves;
      new MutationObserver((records) => {
        for (const r of records) {
          const el = r.target as HTMLElement;
          if (r.attributeName === 'style' && el.matches('li[data-row-id]') && r.oldValue?.includes('transform') && r.oldValue !== el.getAttribute('style')) {
            moves.push(`${el.getAttribute('aria-posinset')}: ${r.oldValue} -> ${el.getAttribute('style')}`);
          }
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['style'], attributeOldValue: true });
    });
    await page.goto(`/alerts?q=event:${event}#dateRange:,;sb:resource;sd:0;asi:0`);
    const list = page.getByRole('list', { name: 'Alerts' });
    await expect(list.getByRole('listitem').nth(3)).toBeVisible();
    await settled(page);
    expect(await page.evaluate(() => (window as unknown as { cardMoves: string[] }).cardMoves)).toEqual([]);
  });
});

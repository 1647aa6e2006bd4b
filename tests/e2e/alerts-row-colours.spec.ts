import { expect, test, type Page } from '@playwright/test';

// Row colours: rows filled with the server's severity colour by default, as in the old console,
// with every text readable on them; a quieter rendering (a stripe and a tint) as a preference, darker in dark mode.

/** Every visible row's text against its background (and the hovered row's), as WCAG contrast ratios. */
function contrasts(page: Page) {
  return page.evaluate(() => {
    const channels = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (c: string) => {
      const [r, g, b] = channels(c).map((v) => {
        const s = v / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a: string, b: string) => {
      const [x, y] = [luminance(a), luminance(b)];
      return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
    };
    return [...document.querySelectorAll<HTMLElement>('[role="rowgroup"] [data-row-id]')].map((row) => {
      const style = getComputedStyle(row);
      // every piece of text in the row: cells, links, status, time cells
      const texts = [...row.querySelectorAll<HTMLElement>('[role="cell"] *, [role="cell"]')].filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent?.trim()) && !el.closest('[style*="background-color"]'));
      const worst = Math.min(...texts.map((el) => ratio(getComputedStyle(el).color, style.backgroundColor)));
      return { severity: row.getAttribute('data-severity'), background: style.backgroundColor, worst, stripe: getComputedStyle(row.querySelector('[role="cell"]')!).boxShadow };
    });
  });
}

async function openAlerts(page: Page) {
  await page.goto('/alerts');
  await expect.poll(() => page.locator('[data-row-id]').count()).toBeGreaterThan(5);
}

async function chooseQuiet(page: Page) {
  await page.goto('/settings');
  await page.getByRole('radio', { name: 'A stripe and a light tint' }).check();
  await expect(page.getByRole('radio', { name: 'A stripe and a light tint' })).toBeChecked();
}

test.use({ viewport: { width: 1400, height: 900 } });

test('by default rows are filled with the server’s severity colour, like the old console, and every text on them reads at 4.5:1', async ({ page }) => {
  await openAlerts(page);
  const rows = await contrasts(page);
  expect(rows.find((r) => r.severity === 'critical')?.background).toBe('rgb(255, 0, 0)');
  expect(rows.find((r) => r.severity === 'security')?.background).toBe('rgb(0, 0, 255)');
  for (const r of rows) expect(r.worst, `${r.severity} on ${r.background}`).toBeGreaterThanOrEqual(4.5);
  // hovered, the row changes shade without losing contrast
  const row = page.locator('[data-row-id][data-severity="critical"]').first();
  await row.hover();
  const hovered = (await contrasts(page)).find((r) => r.severity === 'critical' && r.background !== 'rgb(255, 0, 0)');
  expect(hovered?.worst).toBeGreaterThanOrEqual(4.5);
});

test('the quiet rendering shows a severity stripe on a light tint, with readable text', async ({ page }) => {
  await chooseQuiet(page);
  await openAlerts(page);
  const rows = await contrasts(page);
  const critical = rows.find((r) => r.severity === 'critical')!;
  expect(critical.background).not.toBe('rgb(255, 0, 0)');
  expect(critical.stripe).toContain('rgb(255, 0, 0)');
  for (const r of rows) expect(r.worst, `${r.severity} on ${r.background}`).toBeGreaterThanOrEqual(4.5);
  // light: every channel of the tint is bright
  for (const channel of (critical.background.match(/\d+/g) ?? []).slice(0, 3).map(Number)) expect(channel).toBeGreaterThan(180);
});

test.describe('in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the quiet rendering is a dark tint (no more saturated rows), still readable; the default keeps the old look', async ({ page }) => {
    await openAlerts(page);
    expect((await contrasts(page)).find((r) => r.severity === 'critical')?.background).toBe('rgb(255, 0, 0)');
    await chooseQuiet(page);
    await openAlerts(page);
    const rows = await contrasts(page);
    const critical = rows.find((r) => r.severity === 'critical')!;
    for (const channel of (critical.background.match(/\d+/g) ?? []).slice(0, 3).map(Number)) expect(channel).toBeLessThan(110);
    expect(critical.stripe).toContain('rgb(255, 0, 0)');
    for (const r of rows) expect(r.worst, `${r.severity} on ${r.background}`).toBeGreaterThanOrEqual(4.5);
  });
});

import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { settled } from './support.ts';

// The search box checks the query as it is typed with the real server's grammar: an error names what is wrong and
// the column, in the user's language, and the query is not sent; a warning is shown and the query goes; a query
// the server still refuses shows the server's reason next to the box.

async function createAlert(request: APIRequestContext, alert: Record<string, unknown>) {
  const res = await request.post('/api/alert', { data: { severity: 'major', service: ['E2E'], environment: 'Production', text: 'e2e search', value: '1', ...alert } });
  expect(res.status(), await res.text()).toBe(201);
}

/** The box's accessible description (its error, warnings or the server's refusal) contains text. */
async function expectDescribed(box: Locator, text: string) {
  await expect(box).toHaveAccessibleDescription(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

function rows(page: Page) {
  return page.getByRole('table', { name: 'Alerts' }).locator('[data-row-id]');
}

test.describe('en', () => {
  test.use({ locale: 'en-US' });

  test('an unclosed quote is explained at its column and not sent; fixing it sends the search', async ({ page, request }) => {
    const event = `E2ESearchCheck${Date.now()}`;
    await createAlert(request, { resource: 'check-a', event });
    await page.goto(`/alerts?q=event:${event}`);
    await expect(rows(page)).toHaveCount(1);

    const box = page.getByRole('combobox', { name: 'Search' });
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.fill(`event:${event} AND resource:"check-a`);
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    const column = `event:${event} AND resource:`.length + 1;
    await expectDescribed(box, `Column ${column}`);
    await expectDescribed(box, 'This quote is never closed');
    await box.press('Enter');
    await expectDescribed(box, 'Not sent: fix the error first');
    await expect(page).toHaveURL(new RegExp(`q=event(:|%3A)${event}$`));

    await box.fill(`event:${event} AND resource:"check-a"`);
    await expect(box).toHaveAttribute('aria-invalid', 'false');
    await box.press('Enter');
    await expect(page).toHaveURL(/resource/);
    await expect(rows(page)).toHaveCount(1);
  });

  test('a chain the server would cut is an error with the regrouped query offered; a lower-case or is a warning and is sent', async ({ page }) => {
    await page.goto('/alerts');
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.fill('a OR b OR c');
    await expectDescribed(box, 'only the first two terms');
    await page.getByRole('button', { name: 'Use (a OR b) OR c' }).click();
    await expect(box).toHaveValue('(a OR b) OR c');
    await expect(box).toHaveAttribute('aria-invalid', 'false');

    await box.fill('disk OR NOT cpu');
    await expectDescribed(box, 'The server reads OR NOT as AND NOT');
    await expect(box).toHaveAttribute('aria-invalid', 'false');
    await box.press('Enter');
    await expect(page).toHaveURL(/q=disk(\+|%20)OR(\+|%20)NOT(\+|%20)cpu/);
  });

  test('a query the server refuses shows its reason next to the box', async ({ page }) => {
    // a back-reference passes the console's check but the server refuses it (it matches in linear time only)
    await page.goto(`/alerts?q=${encodeURIComponent('text:/(a)\\1/')}`);
    const box = page.getByRole('combobox', { name: 'Search' });
    await expect(box).toHaveValue('text:/(a)\\1/');
    await expect(box).toHaveAttribute('aria-invalid', 'false');
    await expectDescribed(box, 'The server refused this search: invalid regular expression');
  });

  test('a 10,000-character paste, control characters, emoji and right-to-left text keep the box responsive', async ({ page }) => {
    await page.goto('/alerts');
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.fill('abc '.repeat(2500));
    await box.press('End');
    await box.pressSequentially('x', { delay: 0 });
    await expect(box).toHaveValue(`${'abc '.repeat(2500)}x`);
    await expectDescribed(box, 'only the first two terms');

    await box.fill('resource:web🙂');
    await expectDescribed(box, 'Column 13');
    await expectDescribed(box, '“🙂” can only be searched inside quotes');
    await box.fill('שלום');
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await box.fill('a\u0001b');
    await expectDescribed(box, 'U+0001');
  });

  test('the syntax help opens from the box', async ({ page }) => {
    await page.goto('/alerts');
    await page.getByRole('button', { name: 'Search syntax' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search syntax' });
    await expect(dialog).toContainText('Only two operands of a chain are read');
  });
});

test.describe('fr', () => {
  test.use({ locale: 'fr-FR' });

  test('the error reads in French, with its column', async ({ page }) => {
    await page.goto('/alerts');
    const box = page.getByRole('combobox', { name: 'Rechercher' });
    await box.fill('resource:(web');
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expectDescribed(box, 'Colonne 10');
    await expectDescribed(box, 'Cette parenthèse n’est jamais fermée');
    await box.press('Enter');
    await expectDescribed(box, 'Non envoyée');
    await expect(page).not.toHaveURL(/q=/);
  });
});

// The check's code is a chunk of its own, off the path to the first rows: it comes at the box's first use (or in
// idle time after the rows). Until it is in, a submitted query waits for its check, and goes only if it passes.
test.describe('before the check has loaded', () => {
  test.use({ locale: 'en-US', serviceWorkers: 'block' });

  /** Holds the search box's assistance chunks until released. */
  async function holdAssist(page: Page) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    await page.route(/\/assets\/(search-assist|query-join)-[^/]*\.js$/, async (route) => {
      asked.push(route.request().url());
      await released;
      await route.continue();
    });
    return { release, asked };
  }

  test('a query with an error submitted before the check arrives is checked when it does, and not sent', async ({ page, request }) => {
    const event = `E2ESearchLazy${Date.now()}`;
    await createAlert(request, { resource: 'lazy-a', event });
    const held = await holdAssist(page);
    await page.goto(`/alerts?q=event:${event}`);
    await expect(rows(page)).toHaveCount(1);

    const box = page.getByRole('combobox', { name: 'Search' });
    await box.fill(`event:${event} AND resource:"lazy-a`);
    await box.press('Enter');
    await expectDescribed(box, 'Checking the search');
    expect(held.asked.some((url) => url.includes('search-assist'))).toBe(true);
    held.release();
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expectDescribed(box, 'This quote is never closed');
    await expectDescribed(box, 'Not sent: fix the error first');
    await expect(page).toHaveURL(new RegExp(`q=event(:|%3A)${event}$`));
  });

  test('a valid query submitted before the check arrives is sent once it passes', async ({ page, request }) => {
    const event = `E2ESearchLazy${Date.now()}`;
    await createAlert(request, { resource: 'lazy-b', event });
    const held = await holdAssist(page);
    await page.goto('/alerts');
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.fill(`event:${event}`);
    await box.press('Enter');
    await expectDescribed(box, 'Checking the search');
    await settled(page); // nothing goes while the check is missing
    await expect(page).not.toHaveURL(/q=/);
    held.release();
    await expect(page).toHaveURL(new RegExp(`q=event(:|%3A)${event}$`));
    await expect(rows(page)).toHaveCount(1);
  });
});

import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { settled, afterListCycles, countListMessages } from './support.ts';

// What the alerts screen hands out: the CSV download, the new-alert sound, and hostile alert HTML rendered safely.

async function createAlert(request: APIRequestContext, alert: Record<string, unknown>) {
  const res = await request.post('/api/alert', {
    data: { severity: 'major', environment: 'Production', service: ['E2E'], text: 'e2e alert', value: '1', ...alert },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; alert: { repeat: boolean } };
}

function rows(page: Page) {
  return page.getByRole('table', { name: 'Alerts' }).locator('[data-row-id]');
}

/** A small RFC 4180 reader: quoted fields, doubled quotes, CRLF line ends. */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      out.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length) out.push([...row, field]);
  return out;
}

async function downloadCsv(page: Page) {
  await page.getByRole('button', { name: 'More', exact: true }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download as CSV' }).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

test('CSV download: BOM, header, each row with its own attributes, formulas neutralised, Alerts_<environment>.csv', async ({ page, request }) => {
  const event = `E2ECsv${Date.now()}`;
  await createAlert(request, { resource: 'csv-a', event, attributes: { region: 'eu-west' }, text: '=HYPERLINK("http://evil.example")' });
  await createAlert(request, { resource: 'csv-b', event, attributes: { region: 'us-east', owner: 'ops' }, service: ['Web', 'App'] });

  await page.goto(`/alerts?q=event:${event}#environment:Production;status:open,ack;dateRange:,;sb:resource;sd:0;asi:0`);
  await expect(rows(page)).toHaveCount(2);
  const { name, text } = await downloadCsv(page);
  expect(name).toBe('Alerts_Production.csv');
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  const [header = [], ...data] = parseCsv(text.slice(1));
  expect(header.slice(0, 3)).toEqual(['correlate', 'service', 'tags']);
  const attrs = header.filter((h) => h.startsWith('attributes.'));
  expect(attrs).toEqual([...attrs].sort());
  expect(attrs).toEqual(expect.arrayContaining(['attributes.owner', 'attributes.region']));
  expect(header.at(-1)).toBe('rawData');
  const records = data.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
  const a = records.find((r) => r['resource'] === 'csv-a');
  const b = records.find((r) => r['resource'] === 'csv-b');
  // Each row carries its own attribute values (the old console gave every row the last row's).
  expect(a?.['attributes.region']).toBe('eu-west');
  expect(a?.['attributes.owner']).toBe('');
  expect(b?.['attributes.region']).toBe('us-east');
  expect(b?.['attributes.owner']).toBe('ops');
  expect(b?.['service']).toBe('Web,App');
  // A text starting with = is neutralised against spreadsheet formula injection.
  expect(a?.['text']).toBe(`'=HYPERLINK("http://evil.example")`);
});

test('CSV download of an empty list gives a header-only file named after ALL', async ({ page }) => {
  await page.goto(`/alerts?q=event:E2ENothing${Date.now()}`);
  await expect(page.getByText('found no results')).toBeVisible();
  const { name, text } = await downloadCsv(page);
  expect(name).toBe('Alerts_ALL.csv');
  const lines = text.slice(1).split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain('correlate,service,tags');
});

test('the sound plays for a new open non-repeat alert only, once, and never while muted', async ({ page, request }) => {
  await page.addInitScript(() => {
    (window as unknown as { __plays: string[] }).__plays = [];
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      (window as unknown as { __plays: string[] }).__plays.push(this.src);
      return Promise.resolve();
    };
  });
  await countListMessages(page);
  const plays = () => page.evaluate(() => (window as unknown as { __plays: string[] }).__plays);
  const event = `E2ESound${Date.now()}`;
  await page.goto('/alerts');
  await expect.poll(() => rows(page).count()).toBeGreaterThan(1);
  const refresh = page.getByRole('button', { name: 'Refresh' });

  // Muted by default: a new alert plays nothing.
  await createAlert(request, { resource: 'sound-muted', event, severity: 'critical' });
  await refresh.click();
  await expect(rows(page).filter({ hasText: 'sound-muted' })).toHaveCount(1);
  expect(await plays()).toEqual([]);

  await page.getByRole('button', { name: 'Unmute' }).click();
  await expect(page.getByRole('button', { name: 'Mute' })).toBeVisible();
  // Polls without news play nothing.
  await afterListCycles(page, 1, () => refresh.click());
  expect(await plays()).toEqual([]);

  await createAlert(request, { resource: 'sound-new', event, severity: 'critical' });
  await refresh.click();
  await expect.poll(plays, { timeout: 15_000 }).toHaveLength(1);
  expect((await plays())[0]).toMatch(/\/audio\/alert_high-intensity\.ogg$/);

  // The same alert again is a repeat (duplicate), and unchanged polls are not news: still one play.
  const dup = await createAlert(request, { resource: 'sound-new', event, severity: 'critical' });
  expect(dup.alert.repeat).toBe(true);
  await afterListCycles(page, 1, () => refresh.click());
  await afterListCycles(page, 1, () => refresh.click());
  expect(await plays()).toHaveLength(1);

  // A closed alert is not an open one.
  const closed = await createAlert(request, { resource: 'sound-closed', event, severity: 'critical', status: 'closed' });
  expect(closed.id).toBeTruthy();
  await afterListCycles(page, 1, () => refresh.click());
  expect(await plays()).toHaveLength(1);
});

const HOSTILE = [
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=2">',
  '<svg onload="window.__pwned=3"><circle r=1></svg>',
  '<a href="javascript:window.__pwned=4">js link</a>',
  '<a href="JaVaScRiPt:window.__pwned=5">mixed case</a>',
  '<a href="java&#x09;script:window.__pwned=6">entity tab</a>',
  '<iframe src="javascript:window.__pwned=7"></iframe>',
  '<base href="https://evil.example/">',
  '<form action="https://evil.example/steal"><input name="password"><button>Log in</button></form>',
  '<div style="position:fixed;inset:0;z-index:99999" onmouseover="window.__pwned=8">overlay</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=9">',
  '<details open ontoggle="window.__pwned=10">details</details>',
  '<object data="javascript:window.__pwned=11"></object>',
  '<a href="data:text/html,<script>window.__pwned=12</script>">data link</a>',
  '<noscript><p title="</noscript><img src=x onerror=window.__pwned=13>">',
  '<a href="//evil.example/path">protocol relative</a>',
  '<b>bold</b> and <a href="https://runbooks.example.com/disk">runbook</a>',
];

/** What rendering hostile payloads left inside `container`: anything here but nothing is a hole in the sanitiser. */
function hostileReport(container: Locator) {
  return container.evaluate((list) => {
    const cells = [...list.querySelectorAll('[data-safe-html]')];
    const inside = (s: string) => cells.flatMap((c) => [...c.querySelectorAll(s)]);
    return {
      cells: cells.length,
      pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
      handlers: [...list.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${el.tagName}.${a.name}`)),
      forbidden: inside('script, iframe, object, embed, base, form, input, button, svg, math, style, img, [style]').map((el) => el.tagName),
      anywhere: document.querySelectorAll('base, iframe, object').length,
      badLinks: [...list.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? '').filter((h) => !/^https?:\/\//i.test(h)),
      links: inside('a[href]').map((a) => ({ href: a.getAttribute('href'), target: a.getAttribute('target'), rel: a.getAttribute('rel') })),
      bold: inside('b').map((b) => b.textContent),
      baseURI: document.baseURI,
    };
  });
}

/** No script ran, nothing dangerous was inserted, and every link left is a plain https one opening in a new tab. */
function expectInert(report: Awaited<ReturnType<typeof hostileReport>>, minCells: number) {
  expect(report.pwned).toBeNull();
  expect(report.handlers).toEqual([]);
  expect(report.cells).toBeGreaterThanOrEqual(minCells);
  expect(report.forbidden).toEqual([]);
  expect(report.anywhere).toBe(0);
  expect(report.badLinks).toEqual([]);
  for (const link of report.links) {
    expect(link.href).toBe('https://runbooks.example.com/disk');
    expect(link.target).toBe('_blank');
    expect(link.rel).toContain('noopener');
  }
  expect(report.baseURI).not.toContain('evil.example');
}

test('hostile alert text and values run no script, keep formatting and open safe links in a new tab', async ({ page, request }) => {
  const event = `E2EHostile${Date.now()}`;
  for (const [i, payload] of HOSTILE.entries()) {
    await createAlert(request, { resource: `hostile-${String(i).padStart(2, '0')}`, event, text: payload, value: payload });
  }
  await page.goto(`/alerts?q=event:${event}#status:open,ack;dateRange:,;sb:resource;sd:0;asi:0`);
  const rowsPerPage = page.getByRole('combobox', { name: 'Rows per page' });
  await rowsPerPage.selectOption('50');
  await expect(rows(page)).toHaveCount(HOSTILE.length);
  // Give any injected handler the chance to fire: hover every row, then look.
  for (let i = 0; i < HOSTILE.length; i++) await rows(page).nth(i).hover();
  await settled(page);

  const report = await hostileReport(page.locator('[data-alert-list]'));
  expectInert(report, HOSTILE.length * 2);
  // The formatting survives: the safe link and the bold text.
  expect(report.links.length).toBeGreaterThan(0);
  expect(report.bold).toContain('bold');
  // The text survives as text where it was not markup.
  await expect(rows(page).filter({ hasText: 'hostile-03' })).toContainText('js link');
});

test('hostile texts and values in an alert’s history run no script either: the History tab renders them as the Details tab does', async ({ page, request }) => {
  // One alert whose value changes with every payload: each receive adds a history entry carrying it as value and text.
  const resource = `hostile-history-${Date.now()}`;
  let id = '';
  for (const payload of HOSTILE) id = (await createAlert(request, { resource, event: 'E2EHostileHistory', text: payload, value: payload })).id;
  await page.goto(`/alert/${id}`);
  await page.getByRole('tab', { name: `History (${HOSTILE.length})` }).click();
  const table = page.getByRole('table', { name: 'History' });
  const pages = Math.ceil(HOSTILE.length / 10);
  const links: unknown[] = [];
  const bold: (string | null)[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n > 1) await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText(`Page ${n} of ${pages}`)).toBeVisible();
    const shown = Math.min(10, HOSTILE.length - (n - 1) * 10);
    await expect(table.getByRole('row')).toHaveCount(shown + 1);
    for (let i = 1; i <= shown; i++) await table.getByRole('row').nth(i).hover();
    await settled(page);
    // the raw markup is never shown as text
    await expect(table).not.toContainText('<script>');
    await expect(table).not.toContainText('</a>');
    const report = await hostileReport(table);
    expectInert(report, shown * 2);
    links.push(...report.links);
    bold.push(...report.bold);
  }
  // The formatting survives, as in the Details tab: the safe link and the bold text.
  expect(links.length).toBeGreaterThan(0);
  expect(bold).toContain('bold');
});

test('custom attribute columns show their values; an http(s) URL value is a link opening safely in a new tab', async ({ page, context, request }) => {
  await context.route('**/config.json', async (route) => {
    const served = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...served, columns: ['severity', 'resource', 'runbook', 'region'] }) });
  });
  const event = `E2EAttr${Date.now()}`;
  await createAlert(request, { resource: 'attr-a', event, attributes: { runbook: 'https://runbooks.example.com/attr-a', region: '<b>eu</b>-west' } });
  await createAlert(request, { resource: 'attr-b', event, attributes: { runbook: 'javascript:window.__pwned=1', region: 'us' } });
  await page.goto(`/alerts?q=event:${event}#status:open,ack;dateRange:,;sb:resource;sd:0;asi:0`);
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole('columnheader', { name: 'Runbook' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Region' })).toBeVisible();

  const link = rows(page).nth(0).getByRole('link', { name: 'https://runbooks.example.com/attr-a' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await expect(rows(page).nth(0).locator('b')).toHaveText('eu');
  await expect(rows(page).nth(1).getByRole('link')).toHaveCount(0);
  await expect(rows(page).nth(1)).toContainText('javascript:window.__pwned=1');
});

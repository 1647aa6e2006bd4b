import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

// The console as an installable app: a complete manifest with real icons, a service worker that controls the page,
// Chromium's own installability verdict, and the in-app "Install app" entry where the browser offers installation.

/** Width and height from a PNG's IHDR chunk; null when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature) || bytes.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function waitForController(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

test('the manifest describes an installable standalone app, and every icon it names is a PNG of its stated size', async ({ page, baseURL }) => {
  await page.goto('/alerts');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifestUrl = new URL(href!, `${baseURL}/`).href;
  const response = await page.request.get(manifestUrl);
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[]; shortcuts: { url: string; name: string }[] };

  expect(manifest).toMatchObject({
    name: 'Alerta Console',
    short_name: 'Alerta',
    start_url: '/alerts',
    scope: '/',
    id: '/',
    display: 'standalone',
    theme_color: '#3f51b5',
  });
  expect(String(manifest.description)).not.toBe('');
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.categories).toEqual(expect.arrayContaining(['productivity']));
  expect(manifest.shortcuts.map((s) => s.url)).toContain('/alerts');

  const pngs = manifest.icons.filter((i) => i.type === 'image/png');
  const has = (size: string, purpose: string) => pngs.some((i) => i.sizes === size && (i.purpose ?? 'any').split(' ').includes(purpose));
  for (const size of ['192x192', '512x512']) {
    expect(has(size, 'any'), `any ${size}`).toBe(true);
    expect(has(size, 'maskable'), `maskable ${size}`).toBe(true);
  }
  for (const icon of pngs) {
    const iconResponse = await page.request.get(new URL(icon.src, manifestUrl).href);
    expect(iconResponse.ok(), icon.src).toBe(true);
    const size = pngSize(await iconResponse.body());
    expect(size, icon.src).not.toBeNull();
    expect(`${size!.width}x${size!.height}`, icon.src).toBe(icon.sizes);
  }

  // What the page head adds for platforms that do not read the manifest's icons and colours.
  const appleHref = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const apple = pngSize(await (await page.request.get(new URL(appleHref!, `${baseURL}/`).href)).body());
  expect(apple).toEqual({ width: 180, height: 180 });
  const favicon = pngSize(await (await page.request.get(`${baseURL}/icons/favicon-32.png`)).body());
  expect(favicon).toEqual({ width: 32, height: 32 });
  await expect(page.locator('meta[name="theme-color"][media*="light"]')).toHaveAttribute('content', /^#[0-9a-f]{6}$/i);
  await expect(page.locator('meta[name="theme-color"][media*="dark"]')).toHaveAttribute('content', /^#[0-9a-f]{6}$/i);
});

test('the service worker installs and controls the console, and Chromium finds nothing that prevents installation', async ({ playwright, baseURL }, testInfo) => {
  // Playwright's usual contexts are incognito, where Chromium never installs apps: a real profile gives the real verdict.
  const profile = mkdtempSync(path.join(tmpdir(), 'pwa-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/alerts');
    await waitForController(page);
    const scriptURL = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
    expect(new URL(scriptURL).pathname).toBe('/sw.js');

    const cdp = await context.newCDPSession(page);
    const { errors: manifestErrors } = (await cdp.send('Page.getAppManifest')) as { errors: { message: string; critical: number }[] };
    expect(manifestErrors.filter((e) => e.critical)).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('an "Install app" entry appears when the browser offers installation and opens the browser\'s install dialog', async ({ page }) => {
  await page.goto('/alerts');
  await expect(page.getByRole('table', { name: 'Alerts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);

  // Headless Chromium never offers installation by itself: the offer is the browser's event, sent here by hand.
  await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt(): Promise<void>; userChoice: Promise<unknown> };
    const w = window as Window & { __installPrompted?: number };
    w.__installPrompted = 0;
    offer.prompt = async () => {
      w.__installPrompted = (w.__installPrompted ?? 0) + 1;
    };
    offer.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
    window.dispatchEvent(offer);
  });

  const menu = page.getByRole('button', { name: /^(Menu|Open navigation)$/ });
  const install = page.getByRole('button', { name: 'Install app' }).first();
  if (!(await install.isVisible()) && (await menu.isVisible())) await menu.click();
  await expect(install).toBeVisible();
  await install.click();
  await expect.poll(() => page.evaluate(() => (window as Window & { __installPrompted?: number }).__installPrompted)).toBe(1);
  // Accepted: the app is installed, the entry goes away.
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
});

test.describe('on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
  });

  test('"Install app" explains the Share menu steps, since Safari never offers installation to the page', async ({ page }) => {
    await page.goto('/alerts');
    await page.getByRole('button', { name: /^(Menu|Open navigation)$/ }).click();
    await page.getByRole('button', { name: 'Install app' }).click();
    const help = page.getByRole('dialog', { name: 'Install app' });
    await expect(help).toContainText('Add to Home Screen');
    await help.getByRole('button', { name: 'Close' }).click();
    await expect(help).toHaveCount(0);
  });
});

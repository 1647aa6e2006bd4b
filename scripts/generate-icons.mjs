// Renders the app icons from public/icons/icon.svg with Chromium (playwright-core): the manifest's "any" and
// "maskable" icons, the Apple touch icon, a PNG favicon and the monochrome notification badge. The PNGs are
// committed; run this again after changing icon.svg:  node scripts/generate-icons.mjs
/* global process, console */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const iconsDir = path.join(root, 'public', 'icons');
const source = readFileSync(path.join(iconsDir, 'icon.svg'), 'utf8');

const BRAND = '#3f51b5';
// The glyph (bell and clapper) of icon.svg, without its rounded background, so it can be placed on other grounds.
const glyph = [...source.matchAll(/<(path|circle)\b[^>]*\/>/g)].map((m) => m[0]).join('');
if (!glyph) throw new Error('No <path>/<circle> found in icon.svg');
// The glyph's vertical centre in icon.svg (bell top 88, clapper bottom 460), for centring it on a square.
const GLYPH_CENTRE_Y = 274;

/** The glyph on a full-bleed square, scaled so it stays inside the platform's mask (maskable: 80 % safe circle). */
function onSquare(scale, { background = BRAND, monochrome = false } = {}) {
  const g = monochrome ? glyph.replace(/fill="[^"]*"/g, 'fill="#fff"') : glyph;
  const ground = background ? `<rect width="512" height="512" fill="${background}"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${ground}<g transform="translate(256 256) scale(${scale}) translate(-256 -${GLYPH_CENTRE_Y})">${g}</g></svg>`;
}

const outputs = [
  { file: 'icon-192.png', size: 192, svg: source },
  { file: 'icon-512.png', size: 512, svg: source },
  // Maskable: the bell's bounding box (340 x 372) must fit the safe circle of radius 0.4 × size: scale 0.62 does.
  { file: 'maskable-192.png', size: 192, svg: onSquare(0.62) },
  { file: 'maskable-512.png', size: 512, svg: onSquare(0.62) },
  // iOS rounds the corners itself and shows transparency as black: full bleed, a little larger than maskable.
  { file: 'apple-touch-icon-180.png', size: 180, svg: onSquare(0.72) },
  { file: 'favicon-32.png', size: 32, svg: source },
  // Android shows only the alpha of the badge in the status bar: a white bell on transparent.
  { file: 'badge-96.png', size: 96, svg: onSquare(0.86, { background: null, monochrome: true }) },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, svg } of outputs) {
    await page.setViewportSize({ width: size, height: size });
    const html = `<!doctype html><html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`;
    await page.setContent(html);
    await page.locator('svg').screenshot({ path: path.join(iconsDir, file), omitBackground: true });
    console.info(`icons/${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}

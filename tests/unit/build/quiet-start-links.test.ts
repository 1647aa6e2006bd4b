import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { quietStartLinks } from '../../../scripts/quiet-start-links.ts';

const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">\n  <rect width="8" height="8" fill="#3f51b5"/>\n</svg>\n';
const html = [
  '<head>',
  '<link rel="icon" href="/icons/icon.svg" type="image/svg+xml" />',
  '<link rel="icon" href="/icons/favicon-32.png" type="image/png" sizes="32x32" />',
  '<link rel="manifest" href="/manifest.webmanifest">',
  '</head>',
].join('\n');

describe('the links that cost the start a request', () => {
  it('writes the SVG favicon into the page and takes the manifest link out; the PNG fallback stays', () => {
    const out = quietStartLinks(html, svg);
    const href = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml"/.exec(out)?.[1] ?? '';
    expect(href.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(href.slice('data:image/svg+xml,'.length))).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"> <rect width="8" height="8" fill="#3f51b5"/> </svg>');
    expect(out).not.toContain('manifest');
    expect(out).toContain('/icons/favicon-32.png');
    expect(out).not.toContain('/icons/icon.svg');
  });

  it("works on the console's own index.html and favicon", () => {
    const page = readFileSync('index.html', 'utf8').replace('</head>', '<link rel="manifest" href="/manifest.webmanifest">\n</head>');
    const out = quietStartLinks(page, readFileSync('public/icons/icon.svg', 'utf8'));
    expect(out).toMatch(/<link rel="icon" href="data:image\/svg\+xml,[^"]+"/);
    expect(out).not.toContain('rel="manifest"');
  });

  it('fails the build when a link it expects is gone (a changed index.html must not silently undo it)', () => {
    expect(() => quietStartLinks(html.replace(/<link rel="manifest"[^>]*>/, ''), svg)).toThrow(/no manifest link/);
    expect(() => quietStartLinks(html.replace('/icons/icon.svg', '/icons/icon.png'), svg)).toThrow(/no SVG favicon/);
  });
});

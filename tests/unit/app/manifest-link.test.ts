// @vitest-environment happy-dom
// The manifest is linked by the app once the first rows are painted (index.html no longer links it: the browser
// fetched it at once, holding a connection the shell needed).
import { afterEach, expect, it } from 'vitest';
import { linkManifest } from '../../../src/app/pwa/manifest-link.ts';

afterEach(() => document.head.querySelectorAll('link').forEach((l) => l.remove()));

it('links the manifest under the base path, once', () => {
  linkManifest('/console/');
  linkManifest('/console/');
  const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]');
  expect(links).toHaveLength(1);
  expect(links[0]!.getAttribute('href')).toBe('/console/manifest.webmanifest');
});

it('leaves a manifest the page already links (a development server that links its own)', () => {
  const own = document.createElement('link');
  own.rel = 'manifest';
  own.href = '/dev.webmanifest';
  document.head.append(own);
  linkManifest('/');
  expect([...document.head.querySelectorAll('link[rel="manifest"]')].map((l) => l.getAttribute('href'))).toEqual(['/dev.webmanifest']);
});

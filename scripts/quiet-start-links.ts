// Two links of index.html that cost the start a request each, on an HTTP/1.1 server that gives a page six
// connections: the browser fetched the SVG favicon and the web app manifest at once, beside the shell's scripts and
// stylesheet (in Lighthouse's phone run they held two of the six connections while the shell waited for
// one, about 0.13 s of the simulated LCP). This build step writes the favicon into the page as a data: URL (no
// request) and takes the manifest link out; the app links the manifest once its first rows are painted
// (src/app/pwa/manifest-link.ts), which is all installing needs. The build fails when either link is missing, so a
// changed index.html cannot silently undo this.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const ICON_LINK = /<link rel="icon" href="([^"]+\.svg)" type="image\/svg\+xml"\s*\/?>/;
const MANIFEST_LINK = /<link rel="manifest"[^>]*>\n?/;

/** index.html with the SVG favicon inlined (`svg`: the file's text) and without the manifest link. */
export function quietStartLinks(html: string, svg: string): string {
  if (!ICON_LINK.test(html)) throw new Error('quiet-start-links: no SVG favicon link in index.html');
  if (!MANIFEST_LINK.test(html)) throw new Error('quiet-start-links: no manifest link in index.html');
  const dataUrl = `data:image/svg+xml,${encodeURIComponent(svg.trim().replace(/\s*\n\s*/g, ' '))}`;
  return html.replace(ICON_LINK, `<link rel="icon" href="${dataUrl}" type="image/svg+xml" />`).replace(MANIFEST_LINK, '');
}

export function quietStartLinksPlugin(): Plugin {
  let publicDir = '';
  let base = '/';
  return {
    name: 'quiet-start-links',
    apply: 'build',
    // vite-plugin-pwa adds the manifest link in a late ('post') plugin: this one is listed after it, and late too.
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const href = ICON_LINK.exec(html)?.[1] ?? '';
        const file = path.join(publicDir, href.startsWith(base) ? href.slice(base.length) : href);
        return quietStartLinks(html, readFileSync(file, 'utf8'));
      },
    },
  };
}

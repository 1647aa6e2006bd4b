// Where sanitised alert HTML enters the page. The string comes from the console's own sanitiser
// (src/core/sanitize-html.ts); where the browser has the HTML Sanitizer API, it is inserted with `Element.setHTML()`
// told the console's allow-list (SANITIZER_CONFIG), so the browser checks the tree it built from that string, and
// links are checked once more against the allowed schemes, which the browser does not know. Elsewhere the string is
// inserted as it is: it is already safe (the own sanitiser's output, rebuilt from scratch).
import { isAllowedLinkUrl, LINK_REL, LINK_TARGET } from '../../core/sanitize-policy.ts';
import { SANITIZER_CONFIG } from '../../core/browser-sanitizer-config.ts';

/** The part of the HTML Sanitizer API used here (not yet in TypeScript's DOM library). */
interface BrowserSanitizer {
  get(): { elements?: unknown[] };
}
type SetHtml = (this: Element, html: string, options: { sanitizer: BrowserSanitizer }) => void;
type SanitizerConstructor = new (config: unknown) => BrowserSanitizer;

let browser: { sanitizer: BrowserSanitizer; setHTML: SetHtml } | null | undefined;

/**
 * The browser's sanitiser with the console's allow-list, or null where there is none: no `setHTML`, no `Sanitizer`,
 * or one that does not take this configuration (an early, different draft of the API).
 */
export function browserSanitizer(): { sanitizer: BrowserSanitizer; setHTML: SetHtml } | null {
  if (browser !== undefined) return browser;
  browser = null;
  try {
    const setHTML = (globalThis.Element?.prototype as { setHTML?: SetHtml } | undefined)?.setHTML;
    const Sanitizer = (globalThis as { Sanitizer?: SanitizerConstructor }).Sanitizer;
    if (typeof setHTML === 'function' && typeof Sanitizer === 'function') {
      const sanitizer = new Sanitizer(SANITIZER_CONFIG);
      if (typeof sanitizer.get === 'function' && (sanitizer.get().elements?.length ?? 0) === SANITIZER_CONFIG.elements.length) browser = { sanitizer, setHTML };
    }
  } catch {
    browser = null;
  }
  return browser;
}

/** Puts sanitised alert HTML into `element`, replacing what it held (see the top of this file). */
export function insertMarkup(element: HTMLElement, safeHtml: string): void {
  const api = browserSanitizer();
  if (!api) {
    element.innerHTML = safeHtml;
    return;
  }
  api.setHTML.call(element, safeHtml, { sanitizer: api.sanitizer });
  for (const link of element.querySelectorAll('a')) {
    const href = link.getAttribute('href');
    if (href === null) continue;
    if (!isAllowedLinkUrl(href)) {
      link.removeAttribute('href');
      link.removeAttribute('target');
      link.removeAttribute('rel');
    } else {
      link.setAttribute('target', LINK_TARGET);
      link.setAttribute('rel', LINK_REL);
    }
  }
}

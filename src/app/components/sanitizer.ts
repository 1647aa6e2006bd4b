// DOMPurify with the allow-list of src/core/sanitize-policy.ts: formatting stays; scripts, event handlers, styles,
// <base>, forms, frames and every non-http(s)/mailto link are removed, and every kept link opens in a new tab without
// access to the console (rel=noopener noreferrer). Loaded on demand by SafeHtml: most alert texts are plain and never
// need it, so it stays out of the JavaScript loaded before the first row.
import DOMPurify from 'dompurify';
import { isSafeHttpUrl, LINK_REL, LINK_TARGET, SANITIZE_POLICY } from '../../core/sanitize-policy.ts';

const purifier = DOMPurify(window);

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A') return;
  const href: string | null = node.getAttribute('href');
  // The URI regexp already dropped other schemes; this also refuses protocol-relative and control-character tricks.
  if (href !== null && !/^mailto:/i.test(href.trim()) && !isSafeHttpUrl(href)) node.removeAttribute('href');
  if (node.hasAttribute('href')) {
    node.setAttribute('target', LINK_TARGET);
    node.setAttribute('rel', LINK_REL);
  }
});

const config = {
  ...SANITIZE_POLICY,
  ALLOWED_TAGS: [...SANITIZE_POLICY.ALLOWED_TAGS],
  ALLOWED_ATTR: [...SANITIZE_POLICY.ALLOWED_ATTR, 'target', 'rel'],
  FORBID_TAGS: ['base', 'form', 'input', 'button', 'textarea', 'select', 'style', 'script', 'iframe', 'object', 'embed', 'svg', 'math'],
  RETURN_TRUSTED_TYPE: false as const,
};

// The same texts come back on every poll (200 rows × a few HTML cells): sanitise each distinct string once.
const CACHE_LIMIT = 2000;
const cache = new Map<string, string>();

/** Alert HTML made safe to insert. */
export function sanitizeHtml(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  const clean = purifier.sanitize(html, config) as string;
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(html, clean);
  return clean;
}

// The alert-HTML sanitiser of src/core/sanitize-html.ts with a cache. Loaded on demand by SafeHtml: most alert texts
// are plain and never need it, so it stays out of the JavaScript loaded before the first row.
import { sanitizeHtmlBounded, type Sanitized } from '../../core/sanitize-html.ts';

// What inserts the result into the page comes with it, out of the first screen's JavaScript too.
export { insertMarkup } from './markup.ts';

/**
 * The same texts come back on every poll (200 rows × a few HTML cells): each distinct string is sanitised once, and
 * at most this many are kept (the oldest goes first), so a wall display's alerts coming and going leave no trail...
 */
export const SANITIZE_CACHE_LIMIT = 2000;
/**
 * ...and at most this many characters, texts and results together (about 2 MiB at most): alert texts can be long,
 * and 2,000 of several kilobytes each would otherwise stay for as long as the page lives. A text longer than this
 * is sanitised every time it is shown and never kept.
 */
export const SANITIZE_CACHE_MAX_CHARS = 1_000_000;
/** Each text with what it was made into, at the limit it was shown with (a list's cell, or the alert page). */
const cache = new Map<string, { limit: number; clean: Sanitized }>();
let chars = 0;

/** Alert HTML made safe to insert, at most `maxChars` of it (src/core/sanitize-html.ts says what is cut and why). */
export function sanitizeHtml(html: string, maxChars = Number.POSITIVE_INFINITY): Sanitized {
  const hit = cache.get(html);
  if (hit !== undefined && hit.limit === maxChars) return hit.clean;
  if (hit !== undefined) {
    cache.delete(html);
    chars -= html.length + hit.clean.html.length;
  }
  const clean = sanitizeHtmlBounded(html, maxChars);
  const size = html.length + clean.html.length;
  if (size > SANITIZE_CACHE_MAX_CHARS) return clean;
  while (cache.size > 0 && (cache.size >= SANITIZE_CACHE_LIMIT || chars + size > SANITIZE_CACHE_MAX_CHARS)) {
    const [oldest, kept] = cache.entries().next().value as [string, { clean: Sanitized }];
    cache.delete(oldest);
    chars -= oldest.length + kept.clean.html.length;
  }
  cache.set(html, { limit: maxChars, clean });
  chars += size;
  return clean;
}

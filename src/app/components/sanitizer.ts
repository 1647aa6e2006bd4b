// The alert-HTML sanitiser of src/core/sanitize-html.ts with a cache. Loaded on demand by SafeHtml: most alert texts
// are plain and never need it, so it stays out of the JavaScript loaded before the first row.
import { sanitizeHtml as sanitize } from '../../core/sanitize-html.ts';

/**
 * The same texts come back on every poll (200 rows × a few HTML cells): each distinct string is sanitised once, and
 * at most this many are kept (the oldest goes first), so a wall display's alerts coming and going leave no trail.
 */
export const SANITIZE_CACHE_LIMIT = 2000;
const cache = new Map<string, string>();

/** Alert HTML made safe to insert. */
export function sanitizeHtml(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitize(html);
  if (cache.size >= SANITIZE_CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(html, clean);
  return clean;
}

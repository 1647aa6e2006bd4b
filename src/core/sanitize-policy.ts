// What alert HTML (value, text, attributes) may contain once sanitised (./sanitize-html.ts applies it), and which
// links are safe.

/** Formatting tags a monitoring message plausibly uses. No scripts, styles, forms, frames, media or SVG. */
export const ALLOWED_TAGS: readonly string[] = Object.freeze([
  'a', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'mark', 'small', 'sub', 'sup',
  'br', 'p', 'div', 'span', 'code', 'pre', 'kbd', 'samp', 'blockquote', 'hr',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'table', 'thead', 'tbody', 'tr', 'th', 'td',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
]);

/**
 * Attributes kept: `title` anywhere, `href` on links (web and mail links only), `colspan`/`rowspan` (numbers) on
 * table cells. `style` is excluded: it can overlay the page and fake the console's own controls.
 */
export const ALLOWED_ATTR: readonly string[] = Object.freeze(['href', 'title', 'colspan', 'rowspan']);

/**
 * The most characters of one alert value rendered (the alert page; a list's cell shows far fewer, see SafeHtml's
 * limit): the rest is cut, with a visible mark saying how much. The alert itself keeps all of it (its copy, its raw
 * data, a download). Markup is sanitised only this far, so a text of megabytes costs what can be shown.
 */
export const MAX_RENDERED_CHARS = 100_000;

/**
 * The most characters of one value a list's cell (or card) renders and measures: it shows a line or two of them, and
 * a value of megabytes must not cost the list's layout more than that. The alert page shows up to MAX_RENDERED_CHARS.
 */
export const CELL_TEXT_CHARS = 1_000;

/** A value as far as a cell renders it (CELL_TEXT_CHARS); the cell's own ellipsis marks that more follows. */
export function cellCut(text: string): string {
  return text.length > CELL_TEXT_CHARS ? text.slice(0, CELL_TEXT_CHARS) : text;
}

/** Every kept link opens in a new tab without handing the console to the opened page. */
export const LINK_TARGET = '_blank';
export const LINK_REL = 'noopener noreferrer nofollow';

/** Table cells: the only elements that keep colspan and rowspan. */
export const CELL_TAGS: readonly string[] = Object.freeze(['td', 'th']);

// ASCII control characters and whitespace anywhere in a URL are how scheme filters get fooled ("java\tscript:").
// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;

/**
 * True only for an absolute http(s) URL with a host: no other scheme, no protocol-relative `//host`, no
 * control characters or inner whitespace, no HTML entities standing in for the colon. Surrounding
 * whitespace is tolerated, as browsers trim it.
 */
export function isSafeHttpUrl(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  const t = s.trim();
  if (t === '' || CONTROL_OR_SPACE.test(t)) return false;
  if (!/^https?:\/\/[^/?#\\]/i.test(t)) return false;
  try {
    const u = new URL(t);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** Where a kept link may lead: a web address with a host (isSafeHttpUrl), or a mail address. */
export function isAllowedLinkUrl(url: string): boolean {
  return /^mailto:/i.test(url.trim()) || isSafeHttpUrl(url);
}

/** The URL held by an attribute value, when the whole value is one safe http(s) URL; otherwise null. */
export function extractHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const t = value.trim();
  return isSafeHttpUrl(t) ? t : null;
}

/**
 * The text of a piece of alert HTML with its tags dropped and the common entities decoded: what a reader sees of it,
 * for measuring and for the moment before the sanitiser is loaded. Never inserted as HTML.
 */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>?/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');
}

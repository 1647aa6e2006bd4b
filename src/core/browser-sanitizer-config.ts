// The allow-list of ./sanitize-policy.ts in the form the browser's own sanitiser takes. A module of its own so that
// it loads with the sanitiser, not with the first screen (which needs the policy's other rules).
import { ALLOWED_TAGS, CELL_TAGS } from './sanitize-policy.ts';

/**
 * The browser's own HTML sanitiser (`Element.setHTML`, the HTML Sanitizer API) told the same allow-list: these
 * elements; `title` on any of them; `href`, `target` and `rel` on links; `colspan` and `rowspan` on table cells; no
 * comments, no data attributes. Whatever is listed, the browser's safe mode also removes scripts, event handlers and
 * `javascript:` URLs. It does not check other URL schemes: a link's address is checked against `isAllowedLinkUrl`
 * after it (src/app/components/markup.ts, with isAllowedLinkUrl of ./sanitize-policy.ts).
 */
export const SANITIZER_CONFIG = Object.freeze({
  elements: ALLOWED_TAGS.map((name) =>
    name === 'a' ? { name, attributes: ['href', 'target', 'rel'] } : CELL_TAGS.includes(name) ? { name, attributes: ['colspan', 'rowspan'] } : name,
  ),
  attributes: ['title'],
  comments: false,
  dataAttributes: false,
});

// What tests/e2e/sanitizer-differential.spec.ts loads into Chromium: the console's own sanitiser and the code that
// inserts its output (through the browser's sanitiser where there is one), exactly as the console ships them.
export { sanitizeHtml } from '../../../src/core/sanitize-html.ts';
export { ALLOWED_ATTR, ALLOWED_TAGS, CELL_TAGS, isAllowedLinkUrl } from '../../../src/core/sanitize-policy.ts';
export { browserSanitizer, insertMarkup } from '../../../src/app/components/markup.ts';

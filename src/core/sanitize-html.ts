// Alert HTML (text, value, attributes, notes) made safe to insert, without a DOM.
//
// Why no DOM: every way a page can parse markup (DOMParser, a <template>, document.implementation, the Sanitizer
// API) builds elements in a document that carries the page's Content-Security-Policy, and current Chromium checks
// that policy while parsing: each `onerror=…` or `style=…` of a hostile alert was reported as a violation (and sent
// to the policy's report-uri) although nothing of it ever ran. Tokenising the string here reports nothing anywhere.
//
// Why this is safe whatever the input: the output is rebuilt from scratch, not edited. It holds only
// - text, with `<` and `>` escaped (character references are kept as written: decoded in text they are text again),
// - start and end tags of ALLOWED_TAGS, balanced, none of which switches the browser's parser into a raw-text,
//   script or foreign-content mode,
// - the attributes of ALLOWED_ATTR, double-quoted with `"`, `<` and `>` escaped; `href` only when the URL the browser
//   will see (decoded here, then written back fully escaped) is http(s) with a host or mailto.
// So however differently a browser would have read a malformed input, it reads the output as exactly those tags,
// attributes and text; a difference in reading the input can change which text is shown, never what runs.
//
// Where the browser has its own sanitiser (`Element.setHTML`), the output is inserted through it as well, told the
// same allow-list (src/app/components/markup.ts): it checks the tree the browser actually built from this string.
// This tokeniser stays first in every browser, because it is what keeps parsing quiet (the browser's sanitiser parses
// first and removes after: a hostile alert would be reported), bounded (MAX_DEPTH, the rendered length) and equal in
// browsers without the API. docs/architecture.md ("Alert HTML") says how the two were chosen.
import { ALLOWED_ATTR, ALLOWED_TAGS, CELL_TAGS, isAllowedLinkUrl, LINK_REL, LINK_TARGET, MAX_RENDERED_CHARS } from './sanitize-policy.ts';

const ALLOWED = new Set(ALLOWED_TAGS);
/** Allowed elements that have no content and no end tag. */
const VOID = new Set(['br', 'hr']);
const CELLS = new Set(CELL_TAGS);

/**
 * Elements whose content the browser reads as code or raw text, not markup: the content goes with the element, up to
 * the matching end tag (plaintext runs to the end of the input).
 */
const RAW_TEXT = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'textarea', 'title', 'plaintext']);

/**
 * Elements removed together with everything inside them: other documents and languages (SVG, MathML, templates)
 * and embedded or interactive content whose text means nothing on its own.
 */
const DROPPED_SUBTREE = new Set(['svg', 'math', 'template', 'object', 'audio', 'video', 'select', 'head', 'colgroup', 'datalist']);

const WHITESPACE = /[\t\n\f\r ]/;

interface Tag {
  name: string;
  end: boolean;
  attrs: Map<string, string>;
}

/**
 * The most elements open inside one another that are kept: deeper start tags go (their content stays, as text of the
 * element around it). A browser lays out, and a screen reader walks, every level of a tree: an alert with 100,000
 * nested tags would hold up both. Real messages nest a few levels.
 */
export const MAX_DEPTH = 32;

/** What was made of a value: the safe markup, and how many characters of the input were left out (0: none). */
export interface Sanitized {
  html: string;
  cut: number;
}

/**
 * Alert HTML made safe to insert, at most `maxChars` of it: only ALLOWED_TAGS and their allowed attributes, balanced,
 * at most MAX_DEPTH deep, text escaped. Linear in the input's length, whatever its shape.
 */
export function sanitizeHtmlBounded(input: string, maxChars = MAX_RENDERED_CHARS): Sanitized {
  const whole = String(input);
  const cut = Math.max(0, whole.length - maxChars);
  return { html: sanitizeHtml(cut ? whole.slice(0, maxChars) : whole), cut };
}

/** Alert HTML made safe to insert: only ALLOWED_TAGS and their allowed attributes, balanced, text escaped. */
export function sanitizeHtml(input: string): string {
  const s = String(input);
  // ASCII only: toLowerCase() of some other letters changes the string's length, and indices must match.
  const lower = s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
  const out: string[] = [];
  const open = new OpenElements();
  // The stack of dropped subtrees we are inside (their names), with nothing emitted while it is not empty.
  const dropped: string[] = [];
  let i = 0;
  let text = 0; // where the pending text run starts

  const flushText = (to: number) => {
    if (to > text && dropped.length === 0) out.push(escapeText(s.slice(text, to)));
  };

  while (i < s.length) {
    const lt = s.indexOf('<', i);
    if (lt === -1) break;
    const next = s.charCodeAt(lt + 1);
    // `<` not followed by a letter, `/`, `!` or `?` is text.
    if (!(isAsciiLetter(next) || next === 0x2f || next === 0x21 || next === 0x3f)) {
      i = lt + 1;
      continue;
    }
    flushText(lt);
    if (next === 0x21 /* ! */) {
      i = skipMarkupDeclaration(s, lt);
    } else if (next === 0x3f /* ? */) {
      i = skipBogusComment(s, lt + 2);
    } else if (next === 0x2f /* / */ && !isAsciiLetter(s.charCodeAt(lt + 2))) {
      // `</>` is dropped; `</` followed by anything else but a letter starts a bogus comment.
      i = s.charCodeAt(lt + 2) === 0x3e ? lt + 3 : skipBogusComment(s, lt + 2);
    } else {
      const parsed = readTag(s, lt);
      if (parsed === null) {
        // A tag cut off by the end of the input is not a tag and not text: the browser drops it too.
        i = s.length;
        text = i;
        break;
      }
      const { tag, end: after } = parsed;
      i = after;
      if (!tag.end && RAW_TEXT.has(tag.name)) {
        // Its content is never shown (scripts, styles, frames, titles) and is dropped with it.
        i = tag.name === 'plaintext' ? s.length : skipRawText(s, lower, i, tag.name);
      } else if (dropped.length > 0) {
        if (DROPPED_SUBTREE.has(tag.name)) {
          if (!tag.end && !parsed.selfClosing) dropped.push(tag.name);
          else if (tag.end && dropped[dropped.length - 1] === tag.name) dropped.pop();
        }
      } else if (DROPPED_SUBTREE.has(tag.name)) {
        if (!tag.end && !parsed.selfClosing) dropped.push(tag.name);
      } else if (ALLOWED.has(tag.name)) {
        emitTag(tag, out, open);
      }
      // Any other tag (font, center, img, form, input, button, base, link, meta…) goes; its content stays as text.
    }
    text = i;
  }
  flushText(s.length);
  open.closeAll(out);
  return out.join('');
}

/**
 * The elements open, innermost last, with how many of each name: an end tag that closes nothing is known so at once
 * (searching the stack for it made `<b>`×n followed by `</i>`×n quadratic), and one that does close pops what it
 * closes, each element once. Linear over a whole input.
 */
class OpenElements {
  private stack: string[] = [];
  private counts = new Map<string, number>();

  get depth(): number {
    return this.stack.length;
  }

  push(name: string) {
    this.stack.push(name);
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
  }

  /** Closes `name` and what is open inside it; nothing when it is not open. */
  close(name: string, out: string[]) {
    if (!this.counts.get(name)) return;
    for (;;) {
      const top = this.stack.pop()!;
      this.counts.set(top, this.counts.get(top)! - 1);
      out.push(`</${top}>`);
      if (top === name) return;
    }
  }

  closeAll(out: string[]) {
    for (let k = this.stack.length - 1; k >= 0; k--) out.push(`</${this.stack[k]}>`);
    this.stack = [];
    this.counts.clear();
  }
}

function emitTag(tag: Tag, out: string[], open: OpenElements): void {
  const { name } = tag;
  if (tag.end) {
    // The browser reads `</br>` as `<br>`; other end tags close their element and whatever is still open inside it.
    if (name === 'br') {
      out.push('<br>');
      return;
    }
    open.close(name, out);
    return;
  }
  // Deeper than MAX_DEPTH: the tag goes, its content stays.
  if (!VOID.has(name) && open.depth >= MAX_DEPTH) return;
  let attrs = '';
  for (const attr of ALLOWED_ATTR) {
    const raw = tag.attrs.get(attr);
    if (raw === undefined) continue;
    if (attr === 'title') attrs += ` title="${escapeAttrKeepingReferences(raw)}"`;
    else if (attr === 'href' && name === 'a') {
      const href = safeHref(raw);
      if (href !== null) attrs += ` href="${escapeAttr(href)}" target="${LINK_TARGET}" rel="${LINK_REL}"`;
    } else if ((attr === 'colspan' || attr === 'rowspan') && CELLS.has(name) && /^\d{1,4}$/.test(raw.trim())) {
      attrs += ` ${attr}="${raw.trim()}"`;
    }
  }
  out.push(`<${name}${attrs}>`);
  if (!VOID.has(name)) open.push(name);
}

/**
 * The link as the browser will follow it, when it is a web link with a host or a mail address; otherwise null.
 * The value is decoded here, checked, and written back fully escaped, so what was checked is what the browser reads.
 */
function safeHref(raw: string): string | null {
  const url = decodeReferences(raw).trim();
  return isAllowedLinkUrl(url) ? url : null;
}

/** Reads a start or end tag at `lt` (`<` then a letter, or `</` then a letter); null when the input ends inside it. */
function readTag(s: string, lt: number): { tag: Tag; end: number; selfClosing: boolean } | null {
  const end = s.charCodeAt(lt + 1) === 0x2f;
  let i = end ? lt + 2 : lt + 1;
  const nameStart = i;
  while (i < s.length && !WHITESPACE.test(s[i]!) && s[i] !== '/' && s[i] !== '>') i++;
  const name = s.slice(nameStart, i).toLowerCase();
  const attrs = new Map<string, string>();
  let selfClosing = false;
  for (;;) {
    while (i < s.length && (WHITESPACE.test(s[i]!) || s[i] === '/')) {
      selfClosing = s[i] === '/' && s[i + 1] === '>';
      i++;
    }
    if (i >= s.length) return null;
    if (s[i] === '>') return { tag: { name, end, attrs }, end: i + 1, selfClosing };
    selfClosing = false;
    // An attribute name may start with `=`; it runs to whitespace, `/`, `>` or `=`.
    const attrStart = i;
    i++;
    while (i < s.length && !WHITESPACE.test(s[i]!) && s[i] !== '/' && s[i] !== '>' && s[i] !== '=') i++;
    const attrName = s.slice(attrStart, i).toLowerCase();
    let j = i;
    while (j < s.length && WHITESPACE.test(s[j]!)) j++;
    let value = '';
    if (s[j] === '=') {
      j++;
      while (j < s.length && WHITESPACE.test(s[j]!)) j++;
      const quote = s[j];
      if (quote === '"' || quote === "'") {
        const close = s.indexOf(quote, j + 1);
        if (close === -1) return null;
        value = s.slice(j + 1, close);
        i = close + 1;
      } else {
        const start = j;
        while (j < s.length && !WHITESPACE.test(s[j]!) && s[j] !== '>') j++;
        value = s.slice(start, j);
        i = j;
      }
    }
    // The first of two attributes with one name wins, as in the browser.
    if (!attrs.has(attrName)) attrs.set(attrName, value);
  }
}

/** Past the end of the raw-text element `name` whose content starts at `from` (or the end of the input). */
function skipRawText(s: string, lower: string, from: number, name: string): number {
  let i = from;
  for (;;) {
    const at = lower.indexOf(`</${name}`, i);
    if (at === -1) return s.length;
    const after = s[at + 2 + name.length];
    if (after === undefined) return s.length;
    if (WHITESPACE.test(after) || after === '/' || after === '>') {
      const close = s.indexOf('>', at);
      return close === -1 ? s.length : close + 1;
    }
    i = at + 2;
  }
}

/** Past a comment (`<!-- … -->`) or any other `<!…>` (doctype, CDATA: bogus comments in HTML). */
function skipMarkupDeclaration(s: string, lt: number): number {
  if (s.startsWith('<!--', lt)) {
    const body = lt + 4;
    if (s[body] === '>') return body + 1;
    if (s.startsWith('->', body)) return body + 2;
    for (let i = body; i < s.length; i++) {
      if (s.startsWith('-->', i)) return i + 3;
      if (s.startsWith('--!>', i)) return i + 4;
    }
    return s.length;
  }
  return skipBogusComment(s, lt + 2);
}

function skipBogusComment(s: string, from: number): number {
  const close = s.indexOf('>', from);
  return close === -1 ? s.length : close + 1;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

/** Text as text: `<` and `>` escaped; character references stay as written (decoded, they are still text). */
function escapeText(t: string): string {
  return t.replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A double-quoted attribute value whose character references the browser decodes as written. */
function escapeAttrKeepingReferences(v: string): string {
  return v.replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A double-quoted attribute value the browser reads back exactly as `v`. */
function escapeAttr(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Named references a link may plausibly use in its scheme or punctuation. Any other stays as written, so a scheme
 * spelt with it fails the check; the browser decodes nothing here that it would not.
 */
const NAMED: Record<string, string> = {
  amp: '&', AMP: '&', lt: '<', LT: '<', gt: '>', GT: '>', quot: '"', QUOT: '"', apos: "'", nbsp: '\u00a0',
  colon: ':', sol: '/', bsol: '\\', period: '.', Tab: '\t', NewLine: '\n', num: '#', quest: '?', equals: '=',
  commat: '@', percnt: '%', lpar: '(', rpar: ')', excl: '!',
};

/**
 * Decodes numeric references (with or without `;`, as browsers do) and the NAMED ones (with `;`). What it leaves
 * undecoded is written back escaped, so a gap here changes a link's spelling, never what it points to unchecked.
 */
export function decodeReferences(v: string): string {
  return v.replace(/&(?:#[xX]([0-9a-fA-F]{1,8});?|#([0-9]{1,10});?|([a-zA-Z]+);)/g, (whole, hex?: string, dec?: string, name?: string) => {
    // Names are case-sensitive, as in HTML.
    if (name !== undefined) return Object.hasOwn(NAMED, name) ? NAMED[name]! : whole;
    const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
    return String.fromCodePoint(code);
  });
}

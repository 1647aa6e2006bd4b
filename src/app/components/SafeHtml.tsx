// The ONE place where alert-supplied HTML reaches the DOM (value, text, attributes, notes). Everything else renders
// text. DOMPurify runs with the allow-list of src/core/sanitize-policy.ts: formatting stays; scripts, event
// handlers, styles, <base>, forms, frames and every non-http(s)/mailto link are removed, and every kept link opens
// in a new tab without access to the console (rel=noopener noreferrer).
import { memo } from 'react';
import DOMPurify from 'dompurify';
import { extractHttpUrl, isSafeHttpUrl, LINK_REL, LINK_TARGET, SANITIZE_POLICY } from '../../core/sanitize-policy.ts';

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

/** Alert HTML made safe to insert. Exported for tests and for code that needs the string (e.g. a tooltip). */
export function sanitizeHtml(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  const clean = purifier.sanitize(html, config) as string;
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(html, clean);
  return clean;
}

/** Plain text of alert HTML (for titles and accessible names): sanitised, then tags dropped. */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  const doc = new DOMParser().parseFromString(sanitizeHtml(html), 'text/html');
  return doc.body.textContent ?? '';
}

/** Renders alert-supplied HTML safely. Strings without markup skip DOMPurify entirely. */
export const SafeHtml = memo(function SafeHtml({
  html,
  className,
  as: Tag = 'span',
  title,
}: {
  html: string | null | undefined;
  className?: string;
  as?: 'span' | 'div';
  title?: string;
}) {
  const text = html ?? '';
  if (!/[<&]/.test(text)) {
    return (
      <Tag className={className} title={title} data-safe-html="">
        {text}
      </Tag>
    );
  }
  // data-safe-html marks alert-supplied content, so tests (and styles) can find exactly what came from the alert.
  return <Tag className={className} title={title} data-safe-html="" dangerouslySetInnerHTML={{ __html: sanitizeHtml(text) }} />;
});

/**
 * An attribute value (SPEC 2 alert detail, CONSOLE-FACTS 7.1): a value that is one http(s) URL becomes a link that
 * opens in a new tab; a string is rendered as safe HTML; other values (numbers, lists, objects) as text.
 */
export const SafeValue = memo(function SafeValue({ value, className }: { value: unknown; className?: string }) {
  const url = extractHttpUrl(value);
  if (url) {
    return (
      <a href={url} target={LINK_TARGET} rel={LINK_REL} className={`underline ${className ?? ''}`}>
        {url}
      </a>
    );
  }
  if (typeof value === 'string') return <SafeHtml html={value} className={className} />;
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return <span className={className}>{value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}</span>;
  return <span className={className}>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</span>;
});

// The ONE place where alert-supplied HTML reaches the DOM (value, text, attributes, notes). Everything else renders
// text. Strings without markup are rendered as text at once; strings with markup go through the sanitiser
// (./sanitizer.ts), which is loaded the first time such a string is shown, and are inserted by ./markup.ts (through
// the browser's own sanitiser where it has one). Until the sanitiser arrives (a few milliseconds), the tags are
// stripped and the rest shown as plain text, which React escapes: nothing from the alert is ever inserted as HTML
// without the sanitiser.
import { memo, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { extractHttpUrl, LINK_REL, LINK_TARGET, MAX_RENDERED_CHARS, plainText } from '../../core/sanitize-policy.ts';
import type { Sanitized } from '../../core/sanitize-html.ts';
import { useT } from '../state/i18n.ts';

type Sanitize = (html: string, maxChars: number) => Sanitized;

let sanitize: Sanitize | null = null;
let insertMarkup: ((element: HTMLElement, safeHtml: string) => void) | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadSanitizer(): Promise<void> {
  loading ??= import('./sanitizer.ts').then(
    (module) => {
      insertMarkup = module.insertMarkup;
      sanitize = module.sanitizeHtml;
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      // Not loaded (offline before it was cached): stay on plain text and try again at the next markup string.
      loading = null;
      console.warn('The HTML sanitiser could not be loaded; showing plain text', error);
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const hasMarkup = (text: string) => /[<&]/.test(text);

/**
 * Renders alert-supplied HTML safely. Strings without markup skip the sanitiser entirely. At most `limit` characters
 * are rendered (the alert page: MAX_RENDERED_CHARS; a list's cell, which shows a line or two, far fewer): a hostile or
 * runaway text of megabytes costs the page what it can show, and a mark says how much was left out.
 */
export const SafeHtml = memo(function SafeHtml({
  html,
  className,
  as: Tag = 'span',
  title,
  limit = MAX_RENDERED_CHARS,
}: {
  html: string | null | undefined;
  className?: string;
  as?: 'span' | 'div';
  title?: string;
  limit?: number;
}) {
  const text = html ?? '';
  const markup = hasMarkup(text);
  const ready = useSyncExternalStore(subscribe, () => sanitize);
  useEffect(() => {
    if (markup && !ready) void loadSanitizer();
  }, [markup, ready]);
  if (!markup || !ready) {
    const cut = Math.max(0, text.length - limit);
    const shown = cut ? text.slice(0, limit) : text;
    return (
      <Tag className={className} title={title} data-safe-html="">
        {markup ? plainText(shown) : shown}
        {cut > 0 && <CutMark count={cut} />}
      </Tag>
    );
  }
  const clean = ready(text, limit);
  if (clean.cut === 0) {
    // data-safe-html marks alert-supplied content, so tests (and styles) can find exactly what came from the alert.
    return <Markup as={Tag} className={className} title={title} html={clean.html} />;
  }
  return (
    <Tag className={className} title={title}>
      <Markup as="span" html={clean.html} />
      <CutMark count={clean.cut} />
    </Tag>
  );
});

/** An element holding sanitised markup, put in by ./markup.ts before the browser paints (React renders it empty). */
function Markup({ as: Tag, html, className, title }: { as: 'span' | 'div'; html: string; className?: string; title?: string }) {
  const ref = useRef<HTMLSpanElement & HTMLDivElement>(null);
  useLayoutEffect(() => {
    // Markup is rendered only once the sanitiser's module (which brings insertMarkup) has arrived.
    if (ref.current) insertMarkup?.(ref.current, html);
  }, [html]);
  return <Tag ref={ref} className={className} title={title} data-safe-html="" />;
}

/** Says that the rest of a long text is not shown here (it is kept whole: copy, raw data, download). */
function CutMark({ count }: { count: number }) {
  const { t } = useT();
  return <span className="ms-1 text-xs italic text-gray-600 dark:text-gray-400">{t('TextCut', { count })}</span>;
}

/**
 * An attribute value (custom attributes on the detail page, attribute columns of the list): a value that is one http(s)
 * URL becomes a link that opens in a new tab; a string is rendered as safe HTML; other values (numbers, lists, objects)
 * as text.
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

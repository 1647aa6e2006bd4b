// The ONE place where alert-supplied HTML reaches the DOM (value, text, attributes, notes). Everything else renders
// text. Strings without markup are rendered as text at once; strings with markup go through the sanitiser
// (./sanitizer.ts), which is loaded the first time such a string is shown. Until it arrives (a few milliseconds),
// the tags are stripped and the rest shown as plain text, which React escapes: nothing from the alert is ever
// inserted as HTML without the sanitiser.
import { memo, useEffect, useSyncExternalStore } from 'react';
import { extractHttpUrl, LINK_REL, LINK_TARGET, plainText } from '../../core/sanitize-policy.ts';

type Sanitize = (html: string) => string;

let sanitize: Sanitize | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadSanitizer(): Promise<void> {
  loading ??= import('./sanitizer.ts').then(
    (module) => {
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

/** Renders alert-supplied HTML safely. Strings without markup skip the sanitiser entirely. */
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
  const markup = hasMarkup(text);
  const ready = useSyncExternalStore(subscribe, () => sanitize);
  useEffect(() => {
    if (markup && !ready) void loadSanitizer();
  }, [markup, ready]);
  if (!markup || !ready) {
    return (
      <Tag className={className} title={title} data-safe-html="">
        {markup ? plainText(text) : text}
      </Tag>
    );
  }
  // data-safe-html marks alert-supplied content, so tests (and styles) can find exactly what came from the alert.
  return <Tag className={className} title={title} data-safe-html="" dangerouslySetInnerHTML={{ __html: ready(text) }} />;
});

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

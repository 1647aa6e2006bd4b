import { describe, expect, it } from 'vitest';
import { ALLOWED_ATTR, ALLOWED_TAGS, extractHttpUrl, isAllowedLinkUrl, isSafeHttpUrl } from '../../../src/core/sanitize-policy.ts';
import { SANITIZER_CONFIG } from '../../../src/core/browser-sanitizer-config.ts';

describe('sanitize policy', () => {
  it('allows no executable or layout-hijacking markup', () => {
    for (const tag of ['script', 'style', 'iframe', 'object', 'embed', 'form', 'input', 'svg', 'math', 'img', 'video', 'link', 'meta', 'base'])
      expect(ALLOWED_TAGS).not.toContain(tag);
    for (const attr of ['style', 'onclick', 'onerror', 'src', 'srcdoc', 'formaction', 'id', 'name'])
      expect(ALLOWED_ATTR).not.toContain(attr);
  });

  it('keeps ordinary formatting and links', () => {
    for (const tag of ['a', 'b', 'i', 'br', 'code', 'pre', 'ul', 'li']) expect(ALLOWED_TAGS).toContain(tag);
    expect(ALLOWED_ATTR).toContain('href');
  });
});

describe("the browser sanitiser's configuration", () => {
  const named = (e: string | { name: string; attributes?: string[] }) => (typeof e === 'string' ? { name: e, attributes: [] } : { attributes: [], ...e });

  it('names exactly the allowed elements, and the attributes the own sanitiser writes on each', () => {
    expect(SANITIZER_CONFIG.elements.map((e) => named(e).name)).toEqual([...ALLOWED_TAGS]);
    const perElement = Object.fromEntries(SANITIZER_CONFIG.elements.map(named).filter((e) => e.attributes.length > 0).map((e) => [e.name, e.attributes]));
    expect(perElement).toEqual({ a: ['href', 'target', 'rel'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] });
    expect(SANITIZER_CONFIG.attributes).toEqual(['title']);
    // every allowed attribute is allowed somewhere, and nothing else is
    expect(new Set([...SANITIZER_CONFIG.attributes, ...Object.values(perElement).flat()])).toEqual(new Set([...ALLOWED_ATTR, 'target', 'rel']));
    expect(SANITIZER_CONFIG.comments).toBe(false);
    expect(SANITIZER_CONFIG.dataAttributes).toBe(false);
  });
});

describe('isAllowedLinkUrl', () => {
  it('allows web links with a host and mail links, nothing else', () => {
    expect(isAllowedLinkUrl('https://runbooks.example.com/disk')).toBe(true);
    expect(isAllowedLinkUrl(' mailto:ops@example.com')).toBe(true);
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example/', '/relative', 'https:evil.example', 'file:///etc/passwd', 'java\tscript:x'])
      expect(isAllowedLinkUrl(url)).toBe(false);
  });
});

describe('isSafeHttpUrl', () => {
  it('accepts absolute http and https URLs', () => {
    expect(isSafeHttpUrl('https://grafana.example/d/abc?from=now-1h#panel')).toBe(true);
    expect(isSafeHttpUrl('HTTP://EXAMPLE.COM')).toBe(true);
    expect(isSafeHttpUrl('  https://runbooks.example/disk  ')).toBe(true);
  });

  it('rejects every other scheme, however disguised', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'javascript&#58;alert(1)',
      'javascript&colon;alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      'ftp://files.example',
      'mailto:ops@example.com',
    ])
      expect(isSafeHttpUrl(bad)).toBe(false);
  });

  it('rejects protocol-relative, relative and malformed URLs', () => {
    for (const bad of ['//evil.example', '/alerts', 'www.example.com', 'http:evil.example', 'http:/evil.example', 'https://', 'http:///path', 'https:\\\\evil.example'])
      expect(isSafeHttpUrl(bad)).toBe(false);
  });

  it('rejects URLs with control characters or inner whitespace', () => {
    expect(isSafeHttpUrl('https://exa mple.com')).toBe(false);
    expect(isSafeHttpUrl('https://example.com/\u0000x')).toBe(false);
    expect(isSafeHttpUrl('https://example.com/a\u2028b')).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isSafeHttpUrl(null)).toBe(false);
    expect(isSafeHttpUrl(42)).toBe(false);
    expect(isSafeHttpUrl({ href: 'https://x' })).toBe(false);
  });
});

describe('extractHttpUrl', () => {
  it('returns the trimmed URL when an attribute value is one', () => {
    expect(extractHttpUrl(' https://runbooks.example/disk ')).toBe('https://runbooks.example/disk');
  });

  it('returns null for text, unsafe URLs and non-strings', () => {
    expect(extractHttpUrl('see https://runbooks.example')).toBeNull();
    expect(extractHttpUrl('javascript:alert(1)')).toBeNull();
    expect(extractHttpUrl(['https://x.example'])).toBeNull();
    expect(extractHttpUrl(undefined)).toBeNull();
  });
});

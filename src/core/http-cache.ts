// How the console's API requests use the browser's caches. Two caches are involved, and no fetch cache mode serves
// both right on its own (docs/cross-origin.md, "Why the default cache mode"):
// - the CORS preflight cache (Access-Control-Max-Age): Chromium reuses a cached preflight only for requests in the
//   default cache mode; `no-store`, `no-cache` and `reload` pay a preflight before every request;
// - the HTTP cache: in the default mode the browser answers a GET from a stored copy while that copy is fresh, without
//   asking the server, which would show an old alert list.
// The Alerta API sends no freshness information (no Cache-Control, Expires or Last-Modified), so nothing it sends is
// ever fresh, and the default mode always asks the server; a proxy in front of it may add some. Those three headers
// can be read even across origins (they are CORS-safelisted), so each answer tells whether the default mode is safe.

/** The fetch cache modes the console uses (a subset of the DOM's RequestCache; src/core has no DOM types). */
export type ApiCacheMode = 'default' | 'no-cache';

export interface HeaderSource {
  get(name: string): string | null;
}

/** An Expires date this far in the past is a way of saying "do not keep", whatever the clocks' difference. */
const LONG_EXPIRED_MS = 24 * 3600_000;

/**
 * The cache mode of a request. Requests without credentials (config.json, /config) never pay a preflight, so they
 * always ask the server (`no-cache`: a stored copy is only used when the server confirms it, e.g. with a 304). The
 * others use the default mode, which keeps the preflight cache working, until an answer showed that the browser could
 * reuse it unasked (`revalidate`); from then on GETs ask the server every time.
 */
export function apiCacheMode(method: string, opts: { anonymous: boolean; revalidate: boolean }): ApiCacheMode {
  if (method !== 'GET') return 'default';
  return opts.anonymous || opts.revalidate ? 'no-cache' : 'default';
}

/** The directives of a Cache-Control value, names in lower case; a directive without a value maps to ''. */
function directives(value: string | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (value ?? '').split(',')) {
    const [rawName, ...rest] = part.split('=');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    const raw = rest.join('=').trim();
    out.set(name, raw.replace(/^"(.*)"$/, '$1'));
  }
  return out;
}

/** A delta-seconds value, or null when it is not one (an unreadable value is treated as "could be long"). */
function seconds(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  return Number(value);
}

/**
 * Whether the browser may keep this answer and give it again, for a while, without asking the server: true when it
 * carries freshness (max-age above 0, stale-while-revalidate, an Expires date not long past, or a Last-Modified the
 * browser may derive freshness from), unless it forbids that (no-store, no-cache). When unsure, true: the cost of a
 * wrong true is a preflight per request, the cost of a wrong false is an old list on screen.
 */
export function reusableWithoutAsking(headers: HeaderSource, now = Date.now()): boolean {
  const cc = directives(headers.get('Cache-Control'));
  if (cc.has('no-store')) return false;
  // `no-cache="Set-Cookie"` only concerns that header; a bare no-cache makes the browser ask every time.
  if (cc.get('no-cache') === '') return false;
  if (cc.has('max-age')) {
    const maxAge = seconds(cc.get('max-age'));
    if (maxAge === null || maxAge > 0) return true;
    const swr = cc.has('stale-while-revalidate') ? seconds(cc.get('stale-while-revalidate')) : 0;
    return swr === null || swr > 0;
  }
  const expires = headers.get('Expires');
  if (expires !== null) {
    const at = Date.parse(expires);
    // An unreadable date ("0", "-1") means "already expired"; a browser may still fall back to Last-Modified below.
    if (Number.isFinite(at) && at > now - LONG_EXPIRED_MS) return true;
  }
  // Without explicit freshness a browser may keep an answer for a tenth of its age since Last-Modified.
  return headers.get('Last-Modified') !== null;
}

import { describe, expect, it } from 'vitest';
import { apiCacheMode, reusableWithoutAsking } from '../../../src/core/http-cache.ts';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const reusable = (headers: Record<string, string>) => reusableWithoutAsking(new Headers(headers), NOW);

describe('whether the browser may give an answer again without asking the server', () => {
  it('an answer without freshness headers (the Alerta API) is never reused unasked', () => {
    expect(reusable({})).toBe(false);
    expect(reusable({ 'Content-Type': 'application/json', ETag: '"abc"', Vary: 'Origin' })).toBe(false);
  });

  it('a positive max-age, or stale-while-revalidate, lets it be reused', () => {
    expect(reusable({ 'Cache-Control': 'max-age=60' })).toBe(true);
    expect(reusable({ 'Cache-Control': 'public, MAX-AGE=1' })).toBe(true);
    expect(reusable({ 'Cache-Control': 'max-age=0, stale-while-revalidate=30' })).toBe(true);
  });

  it('max-age=0, no-cache and no-store make the browser ask every time, whatever else is said', () => {
    expect(reusable({ 'Cache-Control': 'max-age=0' })).toBe(false);
    expect(reusable({ 'Cache-Control': 'max-age=0, must-revalidate', 'Last-Modified': 'Mon, 01 Jun 2026 10:00:00 GMT' })).toBe(false);
    expect(reusable({ 'Cache-Control': 'no-cache', Expires: 'Tue, 02 Jun 2026 12:00:00 GMT' })).toBe(false);
    expect(reusable({ 'Cache-Control': 'no-store, max-age=600' })).toBe(false);
    expect(reusable({ 'Cache-Control': 'private, no-cache, max-age=600' })).toBe(false);
  });

  it('no-cache naming a header only concerns that header', () => {
    expect(reusable({ 'Cache-Control': 'no-cache="Set-Cookie", max-age=60' })).toBe(true);
  });

  it('an unreadable max-age counts as reusable: a wrong "no" would show an old list', () => {
    expect(reusable({ 'Cache-Control': 'max-age=soon' })).toBe(true);
  });

  it('s-maxage is for shared caches only: a browser does not use it', () => {
    expect(reusable({ 'Cache-Control': 's-maxage=600' })).toBe(false);
  });

  it('an Expires date in the future (or near the present, clocks differ) lets it be reused; "0" and old dates do not', () => {
    expect(reusable({ Expires: 'Mon, 01 Jun 2026 12:01:00 GMT' })).toBe(true);
    expect(reusable({ Expires: 'Mon, 01 Jun 2026 11:00:00 GMT' })).toBe(true);
    expect(reusable({ Expires: '0' })).toBe(false);
    expect(reusable({ Expires: 'Thu, 01 Jan 1970 00:00:00 GMT' })).toBe(false);
    expect(reusable({ Expires: 'Mon, 01 Jun 2026 12:01:00 GMT', 'Cache-Control': 'max-age=0' })).toBe(false);
  });

  it('a Last-Modified without explicit freshness lets the browser derive some', () => {
    expect(reusable({ 'Last-Modified': 'Mon, 01 Jun 2026 10:00:00 GMT' })).toBe(true);
    expect(reusable({ Expires: '0', 'Last-Modified': 'Mon, 01 Jun 2026 10:00:00 GMT' })).toBe(true);
  });
});

describe('the cache mode of a request', () => {
  it('requests with credentials use the default mode, so a cached preflight is used', () => {
    expect(apiCacheMode('GET', { anonymous: false, revalidate: false })).toBe('default');
    expect(apiCacheMode('PUT', { anonymous: false, revalidate: false })).toBe('default');
    expect(apiCacheMode('POST', { anonymous: false, revalidate: true })).toBe('default');
  });

  it('GETs ask the server every time once answers could be reused unasked, and always without credentials', () => {
    expect(apiCacheMode('GET', { anonymous: false, revalidate: true })).toBe('no-cache');
    expect(apiCacheMode('GET', { anonymous: true, revalidate: false })).toBe('no-cache');
  });
});

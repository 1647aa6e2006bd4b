// The serving rules without a server: encoding negotiation, the API origin in the security policy, byte ranges,
// conditional requests, violation-report parsing and the build's precompression.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  cacheControlFor,
  contentSecurityPolicy,
  endpointSource,
  negotiateEncoding,
  notModified,
  parseCspReports,
  parseRange,
} from '../../../server/console-serving.ts';
import { precompressDir } from '../../../server/precompress.ts';

describe('negotiateEncoding', () => {
  const both = ['br', 'gzip'] as const;
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['gzip;q=1.0, br;q=1.0', 'br'],
    ['*', 'br'],
    ['*;q=0', null],
    ['identity', null],
    ['deflate', null],
    ['br;q=0.4, identity;q=0.8', null],
    ['gzip;q=0', null],
    ['', null],
  ])('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header, both)).toBe(expected);
  });

  it('offers only the copies that exist', () => {
    expect(negotiateEncoding('gzip, br', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip'])).toBeNull();
    expect(negotiateEncoding('gzip, br', [])).toBeNull();
    expect(negotiateEncoding(undefined, both)).toBeNull();
  });
});

describe('the security policy follows the configured endpoint', () => {
  it.each([
    ['/api', null],
    ['api', null],
    ['http://127.0.0.1:8080/api', null],
    ['https://alerta.example.com/api', 'https://alerta.example.com'],
    ['https://Alerta.Example.com:8443/api/', 'https://alerta.example.com:8443'],
    ['http://10.0.0.5:8080', 'http://10.0.0.5:8080'],
    ['//alerta.example.com/api', 'alerta.example.com'],
    ['javascript:alert(1)', null],
    ['https://', null],
  ])('%s → %s', (endpoint, source) => {
    expect(endpointSource(endpoint, 'http://127.0.0.1:8080')).toBe(source);
  });

  it('connect-src lists each other origin once', () => {
    const csp = contentSecurityPolicy({ endpoints: ['https://a.example/api', 'https://a.example/other', '/api', 'https://b.example'], reportUri: null });
    expect(csp).toContain("connect-src 'self' https://a.example https://b.example;");
    expect(csp).not.toContain('report-uri');
    expect(csp).not.toContain('unsafe');
  });
});

it('only hashed assets are cached for long', () => {
  expect(cacheControlFor('assets/index-Ab12.js')).toBe('public, max-age=31536000, immutable');
  for (const rel of ['index.html', 'sw.js', 'manifest.webmanifest', 'icons/icon-192.png', 'robots.txt', 'audio/a.ogg']) {
    expect(cacheControlFor(rel), rel).toBe('no-cache');
  }
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=90-', { start: 90, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=50-500', { start: 50, end: 99 }],
    ['bytes=100-', null],
    ['bytes=5-2', null],
    ['bytes=-0', null],
    ['bytes=0-1,5-6', undefined],
    ['items=0-1', undefined],
    [undefined, undefined],
  ])('%s of 100 bytes', (value, expected) => {
    expect(parseRange(value, 100)).toEqual(expected);
  });
});

it('notModified: If-None-Match (weak or strong, lists, *) wins over If-Modified-Since', () => {
  const mtime = new Date('2026-01-02T03:04:05.678Z');
  const req = (headers: Record<string, string>) => ({ method: 'GET', path: '/', headers });
  expect(notModified(req({ 'if-none-match': '"a", W/"b"' }), '"b"', mtime)).toBe(true);
  expect(notModified(req({ 'if-none-match': '*' }), '"b"', mtime)).toBe(true);
  expect(notModified(req({ 'if-none-match': '"c"', 'if-modified-since': mtime.toUTCString() }), '"b"', mtime)).toBe(false);
  expect(notModified(req({ 'if-modified-since': mtime.toUTCString() }), '"b"', mtime)).toBe(true);
  expect(notModified(req({ 'if-modified-since': 'Fri, 02 Jan 2026 03:04:04 GMT' }), '"b"', mtime)).toBe(false);
  expect(notModified(req({ 'if-modified-since': 'yesterday' }), '"b"', mtime)).toBe(false);
  expect(notModified(req({}), '"b"', mtime)).toBe(false);
});

it('parseCspReports reads both formats and nothing else', () => {
  expect(parseCspReports({ 'csp-report': { 'document-uri': 'http://x/', 'blocked-uri': 'eval', 'violated-directive': 'script-src' } })).toEqual([
    { documentUrl: 'http://x/', blockedUrl: 'eval', directive: 'script-src', sourceFile: undefined, line: undefined, sample: undefined, disposition: undefined },
  ]);
  expect(parseCspReports([{ type: 'csp-violation', body: { documentURL: 'http://x/', blockedURL: 'inline', effectiveDirective: 'style-src-attr', lineNumber: 4 } }])).toMatchObject([
    { documentUrl: 'http://x/', blockedUrl: 'inline', directive: 'style-src-attr', line: 4 },
  ]);
  expect(parseCspReports({ 'csp-report': { 'document-uri': 'x'.repeat(5000) } })[0]!.documentUrl).toHaveLength(500);
  for (const junk of [null, 'x', 1, {}, [], [{ type: 'csp-violation' }], { 'csp-report': 'x' }]) expect(parseCspReports(junk)).toEqual([]);
});

describe('precompressDir', () => {
  it('writes brotli and gzip copies of text files worth compressing, and only those', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    try {
      const big = 'const a = 1;\n'.repeat(500);
      writeFileSync(path.join(dir, 'app.js'), big);
      writeFileSync(path.join(dir, 'small.css'), 'a{}');
      writeFileSync(path.join(dir, 'icon.png'), Buffer.alloc(5000, 1));
      writeFileSync(path.join(dir, 'app.js.map'), '{"mappings":"' + 'AAAA;'.repeat(1000) + '"}');
      // A stale copy of a file that is now too small to compress goes.
      writeFileSync(path.join(dir, 'small.css.gz'), 'old');
      const summary = await precompressDir(dir);
      expect(summary.files).toBe(1);
      expect(brotliDecompressSync(readFileSync(path.join(dir, 'app.js.br'))).toString()).toBe(big);
      expect(gunzipSync(readFileSync(path.join(dir, 'app.js.gz'))).toString()).toBe(big);
      expect(summary.brBytes).toBeLessThan(summary.gzipBytes);
      for (const f of ['small.css.br', 'small.css.gz', 'icon.png.br', 'icon.png.gz', 'app.js.map.br']) expect(existsSync(path.join(dir, f)), f).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The one-process demo: the console from the build folder with an SPA fallback and cache headers,
// /config.json pointing the console at /api, and the API untouched by the fallback. Served like a production web
// server: precompressed copies chosen by Accept-Encoding, revalidation with 304, no source maps, a strict policy.
import http from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { precompressDir } from '../../../server/precompress.ts';

let s: RunningServer;
let dist: string;
/** large enough (over 1 KiB, repetitive) to be worth a compressed copy */
const APP_JS = `console.log(1);\n${'export const row = (a) => a.map((x) => x * 2);\n'.repeat(60)}`;
const INDEX = `<!doctype html><title>console</title>${'<meta name="x" content="padding">'.repeat(40)}`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'console-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'icons'));
  mkdirSync(path.join(dist, 'audio'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), APP_JS);
  writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js.map'), '{"version":3}');
  writeFileSync(path.join(dist, 'sw.js'), 'self.x = 1');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Alerta"}');
  writeFileSync(path.join(dist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  writeFileSync(path.join(dist, 'audio', 'beep.ogg'), Buffer.alloc(5000, 7));
  await precompressDir(dist);
  s = await startServer({ seed: 'none', serveConsole: true, distDir: dist });
});
afterAll(async () => {
  await s.close();
  rmSync(dist, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with exactly these headers (fetch would add and decode Accept-Encoding itself). */
function raw(base: string, p: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${p}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serving the console', () => {
  it('/config.json points the console at /api', async () => {
    const res = await fetch(`${s.url}/config.json`);
    expect(await res.json()).toEqual({ endpoint: '/api' });
  });

  it('client-side routes get index.html with no-cache', async () => {
    for (const p of ['/', '/alerts', '/alert/123', '/users?x=1']) {
      const res = await fetch(`${s.url}${p}`);
      expect(res.status, p).toBe(200);
      expect(await res.text()).toContain('<title>console</title>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('hashed assets are cached for a year; sw.js is not cached', async () => {
    const asset = await fetch(`${s.url}/assets/app-1a2b3c.js`);
    expect(asset.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
    expect((await fetch(`${s.url}/sw.js`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${s.url}/assets/missing.js`)).status).toBe(404);
  });

  it('paths under /api stay API answers, never the shell', async () => {
    const res = await fetch(`${s.url}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: 'error', code: 404 });
    expect((await fetch(`${s.url}/api/config`)).headers.get('content-type')).toMatch(/json/);
  });

  it('/config advertises the API endpoint as the client sees it', async () => {
    const cfg = (await (await fetch(`${s.url}/api/config`)).json()) as { endpoint: string };
    expect(cfg.endpoint).toBe(`${s.url}/api`);
    const proxied = (await (await fetch(`${s.url}/api/config`, { headers: { 'x-forwarded-host': 'demo.example:8443', 'x-forwarded-proto': 'https' } })).json()) as { endpoint: string };
    expect(proxied.endpoint).toBe('https://demo.example:8443/api');
  });
});

describe('precompressed files by Accept-Encoding', () => {
  it('sends brotli when the browser accepts it, with the type of the original and Vary', async () => {
    const res = await raw(s.url, '/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(APP_JS.length / 5);
    expect(brotliDecompressSync(res.body).toString()).toBe(APP_JS);
  });

  it('sends gzip when brotli is not accepted, and the file itself when nothing is', async () => {
    const gz = await raw(s.url, '/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(APP_JS);
    const refused = await raw(s.url, '/assets/app-1a2b3c.js', { 'accept-encoding': 'br;q=0, gzip;q=0.8' });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const plain = await raw(s.url, '/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(APP_JS);
  });

  it('the app shell of a client-side route is compressed too', async () => {
    const res = await raw(s.url, '/alert/123', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(res.body).toString()).toBe(INDEX);
  });

  it('files without a compressed copy are sent as they are, without Vary', async () => {
    const res = await raw(s.url, '/icons/icon-192.png', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers.vary).toBeUndefined();
  });

  it('the compressed copies are not files of their own', async () => {
    expect(existsSync(path.join(dist, 'assets', 'app-1a2b3c.js.br'))).toBe(true);
    expect((await raw(s.url, '/assets/app-1a2b3c.js.br')).status).toBe(404);
    expect((await raw(s.url, '/index.html.gz')).status).toBe(404);
  });

  it('HEAD gives the headers of GET without the body', async () => {
    const res = await raw(s.url, '/assets/app-1a2b3c.js', { 'accept-encoding': 'br' }, 'HEAD');
    const get = await raw(s.url, '/assets/app-1a2b3c.js', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(get.headers['content-length']);
    expect(res.body.length).toBe(0);
  });

  it('a byte range of an uncompressed file (audio elements ask for them)', async () => {
    const res = await raw(s.url, '/audio/beep.ogg', { range: 'bytes=10-19' });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 10-19/5000');
    expect(res.body.length).toBe(10);
    expect((await raw(s.url, '/audio/beep.ogg', { range: 'bytes=6000-' })).status).toBe(416);
  });
});

describe('cache headers and revalidation', () => {
  it('everything but the hashed assets is revalidated, with ETag and Last-Modified', async () => {
    for (const p of ['/', '/index.html', '/sw.js', '/manifest.webmanifest', '/icons/icon-192.png', '/config.json']) {
      const res = await raw(s.url, p);
      expect(res.status, p).toBe(200);
      expect(res.headers['cache-control'], p).toBe('no-cache');
      expect(res.headers.etag, p).toMatch(/^"[^"]+"$/);
      if (p !== '/config.json') expect(res.headers['last-modified'], p).toBeTruthy();
    }
    expect((await raw(s.url, '/manifest.webmanifest')).headers['content-type']).toMatch(/^application\/manifest\+json/);
  });

  it('answers 304 to a matching If-None-Match, per encoding', async () => {
    for (const p of ['/alerts', '/sw.js', '/config.json', '/assets/app-1a2b3c.js']) {
      const first = await raw(s.url, p, { 'accept-encoding': 'br' });
      const again = await raw(s.url, p, { 'accept-encoding': 'br', 'if-none-match': first.headers.etag! });
      expect(again.status, p).toBe(304);
      expect(again.body.length, p).toBe(0);
      expect(again.headers.etag, p).toBe(first.headers.etag);
      expect(again.headers['cache-control'], p).toBe(first.headers['cache-control']);
    }
    const br = await raw(s.url, '/alerts', { 'accept-encoding': 'br' });
    const gz = await raw(s.url, '/alerts', { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag! });
    expect(gz.status).toBe(200);
    expect(gz.headers.etag).not.toBe(br.headers.etag);
  });

  it('config.json is revalidated by its ETag only', async () => {
    expect((await raw(s.url, '/config.json', { 'if-modified-since': new Date().toUTCString() })).status).toBe(200);
  });

  it('answers 304 to If-Modified-Since when there is no If-None-Match', async () => {
    const first = await raw(s.url, '/sw.js');
    expect((await raw(s.url, '/sw.js', { 'if-modified-since': first.headers['last-modified']! })).status).toBe(304);
    expect((await raw(s.url, '/sw.js', { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).status).toBe(200);
    expect((await raw(s.url, '/sw.js', { 'if-modified-since': first.headers['last-modified']!, 'if-none-match': '"other"' })).status).toBe(200);
  });
});

describe('source maps', () => {
  it('are not served by default (they stay on disk for local attribution)', async () => {
    expect(existsSync(path.join(dist, 'assets', 'app-1a2b3c.js.map'))).toBe(true);
    const res = await raw(s.url, '/assets/app-1a2b3c.js.map');
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain('version');
    expect((await raw(s.url, '/sw.js.map')).status).toBe(404);
  });

  it('are served when asked for', async () => {
    const withMaps = await startServer({ seed: 'none', serveConsole: true, distDir: dist, serveSourceMaps: true });
    try {
      const res = await raw(withMaps.url, '/assets/app-1a2b3c.js.map');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    } finally {
      await withMaps.close();
    }
  });
});

describe('security headers', () => {
  const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

  it('a strict policy on every file of the console, same-origin API', async () => {
    for (const p of ['/alerts', '/assets/app-1a2b3c.js', '/sw.js', '/config.json', '/assets/missing.js']) {
      const res = await raw(s.url, p);
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp.get('default-src'), p).toEqual(["'none'"]);
      expect(csp.get('script-src'), p).toEqual(["'self'", "'report-sample'"]);
      expect(csp.get('style-src'), p).toEqual(["'self'", "'report-sample'"]);
      expect(csp.get('connect-src'), p).toEqual(["'self'"]);
      expect(csp.get('worker-src'), p).toEqual(["'self'"]);
      expect(csp.get('object-src'), p).toEqual(["'none'"]);
      expect(csp.get('base-uri'), p).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), p).toEqual(["'none'"]);
      expect(csp.get('img-src'), p).toEqual(["'self'", 'data:', 'https:']);
      expect(csp.get('report-uri'), p).toEqual(['/csp-report']);
      expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-(inline|eval)/);
      expect(res.headers['x-content-type-options'], p).toBe('nosniff');
      expect(res.headers['referrer-policy'], p).toBe('no-referrer');
      expect(res.headers['x-frame-options'], p).toBe('DENY');
      expect(res.headers['x-robots-tag'], p).toBe('noindex, nofollow');
      expect(res.headers['permissions-policy'], p).toContain('camera=()');
      // No COOP: the social sign-in popup hands its code back through window.opener.
      expect(res.headers['cross-origin-opener-policy'], p).toBeUndefined();
      expect(res.headers['strict-transport-security'], p).toBeUndefined();
    }
  });

  it('HSTS only when the request came over https (through a proxy that says so)', async () => {
    const res = await raw(s.url, '/alerts', { 'x-forwarded-proto': 'https' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('an API on another origin: config.json names it and connect-src allows exactly that origin', async () => {
    const cross = await startServer({ seed: 'none', serveConsole: true, distDir: dist, consoleEndpoint: 'https://alerta.example.com:8443/api' });
    try {
      expect(await (await fetch(`${cross.url}/config.json`)).json()).toEqual({ endpoint: 'https://alerta.example.com:8443/api' });
      const csp = directives(String((await raw(cross.url, '/alerts')).headers['content-security-policy']));
      expect(csp.get('connect-src')).toEqual(["'self'", 'https://alerta.example.com:8443']);
    } finally {
      await cross.close();
    }
  });
});

describe('policy violation reports', () => {
  it('records both report formats and answers 204', async () => {
    const legacy = await fetch(`${s.url}/csp-report`, {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify({
        'csp-report': { 'document-uri': 'http://x/alerts', 'blocked-uri': 'inline', 'effective-directive': 'script-src-elem', 'script-sample': 'alert(1)', 'line-number': 3 },
      }),
    });
    expect(legacy.status).toBe(204);
    const modern = await fetch(`${s.url}/csp-report`, {
      method: 'POST',
      headers: { 'content-type': 'application/reports+json' },
      body: JSON.stringify([
        { type: 'csp-violation', url: 'http://x/alerts', body: { documentURL: 'http://x/alerts', blockedURL: 'https://evil.example/x.js', effectiveDirective: 'script-src-elem' } },
        { type: 'deprecation', body: {} },
      ]),
    });
    expect(modern.status).toBe(204);
    const last = s.cspViolations.recent.slice(-2);
    expect(last.map((v) => [v.directive, v.blockedUrl])).toEqual([
      ['script-src-elem', 'inline'],
      ['script-src-elem', 'https://evil.example/x.js'],
    ]);
    expect(last[0]).toMatchObject({ documentUrl: 'http://x/alerts', sample: 'alert(1)', line: 3 });
  });

  it('ignores bodies that are not reports', async () => {
    const before = s.cspViolations.total;
    for (const body of ['not json', '{"x":1}', '[1,2]']) {
      const res = await fetch(`${s.url}/csp-report`, { method: 'POST', headers: { 'content-type': 'application/csp-report' }, body });
      expect(res.status).toBe(204);
    }
    expect(s.cspViolations.total).toBe(before);
  });
});

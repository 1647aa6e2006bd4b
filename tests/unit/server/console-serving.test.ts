// The one-process demo: the console from the build folder with an SPA fallback and cache headers,
// /config.json pointing the console at /api, and the API untouched by the fallback.
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start.ts';

let s: RunningServer;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'console-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'sw.js'), 'self.x = 1');
  s = await startServer({ seed: 'none', serveConsole: true, distDir: dist });
});
afterAll(async () => {
  await s.close();
  rmSync(dist, { recursive: true, force: true });
});

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

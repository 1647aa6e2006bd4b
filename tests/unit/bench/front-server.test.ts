// The benchmark's front door claims to serve the console exactly as server/start.ts does: same status, same headers
// (encodings, caching, validators, security policy) for the same files, and the network switch still works.
import http from 'node:http';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { precompressDir } from '../../../server/precompress.ts';
import { startFrontServer, type FrontServer } from '../../bench/front-server.ts';

let demo: RunningServer;
let front: FrontServer;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'front-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>console</title>${'<meta name="x">'.repeat(100)}`);
  writeFileSync(path.join(dist, 'assets', 'index-Ab12.js'), 'export const x = 1;\n'.repeat(200));
  writeFileSync(path.join(dist, 'assets', 'index-Ab12.js.map'), '{}');
  writeFileSync(path.join(dist, 'sw.js'), 'self.x = 1;\n'.repeat(200));
  await precompressDir(dist);
  demo = await startServer({ seed: 'none', serveConsole: true, distDir: dist });
  front = await startFrontServer(dist, demo.url);
});
afterAll(async () => {
  await front.close();
  await demo.close();
  rmSync(dist, { recursive: true, force: true });
});

function head(base: string, p: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${p}`, { method: 'GET', headers }, (res) => {
      res.resume();
      res.on('end', () => {
        const out: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)) out[k] = String(v);
        resolve({ status: res.statusCode ?? 0, headers: out });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

it('answers the console files with the same status and headers as server/start.ts', async () => {
  const etag = (await head(demo.url, '/sw.js', { 'accept-encoding': 'br' })).headers.etag!;
  const cases: [string, Record<string, string>][] = [
    ['/', { 'accept-encoding': 'gzip, deflate, br' }],
    ['/alerts', { 'accept-encoding': 'gzip' }],
    ['/alert/123', {}],
    ['/assets/index-Ab12.js', { 'accept-encoding': 'br' }],
    ['/assets/index-Ab12.js.map', {}],
    ['/assets/missing.js', {}],
    ['/sw.js', { 'accept-encoding': 'br', 'if-none-match': etag }],
    ['/config.json', {}],
  ];
  for (const [p, headers] of cases) {
    const a = await head(demo.url, p, headers);
    const b = await head(front.url, p, headers);
    expect(b, p).toEqual(a);
  }
});

it('passes violation reports through without counting them as API traffic', async () => {
  const before = front.upstreamRequests;
  const res = await fetch(`${front.url}/csp-report`, {
    method: 'POST',
    headers: { 'content-type': 'application/csp-report' },
    body: JSON.stringify({ 'csp-report': { 'document-uri': 'http://bench/alerts', 'blocked-uri': 'inline', 'effective-directive': 'style-src-attr' } }),
  });
  expect(res.status).toBe(204);
  expect(demo.cspViolations.recent.at(-1)).toMatchObject({ documentUrl: 'http://bench/alerts' });
  expect(front.upstreamRequests).toBe(before);
  await fetch(`${front.url}/api/config`);
  expect(front.upstreamRequests).toBe(before + 1);
});

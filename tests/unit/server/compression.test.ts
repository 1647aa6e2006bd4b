// API answers are compressed as the real server's Flask-Compress compresses them (Alerta 9.1, app.py): JSON of
// 500 bytes or more with a 2xx status, in the encoding the client accepts, and every answer says it varies with
// Accept-Encoding. Requests go over HTTP with node:http, which does not decompress, so the bytes on the wire show.
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start.ts';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET', data?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(data);
  });
}

let s: RunningServer;
beforeAll(async () => {
  s = await startServer({ seed: 'demo', settings: { CORS_ORIGINS: ['https://console.example.com'] } });
});
afterAll(async () => {
  await s.close();
});

describe('API answers on the wire', () => {
  const page = () => `${s.apiUrl}/alerts?page-size=50`;

  it('a page of alerts comes brotli-compressed to a client that accepts it, and decodes to the same JSON', async () => {
    const plain = await get(page());
    const br = await get(page(), { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    const decoded = JSON.parse(brotliDecompressSync(br.body).toString('utf8')) as { total: number; alerts: unknown[] };
    const expected = JSON.parse(plain.body.toString('utf8')) as { total: number; alerts: unknown[] };
    expect(decoded.total).toBe(expected.total);
    expect(decoded.alerts.length).toBe(expected.alerts.length);
  });

  it('gzip when brotli is not accepted, and nothing when the client names no encoding or refuses them', async () => {
    const gz = await get(page(), { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(gunzipSync(gz.body).toString('utf8')) as { status: string }).status).toBe('ok');
    const refused = await get(page(), { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(refused.body.toString('utf8')) as { status: string }).status).toBe('ok');
  });

  it('small answers and errors are sent as they are, and every answer varies with Accept-Encoding', async () => {
    const small = await get(`${s.apiUrl}/alert/no-such-id`, { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toMatch(/Accept-Encoding/);
    const big = await get(page(), { 'accept-encoding': 'br', origin: 'https://console.example.com' });
    // CORS's own Vary stays beside it.
    expect(big.headers.vary).toMatch(/Origin/);
    expect(big.headers.vary).toMatch(/Accept-Encoding/);
  });
});

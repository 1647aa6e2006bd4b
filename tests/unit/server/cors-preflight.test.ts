// A console on another origin pays a CORS preflight before API calls that carry Authorization or X-Request-ID;
// the demo API lets the browser cache that answer (Access-Control-Max-Age), as CORS_MAX_AGE does for Alerta.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start.ts';

let s: RunningServer;
beforeAll(async () => {
  s = await startServer({ seed: 'none', settings: { CORS_ORIGINS: ['https://console.example.com'] } });
});
afterAll(async () => {
  await s.close();
});

it('a preflight from an allowed origin is answered with the headers the console sends and a cache time', async () => {
  const res = await fetch(`${s.apiUrl}/alerts`, {
    method: 'OPTIONS',
    headers: { origin: 'https://console.example.com', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,x-request-id' },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('access-control-allow-origin')).toBe('https://console.example.com');
  expect(res.headers.get('access-control-allow-headers')).toMatch(/authorization.*x-request-id/);
  expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThanOrEqual(600);
});

it('an origin that is not allowed gets no CORS grant', async () => {
  const res = await fetch(`${s.apiUrl}/alerts`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
  expect(res.headers.get('access-control-allow-origin')).toBeNull();
});

it('with CORS_MAX_AGE 0 no cache time is sent, as the real server without the setting', async () => {
  const plain = await startServer({ seed: 'none', settings: { CORS_ORIGINS: ['https://console.example.com'], CORS_MAX_AGE: 0 } });
  try {
    const res = await fetch(`${plain.apiUrl}/alerts`, {
      method: 'OPTIONS',
      headers: { origin: 'https://console.example.com', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,x-request-id' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://console.example.com');
    expect(res.headers.get('access-control-max-age')).toBeNull();
  } finally {
    await plain.close();
  }
});

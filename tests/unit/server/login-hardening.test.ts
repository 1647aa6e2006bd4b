// Logins: password checks run off the event loop (other requests are not stalled), an unknown login takes as
// long as a known one (no way to tell which accounts exist), and failed logins are limited per client address
// and per account with a 429 in the real server's error envelope and a Retry-After header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { DEMO_PASSWORD } from '../../../server/seed.ts';
import { client, type Res } from './helpers.ts';

async function timed(p: Promise<Res>): Promise<Res & { ms: number }> {
  const t0 = performance.now();
  const res = await p;
  return { ...res, ms: performance.now() - t0 };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** A client whose requests come from this address (the server trusts X-Forwarded-For from the loopback proxy). */
const from = (s: RunningServer, address: string) => {
  const c = client(s.apiUrl);
  return {
    login: (username: string, password: string) => c.post('/auth/login', { username, password }, { 'x-forwarded-for': address }),
    get: (p: string) => c.get(p, { 'x-forwarded-for': address }),
  };
};

describe('password checks', () => {
  let s: RunningServer;
  beforeAll(async () => {
    s = await startServer({ seed: 'users', settings: { AUTH_REQUIRED: true, LOGIN_FAILURES_PER_ACCOUNT: 1000, LOGIN_FAILURES_PER_ADDRESS: 1000 } });
    // warm up: the first check may start the hashing worker
    await from(s, '10.9.9.9').login('operator@alerta.dev', DEMO_PASSWORD);
  });
  afterAll(() => s.close());

  it('8 clients logging in at once do not stall other requests', async () => {
    const t0 = performance.now();
    const logins = Array.from({ length: 8 }, (_, i) => from(s, `10.0.0.${i + 1}`).login('operator@alerta.dev', DEMO_PASSWORD));
    await new Promise((r) => setTimeout(r, 5));
    const others: (Res & { ms: number })[] = [];
    for (let i = 0; i < 4; i++) others.push(await timed(client(s.apiUrl).get('/config')));
    const done = await Promise.all(logins);
    const loginsMs = performance.now() - t0;
    expect(done.every((r) => r.status === 200)).toBe(true);
    // Each check takes ~70 ms of CPU. Run on the event loop, the eight held every other request until they were all
    // done (0.6-2 s); off it, the four requests together take a small part of the logins' time. Judged against the
    // logins' own time, so a busy machine (which slows both) does not decide it.
    const othersMs = others.reduce((sum, r) => sum + r.ms, 0);
    expect(othersMs).toBeLessThan(loginsMs / 2);
  });

  it('an unknown login takes about as long as a wrong password for a known one', async () => {
    // A leak is a ratio far from 1 every time (no hash for an unknown login: ~1 ms against ~70 ms). A busy machine
    // moves single timings both ways, so each round takes the median of 7 ratios of back-to-back pairs, and a round
    // inside the band is enough; a leak fails all three rounds.
    const ratios: number[] = [];
    for (let round = 0; round < 3; round++) {
      const pairs: number[] = [];
      for (let i = 0; i < 7; i++) {
        const n = round * 10 + i;
        const known = (await timed(from(s, `10.1.0.${n}`).login('viewer@alerta.dev', `wrong-${n}`))).ms;
        const unknown = (await timed(from(s, `10.2.0.${n}`).login(`nobody-${n}@alerta.dev`, `wrong-${n}`))).ms;
        pairs.push(unknown / known);
      }
      ratios.push(median(pairs));
      if (ratios.at(-1)! > 0.6 && ratios.at(-1)! < 1.6) break;
    }
    expect(ratios.some((r) => r > 0.6 && r < 1.6), `median ratios unknown/known per round: ${ratios.map((r) => r.toFixed(2)).join(', ')}`).toBe(true);
  });
});

describe('failed-login limits', () => {
  let s: RunningServer;
  let now = new Date('2026-06-01T00:00:00.000Z');
  beforeAll(async () => {
    s = await startServer({
      seed: 'users', now: () => now,
      settings: { AUTH_REQUIRED: true, LOGIN_FAILURES_PER_ACCOUNT: 3, LOGIN_FAILURES_PER_ADDRESS: 6, LOGIN_FAILURE_WINDOW: 300 },
    });
  });
  afterAll(() => s.close());

  function expectTooMany(res: Res): void {
    expect(res.status).toBe(429);
    expect(Object.keys(res.body).sort()).toEqual(['code', 'errors', 'message', 'requestId', 'status']);
    expect(res.body).toMatchObject({ status: 'error', code: 429 });
    expect(res.body.message).toMatch(/^Too many failed logins; try again in \d+ seconds?$/);
    const retry = Number(res.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(300);
  }

  it('per account: after 3 failures from different addresses, the account answers 429 even to its password', async () => {
    for (let i = 0; i < 3; i++) expect((await from(s, `10.3.0.${i}`).login('viewer@alerta.dev', 'guess')).status).toBe(401);
    expectTooMany(await from(s, '10.3.1.1').login('viewer@alerta.dev', 'guess'));
    expectTooMany(await from(s, '10.3.1.2').login('VIEWER@alerta.dev', DEMO_PASSWORD));
    // other accounts are not affected
    expect((await from(s, '10.3.1.3').login('operator@alerta.dev', DEMO_PASSWORD)).status).toBe(200);
  });

  it('per address: after 6 failures from one address, it answers 429 for any account', async () => {
    for (let i = 0; i < 6; i++) expect((await from(s, '10.4.0.1').login(`user${i}@nowhere.example`, 'guess')).status).toBe(401);
    expectTooMany(await from(s, '10.4.0.1').login('operator@alerta.dev', DEMO_PASSWORD));
    expect((await from(s, '10.4.0.2').login('operator@alerta.dev', DEMO_PASSWORD)).status).toBe(200);
    // a console on another origin can read Retry-After
    const cors = await client(s.apiUrl).post('/auth/login', { username: 'x@y.example', password: 'guess' },
      { 'x-forwarded-for': '10.4.0.1', origin: 'http://localhost:5173' });
    expectTooMany(cors);
    expect(cors.headers.get('access-control-expose-headers')).toMatch(/Retry-After/);
  });

  it('Basic auth counts and is limited the same way', async () => {
    const basic = (password: string) => client(s.apiUrl, `Basic ${Buffer.from(`admin@alerta.dev:${password}`).toString('base64')}`)
      .get('/alerts', { 'x-forwarded-for': '10.5.0.1' });
    for (let i = 0; i < 3; i++) expect((await basic('guess')).status).toBe(401);
    expectTooMany(await basic(DEMO_PASSWORD));
  });

  it('a success clears the account\'s failures, and the limits lift after the window', async () => {
    for (let i = 0; i < 2; i++) await from(s, `10.6.0.${i}`).login('ops@acme.example', 'guess');
    expect((await from(s, '10.6.1.1').login('ops@acme.example', DEMO_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await from(s, `10.6.2.${i}`).login('ops@acme.example', 'guess')).status).toBe(401);
    now = new Date(now.getTime() + 301_000);
    expect((await from(s, '10.3.1.4').login('viewer@alerta.dev', DEMO_PASSWORD)).status).toBe(200);
    expect((await from(s, '10.4.0.1').login('operator@alerta.dev', DEMO_PASSWORD)).status).toBe(200);
  });
});

// The demo's defaults (`npm start`): it listens on 127.0.0.1 unless --host or HOST says otherwise, and a stranger
// who signs up sees no customer's alerts, while the seeded demo users see what server/README.md says.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { DEMO_PASSWORD, SEED_ALERTS } from '../../../server/seed.ts';
import { demoSettings, parseArgs } from '../../../server/cli.ts';
import { client, login } from './helpers.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('demo command line', () => {
  it('listens on 127.0.0.1 by default; --host or HOST opens it to other interfaces', () => {
    expect(parseArgs([], {}).host).toBe('127.0.0.1');
    expect(parseArgs([], { HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(parseArgs(['--host', '0.0.0.0'], {}).host).toBe('0.0.0.0');
    expect(parseArgs(['--host', '::1'], { HOST: '0.0.0.0' }).host).toBe('::1');
  });
});

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const lanAddress = (): string | undefined =>
  Object.values(networkInterfaces()).flat().find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

describe('npm start', () => {
  let child: ChildProcess | null = null;
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--memory', '--no-simulator', '--port', String(port)], {
      cwd: REPO, env: { ...process.env, HOST: '' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`demo did not start: ${out}`)), 25_000);
      child!.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Alerta API at')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child!.once('exit', (code) => reject(new Error(`demo exited with ${code}: ${out}`)));
    });
  }, 30_000);
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('answers on 127.0.0.1 and not on the machine\'s network address', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/api/config`)).status).toBe(200);
    const lan = lanAddress();
    if (lan) await expect(fetch(`http://${lan}:${port}/api/config`)).rejects.toThrow();
  });
});

describe('demo settings', () => {
  let s: RunningServer;
  const total = SEED_ALERTS.length;
  beforeAll(async () => {
    s = await startServer({ seed: 'demo', settings: demoSettings(parseArgs([], {}), {}) });
  });
  afterAll(() => s.close());

  const seen = async (token: string): Promise<number> => (await client(s.apiUrl, `Bearer ${token}`).get('/alerts?page-size=1')).body.total;

  it('a stranger who signs up gets in but sees no alerts, and cannot send or key its way to them', async () => {
    const anon = client(s.apiUrl);
    const signup = await anon.post('/auth/signup', { name: 'Stranger', email: 'someone@elsewhere.example', password: 'secret-123' });
    expect(signup.status).toBe(200);
    const me = client(s.apiUrl, `Bearer ${signup.body.token}`);
    expect(await seen(signup.body.token)).toBe(0);
    expect((await me.get('/alerts/count')).body.total).toBe(0);
    expect((await me.get('/environments')).body.environments).toEqual([]);
    expect((await me.get('/heartbeats')).body.heartbeats).toEqual([]);
    expect((await me.get('/blackouts')).body.blackouts).toEqual([]);
    const some = (await client(s.apiUrl, `Bearer ${await login(s.apiUrl, 'admin@alerta.dev', DEMO_PASSWORD)}`).get('/alerts?page-size=1')).body.alerts[0];
    expect((await me.get(`/alert/${some.id}`)).status).toBe(404);
    expect((await me.put(`/alert/${some.id}/action`, { action: 'close' })).status).toBe(404);
    expect((await me.post('/alert', { resource: 'x', event: 'y', environment: 'Production', severity: 'minor' })).status).toBe(403);
    expect((await me.post('/key', { scopes: ['read:alerts'] })).status).toBe(403);
    // logging in again gives the same view
    expect(await seen(await login(s.apiUrl, 'someone@elsewhere.example', 'secret-123'))).toBe(0);
    expect(decodeJwt(signup.body.token).customers).not.toEqual([]);
  });

  it('the seeded users see what server/README.md says', async () => {
    expect(await seen(await login(s.apiUrl, 'admin@alerta.dev', DEMO_PASSWORD))).toBe(total);
    expect(await seen(await login(s.apiUrl, 'operator@alerta.dev', DEMO_PASSWORD))).toBe(total);
    expect(await seen(await login(s.apiUrl, 'viewer@alerta.dev', DEMO_PASSWORD))).toBe(total);
    const acme = await login(s.apiUrl, 'ops@acme.example', DEMO_PASSWORD);
    expect(await seen(acme)).toBe(8);
    expect(decodeJwt(acme).customers).toEqual(['Acme Corp']);
    expect(decodeJwt(await login(s.apiUrl, 'operator@alerta.dev', DEMO_PASSWORD)).customers).toEqual([]);
  });

  it('a stranger signing up with an address of the Acme domain sees Acme, as the customer mapping says', async () => {
    const signup = await client(s.apiUrl).post('/auth/signup', { name: 'New Acme', email: 'new@acme.example', password: 'secret-123' });
    expect(await seen(signup.body.token)).toBe(8);
  });
});

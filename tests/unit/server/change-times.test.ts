// Which changes move which time, exactly as on the real Alerta 9.1.0 (checked there by hand, and what the console's
// deltas rely on, src/core/alert-sync.ts): a receive moves lastReceiveTime; a status change (an action, expiry, a
// receive that changes the status) moves updateTime; tags, attributes and notes move neither. And the real server's
// cron target, /management/housekeeping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../server/start.ts';
import { startServer } from '../../../server/start.ts';

let server: RunningServer;
let clock = Date.parse('2026-12-07T10:00:00.000Z');

beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir: null, seed: 'none', simulator: false, serveConsole: false, now: () => new Date(clock), settings: { AUTH_REQUIRED: false } });
});
afterAll(async () => {
  await server.close();
});

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.apiUrl}${path}`, { method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const times = async (id: string) => {
  const { alert } = (await call('GET', `/alert/${id}`)).body;
  return { lastReceiveTime: alert.lastReceiveTime as string, updateTime: alert.updateTime as string };
};

describe('the times a change moves', () => {
  it('tags, attributes and notes move neither time; an action moves updateTime; a duplicate moves lastReceiveTime only', async () => {
    const created = (await call('POST', '/alert', { resource: 'times-1', event: 'Disk', environment: 'Production', severity: 'major' })).body.id as string;
    const start = await times(created);
    clock += 1000;
    await call('PUT', `/alert/${created}/tag`, { tags: ['t1'] });
    await call('PUT', `/alert/${created}/untag`, { tags: ['t1'] });
    await call('PUT', `/alert/${created}/attributes`, { attributes: { region: 'eu' } });
    await call('PUT', `/alert/${created}/note`, { text: 'a note' });
    expect(await times(created)).toEqual(start);
    clock += 1000;
    await call('PUT', `/alert/${created}/action`, { action: 'ack' });
    const acked = await times(created);
    expect(acked.lastReceiveTime).toBe(start.lastReceiveTime);
    expect(acked.updateTime).toBe(new Date(clock).toISOString());
    clock += 1000;
    await call('POST', '/alert', { resource: 'times-1', event: 'Disk', environment: 'Production', severity: 'major' });
    const again = await times(created);
    expect(again.lastReceiveTime).toBe(new Date(clock).toISOString());
    expect(again.updateTime).toBe(acked.updateTime);
  });

  it('/management/housekeeping expires what is due now and says which, as the real server does', async () => {
    const id = (await call('POST', '/alert', { resource: 'times-2', event: 'Short', environment: 'Production', severity: 'minor', timeout: 30 })).body.id as string;
    clock += 31_000;
    const done = await call('GET', '/management/housekeeping');
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'ok', expired: [id], unack: [], unshelve: [] });
    expect(done.body.count).toBeGreaterThanOrEqual(1);
    const after = await times(id);
    expect(after.updateTime).toBe(new Date(clock).toISOString());
  });
});

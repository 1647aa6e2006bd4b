// Hundreds of random changes of every kind (new alerts, duplicates, severity changes, acks, shelves, closes, expiry,
// deletions, tags, attributes, notes, blackouts, heartbeats; by another client and by the console itself) while the
// console's alert sets follow by deltas: after every step each set equals a full read of the API. The same driver runs
// by hand against a real Alerta server (tests/sync/random-sync.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../server/start.ts';
import { startDemoServer } from './demo-server.ts';
import { runRandomSync } from '../../sync/random-sync.ts';
import { DEMO_PASSWORD } from '../../../server/seed.ts';

let server: RunningServer;
let clock = Date.now();

beforeAll(async () => {
  server = await startDemoServer({ AUTH_REQUIRED: true }, { now: () => new Date(clock) });
});

afterAll(async () => {
  await server.close();
});

async function tokenOf(login: string): Promise<string> {
  const res = await fetch(`${server.apiUrl}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: login, password: DEMO_PASSWORD }) });
  return ((await res.json()) as { token: string }).token;
}

describe('alert sets kept in step by deltas, against random changes', () => {
  it('equal a full read of the API after every one of 300 steps, in six kinds of sets', async () => {
    const report = await runRandomSync(
      {
        apiUrl: server.apiUrl,
        consoleToken: await tokenOf('operator@alerta.dev'),
        otherToken: await tokenOf('admin@alerta.dev'),
        consoleLogin: 'operator@alerta.dev',
        advance: (ms) => (clock += ms),
        serverNow: () => new Date(clock),
      },
      { steps: 300, seed: 20261207, pullEvery: 25 },
    );
    expect(report.failures).toEqual([]);
    expect(report.steps).toBe(300);
    // Every kind of change happened, and the sets were checked all along.
    for (const kind of ['new', 'duplicate', 'severity', 'ack', 'shelve', 'close', 'expire', 'delete', 'tag', 'attribute', 'note', 'blackout', 'heartbeat-alert']) expect(report.kinds[kind], kind).toBeGreaterThan(0);
    expect(report.comparisons).toBeGreaterThan(300 * 5);
    // Deltas, not pulls: one pull per set at the start and one per compressed safety interval.
    expect(report.pulls).toBeLessThanOrEqual(6 * (1 + 300 / 25) + 6);
  }, 180_000);
});

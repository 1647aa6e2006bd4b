// The demo process: seeded facts the e2e tests rely on, the simulator keeping the demo alive within
// bounds, settings from environment variables and a config file, and a database that survives a restart.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { SEED_ALERTS } from '../../../server/seed.ts';
import { loadSettings } from '../../../server/settings.ts';
import { startSimulator } from '../../../server/simulator.ts';
import { loadSyntheticAlerts } from '../../../server/load.ts';
import { openDb, closeDb } from '../../../server/db.ts';
import { client, makeCtx } from './helpers.ts';

describe('demo seed', () => {
  let s: RunningServer;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    s = await startServer({ seed: 'demo' });
    api = client(s.apiUrl);
  });
  afterAll(() => s.close());

  it('has the documented alerts in two environments with every severity', async () => {
    const all = await api.get('/alerts?page-size=200');
    expect(all.body.total).toBe(SEED_ALERTS.length);
    expect(all.body.total).toBeGreaterThanOrEqual(50);
    expect(all.body.total).toBeLessThanOrEqual(80);
    expect(Object.keys(all.body.severityCounts).sort()).toEqual(
      ['cleared', 'critical', 'debug', 'indeterminate', 'informational', 'major', 'minor', 'normal', 'ok', 'security', 'trace', 'unknown', 'warning'],
    );
    expect(Object.keys(all.body.statusCounts).sort()).toEqual(['ack', 'closed', 'open', 'shelved']);
    expect((await api.get('/environments')).body.environments.map((e: { environment: string }) => e.environment)).toEqual(['Development', 'Production']);
    for (const a of all.body.alerts) {
      expect(a.attributes.runbookUrl).toMatch(/^https:\/\//);
      expect(a.attributes.region).toEqual(expect.any(String));
    }
  });

  it('web01 HighCPU is critical and open in Production, repeated 3 times and watched by the admin', async () => {
    const a = (await api.get('/alerts?resource=web01&event=HighCPU&environment=Production')).body.alerts[0];
    expect(a).toMatchObject({ severity: 'critical', status: 'open', duplicateCount: 3, repeat: true });
    expect(a.tags).toContain('watch:admin@alerta.dev');
  });

  it('has severity changes, acked, shelved and closed alerts, notes, and harmless HTML text', async () => {
    const db01 = (await api.get('/alerts?resource=db01&event=ReplicationLag&show-history=true')).body.alerts[0];
    expect(db01).toMatchObject({ severity: 'critical', previousSeverity: 'major', trendIndication: 'moreSevere' });
    expect(db01.history.filter((h: { type: string }) => h.type === 'severity')).toHaveLength(2);
    expect((await api.get('/alerts?resource=web03&event=NodeDown')).body.alerts[0].status).toBe('ack');
    expect((await api.get('/alerts?resource=lb01')).body.alerts[0].status).toBe('shelved');
    expect((await api.get('/alerts?resource=cache01&event=CertExpiry')).body.alerts[0]).toMatchObject({ status: 'closed', severity: 'normal' });
    const web02 = (await api.get('/alerts?resource=web02&event=DiskFull')).body.alerts[0];
    expect((await api.get(`/alert/${web02.id}/notes`)).body.total).toBe(2);
    expect((await api.get('/alerts?resource=web04')).body.alerts[0].text).toBe('<b>bold</b> config drift detected');
    expect((await api.get('/alerts?resource=web05')).body.alerts[0].text).toContain('<img src=x onerror=alert(1)>');
    expect((await api.get('/alerts?customer=Acme Corp')).body.total).toBe(8);
  });

  it('has ok, slow and expired heartbeats and active and pending blackouts', async () => {
    const hbs = (await api.get('/heartbeats')).body.heartbeats.map((h: { origin: string; status: string }) => `${h.origin}=${h.status}`).sort();
    expect(hbs).toEqual(['batch/cron=slow', 'mon01/agent=ok', 'old-agent/01=expired']);
    expect((await api.get('/management/healthcheck')).status).toBe(503);
    expect((await api.get('/blackouts')).body.blackouts.map((b: { status: string }) => b.status).sort()).toEqual(['active', 'pending']);
  });
});

describe('simulator', () => {
  it('sends, repeats, changes and clears alerts, touches only its own, and stays bounded', () => {
    let now = new Date('2026-01-01T00:00:00.000Z');
    const ctx = makeCtx({}, () => now);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const sim = startSimulator(ctx, 60_000, random);
    sim.stop();
    for (let i = 0; i < 400; i++) {
      now = new Date(now.getTime() + 4000);
      sim.step();
    }
    const types = (ctx.db.prepare('SELECT DISTINCT type FROM history').all() as { type: string }[]).map((r) => r.type).sort();
    expect(types).toEqual(expect.arrayContaining(['new', 'severity', 'status', 'value']));
    const rows = ctx.db.prepare("SELECT origin, duplicate_count, status FROM alerts").all() as { origin: string; duplicate_count: number; status: string }[];
    expect(rows.every((r) => r.origin.startsWith('simulator/'))).toBe(true);
    expect(rows.some((r) => r.duplicate_count > 0)).toBe(true);
    expect(rows.length).toBeLessThanOrEqual(13);
  });
});

describe('settings', () => {
  it('reads the real server names from the environment: booleans, lists, JSON maps and aliases', () => {
    const s = loadSettings({
      env: {
        AUTH_REQUIRED: 'True', CUSTOMER_VIEWS: '1', COLUMNS: 'severity,status,resource', SORT_BY: '["-lastReceiveTime"]',
        SEVERITY: '{"fatal": 0, "bad": 1, "normal": 5}', AUTO_REFRESH_INTERVAL: '10000', DEFAULT_FILTER: '{"status":["open"]}',
        ACK_TIMEOUT: '600', PATH: '/usr/bin',
      },
    });
    expect(s).toMatchObject({
      AUTH_REQUIRED: true, CUSTOMER_VIEWS: true, COLUMNS: ['severity', 'status', 'resource'], SORT_LIST_BY: ['-lastReceiveTime'],
      SEVERITY_MAP: { fatal: 0, bad: 1, normal: 5 }, AUTO_REFRESH_INTERVAL: 10000, DEFAULT_FILTER: { status: ['open'] }, ACK_TIMEOUT: 600,
    });
  });

  it('reads a JSON config file, which the environment overrides, and reports bad values clearly', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'settings-'));
    const file = path.join(dir, 'alertad.json');
    writeFileSync(file, JSON.stringify({ SIGNUP_ENABLED: false, SITE_LOGO_URL: 'https://logo.example/x.png', ALLOWED_ENVIRONMENTS: ['Prod', 'QA'] }));
    const s = loadSettings({ configFile: file, env: { SIGNUP_ENABLED: 'yes' } });
    expect(s).toMatchObject({ SIGNUP_ENABLED: true, SITE_LOGO_URL: 'https://logo.example/x.png', ALLOWED_ENVIRONMENTS: ['Prod', 'QA'] });
    expect(() => loadSettings({ env: { AUTO_REFRESH_INTERVAL: 'fast' } })).toThrow(/AUTO_REFRESH_INTERVAL/);
    expect(() => loadSettings({ env: { SEVERITY_MAP: '{bad json' } })).toThrow(/SEVERITY_MAP/);
    expect(() => loadSettings({ configFile: path.join(dir, 'missing.json') })).toThrow(/not found/);
    expect(() => loadSettings({ env: { CUSTOMER_VIEWS_UNMATCHED: 'maybe' } })).toThrow(/CUSTOMER_VIEWS_UNMATCHED/);
    expect(() => loadSettings({ env: { SEVERITY_MAP: '{"normal": "seven"}' } })).toThrow(/integer/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows settings in /config', async () => {
    const s = await startServer({ settings: { COLUMNS: ['severity', 'resource'], SORT_LIST_BY: ['-lastReceiveTime'], AUTO_REFRESH_INTERVAL: 15000, ACK_TIMEOUT: 900 } });
    const cfg = (await client(s.apiUrl).get('/config')).body;
    expect(cfg).toMatchObject({ columns: ['severity', 'resource'], sort_by: ['-lastReceiveTime'], refresh_interval: 15000, timeouts: { ack: 900 } });
    await s.close();
  });
});

describe('persistence and load', () => {
  it('keeps data and the signing secret across restarts; --fresh starts over', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'alerta-data-'));
    const first = await startServer({ dataDir: dir, seed: 'demo', settings: { AUTH_REQUIRED: true } });
    const token = (await client(first.apiUrl).post('/auth/login', { username: 'admin@alerta.dev', password: 'alerta-demo' })).body.token;
    await client(first.apiUrl, `Bearer ${token}`).post('/alert', { resource: 'persist01', event: 'Kept', environment: 'Production', severity: 'major' });
    await first.close();
    const second = await startServer({ dataDir: dir, seed: 'demo', settings: { AUTH_REQUIRED: true } });
    const again = client(second.apiUrl, `Bearer ${token}`);
    expect((await again.get('/alerts?resource=persist01')).body.total).toBe(1);
    expect((await again.get('/alerts?page-size=1')).body.total).toBe(SEED_ALERTS.length + 1);
    await second.close();
    const fresh = await startServer({ dataDir: dir, fresh: true, seed: 'none' });
    expect((await client(fresh.apiUrl).get('/alerts')).body.total).toBe(0);
    await fresh.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loadSyntheticAlerts inserts N alerts that the API serves with counts', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'alerta-load-'));
    const db = openDb(dir);
    const { inserted } = loadSyntheticAlerts(db, 2000, { seed: 1 });
    closeDb(db);
    expect(inserted).toBe(2000);
    const s = await startServer({ dataDir: dir });
    const res = (await client(s.apiUrl).get('/alerts?status=open&status=ack&sort-by=severity&sort-by=lastReceiveTime&page-size=50')).body;
    expect(res.alerts).toHaveLength(50);
    expect(res.total).toBe((res.statusCounts.open ?? 0) + (res.statusCounts.ack ?? 0));
    expect(res.alerts[0].severity).toBe('security');
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

// The alert set kept in step by deltas (src/worker/set-sync.ts) against server/: what each cycle asks, what it does
// with each kind of change, and that an answer it cannot trust is never applied but followed by a full pull.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../server/start.ts';
import { startDemoServer } from './demo-server.ts';
import { SetSync } from '../../../src/worker/set-sync.ts';
import { CLIENT_DEFAULTS } from '../../../src/core/config.ts';
import { defaultView } from '../../../src/core/alerts-query.ts';
import { SETTLE_MS } from '../../../src/core/alert-sync.ts';
import type { AlertsView } from '../../../src/core/types.ts';

let server: RunningServer;
let clock = Date.parse('2026-12-07T08:00:00.000Z');
/** requests the console's sync made, "path?query" */
let sent: string[] = [];
/** a change to make to the next answer whose URL matches */
let mangle: { match: (url: string) => boolean; change: (body: Record<string, unknown>) => Record<string, unknown> } | null = null;

beforeAll(async () => {
  server = await startDemoServer({ AUTH_REQUIRED: false }, { now: () => new Date(clock) });
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  sent = [];
  mangle = null;
});

const fetchImpl: typeof fetch = async (input, init) => {
  const url = String(input);
  sent.push(url.slice(server.apiUrl.length));
  const res = await fetch(input, init);
  if (!mangle || !mangle.match(url)) return res;
  const { change } = mangle;
  mangle = null;
  const body = change((await res.json()) as Record<string, unknown>);
  return new Response(JSON.stringify(body), { status: res.status, headers: { 'Content-Type': 'application/json' } });
};

const view = (patch: Partial<AlertsView> = {}): AlertsView => ({ ...defaultView(CLIENT_DEFAULTS, 50), groupBy: 'event', ...patch });

function syncOf(v: AlertsView = view(), customers: string[] | null = null) {
  return new SetSync(v, 'test', {
    http: () => ({ endpoint: server.apiUrl, token: () => null, fetchImpl }),
    config: () => CLIENT_DEFAULTS,
    now: () => new Date(clock),
    customers: () => customers,
  });
}

async function cycle(sync: SetSync) {
  sent = [];
  const r = await sync.cycle(new AbortController().signal, 10_000);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.apiUrl}${path}`, { method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's answers, read loosely by the test
  return (await res.json()) as Record<string, any>;
}

async function allIds(params: string) {
  const body = await api('GET', `/alerts?${params}&page-size=10000`);
  return new Set((body.alerts as { id: string }[]).map((a) => a.id));
}

const tick = (ms = 1500) => (clock += ms);

describe('a set kept in step by deltas', () => {
  it('starts with a full pull, then an unchanged cycle asks three cheap questions and changes nothing', async () => {
    const sync = syncOf();
    const first = await cycle(sync);
    expect(first.kind).toBe('pull');
    expect(sync.set.size).toBe((await allIds('status=open&status=ack')).size);
    tick();
    const again = await cycle(sync);
    expect(again).toEqual({ kind: 'delta', changed: false, requests: 3 });
    expect(sent.map((u) => u.split('?')[0]).sort()).toEqual(['/alerts', '/alerts', '/alerts/count']);
    // The receive question starts after the newest receive seen; the update question asks for one alert.
    expect(sent.some((u) => u.includes('from-date=') && u.includes('sort-by=lastReceiveTime'))).toBe(true);
    expect(sent.some((u) => u.includes('sort-by=updateTime') && u.includes('page-size=1') && !u.includes('status='))).toBe(true);
  });

  it('brings a new alert, a duplicate and an ack by another client within one cycle, without a pull or a repair', async () => {
    const sync = syncOf();
    await cycle(sync);
    tick();
    const created = await api('POST', '/alert', { resource: 'delta-1', event: 'DiskFull', environment: 'Production', severity: 'major', service: ['Web'] });
    const web01 = (await api('GET', '/alerts?resource=web01&event=HighCPU')).alerts[0];
    await api('POST', '/alert', { resource: 'web01', event: 'HighCPU', environment: 'Production', severity: web01.severity, service: web01.service, value: 'again' });
    const acked = (await api('GET', '/alerts?status=open&resource=web02')).alerts[0];
    await api('PUT', `/alert/${acked.id}/action`, { action: 'ack', text: 'mine now' });
    tick();
    const r = await cycle(sync);
    expect(r.kind).toBe('delta');
    expect(r.changed).toBe(true);
    expect(sync.set.get(created.id)?.severity).toBe('major');
    expect(sync.set.get(web01.id)?.duplicateCount).toBe(web01.duplicateCount + 1);
    expect(sync.set.get(acked.id)?.status).toBe('ack');
    // The three questions and one page of the updates: nothing more.
    expect(r.requests).toBe(4);
  });

  it('drops an alert closed by another client (its status leaves the filter)', async () => {
    const sync = syncOf();
    await cycle(sync);
    tick();
    const victim = [...sync.set.values()].find((a) => a.status === 'open')!;
    await api('PUT', `/alert/${victim.id}/action`, { action: 'close' });
    tick();
    const r = await cycle(sync);
    expect(r.kind).toBe('delta');
    expect(sync.set.has(victim.id)).toBe(false);
  });

  it('repairs a deletion by counting ranges of receive times, not by a full pull', async () => {
    for (let i = 0; i < 40; i++) {
      await api('POST', '/alert', { resource: `bulk-${i}`, event: 'Bulk', environment: 'Production', severity: 'minor' });
      tick(10);
    }
    const sync = syncOf();
    await cycle(sync);
    const victim = [...sync.set.values()][7]!;
    await api('DELETE', `/alert/${victim.id}`);
    tick();
    const r = await cycle(sync);
    expect(r.kind).toBe('repair');
    expect(sync.set.has(victim.id)).toBe(false);
    expect(sync.set.size).toBe((await allIds('status=open&status=ack')).size);
    // Counts of ranges and the one small range fetched, never every alert again.
    const fetchedAlerts = sent.filter((u) => u.startsWith('/alerts?') && !u.includes('page-size=1&') && u.includes('to-date='));
    expect(fetchedAlerts.length).toBeLessThanOrEqual(2);
    expect(sent.some((u) => u.includes('page-size=5000'))).toBe(false);
  });

  it('finds a duplicate written late (stamped before the newest receive already seen) once its time has settled', async () => {
    const sync = syncOf();
    await cycle(sync);
    tick();
    // An alert nothing else touched lately (an update since the settled time would bring its copy anyway).
    const target = [...sync.set.values()].filter((a) => a.status === 'open').sort((a, b) => a.updateTime.localeCompare(b.updateTime))[0]!;
    // Another receive first, then the late one: stamped 3 s before the newest the console will have seen.
    await api('POST', '/alert', { resource: 'late-1', event: 'Late', environment: 'Production', severity: 'minor' });
    await cycle(sync);
    clock -= 3000;
    await api('POST', '/alert', { resource: target.resource, event: target.event, environment: target.environment, severity: target.severity, service: target.service, value: 'written late' });
    clock += 3000;
    tick();
    await cycle(sync);
    // The receive question asks for what came after the newest seen: the late copy is not in it, and the counts agree.
    expect(sync.set.get(target.id)?.value).not.toBe('written late');
    // Once the server's clock is SETTLE_MS past it, the window is asked for again.
    tick(SETTLE_MS + 1000);
    await cycle(sync);
    await cycle(sync);
    expect(sync.set.get(target.id)?.value).toBe('written late');
  });

  it('asks for the alerts this console changed by id: its own tags and notes show at once', async () => {
    const sync = syncOf(view({ showHistory: true }));
    await cycle(sync);
    tick();
    const a = [...sync.set.values()][0]!;
    await api('PUT', `/alert/${a.id}/tag`, { tags: ['mine'] });
    await api('PUT', `/alert/${a.id}/note`, { text: 'a note of mine' });
    sync.touched([a.id]);
    tick();
    await cycle(sync);
    expect(sync.set.get(a.id)?.tags).toContain('mine');
    expect(sync.set.get(a.id)?.history.some((h) => h.text === 'a note of mine')).toBe(true);
    expect(sent.some((u) => u.includes(`id=${a.id}`))).toBe(true);
  });

  it('lets alerts slide out of a relative time range without asking the server for them', async () => {
    const sync = syncOf(view({ filter: { ...view().filter, dateRange: [-60, null] } }));
    await api('POST', '/alert', { resource: 'sliding', event: 'Slide', environment: 'Production', severity: 'minor' });
    await cycle(sync);
    expect([...sync.set.values()].some((a) => a.resource === 'sliding')).toBe(true);
    tick(61_000);
    const r = await cycle(sync);
    expect(r.kind).toBe('delta');
    expect([...sync.set.values()].some((a) => a.resource === 'sliding')).toBe(false);
  });

  it('pulls again at the safety interval, and when told to', async () => {
    const sync = syncOf();
    await cycle(sync);
    tick();
    sync.pullNext('a new session');
    expect((await cycle(sync)).kind).toBe('pull');
  });
});

describe('an answer that cannot be trusted is not applied: the set is pulled whole instead', () => {
  const cases: [string, (body: Record<string, unknown>) => Record<string, unknown>][] = [
    ['malformed', () => ({ status: 'ok', alerts: 'nonsense' })],
    ['partial (fewer alerts than its total)', (b) => ({ ...b, total: (b.total as number) + 3 })],
    ['out of order', (b) => ({ ...b, alerts: [...(b.alerts as unknown[])].reverse() })],
    ['outside the window asked for', (b) => ({ ...b, alerts: (b.alerts as Record<string, unknown>[]).map((a) => ({ ...a, lastReceiveTime: '2001-01-01T00:00:00.000Z' })) })],
  ];
  for (const [name, change] of cases) {
    it(`a receive delta ${name}`, async () => {
      const sync = syncOf();
      await cycle(sync);
      tick();
      await api('POST', '/alert', { resource: `trust-${name}`, event: 'Trust', environment: 'Production', severity: 'major' });
      tick(5);
      await api('POST', '/alert', { resource: `trust2-${name}`, event: 'Trust', environment: 'Production', severity: 'minor' });
      tick();
      mangle = { match: (u) => u.includes('from-date='), change };
      const r = await cycle(sync);
      expect(r.kind).toBe('pull');
      expect(sync.set.size).toBe((await allIds('status=open&status=ack')).size);
    });
  }

  it('an alert of a customer the session does not see (an answer meant for another session)', async () => {
    const acme = view({ filter: { ...view().filter, customer: ['Acme Corp'] } });
    const sync = syncOf(acme, ['Acme Corp']);
    expect((await cycle(sync)).kind).toBe('pull');
    tick();
    const created = await api('POST', '/alert', { resource: 'acme-new', event: 'Trust', environment: 'Production', severity: 'major', customer: 'Acme Corp' });
    tick();
    mangle = { match: (u) => u.includes('from-date='), change: (b) => ({ ...b, alerts: (b.alerts as Record<string, unknown>[]).map((a) => ({ ...a, customer: 'Globex' })) }) };
    const r = await cycle(sync);
    expect(r.kind).toBe('pull');
    expect(sync.set.get(created.id)?.customer).toBe('Acme Corp');
    expect([...sync.set.values()].every((a) => a.customer === 'Acme Corp')).toBe(true);
  });

  it('a full pull that cannot be trusted fails the cycle: nothing of it is applied', async () => {
    const sync = syncOf();
    mangle = { match: (u) => u.includes('page-size=5000'), change: (b) => ({ ...b, alerts: [...(b.alerts as unknown[])].reverse() }) };
    const r = await sync.cycle(new AbortController().signal, 10_000);
    expect(r.ok).toBe(false);
    expect(sync.set.size).toBe(0);
    expect(sync.ready).toBe(false);
  });

  it('an update delta out of order', async () => {
    const sync = syncOf();
    await cycle(sync);
    tick();
    const [a, b] = [...sync.set.values()].filter((x) => x.status === 'open');
    await api('PUT', `/alert/${a!.id}/action`, { action: 'ack' });
    tick(10);
    await api('PUT', `/alert/${b!.id}/action`, { action: 'ack' });
    tick();
    mangle = { match: (u) => u.includes('sort-by=updateTime') && u.includes('page-size=500'), change: (body) => ({ ...body, alerts: [...(body.alerts as unknown[])].reverse() }) };
    const r = await cycle(sync);
    expect(r.kind).toBe('pull');
    expect(sync.set.get(a!.id)?.status).toBe('ack');
  });
});

describe('a set of 150,000 alerts', () => {
  it('is pulled in pages and kept whole (its copy for storage is never spread into one call)', async () => {
    const total = 150_000;
    const at = Date.parse('2026-12-07T06:00:00.000Z');
    const alertAt = (i: number) => ({
      id: `id-${String(i).padStart(6, '0')}`, resource: `h${i}`, event: `E${i % 300}`, environment: 'Production', severity: 'minor', status: 'open',
      lastReceiveTime: new Date(at - i * 100).toISOString(), updateTime: new Date(at - i * 100).toISOString(),
    });
    // A server of its own, in memory: pages newest first, `to-date` inclusive, as the API pages them.
    const fake: typeof fetch = async (input) => {
      const url = new URL(String(input));
      const size = Number(url.searchParams.get('page-size'));
      const page = Number(url.searchParams.get('page') ?? 1);
      const upTo = url.searchParams.get('to-date');
      const first = upTo ? Math.ceil((at - Date.parse(upTo)) / 100) : 0;
      const count = total - first;
      const start = first + (page - 1) * size;
      const alerts = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, k) => alertAt(start + k));
      const body = url.pathname.endsWith('/environments')
        ? { status: 'ok', environments: [{ environment: 'Production', count: total }], total: 1 }
        : { status: 'ok', alerts, total: count, page, pageSize: size, pages: Math.ceil(count / size), more: false, severityCounts: {}, statusCounts: {}, lastTime: alerts[0]?.lastReceiveTime ?? '' };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    let saved = 0;
    const sync = new SetSync(view(), 'big', {
      http: () => ({ endpoint: 'http://big.test/api', token: () => null, fetchImpl: fake }),
      config: () => CLIENT_DEFAULTS,
      store: () => ({ loadSet: async () => undefined, saveSet: async (_state, upserts) => void (saved = upserts.length) }),
    });
    const r = await sync.cycle(new AbortController().signal, 60_000);
    expect(r.ok && r.value.kind).toBe('pull');
    expect(sync.set.size).toBe(total);
    await sync.flushed();
    expect(saved).toBe(total);
  }, 60_000);
});

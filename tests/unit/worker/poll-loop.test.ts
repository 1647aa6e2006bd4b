// The poll loop against the demo server (one per browser, a few cheap questions a cycle, never frozen and never
// claiming to be live): a request that never answers, requests per cycle on each screen, and several tabs of one
// browser sharing one loop through a leader, with hand-over when the leader's tab closes or freezes.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../server/start.ts';
import { startDemoServer } from './demo-server.ts';
import { until } from './until.ts';
import { createDataService } from '../../../src/worker/service.ts';
import type { AlertsFull, AlertsPatch, WorkerEvent } from '../../../src/worker/contract/index.ts';
import { defaultView } from '../../../src/core/alerts-query.ts';
import type { AlertsView, Config } from '../../../src/core/types.ts';
import { FakeLocks } from './fake-locks.ts';

let server: RunningServer;

beforeAll(async () => {
  // one-second polls keep these tests short; the rules scale with the interval
  server = await startDemoServer({ AUTH_REQUIRED: false, AUTO_REFRESH_INTERVAL: 1000 }, { testHooks: true });
});

afterAll(async () => {
  await server.close();
});

const opened: { close(): void }[] = [];
beforeEach(() => server.testHooks!.release());
afterEach(() => {
  // a failed test must not leave its tabs polling into the next one's counts
  for (const service of opened.splice(0)) service.close();
});

let counter = 0;

type Tab = Awaited<ReturnType<typeof open>>;

/** A BroadcastChannel whose sending can be cut, as a frozen tab's is. */
function channelOf(name: string) {
  const state = { muted: false };
  const make = () => {
    const channel = new BroadcastChannel(name);
    return {
      postMessage: (m: unknown) => {
        if (!state.muted) channel.postMessage(m);
      },
      addEventListener: (type: 'message', listener: (e: { data: unknown }) => void) => channel.addEventListener(type, listener as unknown as (e: Event) => void),
      close: () => channel.close(),
    };
  };
  return { make, state };
}

async function open(options: { cacheName: string; locks?: FakeLocks; channel?: string; id?: string; channelOf?: ReturnType<typeof channelOf> }) {
  const events: WorkerEvent[] = [];
  const id = options.id ?? `tab-${++counter}`;
  const channel = options.channelOf?.make ?? (() => new BroadcastChannel(options.channel!));
  const service = createDataService({
    cacheName: options.cacheName,
    coordination: options.locks ? { locks: options.locks.for(id), channel, tabId: id } : null,
  });
  opened.push(service);
  await service.subscribe((e) => events.push(e));
  const init = await service.init({ configUrl: `${server.url}/config.json`, buildConfig: {}, token: null });
  if (!init.ok) throw new Error(init.error.message);
  return { id, service, events, config: init.value.config };
}

function viewOf(config: Config, patch: Partial<AlertsView['filter']> = {}): AlertsView {
  const view = defaultView(config, 20);
  return { ...view, filter: { ...view.filter, ...patch } };
}

const fullOf = (tab: Tab, from = 0) => () => tab.events.slice(from).find((e): e is AlertsFull => e.type === 'alerts-full');
const patches = (tab: Tab, from = 0) => tab.events.slice(from).filter((e): e is AlertsPatch => e.type === 'alerts-patch');
/** Cycles of the alert lists: each asks once which alert was updated last (src/worker/page-probe.ts). */
const cycles = () => server.testHooks!.log().filter((l) => l.startsWith('GET /alerts?') && l.includes('sort-by=updateTime&page=1&page-size=1')).length;
/** Requests for a list's page of 20 (the cheap questions ask for one alert). */
const pages = () => server.testHooks!.log().filter((l) => l.startsWith('GET /alerts?') && l.includes('page-size=20')).length;

async function postAlert(resource: string) {
  const res = await fetch(`${server.apiUrl}/alert`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ resource, event: 'PollLoop', environment: 'Production', severity: 'critical', service: ['Web'] }),
  });
  return ((await res.json()) as { id: string }).id;
}

describe('a request that never answers', () => {
  it('turns the view offline within the poll timeout, and polling resumes by itself when answers return', async () => {
    const tab = await open({ cacheName: `hang-${Date.now()}` });
    await tab.service.setView(viewOf(tab.config));
    await until(fullOf(tab), 5000, 'the first snapshot');
    const mark = tab.events.length;
    const heldAt = Date.now();
    server.testHooks!.hold('/alerts', 60_000);

    const offline = await until(() => patches(tab, mark).find((p) => p.meta?.freshness === 'offline'), 15_000, 'offline');
    // 1 s interval: the poll is given up after 8 s (its timeout), one cycle after the last good answer at most.
    expect(Date.now() - heldAt).toBeLessThan(11_000);
    expect(offline.meta?.error?.message).toMatch(/No answer within 8 s/);

    const back = tab.events.length;
    server.testHooks!.release();
    await until(() => patches(tab, back).find((p) => p.meta?.freshness === 'live'), 8_000, 'live again');
    await tab.service.setView(null);
    tab.service.close();
  }, 30_000);
});

describe('requests per cycle', () => {
  it('the alerts screen asks three cheap questions a cycle, and for its page only when something changed', async () => {
    const tab = await open({ cacheName: `per-cycle-${Date.now()}` });
    await tab.service.setView(viewOf(tab.config));
    await until(fullOf(tab), 5000, 'the first snapshot');
    // The second cycle starts the probes' cursors (and asks for the page once more, as it cannot tell yet).
    await tab.service.refresh();
    server.testHooks!.reset();
    for (let i = 0; i < 5; i++) await tab.service.refresh();
    let counts = server.testHooks!.counts();
    // What was received since the newest receive seen, and the alert updated last: one alert at most each.
    expect(counts['GET /alerts']).toBe(10);
    expect(pages()).toBe(0);
    expect((counts['GET /environments'] ?? 0) + (counts['GET /alerts/count'] ?? 0)).toBe(5);
    expect(counts['GET /alerts/count'] ?? 0).toBeLessThanOrEqual(1);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(15);
    // A new alert: the next cycle asks for the page, and it shows the alert.
    server.testHooks!.reset();
    const mark = tab.events.length;
    const id = await postAlert(`per-cycle-${Date.now()}`);
    await tab.service.refresh();
    counts = server.testHooks!.counts();
    expect(pages()).toBe(1);
    expect(counts['GET /alerts']).toBe(3);
    expect(patches(tab, mark).some((p) => p.rows?.some((r) => r.id === id))).toBe(true);
    await tab.service.setView(null);
    tab.service.close();
  });

  it('the detail page makes two: the alert and its notes', async () => {
    const tab = await open({ cacheName: `detail-cycle-${Date.now()}` });
    const id = await postAlert(`detail-${Date.now()}`);
    await tab.service.setDetail(id);
    await until(() => tab.events.find((e) => e.type === 'alert-detail' && e.freshness === 'live'), 5000, 'the alert');
    server.testHooks!.reset();
    for (let i = 0; i < 3; i++) await tab.service.refresh();
    expect(server.testHooks!.counts()).toEqual({ [`GET /alert/${id}`]: 3, [`GET /alert/${id}/notes`]: 3 });
    await tab.service.setDetail(null);
    tab.service.close();
  });
});

describe('one poll loop per browser', () => {
  it('three tabs of one view poll once a cycle together, and each follows new alerts', async () => {
    const locks = new FakeLocks();
    const shared = { cacheName: `tabs-${Date.now()}`, locks, channel: `chan-${Date.now()}` };
    const tabs = [await open(shared), await open(shared), await open(shared)];
    for (const tab of tabs) await tab.service.setView(viewOf(tab.config));
    for (const tab of tabs) await until(fullOf(tab), 5000, `${tab.id}'s first snapshot`);
    expect(locks.holder('alerta-console:poll-leader')).toBe(tabs[0]!.id);

    server.testHooks!.reset();
    await new Promise((r) => setTimeout(r, 3_500));
    // about one cycle a second for the three of them (one tab alone polls as often)
    expect(cycles()).toBeGreaterThanOrEqual(2);
    expect(cycles()).toBeLessThanOrEqual(5);

    const marks = tabs.map((t) => t.events.length);
    const id = await postAlert(`tabs-${Date.now()}`);
    for (const [i, tab] of tabs.entries()) {
      await until(() => patches(tab, marks[i]).find((p) => p.rows?.some((r) => r.id === id)), 5000, `${tab.id} seeing the new alert`);
    }
    for (const tab of tabs) tab.service.close();
  }, 30_000);

  it('each distinct view adds one poll a cycle', async () => {
    const locks = new FakeLocks();
    const shared = { cacheName: `views-${Date.now()}`, locks, channel: `chan-v-${Date.now()}` };
    const [a, b] = [await open(shared), await open(shared)];
    await a.service.setView(viewOf(a.config, { environment: 'Production' }));
    await b.service.setView(viewOf(b.config, { environment: 'Development' }));
    await until(fullOf(a), 5000, 'A');
    const full = await until(fullOf(b), 5000, 'B');
    expect(full.rows.every((r) => r.environment === 'Development')).toBe(true);
    server.testHooks!.reset();
    await new Promise((r) => setTimeout(r, 3_500));
    expect(cycles()).toBeGreaterThanOrEqual(5);
    expect(cycles()).toBeLessThanOrEqual(9);
    a.service.close();
    b.service.close();
  }, 20_000);

  it('when the leader’s tab closes another takes over within one interval, with no gap in the freshness line', async () => {
    const locks = new FakeLocks();
    const shared = { cacheName: `handoff-${Date.now()}`, locks, channel: `chan-h-${Date.now()}` };
    const [a, b] = [await open(shared), await open(shared)];
    await a.service.setView(viewOf(a.config));
    await b.service.setView(viewOf(b.config));
    await until(fullOf(b), 5000, 'B follows');
    const mark = b.events.length;
    a.service.close();
    locks.kill(a.id);
    await until(() => locks.holder('alerta-console:poll-leader') === b.id, 1000, 'B leads');
    server.testHooks!.reset();
    const id = await postAlert(`handoff-${Date.now()}`);
    await until(() => patches(b, mark).find((p) => p.rows?.some((r) => r.id === id)), 3000, 'B polling itself');
    const shown = b.events.slice(mark).flatMap((e) => (e.type === 'alerts-patch' ? [e.meta?.freshness] : e.type === 'alerts-full' ? [e.meta.freshness] : []));
    expect(shown.filter((f) => f !== undefined && f !== 'live')).toEqual([]);
    // no burst: the new leader keeps the cadence
    expect(cycles()).toBeLessThanOrEqual(3);
    b.service.close();
  }, 20_000);

  it('a tab being frozen hands the polling over at once, and follows when it wakes', async () => {
    const locks = new FakeLocks();
    const shared = { cacheName: `freeze-${Date.now()}`, locks, channel: `chan-f-${Date.now()}` };
    const [a, b] = [await open(shared), await open(shared)];
    await a.service.setView(viewOf(a.config));
    await b.service.setView(viewOf(b.config));
    await until(fullOf(b), 5000, 'B follows');
    await a.service.pageFrozen(true);
    // The page lifecycle's freeze event: A hands over at once instead of waiting to be found silent.
    await until(() => locks.holder('alerta-console:poll-leader') === b.id, 500, 'B leads');
    const mark = b.events.length;
    const id = await postAlert(`freeze-${Date.now()}`);
    await until(() => patches(b, mark).find((p) => p.rows?.some((r) => r.id === id)), 3000, 'B polling itself');
    // A wakes up and follows B: it sees the new alert without polling itself.
    const aMark = a.events.length;
    await a.service.pageFrozen(false);
    const id2 = await postAlert(`freeze-2-${Date.now()}`);
    await until(() => a.events.slice(aMark).find((e) => (e.type === 'alerts-full' || e.type === 'alerts-patch') && e.rows?.some((r) => r.id === id2)), 5000, 'A follows B');
    expect(locks.holder('alerta-console:poll-leader')).toBe(b.id);
    a.service.close();
    b.service.close();
  }, 20_000);

  it('a leader that stops answering without letting go (a frozen tab) is taken over within one interval', async () => {
    const locks = new FakeLocks();
    const name = `chan-s-${Date.now()}`;
    const mutable = channelOf(name);
    const cacheName = `steal-${Date.now()}`;
    const a = await open({ cacheName, locks, channelOf: mutable });
    const b = await open({ cacheName, locks, channel: name });
    await a.service.setView(viewOf(a.config));
    await b.service.setView(viewOf(b.config));
    await until(fullOf(b), 5000, 'B follows');
    mutable.state.muted = true;
    const silentAt = Date.now();
    await until(() => locks.holder('alerta-console:poll-leader') === b.id, 6000, 'B takes the lock over');
    // three seconds of silence at a 1 s interval (never less than 3 s, so a busy leader is not taken for frozen)
    expect(Date.now() - silentAt).toBeLessThan(5_000);
    const mark = b.events.length;
    const id = await postAlert(`steal-${Date.now()}`);
    await until(() => patches(b, mark).find((p) => p.rows?.some((r) => r.id === id)), 3000, 'B polling itself');
    // The old leader lost its lock: it stops polling (only B's requests reach the server now).
    server.testHooks!.reset();
    await new Promise((r) => setTimeout(r, 2_500));
    expect(cycles()).toBeLessThanOrEqual(3);
    a.service.close();
    b.service.close();
  }, 20_000);
});

// The start of a signed-in console against the demo server: what waits for what before the first rows. A first start
// asks /config and the preferences together and answers with the user's preferences (so the first /alerts has the
// page size the user sees); a later start answers from the cache at once and revalidates in parallel, applying only
// what changed; the first rows never wait for the tab counts (/environments).
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../server/start.ts';
import { startDemoServer } from './demo-server.ts';
import { until } from './until.ts';
import { createDataService } from '../../../src/worker/service.ts';
import type { AlertsFull, AlertsPatch, EarlyStart, StartRequestsMessage, UserDataMessage, WorkerEvent } from '../../../src/worker/contract/index.ts';
import { dropEarly, LEADER_LOCK, sendEarly } from '../../../src/worker/early.ts';
import { askConfigEarly, askStartEarly } from '../../../src/worker/early-config.ts';
import { defaultView } from '../../../src/core/alerts-query.ts';
import { openingView } from '../../../src/core/alerts-location.ts';
import { viewKey } from '../../../src/core/alerts-view.ts';
import { PULL_PAGE } from '../../../src/core/alert-sync.ts';
import type { CoordinationOptions } from '../../../src/worker/coordinator.ts';
import type { LockManagerLike } from '../../../src/worker/early.ts';
import { FakeLocks } from './fake-locks.ts';
import { SOON_MS } from '../../../src/worker/poller.ts';

let server: RunningServer;
let token = '';

beforeAll(async () => {
  server = await startDemoServer({ AUTH_REQUIRED: true }, { testHooks: true });
  const res = await fetch(`${server.apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'operator@alerta.dev', password: 'alerta-demo' }),
  });
  token = ((await res.json()) as { token: string }).token;
});

afterAll(async () => {
  await server.close();
});

/**
 * A hold that lasts until the test releases it: what must happen while an answer is outstanding is checked by order
 * (it happened, and the held answer had not come), not by a wall-clock bound that a busy machine stretches. Each test
 * releases it as soon as it has seen what it waits for; 20 s only ends a hold that a failing test never releases.
 */
const HELD = 20_000;

const opened: { close(): void }[] = [];
beforeEach(() => {
  server.testHooks!.release();
  server.testHooks!.reset();
});
afterEach(async () => {
  for (const service of opened.splice(0)) service.close();
  // An early request a failed test left untaken must not answer the next test's start.
  dropEarly();
  await setRowsPerPage(20);
});

/** The user's preferences on the server (all of them: what is not named is unset). */
async function setPrefs(prefs: Record<string, unknown>) {
  const res = await fetch(`${server.apiUrl}/user/me/attributes`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ attributes: { prefs } }),
  });
  expect(res.status).toBe(200);
}

const setRowsPerPage = (rowsPerPage: number) => setPrefs({ rowsPerPage });

let counter = 0;

type Address = NonNullable<Parameters<ReturnType<typeof createDataService>['init']>[0]['address']>;

async function start(cacheName: string, fetchImpl?: typeof fetch, address?: Address, coordination: CoordinationOptions | null = null) {
  const events: WorkerEvent[] = [];
  const service = createDataService({ cacheName, coordination, fetchImpl });
  opened.push(service);
  await service.subscribe((e) => events.push(e));
  const init = await service.init({ configUrl: `${server.url}/config.json`, buildConfig: {}, token, ...(address ? { address } : {}) });
  if (!init.ok) throw new Error(init.error.message);
  return { service, events, init: init.value, answeredAt: events.length };
}

/** How many GETs of `path` (and of paths it begins) the API received since the log was last reset. */
const asked = (path: string) => server.testHooks!.log().filter((r) => r.startsWith(`GET ${path}`)).length;
/** The lists asked for: pages of alerts, not the one-alert questions a cycle asks to tell whether a page changed. */
const alertsAsked = () => server.testHooks!.log().filter((r) => r.startsWith('GET /alerts?') && !r.includes('page-size=1') );

/** The page's first message to the worker: the demo's config.json, this token, no early list, no first-start address. */
const earlyMessage = (over: Partial<EarlyStart> = {}): EarlyStart => ({ type: 'early-start', urls: [], token, configUrl: `${server.url}/config.json`, buildConfig: {}, firstStartAt: null, ...over });

describe('a first start (nothing cached)', () => {
  it('asks /config and the preferences together, and answers with the user’s preferences, never the defaults', async () => {
    await setRowsPerPage(50);
    server.testHooks!.hold('/config', HELD);
    server.testHooks!.hold('/user/me/attributes', HELD);
    let answered = false;
    const starting = start(`first-${++counter}`).then((started) => ((answered = true), started));
    // Both asked for while neither has answered: together, not one after the other.
    await until(() => asked('/config') === 1 && asked('/user/me/attributes') === 1, 10_000, '/config and the preferences asked for');
    await new Promise((r) => setTimeout(r, 100));
    expect(answered, 'the start answered before the preferences did').toBe(false);
    server.testHooks!.release();
    const { init, events, service } = await starting;
    expect(init.user.prefs.rowsPerPage).toBe(50);
    const told = events.filter((e): e is UserDataMessage => e.type === 'user-data');
    expect(told.length).toBeGreaterThan(0);
    expect(told.every((e) => e.prefs.rowsPerPage === 50)).toBe(true);

    // The view the UI derives from them: one /alerts, with the user's page size.
    await service.setView(defaultView(init.config, init.user.prefs.rowsPerPage));
    await until(() => events.find((e): e is AlertsFull => e.type === 'alerts-full'), 10_000, 'the first rows');
    expect(alertsAsked()).toHaveLength(1);
    expect(alertsAsked()[0]).toContain('page-size=50');
  });

  it('asks /config and the preferences while its offline cache is still opening', async () => {
    await setRowsPerPage(50);
    const cacheName = `slow-open-${++counter}`;
    // Another connection to the database that ignores the request to let go: the worker's cache waits for it.
    const holder = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(cacheName, 1);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    server.testHooks!.reset();
    const starting = start(cacheName);
    await until(() => asked('/config') === 1 && asked('/user/me/attributes') === 1, 10_000, '/config and the preferences asked for');
    holder.close();
    const { init } = await starting;
    expect(init.user.prefs.rowsPerPage).toBe(50);
    // Each asked for once: the start took the answers of the requests it made early.
    expect(asked('/config')).toBe(1);
    expect(asked('/user/me/attributes')).toBe(1);
  });

  it('takes the config and the preferences its first script asked for (the worker not yet loaded): each is asked for once', async () => {
    await setRowsPerPage(50);
    server.testHooks!.reset();
    askStartEarly(earlyMessage());
    await until(() => asked('/config') === 1 && asked('/user/me/attributes') === 1, 10_000, '/config and the preferences asked for');
    const { init } = await start(`first-early-${++counter}`);
    expect(init.user.prefs.rowsPerPage).toBe(50);
    await new Promise((r) => setTimeout(r, 200));
    expect(asked('/config')).toBe(1);
    expect(asked('/user/me/attributes')).toBe(1);
  });

  it('asks for the config as its first script starts, and the preferences when the page’s first message brings the token: each once', async () => {
    await setRowsPerPage(50);
    server.testHooks!.reset();
    const sources = { configUrl: `${server.url}/config.json`, buildConfig: {} };
    askConfigEarly(sources);
    await until(() => asked('/config') === 1, 10_000, '/config asked for before the page’s message');
    expect(asked('/user/me/attributes')).toBe(0);
    askStartEarly(earlyMessage(sources));
    await until(() => asked('/user/me/attributes') === 1, 10_000, 'the preferences asked for with the message’s token');
    const { init } = await start(`first-early-split-${++counter}`);
    expect(init.user.prefs.rowsPerPage).toBe(50);
    await new Promise((r) => setTimeout(r, 200));
    expect(asked('/config')).toBe(1);
    expect(asked('/user/me/attributes')).toBe(1);
  });

  it('asks again what its first script asked for other sources of the config, or the preferences with another token', async () => {
    server.testHooks!.reset();
    askStartEarly(earlyMessage({ token: 'another token' }));
    await until(() => asked('/user/me/attributes') === 1, 10_000, 'the preferences asked for early');
    const { init } = await start(`first-early-other-${++counter}`);
    // The early answer was the API's refusal of the other token: the start's own token asked again.
    expect(init.session.authenticated).toBe(true);
    expect(asked('/config')).toBe(1);
    expect(asked('/user/me/attributes')).toBe(2);

    server.testHooks!.reset();
    askStartEarly(earlyMessage({ buildConfig: { endpoint: `${server.url}/elsewhere` } }));
    await new Promise((r) => setTimeout(r, 200));
    await start(`first-early-sources-${++counter}`);
    expect(asked('/config')).toBe(1);
    expect(asked('/user/me/attributes')).toBe(1);
  });

  it('a token the API refuses ends the session before any list is asked for', async () => {
    const events: WorkerEvent[] = [];
    const service = createDataService({ cacheName: `refused-${++counter}`, coordination: null });
    opened.push(service);
    await service.subscribe((e) => events.push(e));
    // A well-formed token the server did not sign: its signature is checked at the first call.
    const [head, body] = token.split('.');
    const init = await service.init({ configUrl: `${server.url}/config.json`, buildConfig: {}, token: `${head}.${body}.forged` });
    expect(init.ok).toBe(true);
    if (!init.ok) return;
    expect(init.value.session.authenticated).toBe(false);
    expect(events.some((e) => e.type === 'session' && e.reason === 'unauthorized')).toBe(true);
    expect(alertsAsked()).toHaveLength(0);
  });
});

describe('a later start (config and preferences cached)', () => {
  it('answers without waiting for the API, the first /alerts leaves at once, and the revalidation applies what changed', async () => {
    const cacheName = `later-${++counter}`;
    await setRowsPerPage(50);
    (await start(cacheName)).service.close();
    opened.splice(0);

    // Meanwhile the user chose 100 rows elsewhere, and the API is slow to answer /config and the preferences.
    await setRowsPerPage(100);
    server.testHooks!.reset();
    server.testHooks!.hold('/config', HELD);
    server.testHooks!.hold('/user/me/attributes', HELD);
    const consoleAsked: string[] = [];
    const counting: typeof fetch = (input, init) => {
      if (String(input).endsWith('/config.json')) consoleAsked.push(`${init?.method ?? 'GET'} /config.json`);
      return fetch(input, init);
    };
    // Answered while both are held (a start that waited for them would not answer before the test's time is up).
    const { init, events, service, answeredAt } = await start(cacheName, counting);
    expect(init.user.prefs.rowsPerPage).toBe(50);
    expect(init.configFromCache).toBe(false);

    await service.setView(defaultView(init.config, init.user.prefs.rowsPerPage));
    await until(() => events.find((e): e is AlertsFull => e.type === 'alerts-full' && !e.meta.fromCache), 10_000, 'rows from the API while /config is held');
    server.testHooks!.release();
    const log = server.testHooks!.log();
    expect(log.filter((r) => r.startsWith('GET /config'))).toHaveLength(1);
    expect(log.filter((r) => r.startsWith('GET /user/me/attributes'))).toHaveLength(1);
    // config.json, asked for as the start began, once: the revalidation took that answer.
    expect(consoleAsked).toEqual(['GET /config.json']);

    // The preferences changed: the UI hears of it once; the config did not: no word about it after the answer.
    const changed = await until(() => events.slice(answeredAt).find((e): e is UserDataMessage => e.type === 'user-data'), 10_000, 'the revalidated preferences');
    expect(changed.prefs.rowsPerPage).toBe(100);
    await new Promise((r) => setTimeout(r, 300));
    expect(events.slice(answeredAt).filter((e) => e.type === 'config')).toHaveLength(0);
    expect(events.slice(answeredAt).filter((e) => e.type === 'user-data')).toHaveLength(1);
  });

  it('a config the revalidation finds changed is applied, and the list is asked for again with it', async () => {
    const cacheName = `changed-${++counter}`;
    (await start(cacheName)).service.close();
    opened.splice(0);

    // The server's /config now names another page of columns, and answers after the list was asked for (it is asked
    // for as the start begins, and could otherwise be back before the list is).
    const fetchImpl: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (!String(input).endsWith('/api/config')) return res;
      await new Promise((r) => setTimeout(r, 400));
      const body = (await res.json()) as { columns: string[] };
      return new Response(JSON.stringify({ ...body, columns: ['severity', 'resource', 'event'] }), { headers: { 'Content-Type': 'application/json' } });
    };
    const { init, events, service, answeredAt } = await start(cacheName, fetchImpl);
    expect(init.config.columns).not.toEqual(['severity', 'resource', 'event']);
    await service.setView(defaultView(init.config, 20));
    const config = await until(() => events.slice(answeredAt).find((e) => e.type === 'config'), 10_000, 'the changed config');
    expect(config).toMatchObject({ config: { columns: ['severity', 'resource', 'event'] }, fromCache: false });
    await until(() => alertsAsked().length >= 2, 10_000, 'the list asked for again');
  });
});

describe('the first rows', () => {
  it('do not wait for the tab counts', async () => {
    const { init, events, service } = await start(`tabs-${++counter}`);
    server.testHooks!.hold('/environments', HELD);
    await service.setView(defaultView(init.config, 20));
    const full = await until(() => events.find((e): e is AlertsFull => e.type === 'alerts-full'), 10_000, 'the first rows while the tab counts are held');
    server.testHooks!.release();
    expect(full.rows.length).toBeGreaterThan(0);
    expect(full.meta.environments).toEqual([]);
    const counts = await until(() => events.find((e): e is AlertsPatch => e.type === 'alerts-patch' && (e.meta?.environments?.length ?? 0) > 0), 10_000, 'the tab counts');
    expect(counts.rows).toBeUndefined();
  });
});

describe('a start at an address of the alert list', () => {
  const at = (pathname: string, search = '', hash = ''): Address => ({ pathname, search, hash, buildBase: '/' });

  it('asks for the list before the screen does, and shows the user’s page of it; the screen’s own ask adds no request', async () => {
    await setRowsPerPage(50);
    const { init, events, service } = await start(`address-${++counter}`, undefined, at('/alerts', '?q=resource:web01', '#status:open'));
    expect(init.listStarted).toBe(true);
    // No setView yet: the rows come all the same.
    const full = await until(() => events.find((e): e is AlertsFull => e.type === 'alerts-full' && !e.meta.fromCache), 10_000, 'the first rows');
    const view = openingView('?q=resource:web01', '#status:open', init.config, init.user.prefs);
    expect(full.viewKey).toBe(viewKey(view));
    expect(full.meta.pageSize).toBe(50);
    expect(alertsAsked()).toHaveLength(1);
    expect(alertsAsked()[0]).toContain('q=resource');

    // The list screen mounts and asks for the view it derived by the same rules: it is the one under way.
    await service.setView(view);
    await new Promise((r) => setTimeout(r, 300));
    expect(alertsAsked()).toHaveLength(1);
  });

  it('on a later start, asks for the list before the revalidation of the config and preferences has answered', async () => {
    const cacheName = `address-later-${++counter}`;
    (await start(cacheName)).service.close();
    opened.splice(0);
    server.testHooks!.reset();
    server.testHooks!.hold('/config', HELD);
    server.testHooks!.hold('/user/me/attributes', HELD);
    const { init, events } = await start(cacheName, undefined, at('/'));
    expect(init.listStarted).toBe(true);
    await until(() => events.find((e): e is AlertsFull => e.type === 'alerts-full' && !e.meta.fromCache), 10_000, 'rows from the API while /config is held');
    server.testHooks!.release();
    expect(alertsAsked()).toHaveLength(1);
  });

  it('waits for the lock that makes this tab the poller while the config and preferences load, not after', async () => {
    // A browser just started grants Web Locks late (here 600 ms after they are asked for); the preferences are held.
    const locks = new FakeLocks();
    let lockAsked = false;
    const slow: LockManagerLike = {
      request: (name, options, callback) => {
        lockAsked = true;
        return new Promise((r) => setTimeout(r, 600)).then(() => locks.for('slow-tab').request(name, options, callback));
      },
      query: () => locks.for('slow-tab').query(),
    };
    const channel = new BroadcastChannel(`slow-lock-${++counter}`);
    const coordination: CoordinationOptions = { locks: slow, channel: () => channel as never, tabId: 'slow-tab' };
    server.testHooks!.hold('/user/me/attributes', HELD);
    const starting = start(`address-lock-${++counter}`, undefined, at('/alerts'), coordination);
    await until(() => lockAsked, 10_000, 'the lock asked for while the preferences are held');
    server.testHooks!.release();
    const { events } = await starting;
    await until(() => events.find((e): e is AlertsFull => e.type === 'alerts-full' && !e.meta.fromCache), 10_000, 'the first rows');
    channel.close();
  });

  it('on a later start whose copy of the list is due for a poll, asks for the list before sending the copy to the page', async () => {
    const cacheName = `address-due-${++counter}`;
    await setPrefs({ rowsPerPage: 20, refreshInterval: 1000 });
    const earlier = await start(cacheName, undefined, at('/alerts'));
    await until(() => earlier.events.find((e): e is AlertsFull => e.type === 'alerts-full' && !e.meta.fromCache), 10_000, 'the first rows');
    earlier.service.close();
    opened.splice(0);
    // Older than the refresh interval: the copy is due for a poll.
    await new Promise((r) => setTimeout(r, 1200));

    const events: WorkerEvent[] = [];
    let copySentBeforeAsking: boolean | null = null;
    const fetchImpl: typeof fetch = (input, init) => {
      if (String(input).includes('/alerts?')) copySentBeforeAsking ??= events.some((e) => e.type === 'alerts-full');
      return fetch(input, init);
    };
    const service = createDataService({ cacheName, coordination: null, fetchImpl });
    opened.push(service);
    await service.subscribe((e) => events.push(e));
    const init = await service.init({ configUrl: `${server.url}/config.json`, buildConfig: {}, token, address: at('/alerts') });
    expect(init.ok && init.value.listStarted).toBe(true);
    const copy = await until(() => events.find((e): e is AlertsFull => e.type === 'alerts-full'), 10_000, 'the copy of the list');
    expect(copy.rows.length).toBeGreaterThan(0);
    await until(() => copySentBeforeAsking !== null, 10_000, 'the list asked for');
    expect(copySentBeforeAsking).toBe(false);
  });

  it('tells the page which requests its list made first; a later start that sends them early asks the API for the list once', async () => {
    await setRowsPerPage(50);
    const cacheName = `address-early-${++counter}`;
    const address = at('/alerts', '?q=resource:web01', '#status:open');
    const first = await start(cacheName, undefined, address);
    const told = await until(() => first.events.find((e): e is StartRequestsMessage => e.type === 'start-requests'), 10_000, 'the start’s requests');
    expect(told.address).toBe('/alerts?q=resource:web01#status:open');
    expect(told.signedIn).toBe(true);
    // The list of the user's page size (this first start asked for a larger page while the preferences came).
    expect(told.urls).toEqual([`${server.apiUrl}${alertsAsked()[0]!.slice('GET '.length).replace('page-size=200', 'page-size=50')}`]);
    first.service.close();
    opened.splice(0);

    server.testHooks!.reset();
    sendEarly(earlyMessage({ urls: told.urls }), { fetchImpl: fetch });
    expect(alertsAsked()).toHaveLength(0);
    const later = await start(cacheName, undefined, address);
    await until(() => later.events.find((e): e is AlertsFull => e.type === 'alerts-full' && !e.meta.fromCache), 10_000, 'rows from the API');
    await new Promise((r) => setTimeout(r, 300));
    // The early request's answer is the list's first answer: the worker did not ask again.
    expect(alertsAsked()).toHaveLength(1);
  });

  it('a later start that asked early takes the answer as it comes, even when its copy of the list is not due for a poll', async () => {
    await setPrefs({ rowsPerPage: 20, refreshInterval: 30_000 });
    const cacheName = `address-early-young-${++counter}`;
    const first = await start(cacheName, undefined, at('/alerts'));
    const told = await until(() => first.events.find((e): e is StartRequestsMessage => e.type === 'start-requests'), 10_000, 'the start’s requests');
    first.service.close();
    opened.splice(0);

    // A reload: the copy is a moment old, due for a poll only in 30 s.
    server.testHooks!.reset();
    const t0 = Date.now();
    sendEarly(earlyMessage({ urls: told.urls }), { fetchImpl: fetch });
    const later = await start(cacheName, undefined, at('/alerts'));
    // An answer of this start (the copy's is older), 27 s before the copy would have been due.
    await until(() => later.events.find((e) => (e.type === 'alerts-full' || e.type === 'alerts-patch') && (e.meta?.updatedAt ?? 0) >= t0), 10_000, 'the early answer');
    expect(alertsAsked()).toHaveLength(1);
  });

  it('on a first start, asks for the list beside the preferences, and shows the user’s page of that answer', async () => {
    await setRowsPerPage(20);
    server.testHooks!.hold('/user/me/attributes', 600);
    let listAskedAt = Number.NaN;
    let preferencesAt = Number.NaN;
    const fetchImpl: typeof fetch = (input, init) => {
      const url = String(input);
      if (url.includes('/alerts?')) listAskedAt = Date.now();
      const answer = fetch(input, init);
      if (url.includes('/user/me/attributes') && (init?.method ?? 'GET') === 'GET') void answer.then(() => (preferencesAt = Date.now()));
      return answer;
    };
    const { events } = await start(`address-guess-${++counter}`, fetchImpl, at('/alerts'));
    const full = await until(() => events.find((e): e is AlertsFull => e.type === 'alerts-full' && !e.meta.fromCache), 10_000, 'the first rows');
    expect(listAskedAt).toBeLessThan(preferencesAt);
    // One list, the largest page offered; the rows shown are the first 20 of it, with the paging of 20 rows a page.
    expect(alertsAsked()).toHaveLength(1);
    expect(alertsAsked()[0]).toContain('page-size=200');
    const own = await fetch(`${server.apiUrl}${alertsAsked()[0]!.slice('GET '.length).replace('page-size=200', 'page-size=20')}`, { headers: { Authorization: `Bearer ${token}` } });
    const page = (await own.json()) as { alerts: { id: string }[]; total: number; pages: number };
    expect(page.total).toBeGreaterThan(20);
    expect(full.rows.map((r) => r.id)).toEqual(page.alerts.map((a) => a.id));
    expect(full.meta).toMatchObject({ page: 1, pageSize: 20, pages: page.pages, total: page.total });
  });

  it('on a first start, the first script asks for the list the start will guess once /config answers, and the start takes that answer', async () => {
    await setRowsPerPage(20);
    server.testHooks!.hold('/user/me/attributes', HELD);
    const message = earlyMessage({ firstStartAt: at('/alerts') });
    await askStartEarly(message);
    // Sent while the preferences are held, and before the rest of the worker has started: the largest page offered.
    await until(() => alertsAsked().length === 1, 10_000, 'the list asked for');
    server.testHooks!.release();
    expect(alertsAsked()[0]).toContain('page-size=200');
    const { events } = await start(`first-script-guess-${++counter}`, undefined, at('/alerts'));
    const full = await until(() => events.find((e): e is AlertsFull => e.type === 'alerts-full' && !e.meta.fromCache), 10_000, 'the first rows');
    expect(full.meta.pageSize).toBe(20);
    expect(full.rows).toHaveLength(20);
    await new Promise((r) => setTimeout(r, 200));
    // The start's own guess took it: the API was asked for the list once, and for the config and preferences once.
    expect(alertsAsked()).toHaveLength(1);
    expect(asked('/config')).toBe(1);
    expect(asked('/user/me/attributes')).toBe(1);
  });

  it('the first script asks whether another tab polls as the page’s message comes: this tab joining meanwhile does not stop its guess', async () => {
    server.testHooks!.hold('/config', 300);
    const message = earlyMessage({ firstStartAt: at('/alerts') });
    const locks = new FakeLocks();
    const guessing = askStartEarly(message, { locks: locks.for('this tab') });
    // The rest of this tab's worker loads while /config is on its way, joins the election and polls.
    void locks.for('this tab').request(LEADER_LOCK, {}, () => new Promise(() => undefined));
    await guessing;
    await until(() => alertsAsked().length === 1, 10_000, 'the list asked for');
    locks.kill('this tab');
    dropEarly();

    // Another tab polls already: its worker sends this tab the list, nothing is guessed.
    server.testHooks!.reset();
    const others = new FakeLocks();
    void others.for('another tab').request(LEADER_LOCK, {}, () => new Promise(() => undefined));
    await askStartEarly(message, { locks: others.for('this tab') });
    await new Promise((r) => setTimeout(r, 200));
    expect(alertsAsked()).toHaveLength(0);
    others.kill('another tab');
  });

  it('on a first start whose first script is still asking which tab polls, the start waits for its guess: the list is asked for once', async () => {
    const message = earlyMessage({ firstStartAt: at('/alerts') });
    // The browser answers about the other tabs 500 ms late (a browser just started, a busy device).
    const slowLocks = { query: () => new Promise<{ held: { name: string }[] }>((resolve) => setTimeout(() => resolve({ held: [] }), 500)) };
    const guessed = askStartEarly(message, { locks: slowLocks });
    const { events } = await start(`first-script-slow-locks-${++counter}`, undefined, at('/alerts'));
    await until(() => events.find((e): e is AlertsFull => e.type === 'alerts-full' && !e.meta.fromCache), 10_000, 'the first rows');
    await guessed;
    await new Promise((r) => setTimeout(r, 200));
    expect(alertsAsked()).toHaveLength(1);
  });

  it('the first script guesses no list when the page remembers a signed-in start, nor for another page or a grouped list', async () => {

    for (const firstStartAt of [null, at('/heartbeats'), at('/alerts', '', '#gb:event')]) {
      const message = earlyMessage({ firstStartAt });
      await askStartEarly(message);
      await start(`first-script-none-${++counter}`);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(alertsAsked()).toHaveLength(0);
  });

  it('on a first start whose preferences show the notes, shows the guessed rows at once, then asks for them with their notes', async () => {
    await setPrefs({ rowsPerPage: 20, showNotesIcon: true });
    const liveRows = (e: WorkerEvent): e is AlertsFull => e.type === 'alerts-full' && !e.meta.fromCache;
    // Each list asked for, and whether rows from the API had been shown when it was.
    const lists: { url: string; afterRows: boolean; at: number }[] = [];
    let shown: WorkerEvent[] = [];
    const fetchImpl: typeof fetch = (input, init) => {
      if (String(input).includes('/alerts?') && !String(input).includes('page-size=1&') && !String(input).endsWith('page-size=1')) lists.push({ url: String(input), afterRows: shown.some(liveRows), at: Date.now() });
      return fetch(input, init);
    };
    const { events } = await start(`address-guess-notes-${++counter}`, fetchImpl, at('/alerts'));
    shown = events;
    // When the rows were sent to the page (at the latest: now, if they came before this line).
    let rowsAt = events.some(liveRows) ? Date.now() : Number.NaN;
    const push = events.push.bind(events);
    events.push = (...added: WorkerEvent[]) => {
      if (Number.isNaN(rowsAt) && added.some(liveRows)) rowsAt = Date.now();
      return push(...added);
    };
    const full = await until(() => events.find(liveRows), 10_000, 'the first rows');
    // The first rows came from the one list asked for before them: the guess, without the notes' history.
    await until(() => lists.length === 2, 10_000, 'the list with the notes');
    expect(lists.map((l) => l.afterRows)).toEqual([false, true]);
    expect(lists[0]!.url).not.toContain('show-history');
    expect(full.meta.pageSize).toBe(20);
    expect(full.rows).toHaveLength(20);
    expect(full.rows.every((r) => r.history.length === 0)).toBe(true);
    // Soon (not a refresh interval later), the same page with the notes: the rows come again, with their history.
    const patch = await until(() => events.find((e): e is AlertsPatch => e.type === 'alerts-patch' && (e.rows?.some((r) => r.history.length > 0) ?? false)), 10_000, 'the rows with their history');
    expect(alertsAsked()).toHaveLength(2);
    // Not while the page draws the rows that came: an answer then would start that render again.
    expect(lists[1]!.at - rowsAt).toBeGreaterThanOrEqual(SOON_MS - 50);
    expect(alertsAsked()[1]).toContain('show-history=true');
    expect(alertsAsked()[1]).toContain('page-size=20');
    expect(patch.order).toBeUndefined();
    expect(patch.rows!.every((r) => full.rows.some((f) => f.id === r.id))).toBe(true);
  });

  it('on a first start of a grouped list, pulls every alert of its view once, and guesses no page', async () => {
    await setRowsPerPage(20);
    const { events } = await start(`address-grouped-${++counter}`, undefined, at('/alerts', '', '#gb:event'));
    await until(() => events.find((e): e is AlertsFull => e.type === 'alerts-full' && !e.meta.fromCache), 10_000, 'the first groups');
    await new Promise((r) => setTimeout(r, 300));
    expect(alertsAsked()).toHaveLength(1);
    expect(alertsAsked()[0]).toContain(`page-size=${PULL_PAGE}`);
  });

  it('asks for no list when the address is another page', async () => {
    for (const address of [at('/alert/some-id'), at('/heartbeats'), at('/', '', '#/settings')]) {
      server.testHooks!.reset();
      const { init } = await start(`address-other-${++counter}`, undefined, address);
      expect(init.listStarted).toBe(false);
      await new Promise((r) => setTimeout(r, 200));
      expect(alertsAsked()).toHaveLength(0);
    }
  });
});

import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { startDemoServer } from './demo-server.ts';
import { createDataService } from '../../../src/worker/service.ts';
import type { AlertsFull, AlertsPatch, SessionMessage, WorkerEvent } from '../../../src/worker/contract/index.ts';
import { defaultView } from '../../../src/core/alerts-query.ts';
import { viewKey } from '../../../src/core/alerts-view.ts';
import type { AlertsView, Config } from '../../../src/core/types.ts';

const AUTH_SETTINGS = {
  AUTH_REQUIRED: true,
  SIGNUP_ENABLED: true,
  CUSTOMER_VIEWS: true,
  CUSTOMER_VIEWS_UNMATCHED: 'all' as const,
  ADMIN_USERS: ['admin@alerta.dev'],
  GUEST_DEFAULT_SCOPES: ['read'],
};

let server: RunningServer;
let counter = 0;

beforeAll(async () => {
  server = await startDemoServer(AUTH_SETTINGS);
});
afterAll(async () => {
  await server.close();
});

async function connect(url = server.url, fetchImpl?: typeof fetch) {
  const events: WorkerEvent[] = [];
  // Each service is a browser of its own: Node has Web Locks and BroadcastChannel, and services in one process would
  // otherwise share one poller as the tabs of one browser do.
  const service = createDataService({ cacheName: `service-test-${++counter}-${Date.now()}`, fetchImpl, coordination: null });
  await service.subscribe((e) => events.push(e));
  const init = await service.init({ configUrl: `${url}/config.json`, buildConfig: {}, token: null });
  if (!init.ok) throw new Error(init.error.message);
  return { service, events, config: init.value.config };
}

async function waitFor<T extends WorkerEvent>(events: WorkerEvent[], from: number, match: (e: WorkerEvent) => e is T, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const found = events.slice(from).find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('event did not arrive');
}

const isFull = (e: WorkerEvent): e is AlertsFull => e.type === 'alerts-full';
const isPatch = (e: WorkerEvent): e is AlertsPatch => e.type === 'alerts-patch';
const isSession = (e: WorkerEvent): e is SessionMessage => e.type === 'session';

function viewOf(config: Config, filter: Partial<AlertsView['filter']> = {}): AlertsView {
  const v = defaultView(config, 50);
  return { ...v, filter: { ...v.filter, ...filter } };
}

async function api(pathname: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const res = await fetch(`${server.apiUrl}${pathname}`, { ...init, headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('session', () => {
  it('a wrong password is refused with the server message and no session', async () => {
    const { service, events } = await connect();
    const result = await service.login('admin@alerta.dev', 'wrong');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe(401);
      expect(result.error.message).toMatch(/\(401\)$/);
    }
    expect(events.filter(isSession).some((e) => e.session.authenticated)).toBe(false);
  });

  it('signing in gives a session with the token claims and loads the preferences once', async () => {
    const { service, events } = await connect();
    const result = await service.login('admin@alerta.dev', 'alerta-demo');
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value.claims?.preferred_username).toBe('admin@alerta.dev');
      expect(result.value.claims?.scope).toContain('admin');
    }
    const userData = events.filter((e) => e.type === 'user-data');
    expect(userData.at(-1)).toMatchObject({ loaded: true });
  });

  it('polling without a session ends in signed-out, not a crash or a loop', async () => {
    const { service, events, config } = await connect();
    await service.setView(viewOf(config));
    const ended = await waitFor(events, 0, (e): e is SessionMessage => isSession(e) && e.reason === 'unauthorized');
    expect(ended.session.authenticated).toBe(false);
    const full = await waitFor(events, 0, isFull);
    expect(full.meta.freshness).toBe('signed-out');
    await service.setView(null);
  });

  it('sign-out clears the session and the cached user data even if the API call fails', async () => {
    const { service, events } = await connect();
    await service.login('operator@alerta.dev', 'alerta-demo');
    const mark = events.length;
    const result = await service.logout();
    expect(result.redirect).toBeNull();
    const ended = await waitFor(events, mark, (e): e is SessionMessage => isSession(e) && e.reason === 'logout');
    expect(ended.session.token).toBeNull();
  });
});

describe('alert commands', () => {
  it('ack sends the preference timeout, then the list reloads with the new status', async () => {
    const { service, events, config } = await connect();
    await service.login('operator@alerta.dev', 'alerta-demo');
    const saved = await service.savePreferences({ ackTimeout: 7200 });
    expect(saved.ok).toBe(true);
    const token = (await service.login('operator@alerta.dev', 'alerta-demo'));
    if (!token.ok) throw new Error('login');
    const created = await api('/alert', {
      method: 'POST', token: token.value.token!,
      body: JSON.stringify({ resource: `cmd-${Date.now()}`, event: 'CmdTest', environment: 'Production', severity: 'major' }),
    });
    const id = (created.body as { id: string }).id;
    await service.setView(viewOf(config, { environment: 'Production' }));
    await waitFor(events, 0, isFull);

    const mark = events.length;
    const acked = await service.act([id], 'ack', 'on it');
    expect(acked.ok && acked.value.succeeded).toEqual([id]);
    const patch = await waitFor(events, mark, (e): e is AlertsPatch => isPatch(e) && !!e.rows?.some((r) => r.id === id));
    expect(patch.rows?.find((r) => r.id === id)?.status).toBe('ack');

    const alert = await api(`/alert/${id}`, { token: token.value.token! });
    const history = (alert.body.alert as { history: { type: string; timeout: number | null; text: string }[] }).history;
    expect(history.at(-1)).toMatchObject({ type: 'ack', timeout: 7200, text: 'on it' });

    // An action the status does not allow is refused by the server and reported per alert.
    const again = await service.act([id], 'ack');
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.code).toBe(409);
    await service.setView(null);
  });

  it('watch adds and removes the user watch tag; notes can be added, edited and deleted', async () => {
    const { service } = await connect();
    const session = await service.login('admin@alerta.dev', 'alerta-demo');
    if (!session.ok) throw new Error('login');
    const token = session.value.token!;
    const created = await api('/alert', {
      method: 'POST', token,
      body: JSON.stringify({ resource: `watch-${Date.now()}`, event: 'WatchTest', environment: 'Development', severity: 'minor' }),
    });
    const id = (created.body as { id: string }).id;

    expect((await service.watch([id], true)).ok).toBe(true);
    let alert = await api(`/alert/${id}`, { token });
    expect((alert.body.alert as { tags: string[] }).tags).toContain('watch:admin@alerta.dev');
    expect((await service.watch([id], false)).ok).toBe(true);
    alert = await api(`/alert/${id}`, { token });
    expect((alert.body.alert as { tags: string[] }).tags).not.toContain('watch:admin@alerta.dev');

    const note = await service.addNote(id, 'first look');
    expect(note.ok && note.value).toBeTruthy();
    if (!note.ok || !note.value) return;
    const edited = await service.updateNote(id, note.value.id, 'second look');
    expect(edited.ok && edited.value.text).toBe('second look');
    expect((await service.deleteNote(id, note.value.id)).ok).toBe(true);
    const notes = await api(`/alert/${id}/notes`, { token });
    expect((notes.body.notes as unknown[]).length).toBe(0);

    expect((await service.deleteAlerts([id])).ok).toBe(true);
    expect((await api(`/alert/${id}`, { token })).status).toBe(404);
  });

  it('preferences and saved searches are stored in the user attributes on the server', async () => {
    const { service } = await connect();
    const session = await service.login('viewer@alerta.dev', 'alerta-demo');
    if (!session.ok) throw new Error('login');
    await service.savePreferences({ isDark: true, timezone: 'utc' });
    await service.saveQuery({ text: 'web', q: 'resource:web01' });
    await service.saveQuery({ text: 'web', q: 'resource:web02' });
    const attrs = await api('/user/me/attributes', { token: session.value.token! });
    const attributes = attrs.body.attributes as { prefs: { isDark: boolean; timezone: string }; queries: { text: string; q: string }[] };
    expect(attributes.prefs.isDark).toBe(true);
    expect(attributes.prefs.timezone).toBe('utc');
    expect(attributes.queries).toEqual([{ text: 'web', q: 'resource:web02' }]);
    const reset = await service.resetPreferences();
    expect(reset.ok && reset.value.isDark).toBe(false);
  });

  it('changes saved one right after the other are all kept: the second does not overwrite the first with what it did not know', async () => {
    // As on the settings screen: the dark theme switched, and the font size changed before the first save answered.
    const { service } = await connect();
    const session = await service.login('viewer@alerta.dev', 'alerta-demo');
    if (!session.ok) throw new Error('login');
    await service.resetPreferences();
    const [dark, font, query, other] = await Promise.all([
      service.savePreferences({ isDark: true }),
      service.savePreferences({ font: { 'font-family': null, 'font-size': '16px', 'font-weight': null } }),
      service.saveQuery({ text: 'one', q: 'resource:web01' }),
      service.saveQuery({ text: 'two', q: 'resource:web02' }),
    ]);
    expect([dark.ok, font.ok, query.ok, other.ok]).toEqual([true, true, true, true]);
    const attrs = await api('/user/me/attributes', { token: session.value.token! });
    const attributes = attrs.body.attributes as { prefs: { isDark: boolean; font: Record<string, unknown> }; queries: { text: string }[] };
    expect(attributes.prefs.isDark).toBe(true);
    expect(attributes.prefs.font['font-size']).toBe('16px');
    expect(attributes.queries.map((q) => q.text)).toEqual(expect.arrayContaining(['one', 'two']));
    expect(font.ok && font.value).toMatchObject({ isDark: true, font: { 'font-size': '16px' } });
    await service.resetPreferences();
  });
});

describe('failure handling', () => {
  it('a malformed /alerts answer is a clear error; the last good rows stay', async () => {
    let corrupt = false;
    const fetchImpl: typeof fetch = async (input, init) => {
      const url = String(input);
      if (corrupt && url.includes('/alerts?')) return new Response('{"status":"ok","alerts":"nope"}', { status: 200, headers: { 'Content-Type': 'application/json' } });
      return fetch(input, init);
    };
    const { service, events, config } = await connect(server.url, fetchImpl);
    await service.login('admin@alerta.dev', 'alerta-demo');
    await service.setView(viewOf(config));
    const full = await waitFor(events, 0, isFull);
    expect(full.rows.length).toBeGreaterThan(0);
    corrupt = true;
    const mark = events.length;
    await service.refresh();
    const patch = await waitFor(events, mark, (e): e is AlertsPatch => isPatch(e) && !!e.meta?.error);
    expect(patch.meta?.error?.kind).toBe('malformed');
    expect(patch.rows).toBeUndefined();
    expect(patch.order).toBeUndefined();
    await service.setView(null);
  });

  it('a page past the end shows the last page that has alerts, and meta.page says which', async () => {
    const { service, events, config } = await connect();
    await service.login('admin@alerta.dev', 'alerta-demo');
    const mark = events.length;
    const view = { ...viewOf(config), rowsPerPage: 10, page: 99 };
    await service.setView(view);
    const full = await waitFor(events, mark, isFull);
    const pages = Math.ceil(full.meta.total / 10);
    expect(pages).toBeGreaterThan(1);
    expect(full.meta.page).toBe(pages);
    expect(full.rows.length).toBeGreaterThan(0);
    expect(full.rows.length).toBeLessThanOrEqual(10);
    // The view keeps its identity: the UI asked for page 99 and follows meta.page.
    expect(full.viewKey).toBe(viewKey(view));
    await service.setView(null);
  });

  it('a view change aborts the request in flight and its late answer is never shown', async () => {
    let slow = true;
    const fetchImpl: typeof fetch = async (input, init) => {
      if (slow && String(input).includes('environment=Development')) await new Promise((r) => setTimeout(r, 300));
      return fetch(input, init);
    };
    const { service, events, config } = await connect(server.url, fetchImpl);
    await service.login('admin@alerta.dev', 'alerta-demo');
    const mark = events.length;
    await service.setView(viewOf(config, { environment: 'Development' }));
    await service.setView(viewOf(config, { environment: 'Production' }));
    const full = await waitFor(events, mark, isFull);
    await new Promise((r) => setTimeout(r, 500));
    slow = false;
    const fulls = events.slice(mark).filter(isFull);
    expect(fulls).toHaveLength(1);
    expect(full.rows.every((r) => r.environment === 'Production')).toBe(true);
    expect(events.slice(mark).filter(isPatch).every((p) => p.viewKey === full.viewKey)).toBe(true);
    await service.setView(null);
  });

  it('server down then back up: offline with the rows kept, then live again with no storm of news', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'alerta-down-'));
    let own = await startDemoServer({ AUTH_REQUIRED: false }, { dataDir });
    const port = own.port;
    try {
      const { service, events, config } = await connect(own.url);
      await service.setView(viewOf(config));
      const full = await waitFor(events, 0, isFull);
      const rowCount = full.rows.length;

      await own.close();
      let mark = events.length;
      await service.refresh();
      const offline = await waitFor(events, mark, (e): e is AlertsPatch => isPatch(e) && e.meta?.freshness === 'offline');
      expect(offline.meta?.error?.kind).toBe('network');
      expect(offline.rows).toBeUndefined();
      expect(events.some((e) => e.type === 'connectivity' && !e.online)).toBe(true);

      own = await startServer({ port, host: '127.0.0.1', dataDir, seed: 'none', simulator: false, settings: { AUTH_REQUIRED: false } });
      const created = await api2(own.apiUrl, '/alert', { resource: `back-${Date.now()}`, event: 'BackUp', environment: 'Production', severity: 'critical' });
      mark = events.length;
      await service.refresh();
      const live = await waitFor(events, mark, (e): e is AlertsPatch => isPatch(e) && e.meta?.freshness === 'live');
      expect(live.news).toEqual([created]);
      expect(events.slice(mark).filter(isFull)).toHaveLength(0);
      expect(events.some((e) => e.type === 'connectivity' && e.online)).toBe(true);
      expect(rowCount).toBeGreaterThan(0);
      await service.setView(null);
    } finally {
      await own.close().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

async function api2(apiUrl: string, pathname: string, body: unknown): Promise<string> {
  const res = await fetch(`${apiUrl}${pathname}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return ((await res.json()) as { id: string }).id;
}

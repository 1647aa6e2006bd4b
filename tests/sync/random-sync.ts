// Random changes of every kind the real server makes, made while consoles keep their alert sets in step by deltas
// (src/worker/set-sync.ts), and after every step each set compared with a full read of the API. Used by
// tests/unit/worker/set-sync-random.test.ts against server/, and by hand against a real Alerta server:
//
//   node --import tsx tests/sync/random-sync.ts --url http://127.0.0.1:9080 --login admin@example.org \
//     --password alerta-check [--steps 300] [--seed 7]
//
// What no cheap check can see on the real server (another client's tags, attributes and notes move no time and no
// count) is compared without those fields until the next full pull, which the driver asks for every `pullEvery`
// steps as the safety interval would: then every field must agree again. Everything else must agree after one cycle.
import { SetSync, type SetStore, type StoredSet, type StoredSetState } from '../../src/worker/set-sync.ts';
import { setQueryOf, type SetQuery } from '../../src/core/alert-sync.ts';
import { CLIENT_DEFAULTS } from '../../src/core/config.ts';
import { defaultView } from '../../src/core/alerts-query.ts';
import type { AlertRow } from '../../src/worker/contract/index.ts';
import type { AlertsView, Config } from '../../src/core/types.ts';
import type { HttpContext } from '../../src/worker/http.ts';
import { parseAlert } from '../../src/worker/schema.ts';

export interface Target {
  apiUrl: string;
  /** the console's session (null: the API needs no sign-in) */
  consoleToken: string | null;
  /** another client: a sender, an operator elsewhere, a script (admin rights: deletes, blackouts, housekeeping) */
  otherToken: string | null;
  /** the login of the console's user (its watch tag) */
  consoleLogin: string;
  /** moves the server's clock on (server/ with a test clock); null: the driver waits for real time instead */
  advance: ((ms: number) => void) | null;
  /** the server's time now (for the views' relative ranges) */
  serverNow: () => Date;
  log?: (line: string) => void;
}

export interface RunOptions {
  steps: number;
  seed: number;
  /** a full pull of every set this often (the safety interval, compressed) */
  pullEvery: number;
  /** the sets compared; by default the console's usual ones (see views()) */
  views?: { name: string; view: AlertsView }[];
}

export interface RunReport {
  steps: number;
  kinds: Record<string, number>;
  cycles: number;
  pulls: number;
  repairs: number;
  requests: number;
  comparisons: number;
  /** alerts compared without tags, attributes and notes, because another client changed only those */
  masked: number;
  /** the largest set compared */
  largestSet: number;
  failures: string[];
}

/** The sets a console typically keeps: the default filter, every status, a search, a watch list, a sliding hour. */
export function views(config: Config, login: string): { name: string; view: AlertsView }[] {
  const base = defaultView(config, 50);
  return [
    { name: 'default (open, ack)', view: { ...base, groupBy: 'event' } },
    { name: 'every status', view: { ...base, filter: { ...base.filter, status: null }, groupBy: 'resource' } },
    { name: 'a search (critical or major)', view: { ...base, query: [['q', 'severity:critical OR severity:major']], groupBy: 'event' } },
    { name: 'watched by the user', view: { ...base, watchedBy: login, filter: { ...base.filter, status: null }, groupBy: 'event' } },
    { name: 'the last hour, with notes', view: { ...base, showHistory: true, filter: { ...base.filter, dateRange: [-3600, null] }, groupBy: 'service' } },
    { name: 'one service', view: { ...base, filter: { ...base.filter, service: ['Web'] }, overview: true } },
  ];
}

class MemoryStore implements SetStore {
  sets = new Map<string, StoredSet>();
  async loadSet(key: string) {
    const s = this.sets.get(key);
    return s ? structuredClone(s) : undefined;
  }
  async saveSet(state: StoredSetState, upserts: AlertRow[], removed: string[], all: boolean) {
    const current = this.sets.get(state.setKey);
    const byId = new Map(all || !current ? [] : current.alerts.map((a) => [a.id, a]));
    for (const a of upserts) byId.set(a.id, a);
    for (const id of removed) byId.delete(id);
    this.sets.set(state.setKey, { ...structuredClone(state), alerts: structuredClone([...byId.values()]) });
  }
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KINDS: [string, number][] = [
  ['new', 14], ['duplicate', 10], ['severity', 9], ['heartbeat-alert', 2], ['heartbeat', 2], ['blackout', 2],
  ['ack', 8], ['unack', 3], ['shelve', 5], ['unshelve', 3], ['close', 6], ['open', 4], ['ack-timeout', 3], ['expire', 3],
  ['delete', 5], ['tag', 5], ['untag', 3], ['watch', 4], ['unwatch', 2], ['attribute', 4], ['note', 4], ['asleep', 2], ['restart', 2],
];
const SEVERITIES = ['critical', 'major', 'minor', 'warning', 'informational', 'normal', 'debug', 'security', 'unknown'];
const ENVIRONMENTS = ['Production', 'Development'];
const SERVICES = ['Web', 'Database', 'Network', 'Payments'];
const EVENTS = ['HighCPU', 'DiskFull', 'NodeDown', 'SlowQuery', 'PacketLoss'];

/** Every field as the API gave it, keys sorted (the console's own `trend` left out), optionally without some. */
function canonical(alert: Record<string, unknown>, without: readonly string[] = []): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort((v as Record<string, unknown>)[k])]));
    return v;
  };
  const { trend: _trend, ...rest } = alert;
  for (const key of without) delete (rest as Record<string, unknown>)[key];
  return JSON.stringify(sort(rest));
}

export async function runRandomSync(target: Target, options: RunOptions): Promise<RunReport> {
  const rand = mulberry32(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const config: Config = CLIENT_DEFAULTS;
  const log = target.log ?? (() => undefined);
  const report: RunReport = { steps: 0, kinds: {}, cycles: 0, pulls: 0, repairs: 0, requests: 0, comparisons: 0, masked: 0, largestSet: 0, failures: [] };
  const store = new MemoryStore();
  const http = (token: string | null): HttpContext => ({ endpoint: target.apiUrl, token: () => token });
  const consoleHttp = http(target.consoleToken);
  const sets = (options.views ?? views(config, target.consoleLogin)).map(({ name, view }) => ({ name, view, sync: newSync(view), asleep: 0 }));
  /** per set, alerts another client changed in what no cheap check sees, since the last full pull */
  const invisible = new Map<string, Set<string>>(sets.map((s) => [s.name, new Set()]));

  function newSync(view: AlertsView) {
    return new SetSync(view, 'random-sync', { http: () => consoleHttp, config: () => config, now: target.serverNow, store: () => store });
  }

  async function api(token: string | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await fetch(`${target.apiUrl}${path}`, {
      method,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  async function allAlerts(q: SetQuery): Promise<Map<string, Record<string, unknown>>> {
    const params = new URLSearchParams(q.filter);
    if (q.range.from) params.append('from-date', q.range.from);
    if (q.range.to) params.append('to-date', q.range.to);
    if (q.history) params.append('show-history', 'true');
    params.append('page-size', '100000');
    const res = await api(target.consoleToken, 'GET', `/alerts?${params}`);
    if (res.status !== 200) throw new Error(`GET /alerts answered ${res.status}`);
    // As the console reads an answer (a missing value is '', not null): the set is compared with what it would hold.
    return new Map((res.body.alerts as unknown[]).map((raw) => parseAlert(raw) as unknown as Record<string, unknown>).map((a) => [a.id as string, a]));
  }

  async function someAlert(filter = ''): Promise<Record<string, unknown> | null> {
    const res = await api(target.otherToken, 'GET', `/alerts?page-size=200&sort-by=lastReceiveTime${filter}`);
    const list = (res.body.alerts as Record<string, unknown>[] | undefined) ?? [];
    return list.length ? pick(list) : null;
  }

  const send = (token: string | null, alert: Record<string, unknown>) => api(token, 'POST', '/alert', alert);
  const fresh = (extra: Record<string, unknown> = {}) => ({
    resource: `host-${Math.floor(rand() * 60)}`,
    event: pick(EVENTS),
    environment: pick(ENVIRONMENTS),
    severity: pick(SEVERITIES),
    service: [pick(SERVICES)],
    group: 'Random',
    value: String(Math.floor(rand() * 100)),
    text: `random change ${Math.floor(rand() * 1e6)}`,
    origin: 'random-sync',
    tags: rand() < 0.3 ? ['dc1'] : [],
    ...extra,
  });
  const resend = (a: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    resource: a.resource, event: a.event, environment: a.environment, severity: a.severity, service: a.service,
    group: a.group, value: String(Math.floor(rand() * 100)), text: a.text, origin: a.origin, ...extra,
  });

  /** One random change; returns the id changed invisibly by another client, if that is what it was. */
  async function change(kind: string): Promise<string | null> {
    const own = rand() < 0.3;
    const token = own ? target.consoleToken : target.otherToken;
    const touched = (id: string) => {
      if (own) for (const s of sets) s.sync.touched([id]);
    };
    switch (kind) {
      case 'new':
        await send(target.otherToken, fresh(rand() < 0.3 ? { timeout: 40 } : {}));
        return null;
      case 'heartbeat-alert':
        await send(target.otherToken, fresh({ event: 'HeartbeatFail', group: 'Heartbeat', severity: 'major', origin: 'alerta/heartbeat' }));
        return null;
      case 'heartbeat':
        await send(target.otherToken, { resource: 'agent-1', event: 'Heartbeat', environment: 'Production', origin: 'random-sync/agent', severity: 'informational' });
        return null;
      case 'blackout': {
        const env = pick(ENVIRONMENTS);
        const resource = `blackout-${Math.floor(rand() * 5)}`;
        await api(target.otherToken, 'POST', '/blackout', { environment: env, resource, duration: 3600 });
        await send(target.otherToken, fresh({ environment: env, resource }));
        return null;
      }
      case 'duplicate':
      case 'severity': {
        const a = await someAlert();
        if (!a) return null;
        await send(target.otherToken, kind === 'duplicate' ? resend(a) : resend(a, { severity: pick(SEVERITIES.filter((s) => s !== a.severity)) }));
        return null;
      }
      case 'ack':
      case 'unack':
      case 'shelve':
      case 'unshelve':
      case 'close':
      case 'open':
      case 'ack-timeout': {
        const wanted = { ack: 'open', unack: 'ack', shelve: 'open', unshelve: 'shelved', close: 'open', open: 'closed', 'ack-timeout': 'open' }[kind];
        const a = await someAlert(`&status=${wanted}`);
        if (!a) return null;
        const action = kind === 'ack-timeout' ? 'ack' : kind;
        await api(token, 'PUT', `/alert/${a.id as string}/action`, { action, text: `random ${kind}`, ...(kind === 'ack-timeout' ? { timeout: 20 } : {}) });
        touched(a.id as string);
        return null;
      }
      case 'expire':
        // Past every short timeout (alerts of 40 s, acks of 20 s), then the server's housekeeping.
        if (target.advance) target.advance(45_000);
        else await new Promise((r) => setTimeout(r, 1000));
        await api(target.otherToken, 'GET', '/management/housekeeping');
        return null;
      case 'delete': {
        const a = await someAlert();
        if (!a) return null;
        const done = await api(token, 'DELETE', `/alert/${a.id as string}`);
        if (own && done.status === 200) for (const s of sets) s.sync.deleted([a.id as string]);
        return null;
      }
      case 'tag':
      case 'untag':
      case 'watch':
      case 'unwatch': {
        const a = await someAlert(kind === 'unwatch' ? `&q=${encodeURIComponent(`tags:"watch:${target.consoleLogin}"`)}` : '');
        if (!a) return null;
        const tag = kind === 'watch' || kind === 'unwatch' ? `watch:${target.consoleLogin}` : 'dc1';
        await api(token, 'PUT', `/alert/${a.id as string}/${kind === 'tag' || kind === 'watch' ? 'tag' : 'untag'}`, { tags: [tag] });
        touched(a.id as string);
        return own ? null : (a.id as string);
      }
      case 'attribute': {
        const a = await someAlert();
        if (!a) return null;
        await api(token, 'PUT', `/alert/${a.id as string}/attributes`, { attributes: { region: rand() < 0.5 ? null : `r${Math.floor(rand() * 9)}` } });
        touched(a.id as string);
        return own ? null : (a.id as string);
      }
      case 'note': {
        const a = await someAlert();
        if (!a) return null;
        await api(token, 'PUT', `/alert/${a.id as string}/note`, { text: `note ${Math.floor(rand() * 1000)}` });
        touched(a.id as string);
        return own ? null : (a.id as string);
      }
      case 'asleep':
        // A console that sleeps through a few steps and catches up by delta.
        pick(sets).asleep = 1 + Math.floor(rand() * 4);
        return null;
      case 'restart': {
        // A console started again (or another tab taking over): the set and its cursors come from storage.
        const s = pick(sets);
        await s.sync.flushed();
        s.sync = newSync(s.view);
        return null;
      }
    }
    return null;
  }

  async function compare(s: (typeof sets)[number], strict: boolean, step: number) {
    const q = setQueryOf(s.view, target.serverNow());
    const server = await allAlerts(q);
    const mine = s.sync.set;
    report.comparisons++;
    report.largestSet = Math.max(report.largestSet, server.size);
    const masked = strict ? new Set<string>() : invisible.get(s.name)!;
    const problems: string[] = [];
    for (const [id, alert] of server) {
      const local = mine.get(id);
      if (!local) {
        problems.push(`missing ${id} (${alert.status as string} ${alert.severity as string} ${alert.resource as string}/${alert.event as string})`);
        continue;
      }
      const without = masked.has(id) ? ['tags', 'attributes', 'history'] : [];
      if (without.length) report.masked++;
      const mineText = canonical(local as unknown as Record<string, unknown>, without);
      const theirs = canonical(alert, without);
      if (mineText !== theirs) {
        const at = [...mineText].findIndex((c, i) => c !== theirs[i]);
        problems.push(`differs ${id}: …${mineText.slice(Math.max(0, at - 60), at + 60)}… where the server has …${theirs.slice(Math.max(0, at - 60), at + 60)}…`);
      }
    }
    for (const a of mine.values()) if (!server.has(a.id)) problems.push(`extra ${a.id} (${a.status} ${a.resource}/${a.event})`);
    if (problems.length) report.failures.push(`step ${step}, ${s.name}${strict ? ' (after a full pull)' : ''}: ${problems.slice(0, 3).join('; ')}`);
  }

  async function cycleAll(step: number, strict: boolean) {
    for (const s of sets) {
      if (s.asleep > 0 && !strict) {
        s.asleep--;
        continue;
      }
      const r = await s.sync.cycle(new AbortController().signal, 30_000);
      report.cycles++;
      if (!r.ok) {
        report.failures.push(`step ${step}, ${s.name}: the cycle failed: ${r.error.message}`);
        continue;
      }
      report.requests += r.value.requests;
      if (r.value.kind === 'pull') report.pulls++;
      if (r.value.kind === 'repair') report.repairs++;
      await compare(s, strict, step);
    }
  }

  await cycleAll(0, true);
  for (let step = 1; step <= options.steps; step++) {
    const kind = ((): string => {
      const total = KINDS.reduce((n, [, w]) => n + w, 0);
      let x = rand() * total;
      for (const [k, w] of KINDS) if ((x -= w) < 0) return k;
      return 'new';
    })();
    report.kinds[kind] = (report.kinds[kind] ?? 0) + 1;
    const hidden = await change(kind);
    if (hidden) for (const s of invisible.values()) s.add(hidden);
    // Time passes between steps: the cursors settle, the sliding hour slides.
    const pause = 200 + Math.floor(rand() * 2500);
    if (target.advance) target.advance(pause);
    else await new Promise((r) => setTimeout(r, Math.min(pause, 300)));
    const strict = step % options.pullEvery === 0;
    if (strict) for (const s of sets) s.sync.pullNext('the safety interval (compressed)');
    await cycleAll(step, strict);
    if (strict) for (const s of invisible.values()) s.clear();
    report.steps = step;
    if (step % 50 === 0) log(`step ${step}: ${report.cycles} cycles, ${report.pulls} pulls, ${report.repairs} repairs, ${report.failures.length} failures`);
    if (report.failures.length > 20) break;
  }
  return report;
}

// ---- by hand, against a real Alerta server ------------------------------------------------------------------------

async function main(argv: string[]) {
  const arg = (name: string, fallback?: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : fallback;
  };
  const url = arg('url');
  const login = arg('login');
  const password = arg('password');
  if (!url || !login || !password) {
    console.error('Usage: node --import tsx tests/sync/random-sync.ts --url URL --login LOGIN --password PASSWORD [--steps N] [--seed N] [--pull-every N]');
    process.exit(2);
  }
  const res = await fetch(`${url}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: login, password }) });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  const { token } = (await res.json()) as { token: string };
  const started = Date.now();
  const report = await runRandomSync(
    { apiUrl: url, consoleToken: token, otherToken: token, consoleLogin: login, advance: null, serverNow: () => new Date(), log: (l) => console.log(l) },
    { steps: Number(arg('steps', '300')), seed: Number(arg('seed', '7')), pullEvery: Number(arg('pull-every', '25')) },
  );
  console.log(JSON.stringify({ ...report, seconds: Math.round((Date.now() - started) / 1000) }, null, 2));
  process.exit(report.failures.length ? 1 : 0);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').slice(-2).join('/'))) void main(process.argv.slice(2));

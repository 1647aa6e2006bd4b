// Contract test: replays every capture of the real Alerta server (tests/contract/alerta-api, in INDEX.md
// order) against server/ and checks the same status code and the same body shape (key sets and value types,
// recursively). Ids in the captures are mapped to the ids our server hands out for the same calls; alerts the
// captures never created are created fresh. Captures we answer differently on purpose are listed in DIFFERENCES.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/start.ts';
import { DEMO_KEYS, DEMO_PASSWORD } from '../../server/seed.ts';
import { OAUTH_PROVIDERS } from '../../src/core/providers.ts';
import { socialLoginPath } from '../../src/core/oauth.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CAPTURES = path.resolve(REPO_ROOT, 'tests', 'contract', 'alerta-api');

interface Capture {
  request: {
    method: string;
    path: string;
    query: [string, string | number][];
    body: unknown;
    auth: string | null;
    headers?: Record<string, string>;
  };
  status: number;
  headers: Record<string, string>;
  response: unknown;
}

/**
 * Captures we answer differently on purpose. `status` is what we answer; `shape: false` skips the body
 * comparison because the body is of another kind (e.g. a result instead of the real server's 500 error).
 */
const DIFFERENCES: Record<string, { status: number; shape: boolean; reason: string }> = {
  'POST_alert__invalid-severity-500.json': { status: 400, shape: true, reason: 'an unknown severity is bad input: 400, not the real server\'s 500' },
  'PUT_alert_tag__missing-tags-500.json': { status: 400, shape: true, reason: 'missing tags is bad input: 400, not 500' },
  'GET_alerts__tag-watch-admin.json': { status: 200, shape: false, reason: 'tag= works here (the real server fails with 500 on Postgres)' },
  'GET_alerts__q-tags-wildcard-500.json': { status: 400, shape: true, reason: 'a q= the database refuses is bad input: 400 with the database message, not 500' },
  'PUT_alert_status__invalid-value-accepted.json': { status: 400, shape: false, reason: 'an unknown status is refused with 400 instead of being stored' },
  'POST_auth_signup__missing-password-accepted.json': { status: 400, shape: false, reason: 'signup without a password is refused with 400 (the real server creates a user nobody can log in as)' },
  'GET_management.json': { status: 200, shape: false, reason: 'every response is JSON: a list of links instead of an HTML page' },
};

/** Initial state of alerts that the captures act on without creating them first. */
const INITIAL_SEVERITY: Record<string, string> = {
  'e65d8b36-5990-4c2f-806e-ea97fee9549d': 'normal', // "open a closed alert": it was closed before the capture
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const FAKE_KEY = /FAKE-API-KEY-\d\d-x+/g;
const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

// ---------------------------------------------------------------- shape comparison

/** Keys whose values are data-keyed maps (compare value types only, not key sets). */
const MAP_KEYS = new Set(['severityCounts', 'statusCounts', 'attributes', 'severity', 'status', 'prefs', 'colors', 'text']);

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function collectNullable(v: unknown, out: Set<string>): void {
  if (Array.isArray(v)) v.forEach((x) => collectNullable(x, out));
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (x === null) out.add(k);
      collectNullable(x, out);
    }
  }
}

function compareShape(actual: unknown, expected: unknown, at: string, nullable: Set<string>, key: string, out: string[]): void {
  const ta = typeOf(actual);
  const te = typeOf(expected);
  if (ta !== te) {
    if ((ta === 'null' || te === 'null') && nullable.has(key)) return;
    out.push(`${at}: expected ${te}, got ${ta}`);
    return;
  }
  if (ta === 'array') {
    const a = actual as unknown[];
    const e = expected as unknown[];
    if (a.length === 0 || e.length === 0) return;
    for (let i = 0; i < a.length; i++) {
      // an element passes when it has the shape of any element of the capture
      let best: string[] | null = null;
      for (const candidate of e) {
        const errs: string[] = [];
        compareShape(a[i], candidate, `${at}[${i}]`, nullable, key, errs);
        if (errs.length === 0) { best = []; break; }
        if (!best || errs.length < best.length) best = errs;
      }
      if (best && best.length) { out.push(...best); return; }
    }
    return;
  }
  if (ta === 'object') {
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    if (MAP_KEYS.has(key) && at !== '$') {
      const types = new Set(Object.values(e).map(typeOf));
      for (const [k, v] of Object.entries(a)) {
        if (types.size && !types.has(typeOf(v)) && typeOf(v) !== 'object') out.push(`${at}.${k}: map value ${typeOf(v)} not in [${[...types].join(',')}]`);
      }
      return;
    }
    const ka = Object.keys(a).sort();
    const ke = Object.keys(e).sort();
    const missing = ke.filter((k) => !(k in a));
    const extra = ka.filter((k) => !(k in e));
    if (missing.length) out.push(`${at}: missing keys ${missing.join(', ')}`);
    if (extra.length) out.push(`${at}: extra keys ${extra.join(', ')}`);
    for (const k of ke) if (k in a) compareShape(a[k], e[k], `${at}.${k}`, nullable, k, out);
  }
}

// ---------------------------------------------------------------- replay

const captureFiles = (): string[] => {
  const index = readFileSync(path.join(CAPTURES, 'INDEX.md'), 'utf8');
  return [...index.matchAll(/^\| `([^`]+\.json)`/gm)].map((m) => m[1] as string);
};

describe('shape comparison', () => {
  const diff = (actual: unknown, expected: unknown, nullable: string[] = []): string[] => {
    const out: string[] = [];
    compareShape(actual, expected, '$', new Set(nullable), '', out);
    return out;
  };

  it('reports missing and extra keys, wrong types and wrong element shapes', () => {
    expect(diff({ a: 1, b: 'x' }, { a: 1, b: 'y' })).toEqual([]);
    expect(diff({ a: 1 }, { a: 1, b: 'y' })).toEqual(['$: missing keys b']);
    expect(diff({ a: 1, c: 2 }, { a: 1 })).toEqual(['$: extra keys c']);
    expect(diff({ a: '1' }, { a: 1 })).toEqual(['$.a: expected number, got string']);
    expect(diff({ l: [{ x: 1 }, { y: 1 }] }, { l: [{ x: 2 }] })).toEqual(['$.l[1]: missing keys x', '$.l[1]: extra keys y']);
  });

  it('allows null only for keys the captures show as null, and compares data maps by value type', () => {
    expect(diff({ value: null }, { value: 'x' }, ['value'])).toEqual([]);
    expect(diff({ total: null }, { total: 3 }, ['value'])).toEqual(['$.total: expected number, got null']);
    expect(diff({ x: { severityCounts: { critical: 1 } } }, { x: { severityCounts: { major: 2 } } })).toEqual([]);
    expect(diff({ x: { severityCounts: { critical: '1' } } }, { x: { severityCounts: { major: 2 } } })).toHaveLength(1);
  });
});

describe('contract with the real Alerta server (captures)', () => {
  let auth: RunningServer;
  let noauth: RunningServer;
  const tokens: Record<string, string> = {};
  const idMap = new Map<string, string>();
  let nullable: Set<string>;
  let freshCount = 0;

  beforeAll(async () => {
    if (!existsSync(CAPTURES)) throw new Error(`captures not found at ${CAPTURES}`);
    nullable = new Set();
    for (const f of captureFiles()) collectNullable((JSON.parse(readFileSync(path.join(CAPTURES, f), 'utf8')) as Capture).response, nullable);
    const settings = {
      AUTH_REQUIRED: true, SIGNUP_ENABLED: true, CUSTOMER_VIEWS: true, ADMIN_USERS: ['admin@alerta.dev'],
    };
    auth = await startServer({ seed: 'demo', settings });
    noauth = await startServer({ seed: 'demo', settings: { AUTH_REQUIRED: false } });
    for (const [name, login] of [['admin', 'admin@alerta.dev'], ['acme', 'ops@acme.example']]) {
      const res = await fetch(`${auth.apiUrl}/auth/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: login, password: DEMO_PASSWORD }),
      });
      expect(res.status, `login ${login}`).toBe(200);
      tokens[name as string] = ((await res.json()) as { token: string }).token;
    }
  });

  afterAll(async () => {
    await auth?.close();
    await noauth?.close();
  });

  const adminHeaders = (): Record<string, string> => ({ authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' });

  async function freshAlert(server: RunningServer, captureId: string): Promise<string> {
    freshCount++;
    const res = await fetch(`${server.apiUrl}/alert`, {
      method: 'POST',
      headers: server === auth ? adminHeaders() : { 'content-type': 'application/json' },
      body: JSON.stringify({
        resource: `contract-${freshCount}`, event: 'ContractCheck', environment: 'Production',
        severity: INITIAL_SEVERITY[captureId] ?? 'major', service: ['Web'], value: '1', text: 'created by the contract test',
        attributes: { region: 'eu-west-1' }, tags: ['contract'],
      }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  /** Creates an entity the captures refer to without creating it (e.g. the second key they delete). */
  async function freshEntity(server: RunningServer, kind: string, captureId: string): Promise<string> {
    const post = async (p: string, body: unknown): Promise<Record<string, unknown>> => {
      const res = await fetch(`${server.apiUrl}${p}`, { method: 'POST', headers: adminHeaders(), body: JSON.stringify(body) });
      expect(res.status, `creating ${kind} for ${captureId}`).toBe(201);
      return (await res.json()) as Record<string, unknown>;
    };
    const n = ++freshCount;
    switch (kind) {
      case 'alert': return freshAlert(server, captureId);
      case 'user': return (await post('/user', { name: `User ${n}`, email: `user${n}@acme.example`, password: 'secret-123', roles: ['user'] })).id as string;
      case 'group': return (await post('/group', { name: `group-${n}`, text: 'contract' })).id as string;
      case 'customer': return (await post('/customer', { customer: `Customer ${n}`, match: `customer${n}.example` })).id as string;
      case 'perm': return (await post('/perm', { match: `role-${n}`, scopes: ['read'] })).id as string;
      case 'heartbeat': return (await post('/heartbeat', { origin: `contract/${n}`, timeout: 300 })).id as string;
      case 'blackout': return (await post('/blackout', { environment: 'Development', resource: `contract-${n}`, duration: 600 })).id as string;
      case 'key': return (await post('/key', { scopes: ['read:alerts'], text: 'contract' })).key as string;
      default: throw new Error(`no fixture for ${kind}`);
    }
  }

  async function mapPath(server: RunningServer, p: string): Promise<string> {
    const segments = p.split('/');
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i] as string;
      const isId = /^[0-9a-f]{8}(-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/.test(seg) || /^FAKE-API-KEY-/.test(seg);
      if (!isId || seg === ZERO_UUID) continue;
      const kind = segments[i - 1] === 'note' ? 'note' : (segments[i - 1] as string);
      if (seg.length === 8) {
        // short id prefix: map through the full id that starts with it
        const full = [...idMap.keys()].find((k) => k.startsWith(seg));
        const ours = full ? idMap.get(full) : await freshEntity(server, 'alert', seg);
        segments[i] = (ours as string).slice(0, 8);
        continue;
      }
      if (!idMap.has(seg)) idMap.set(seg, await freshEntity(server, kind === 'alert' ? 'alert' : kind, seg));
      segments[i] = idMap.get(seg) as string;
    }
    return segments.join('/');
  }

  function mapText(s: string): string {
    return s.replace(UUID, (m) => idMap.get(m) ?? m).replace(FAKE_KEY, (m) => idMap.get(m) ?? m);
  }

  function recordIds(captured: unknown, ours: unknown): void {
    if (!captured || !ours || typeof captured !== 'object' || typeof ours !== 'object') return;
    const c = captured as Record<string, unknown>;
    const o = ours as Record<string, unknown>;
    if (typeof c.id === 'string' && typeof o.id === 'string' && c.id !== ZERO_UUID) idMap.set(c.id, o.id);
    if (typeof c.key === 'string' && typeof o.key === 'string') idMap.set(c.key, o.key);
    for (const k of ['alert', 'note', 'user', 'group', 'customer', 'permission', 'heartbeat', 'blackout', 'data']) recordIds(c[k], o[k]);
  }

  function authFor(file: string, captured: string | null): string | null {
    if (captured === null) return null;
    if (file === 'GET_alerts__401-bad-token.json') return 'Bearer not-a-valid-token';
    if (file === 'GET_alerts__401-bad-api-key.json') return 'Key FAKE-API-KEY-99-xxxxxxxxxxxxxxxxxxxxxxxx';
    if (captured.startsWith('Key')) return `Key ${DEMO_KEYS.readOnly}`;
    // the captures' "operator" was a customer-scoped user (olivia@acme.example) with roles [user]
    if (/403-operator|other-customer|operator-customer-view/.test(file) || file === 'PUT_user_me__update.json') return `Bearer ${tokens.acme}`;
    return `Bearer ${tokens.admin}`;
  }

  function mapQuery(file: string, query: [string, string | number][]): [string, string][] {
    const now = new Date().toISOString();
    return query.map(([k, v]) => {
      let value = mapText(String(v));
      if (/^[0-9a-f]{8}$/.test(value)) {
        const full = [...idMap.keys()].find((id) => id.startsWith(value));
        if (full) value = (idMap.get(full) as string).slice(0, 8);
      }
      if (k === 'from-date') {
        // "nothing new" polls must come back empty; the "after new and dup" poll must see the alerts sent just before
        value = file.includes('after-new-and-dup') ? new Date(Date.now() - 60_000).toISOString() : now;
      }
      if (k === 'to-date') value = now;
      if (k === 'api-key') value = DEMO_KEYS.readOnly;
      return [k, value];
    });
  }

  function mapBody(file: string, body: unknown): unknown {
    if (body === null || typeof body !== 'object') return body;
    const b = JSON.parse(mapText(JSON.stringify(body))) as Record<string, unknown>;
    if (file.startsWith('POST_auth_login__admin') && b.password) b.password = DEMO_PASSWORD;
    // the demo seed already maps acme.example to Acme Corp; create another mapping of the same shape
    if (file === 'POST_customer.json' || file === 'PUT_customer__update.json') b.match = 'acme-contract.example';
    if (file === 'POST_group.json') b.name = 'sre-team-contract';
    return b;
  }

  it.each(captureFiles())('%s', async (file) => {
    const cap = JSON.parse(readFileSync(path.join(CAPTURES, file), 'utf8')) as Capture;
    const server = file.includes('noauth') ? noauth : auth;
    const p = await mapPath(server, cap.request.path);
    const qs = new URLSearchParams(mapQuery(file, cap.request.query)).toString();
    const headers: Record<string, string> = { ...(cap.request.headers ?? {}) };
    const a = authFor(file, cap.request.auth);
    if (a) headers.authorization = a;
    let body: string | undefined;
    if (typeof cap.request.body === 'string') {
      body = cap.request.body;
      headers['content-type'] = 'application/json';
    } else if (cap.request.body !== null && cap.request.body !== undefined) {
      body = JSON.stringify(mapBody(file, cap.request.body));
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${server.apiUrl}${p === '/' ? '/' : p}${qs ? `?${qs}` : ''}`, { method: cap.request.method, headers, body });
    const text = await res.text();
    const diff = DIFFERENCES[file];
    // The real server's plain-text probes (gtg, healthcheck) answer "OK" as text/html, and so must we.
    const plain = cap.request.method === 'OPTIONS' || (!diff && /text\/html/.test(cap.headers['Content-Type'] ?? ''));
    const ours: unknown = text === '' ? '' : plain && cap.request.method !== 'OPTIONS' ? text : JSON.parse(text);
    expect(res.status, `${file}: ${text.slice(0, 300)}`).toBe(diff ? diff.status : cap.status);
    expect(res.headers.get('content-type') ?? '', file).toMatch(plain ? /text\/html/ : /application\/json/);
    if (diff && !diff.shape) return;
    recordIds(cap.response, ours);
    const errors: string[] = [];
    compareShape(ours, cap.response, '$', nullable, '', errors);
    expect(errors, `${file} shape`).toEqual([]);
    for (const h of ['Access-Control-Allow-Origin', 'Access-Control-Allow-Credentials', 'Location']) {
      expect(res.headers.has(h), `${file}: header ${h}`).toBe(h in cap.headers);
    }
  });
});

// ---------------------------------------------------------------- sign-in routes of the identity providers

/**
 * POST /auth/<name> on the real server 9.1.0 with AUTH_PROVIDER 'basic' (tests/contract/sign-in, README there): a
 * route that exists answers with its own error, one that does not with 404. The same set follows from the
 * `@auth.route(...)` decorators of alerta/auth/*.py (SAML's module is loaded only with AUTH_PROVIDER 'saml2'), kept in
 * tests/contract/sign-in/upstream-routes.json, which the last test reads.
 */
const SIGN_IN_CAPTURES = path.resolve(REPO_ROOT, 'tests', 'contract', 'sign-in');
const REAL_SIGN_IN_ROUTES: Record<string, Capture> = Object.fromEntries(
  readdirSync(SIGN_IN_CAPTURES)
    .map((f) => /^POST_auth_([a-z]+)__basic\.json$/.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1], JSON.parse(readFileSync(path.join(SIGN_IN_CAPTURES, m[0]), 'utf8')) as Capture]),
);
const routeExists = (name: string) => REAL_SIGN_IN_ROUTES[name]!.status !== 404;

describe('sign-in routes of the real server (alerta/auth at v9.1.0)', () => {
  it('were captured for every provider the console knows, and the routes the real server has besides', () => {
    expect(Object.keys(REAL_SIGN_IN_ROUTES).sort()).toEqual(['azure', 'cas', 'cognito', 'github', 'gitlab', 'google', 'keycloak', 'openid', 'pingfederate', 'saml']);
  });

  it('the console posts every provider’s code to a route the real server has', () => {
    for (const provider of OAUTH_PROVIDERS) {
      const route = socialLoginPath(provider);
      expect(route, provider).toMatch(/^\/auth\/[a-z]+$/);
      expect(routeExists(route!.slice('/auth/'.length)), `${provider} → ${route}`).toBe(true);
    }
  });

  it('server/ has the same routes: 404 exactly where the real server answers 404', async () => {
    const s = await startServer({ seed: 'none', settings: { AUTH_REQUIRED: true } });
    try {
      for (const name of Object.keys(REAL_SIGN_IN_ROUTES)) {
        const cap = REAL_SIGN_IN_ROUTES[name]!;
        const res = await fetch(`${s.apiUrl}${cap.request.path}`, {
          method: cap.request.method,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(cap.request.body),
        });
        expect(res.status === 404, `${name}: ${res.status}`).toBe(!routeExists(name));
        if (!routeExists(name)) expect(await res.json()).toEqual({ ...(cap.response as object), requestId: expect.any(String) });
      }
    } finally {
      await s.close();
    }
  });

  // The decorators as kept in the repository (upstream-routes.ts writes them from the source, by hand): the test runs
  // everywhere, with or without the upstream source at hand.
  it('the captured table matches the route decorators of the upstream source at v9.1.0', () => {
    const kept = JSON.parse(readFileSync(path.join(SIGN_IN_CAPTURES, 'upstream-routes.json'), 'utf8')) as { source: string; routes: { route: string; methods: string[] }[] };
    expect(kept.source).toMatch(/v9\.1\.0/);
    const routes = new Set<string>();
    for (const r of kept.routes) {
      const m = /^\/auth\/([a-z]+)$/.exec(r.route);
      if (m && r.methods.includes('POST') && !['login', 'signup', 'forgot', 'logout', 'confirm', 'reset'].includes(m[1]!)) routes.add(m[1]!);
    }
    const loadedWithBasic = [...routes].filter((r) => r !== 'saml').sort();
    expect(loadedWithBasic).toEqual(Object.keys(REAL_SIGN_IN_ROUTES).filter(routeExists).sort());
    expect(routes.has('saml')).toBe(true);
  });
});

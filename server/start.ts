// startServer(): one Fastify process with the API under /api, /config.json for the console, optionally the
// built console from dist/ (server/console-serving.ts: precompressed files, cache headers, SPA fallback, security
// policy), demo seed, simulator and the housekeeping timer.
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerConsole, type CspViolationLog } from './console-routes.ts';
import { openDb, closeDb, getMeta, setMeta, type Db } from './db.ts';
import { loadSettings, type ServerSettings } from './settings.ts';
import { modelFromSettings, type AppContext } from './context.ts';
import { systemClock, type Clock } from './time.ts';
import { MailLog } from './mail.ts';
import { registerApi } from './api.ts';
import { registerTestHooks, type TestHooks } from './test-hooks.ts';
import { sendError, FLASK_400 } from './http.ts';
import { ensureSystemPerms, randomSecret } from './auth.ts';
import { housekeeping } from './alert-store/housekeeping.ts';
import { seedDemo, seedUsers } from './seed.ts';
import { startSimulator, type Simulator } from './simulator.ts';
import { discoverAtStart, oidcEnabled } from './oidc.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_DIST_DIR = path.join(REPO_ROOT, 'dist');
export const API_PREFIX = '/api';

export interface StartOptions {
  /** 0 = any free port */
  port?: number;
  host?: string;
  /** folder holding alerta.sqlite; null = in-memory database */
  dataDir?: string | null;
  /** delete the database first */
  fresh?: boolean;
  /** 'demo' (or true): users, alerts, heartbeats, blackouts; 'users': only users, customer, group, keys; 'none' (or false) */
  seed?: boolean | 'demo' | 'users' | 'none';
  simulator?: boolean | { intervalMs: number };
  /** serve the built console from dist/ at / */
  serveConsole?: boolean;
  /** folder of the built console (default: dist/ of the repository) */
  distDir?: string;
  /**
   * the API endpoint config.json gives the console, and the only other origin its security policy lets it call
   * (default: CONSOLE_ENDPOINT from the environment, else /api, this server)
   */
  consoleEndpoint?: string;
  /** answer *.map requests (default: SERVE_SOURCE_MAPS=1 in the environment; normally they stay on disk only) */
  serveSourceMaps?: boolean;
  settings?: Partial<ServerSettings>;
  now?: () => Date;
  /** test-only hooks (hold requests open, count requests): server/test-hooks.ts; never on in the demo */
  testHooks?: boolean;
  /** log requests to stdout */
  logRequests?: boolean;
  /**
   * tests only: the OpenID Connect issuer to discover instead of the one the settings give (a provider on loopback
   * standing in for Cognito, Azure or Google, whose issuers are fixed addresses)
   */
  oidcIssuer?: string;
}

export interface RunningServer {
  /** origin, e.g. http://127.0.0.1:43123 */
  url: string;
  /** url + '/api' */
  apiUrl: string;
  port: number;
  close(): Promise<void>;
  db: Db;
  settings: ServerSettings;
  ctx: AppContext;
  app: FastifyInstance;
  simulator: Simulator | null;
  /** the latest security-policy violations browsers reported to /csp-report */
  cspViolations: CspViolationLog;
  /** set with testHooks */
  testHooks: TestHooks | null;
}

function jwtSecretFor(settings: ServerSettings, dataDir: string | null): string {
  if (settings.SECRET_KEY) return settings.SECRET_KEY;
  if (dataDir === null) return randomSecret();
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomSecret();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Severity codes are stored for sorting; recompute them if the severity map changed since the last run. */
function refreshSeverityCodes(db: Db, map: Record<string, number>): void {
  const key = JSON.stringify(map);
  if (getMeta(db, 'severity_map') === key) return;
  db.transaction(() => {
    const upd = db.prepare('UPDATE alerts SET severity_code = ? WHERE severity = ?');
    for (const [sev, code] of Object.entries(map)) upd.run(code, sev);
    db.prepare(`UPDATE alerts SET severity_code = 99 WHERE severity NOT IN (${Object.keys(map).map(() => '?').join(',')})`).run(...Object.keys(map));
    setMeta(db, 'severity_map', key);
  })();
}

export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const settings = loadSettings({ overrides: opts.settings ?? {} });
  const dataDir = opts.dataDir === undefined ? null : opts.dataDir;
  const db = openDb(dataDir, { fresh: opts.fresh ?? false });
  const clock: Clock = opts.now ?? systemClock;
  const ctx: AppContext = {
    db,
    settings,
    model: modelFromSettings(settings),
    now: clock,
    mail: new MailLog(settings.MAIL_LOG ?? (dataDir ? path.join(dataDir, 'mail.log') : null)),
    startedAt: clock(),
    metrics: { counters: {}, timers: {} },
    jwtSecret: new TextEncoder().encode(jwtSecretFor(settings, dataDir)),
    oidcIssuer: opts.oidcIssuer ?? null,
  };
  let app: FastifyInstance | null = null;
  let simulator: Simulator | null = null;
  let housekeeper: NodeJS.Timeout | null = null;
  try {
    refreshSeverityCodes(db, settings.SEVERITY_MAP);
    ensureSystemPerms(ctx);
    // Like the real server, an OpenID Connect setup that cannot read its provider does not start.
    if (oidcEnabled(settings)) await discoverAtStart(settings, ctx.oidcIssuer);
    const seed = opts.seed === true ? 'demo' : opts.seed === false || opts.seed === undefined ? 'none' : opts.seed;
    if (seed === 'demo') seedDemo(ctx);
    else if (seed === 'users') seedUsers(ctx);

    app = Fastify({
      logger: opts.logRequests ? { level: 'info' } : false,
      genReqId: () => randomUUID(),
      // Stopping must not wait for idle keep-alive or abandoned client connections (Ctrl-C, tests).
      forceCloseConnections: true,
      bodyLimit: settings.MAX_BODY_BYTES,
      // a client's own X-Forwarded-For must not pick the address failed-login limits count against
      trustProxy: settings.USE_PROXYFIX ? true : 'loopback',
      routerOptions: { ignoreTrailingSlash: true },
      // a URL the router cannot decode (e.g. a lone '%') still gets the error envelope, not Fastify's own body
      frameworkErrors: (err, req, reply) => sendError(req, reply, 400, `400 Bad Request: ${err.message}`, [FLASK_400]),
    });
    const api = app;
    const testHooks = opts.testHooks ? registerTestHooks(app, API_PREFIX) : null;
    await app.register(async (scope) => registerApi(scope, ctx, API_PREFIX), { prefix: API_PREFIX });

    const cspViolations = await registerConsole(app, {
      endpoint: opts.consoleEndpoint ?? process.env.CONSOLE_ENDPOINT ?? API_PREFIX,
      // A build-time endpoint wins over config.json in the console; `npm start` builds and serves with the same env.
      buildEndpoint: process.env.VITE_ALERTA_ENDPOINT || undefined,
      distDir: opts.serveConsole ? path.resolve(opts.distDir ?? DEFAULT_DIST_DIR) : null,
      apiPrefix: API_PREFIX,
      serveSourceMaps: opts.serveSourceMaps ?? process.env.SERVE_SOURCE_MAPS === '1',
      reportFile: process.env.CSP_REPORT_FILE || null,
    });

    await api.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
    const address = api.server.address();
    const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
    const host = opts.host && opts.host !== '0.0.0.0' && opts.host !== '::' ? opts.host : '127.0.0.1';
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    // links in mails point at the console this server serves, unless configured
    if (!settings.CONSOLE_URL) settings.CONSOLE_URL = url;

    housekeeper = setInterval(() => {
      try {
        housekeeping(ctx);
      } catch (e) {
        console.error('housekeeping failed:', (e as Error).message);
      }
    }, 5000);
    housekeeper.unref();
    if (opts.simulator) {
      simulator = startSimulator(ctx, typeof opts.simulator === 'object' ? opts.simulator.intervalMs : 4000);
    }
    let closed = false;
    return {
      url,
      apiUrl: `${url}${API_PREFIX}`,
      port,
      db,
      settings,
      ctx,
      app: api,
      simulator,
      cspViolations,
      testHooks,
      async close() {
        if (closed) return;
        closed = true;
        simulator?.stop();
        if (housekeeper) clearInterval(housekeeper);
        await api.close();
        closeDb(db);
      },
    };
  } catch (e) {
    simulator?.stop();
    if (housekeeper) clearInterval(housekeeper);
    if (app) await app.close().catch(() => undefined);
    closeDb(db);
    throw e;
  }
}

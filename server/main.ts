// `npm start`: the one-command demo. Serves the built console at / and the Alerta-compatible API at /api from
// one process, with demo data, a simulator and auth on (see --help). `--dev` runs Vite with hot reload instead.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { startServer, DEFAULT_DIST_DIR, REPO_ROOT, API_PREFIX, type RunningServer } from './start.ts';
import { loadSettings } from './settings.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './seed.ts';

const HELP = `Usage: node --import tsx server/main.ts [options]

  --port N            port of the console and API (default: PORT or 8080)
  --host H            interface to listen on (default 0.0.0.0)
  --data DIR          data folder holding alerta.sqlite (default: DATA_DIR or ./data)
  --memory            keep the database in memory (nothing written to disk)
  --fresh             delete the database first
  --no-auth           AUTH_REQUIRED off: no login needed
  --no-seed           do not add demo data to an empty database
  --no-simulator      do not generate live alerts
  --sim-interval MS   simulator step interval (default 4000)
  --config FILE       JSON settings file (same names as the environment variables)
  --dev               run Vite (hot reload) in this process instead of serving dist/
  --log               log every request
  -h, --help          this text

Settings use the real Alerta server's names as environment variables, e.g. AUTH_REQUIRED, ALLOW_READONLY,
CUSTOMER_VIEWS, SIGNUP_ENABLED, ADMIN_USERS, SECRET_KEY, COLUMNS, SORT_BY, SEVERITY_MAP, COLOR_MAP, CORS_ORIGINS.`;

interface Cli {
  port: number;
  host: string;
  dataDir: string | null;
  fresh: boolean;
  auth: boolean;
  seed: boolean;
  simulator: boolean;
  simInterval: number;
  configFile: string | null;
  dev: boolean;
  log: boolean;
}

function fail(message: string, showHelp = true): never {
  console.error(showHelp ? `error: ${message}\n\n${HELP}` : `error: ${message}`);
  process.exit(2);
}

function parseArgs(argv: string[]): Cli {
  const cli: Cli = {
    port: Number(process.env.PORT ?? 8080),
    host: '0.0.0.0',
    dataDir: process.env.DATA_DIR ?? path.join(process.cwd(), 'data'),
    fresh: false,
    auth: true,
    seed: true,
    simulator: true,
    simInterval: 4000,
    configFile: null,
    dev: false,
    log: false,
  };
  const value = (i: number, name: string): string => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) fail(`${name} needs a value`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    switch (a) {
      case '--port': cli.port = Number(value(i++, a)); break;
      case '--host': cli.host = value(i++, a); break;
      case '--data': cli.dataDir = path.resolve(value(i++, a)); break;
      case '--memory': cli.dataDir = null; break;
      case '--fresh': cli.fresh = true; break;
      case '--no-auth': cli.auth = false; break;
      case '--no-seed': cli.seed = false; break;
      case '--no-simulator': cli.simulator = false; break;
      case '--sim-interval': cli.simInterval = Number(value(i++, a)); break;
      case '--config': cli.configFile = path.resolve(value(i++, a)); break;
      case '--dev': cli.dev = true; break;
      case '--log': cli.log = true; break;
      case '-h': case '--help': console.log(HELP); process.exit(0); break;
      default: fail(`unknown option ${a}`);
    }
  }
  if (!Number.isInteger(cli.port) || cli.port < 0 || cli.port > 65535) fail('--port must be a port number');
  if (!Number.isInteger(cli.simInterval) || cli.simInterval < 200) fail('--sim-interval must be at least 200 ms');
  return cli;
}

async function main(): Promise<void> {
  const cli = parseArgs(process.argv.slice(2));
  // Demo defaults first; the environment and a config file may override them.
  const demoDefaults = {
    AUTH_REQUIRED: cli.auth,
    SIGNUP_ENABLED: true,
    CUSTOMER_VIEWS: true,
    CUSTOMER_VIEWS_UNMATCHED: 'all' as const,
    ADMIN_USERS: ['admin@alerta.dev'],
    GUEST_DEFAULT_SCOPES: ['read'],
  };
  let settings;
  try {
    const fromEnv = loadSettings({ env: process.env, configFile: cli.configFile });
    const explicit = Object.keys(process.env).filter((k) => k in fromEnv);
    settings = { ...fromEnv, ...Object.fromEntries(Object.entries(demoDefaults).filter(([k]) => !explicit.includes(k))) };
    if (!cli.auth) settings.AUTH_REQUIRED = false;
  } catch (e) {
    fail((e as Error).message, false);
  }

  if (!cli.dev && !existsSync(path.join(DEFAULT_DIST_DIR, 'index.html'))) {
    console.warn(`The console is not built (${path.join(DEFAULT_DIST_DIR, 'index.html')} is missing).\nRun \`npm run build\` first (\`npm start\` does it for you); the API still starts at ${API_PREFIX}.`);
  }

  let server: RunningServer;
  let vite: { close(): Promise<void>; listen(): Promise<unknown> } | null = null;
  try {
    server = await startServer({
      port: cli.dev ? 0 : cli.port,
      host: cli.dev ? '127.0.0.1' : cli.host,
      dataDir: cli.dataDir,
      fresh: cli.fresh,
      seed: cli.seed ? 'demo' : 'none',
      simulator: cli.simulator ? { intervalMs: cli.simInterval } : false,
      serveConsole: !cli.dev,
      settings,
      logRequests: cli.log,
    });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE') fail(`port ${cli.port} is already in use; choose another with --port or PORT`, false);
    throw e;
  }

  if (cli.dev) {
    const { createServer } = await import('vite');
    const target = server.url;
    const devServer = await createServer({
      root: REPO_ROOT,
      server: {
        port: cli.port,
        host: cli.host,
        strictPort: true,
        proxy: { [API_PREFIX]: { target, changeOrigin: false, xfwd: true }, '/config.json': { target } },
      },
    });
    try {
      await devServer.listen();
    } catch (e) {
      await devServer.close().catch(() => undefined);
      await server.close();
      const err = e as NodeJS.ErrnoException;
      fail(err.code === 'EADDRINUSE' || /in use/i.test(err.message) ? `port ${cli.port} is already in use; choose another with --port or PORT` : err.message, false);
    }
    vite = devServer;
  }

  const shown = cli.host === '0.0.0.0' || cli.host === '::' ? 'localhost' : cli.host;
  const origin = `http://${shown}:${cli.port}`;
  console.log(`\nAlerta console ${cli.dev ? '(dev, hot reload) ' : ''}at ${origin}/`);
  console.log(`Alerta API at ${origin}${API_PREFIX}  (data: ${cli.dataDir ?? 'in memory'})`);
  if (settings.AUTH_REQUIRED) {
    console.log(`\nAuth is on. Demo logins (password "${DEMO_PASSWORD}"):`);
    for (const u of DEMO_USERS) console.log(`  ${u.login.padEnd(22)} ${u.roles.join(', ')}${u.login.endsWith('acme.example') ? ' (customer Acme Corp)' : ''}`);
    console.log('Start with --no-auth (npm run start:noauth) to skip login.');
  } else {
    console.log('\nAuth is off: no login needed.');
  }
  if (server.ctx.mail.path) {
    console.log(`Outgoing mail (signup confirmation, password reset) is written to ${server.ctx.mail.path}`);
  } else {
    console.log('Outgoing mail (signup confirmation, password reset) is printed here.');
    server.ctx.mail.onSend = (m) => console.log(`\n--- mail to ${m.to}: ${m.subject}\n${m.text}\n---`);
  }
  console.log(cli.simulator ? `Simulator on: a step every ${cli.simInterval} ms.` : 'Simulator off.');

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    const force = setTimeout(() => {
      console.error('forced exit after 10 s');
      process.exit(1);
    }, 10000);
    force.unref();
    try {
      if (vite) await vite.close();
      await server.close();
      console.log('stopped cleanly (database checkpointed and closed)');
      process.exit(0);
    } catch (e) {
      console.error('error while stopping:', e);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

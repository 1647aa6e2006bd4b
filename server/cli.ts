// The demo's command line and settings (`npm start`, server/main.ts), kept free of side effects so tests can check
// what the demo would do with given arguments and environment.
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { loadSettings, type ServerSettings } from './settings.ts';

export const HELP = `Usage: node --import tsx server/main.ts [options]

  --port N            port of the console and API (default: PORT or 8080)
  --host H            interface to listen on (default: HOST or 127.0.0.1, this machine only);
                      --host 0.0.0.0 opens the demo to other devices, e.g. phones on your LAN
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
  --test-hooks        for the console's own tests only: routes under /__test__ that hold API requests open and
                      count them (never use on a demo others can reach)
  -h, --help          this text

Settings use the real Alerta server's names as environment variables, e.g. AUTH_REQUIRED, ALLOW_READONLY,
CUSTOMER_VIEWS, SIGNUP_ENABLED, ADMIN_USERS, SECRET_KEY, COLUMNS, SORT_BY, SEVERITY_MAP, COLOR_MAP, CORS_ORIGINS.`;

/** A command line the demo cannot run with; main.ts prints the message and the help. */
export class CliError extends Error {}

export interface Cli {
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
  testHooks: boolean;
  help: boolean;
}

export function parseArgs(argv: string[], env: NodeJS.ProcessEnv): Cli {
  const cli: Cli = {
    port: Number(env.PORT ?? 8080),
    // this machine only, unless asked: the demo's logins and data are public knowledge
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR ?? path.join(process.cwd(), 'data'),
    fresh: false,
    auth: true,
    seed: true,
    simulator: true,
    simInterval: 4000,
    configFile: null,
    dev: false,
    log: false,
    testHooks: false,
    help: false,
  };
  const value = (i: number, name: string): string => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new CliError(`${name} needs a value`);
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
      case '--test-hooks': cli.testHooks = true; break;
      case '-h': case '--help': cli.help = true; break;
      default: throw new CliError(`unknown option ${a}`);
    }
  }
  if (!Number.isInteger(cli.port) || cli.port < 0 || cli.port > 65535) throw new CliError('--port must be a port number');
  if (!Number.isInteger(cli.simInterval) || cli.simInterval < 200) throw new CliError('--sim-interval must be at least 200 ms');
  return cli;
}

/**
 * The demo's settings: demo defaults first, then the environment and a config file, which win. Throws an Error
 * naming the setting when a value is invalid.
 */
export function demoSettings(cli: Cli, env: NodeJS.ProcessEnv): ServerSettings {
  const demoDefaults: Partial<ServerSettings> = {
    AUTH_REQUIRED: cli.auth,
    SIGNUP_ENABLED: true,
    CUSTOMER_VIEWS: true,
    // a stranger who signs up matches no customer and sees nothing; the demo's staff see every customer through
    // the '*' customer mappings of their logins (see seed.ts)
    CUSTOMER_VIEWS_UNMATCHED: 'none',
    ADMIN_USERS: ['admin@alerta.dev'],
    GUEST_DEFAULT_SCOPES: ['read'],
  };
  const fromEnv = loadSettings({ env, configFile: cli.configFile });
  const explicit = Object.keys(env).filter((k) => k in fromEnv);
  const file = cli.configFile ?? env.ALERTA_SVR_CONF_FILE;
  if (file && existsSync(file)) explicit.push(...Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object));
  const settings: ServerSettings = {
    ...fromEnv,
    ...Object.fromEntries(Object.entries(demoDefaults).filter(([k]) => !explicit.includes(k))),
  };
  if (!cli.auth) settings.AUTH_REQUIRED = false;
  return settings;
}

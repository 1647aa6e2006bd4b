// `npm start`: the one-command demo. Serves the built console at / and the Alerta-compatible API at /api from
// one process, with demo data, a simulator and auth on (see --help). `--dev` runs Vite with hot reload instead.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { startServer, DEFAULT_DIST_DIR, REPO_ROOT, API_PREFIX, type RunningServer } from './start.ts';
import { CliError, HELP, demoSettings, parseArgs, type Cli } from './cli.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './seed.ts';

function fail(message: string, showHelp = true): never {
  console.error(showHelp ? `error: ${message}\n\n${HELP}` : `error: ${message}`);
  process.exit(2);
}

async function main(): Promise<void> {
  let cli: Cli;
  try {
    cli = parseArgs(process.argv.slice(2), process.env);
  } catch (e) {
    if (e instanceof CliError) fail(e.message);
    throw e;
  }
  if (cli.help) {
    console.log(HELP);
    process.exit(0);
  }
  let settings;
  try {
    settings = demoSettings(cli, process.env);
  } catch (e) {
    fail((e as Error).message, false);
  }

  if (!cli.dev && !existsSync(path.join(DEFAULT_DIST_DIR, 'index.html'))) {
    console.warn(`The console is not built (${path.join(DEFAULT_DIST_DIR, 'index.html')} is missing).\nRun \`npm run build\` first (\`npm start\` does it for you); the API still starts at ${API_PREFIX}.`);
  }

  const everywhere = cli.host === '0.0.0.0' || cli.host === '::';
  const shown = everywhere || cli.host === '127.0.0.1' ? 'localhost' : cli.host.includes(':') ? `[${cli.host}]` : cli.host;
  const origin = `http://${shown}:${cli.port}`;
  // mail links open the console where it is served (with --dev: Vite's port, not the API server's)
  if (!settings.CONSOLE_URL) settings.CONSOLE_URL = origin;

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
      testHooks: cli.testHooks,
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

  console.log(`\nAlerta console ${cli.dev ? '(dev, hot reload) ' : ''}at ${origin}/`);
  console.log(`Alerta API at ${origin}${API_PREFIX}  (data: ${cli.dataDir ?? 'in memory'})`);
  if (everywhere) {
    const lan = Object.values(networkInterfaces()).flat().filter((a) => a && a.family === 'IPv4' && !a.internal);
    for (const a of lan) console.log(`Also on your network at http://${a!.address}:${cli.port}/ (anyone there can sign up and log in)`);
  } else if (cli.host === '127.0.0.1' || cli.host === 'localhost' || cli.host === '::1') {
    console.log('Only this machine can connect; start with --host 0.0.0.0 to open it to other devices, e.g. phones on your LAN.');
  }
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

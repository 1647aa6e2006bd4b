// The demo API on a free port for the worker's tests: demo seed, no simulator (the tests make their own changes), no
// console files; the settings and the test hooks are each test file's own.
import { startServer, type RunningServer, type StartOptions } from '../../../server/start.ts';

export function startDemoServer(settings: StartOptions['settings'], options: Pick<StartOptions, 'testHooks' | 'dataDir' | 'port' | 'now'> = {}): Promise<RunningServer> {
  return startServer({ port: 0, host: '127.0.0.1', dataDir: null, seed: 'demo', simulator: false, serveConsole: false, ...options, settings });
}

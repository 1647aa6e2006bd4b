// Hooks for the console's own tests, off unless the server is started with --test-hooks (never in the demo): hold
// API requests open without an answer (a stuck proxy, an overloaded server), and count the requests the API received
// (CORS preflights included, as "OPTIONS /path").
// They live outside /api so they can never be mistaken for the Alerta API.
import type { FastifyInstance } from 'fastify';

export interface TestHooks {
  /** API requests whose path (after the API prefix) starts with `path` get no answer for `ms` */
  hold(path: string, ms: number): void;
  release(): void;
  /** requests received since the last reset, by "METHOD /path" (no query) */
  counts(): Record<string, number>;
  /** the last requests received since the last reset, "METHOD /path?query", oldest first */
  log(): string[];
  /** how many requests were received since the last reset (the log keeps the last 500 of them) */
  seq(): number;
  reset(): void;
}

export function registerTestHooks(app: FastifyInstance, apiPrefix: string): TestHooks {
  let holds: { path: string; until: number; wake: (() => void)[] }[] = [];
  let counts: Record<string, number> = {};
  let log: string[] = [];
  let seq = 0;

  const hooks: TestHooks = {
    hold(path, ms) {
      holds.push({ path, until: Date.now() + ms, wake: [] });
    },
    release() {
      for (const h of holds) for (const wake of h.wake) wake();
      holds = [];
    },
    counts: () => ({ ...counts }),
    log: () => [...log],
    seq: () => seq,
    reset() {
      counts = {};
      log = [];
      seq = 0;
    },
  };

  app.addHook('onRequest', async (req) => {
    const pathname = (req.url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/';
    if (!pathname.startsWith(`${apiPrefix}/`)) return;
    const apiPath = pathname.slice(apiPrefix.length);
    const key = `${req.method} ${apiPath}`;
    counts[key] = (counts[key] ?? 0) + 1;
    log.push(`${req.method} ${req.url.slice(apiPrefix.length)}`);
    seq++;
    if (log.length > 500) log.shift();
    // A preflight is answered at once: holding it would hold the request after it, which is not what a test asks.
    if (req.method === 'OPTIONS') return;
    const hold = holds.find((h) => apiPath.startsWith(h.path) && h.until > Date.now());
    if (!hold) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, hold.until - Date.now());
      hold.wake.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  });

  app.put('/__test__/hold', async (req) => {
    const body = (req.body ?? {}) as { path?: unknown; ms?: unknown };
    if (typeof body.path !== 'string' || typeof body.ms !== 'number') return { status: 'error', message: 'path and ms required' };
    hooks.hold(body.path, Math.min(body.ms, 600_000));
    return { status: 'ok' };
  });
  app.delete('/__test__/hold', async () => {
    hooks.release();
    return { status: 'ok' };
  });
  app.get('/__test__/requests', async () => ({ status: 'ok', counts: hooks.counts(), log: hooks.log(), seq: hooks.seq() }));
  app.delete('/__test__/requests', async () => {
    hooks.reset();
    return { status: 'ok' };
  });
  return hooks;
}

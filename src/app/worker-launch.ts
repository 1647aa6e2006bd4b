// The data worker itself, created once with its first message. Apart from the Comlink client (worker-client.ts) so
// that the page's first script (src/app/boot.ts) creates it without loading Comlink: the client wraps the same worker
// when the shell first calls it. The worker sends nothing until it is called, so no message is lost meanwhile.
import type { EarlyStart } from '../worker/contract/index.ts';

let worker: Worker | null = null;

/** The data worker, created on the first call, which sends it `early` (the requests to send before the rest has loaded). */
export function launchWorker(early?: EarlyStart): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('../worker/index.ts', import.meta.url), { type: 'module', name: 'alerta-data' });
  if (early) worker.postMessage(early);
  return worker;
}

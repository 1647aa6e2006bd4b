// The data worker, wrapped by Comlink: the one object through which the UI reaches it. Only src/app/data/ (requests)
// and src/app/state/ (the event stream) import this file; ESLint enforces it.
import * as Comlink from 'comlink';
import type { DataWorkerApi, EarlyStart } from '../worker/contract/index.ts';

let remote: Comlink.Remote<DataWorkerApi> | null = null;

/**
 * Starts the worker (once): its script loads while the rest of the start-up goes on. `early` is the first message it
 * gets: the requests to send before the rest of it has loaded.
 */
export function startDataWorker(early?: EarlyStart): Comlink.Remote<DataWorkerApi> {
  if (remote) return remote;
  const worker = new Worker(new URL('../worker/index.ts', import.meta.url), { type: 'module', name: 'alerta-data' });
  if (early) worker.postMessage(early);
  remote = Comlink.wrap<DataWorkerApi>(worker);
  return remote;
}

/** The worker's face; the worker starts on first use, so importing this module (a test, a lazy screen) starts nothing. */
export const dataWorker = new Proxy({} as Comlink.Remote<DataWorkerApi>, {
  get: (_target, name) => Reflect.get(startDataWorker(), name),
});

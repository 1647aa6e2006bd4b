// The data worker, wrapped by Comlink: the one object through which the UI reaches it. Only src/app/data/ (requests)
// and src/app/state/ (the event stream) import this file; ESLint enforces it.
import * as Comlink from 'comlink';
import type { DataWorkerApi, EarlyStart } from '../worker/contract/index.ts';
import { launchWorker } from './worker-launch.ts';

let remote: Comlink.Remote<DataWorkerApi> | null = null;

/**
 * The worker's client (once): the worker starts, unless the page's first script started it, and its script loads
 * while the rest of the start-up goes on. `early` is the first message it gets: the requests to send before the rest
 * of it has loaded.
 */
export function startDataWorker(early?: EarlyStart): Comlink.Remote<DataWorkerApi> {
  if (remote) return remote;
  remote = Comlink.wrap<DataWorkerApi>(launchWorker(early));
  return remote;
}

/** The worker's face; the worker starts on first use, so importing this module (a test, a lazy screen) starts nothing. */
export const dataWorker = new Proxy({} as Comlink.Remote<DataWorkerApi>, {
  get: (_target, name) => Reflect.get(startDataWorker(), name),
});

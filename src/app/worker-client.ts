// The data worker, wrapped by Comlink: the one object through which the UI reaches it. Only src/app/data/ (requests)
// and src/app/state/ (the event stream) import this file; ESLint enforces it.
import * as Comlink from 'comlink';
import type { DataWorkerApi } from '../worker/contract/index.ts';

let remote: Comlink.Remote<DataWorkerApi> | null = null;

/** Starts the worker (once): its script loads while the rest of the start-up goes on. */
export function startDataWorker(): Comlink.Remote<DataWorkerApi> {
  remote ??= Comlink.wrap<DataWorkerApi>(new Worker(new URL('../worker/index.ts', import.meta.url), { type: 'module', name: 'alerta-data' }));
  return remote;
}

/** The worker's face; the worker starts on first use, so importing this module (a test, a lazy screen) starts nothing. */
export const dataWorker = new Proxy({} as Comlink.Remote<DataWorkerApi>, {
  get: (_target, name) => Reflect.get(startDataWorker(), name),
});

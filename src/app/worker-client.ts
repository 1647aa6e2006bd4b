// The data worker, wrapped by Comlink: the one object through which the UI reaches it. Only src/app/data/ (requests)
// and src/app/state/ (the event stream) import this file; ESLint enforces it.
import * as Comlink from 'comlink';
import type { DataWorkerApi } from '../worker/contract/index.ts';

const worker = new Worker(new URL('../worker/index.ts', import.meta.url), { type: 'module', name: 'alerta-data' });

export const dataWorker = Comlink.wrap<DataWorkerApi>(worker);

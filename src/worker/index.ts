// Entry of the dedicated data worker: a small first script. It asks for config.json as it starts (early-config.ts),
// and begins loading the rest of the worker (main.ts, and the offline cache's script beside it): their compiling takes
// a few milliseconds at a time. The page's first message names what else the start will ask for first: the
// preferences, with the page's token; on a later start the list (early.ts); on a first start the list it guesses,
// once config.json and /config have answered (early-config.ts). The rest exposes the worker's face to the UI through
// Comlink; the page's messages wait here, in order, until it listens: the early requests are under way by then.
import * as Comlink from 'comlink';
import type { Endpoint } from 'comlink';
import { isEarlyStart, sendEarly } from './early.ts';
import { askConfigEarly, askStartEarly } from './early-config.ts';
import { configSourcesAt } from '../core/start-sources.ts';
import { WORKER_LOAD_ERROR } from '../core/snapshot.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
// config.json at once: the page's first message, which names the same sources, comes only once the page's main thread
// has passed it on (tens of ms later while the page starts).
askConfigEarly(configSourcesAt(scope.location.origin, import.meta.env));
const waiting: MessageEvent[] = [];
let listener: ((event: MessageEvent) => void) | null = null;

const endpoint: Endpoint = {
  postMessage: (message: unknown, transfer?: Transferable[]) => scope.postMessage(message, transfer ?? []),
  addEventListener: (_type: string, handler: EventListenerOrEventListenerObject) => {
    listener = typeof handler === 'function' ? (handler as (event: MessageEvent) => void) : (event) => handler.handleEvent(event);
    deliver();
  },
  removeEventListener: () => {
    listener = null;
  },
};

/** Hands the waiting messages to the rest, once it listens. */
function deliver() {
  if (!listener) return;
  for (const event of waiting.splice(0)) listener(event);
}

scope.addEventListener('message', (event: MessageEvent) => {
  if (isEarlyStart(event.data)) {
    // The list first, then the preferences (and a first start's guessed list, once the config has answered).
    const locks = navigator.locks ?? null;
    sendEarly(event.data, { locks });
    void askStartEarly(event.data, { locks });
    return;
  }
  waiting.push(event);
  deliver();
});

// The cache (Dexie, about half of the rest) comes as a script of its own, and begins opening the database as soon as
// it has loaded, while the rest still loads and compiles.
void import('./cache.ts').then(({ openCacheAhead }) => openCacheAhead(), () => undefined);
void import('./main.ts').then(
  ({ expose }) => expose(endpoint),
  (error: unknown) => {
    // The rest could not be loaded (the network went, or a new version replaced it on the server meanwhile): every
    // call of the page fails and says so, rather than waiting for good. A reload loads both scripts anew.
    const message = `The data worker could not load its code (${error instanceof Error ? error.message : String(error)})`;
    const fails = () => Promise.reject(Object.assign(new Error(message), { name: WORKER_LOAD_ERROR }));
    Comlink.expose(new Proxy({}, { get: () => fails }), endpoint);
  },
);

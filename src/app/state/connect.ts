// Where the pushed road starts: the worker's events go to the state module that owns each type (each module's own
// handlers), and the browser's signals the worker needs (page hidden or shown, network back, another tab's token)
// go to the worker. Also the start-up call that gives the worker its config and token.
import { startTransition } from 'react';
import * as Comlink from 'comlink';
import { readAlertsLocation } from '../../core/alerts-location.ts';
import { WORKER_LOAD_ERROR } from '../../core/snapshot.ts';
import type { InitResult, Result, WorkerEvent } from '../../worker/contract/index.ts';
import { dataWorker } from '../worker-client.ts';
import { store as appStore, setIfChanged, type EventHandlers, type Store } from './store.ts';
import { alertsHandlers } from './alerts.ts';
import { configAtom, configFromCacheAtom, followTokenOfOtherTabs, sessionAtom, sessionHandlers } from './session.ts';
import { readToken } from './stored-token.ts';
import { configSources, startAddress } from './worker-start.ts';
import { prefsAtom, savedQueriesAtom, userHandlers } from './user.ts';
import { detailHandlers } from './detail.ts';
import { noticeHandlers } from './notices.ts';
import { outboxHandlers } from './outbox.ts';
import { startRequestsHandlers } from './start-requests.ts';

/** Every event type has exactly one owner: a type without a handler is a compile error here. */
const handlers: EventHandlers<WorkerEvent['type']> = {
  ...alertsHandlers,
  ...sessionHandlers,
  ...userHandlers,
  ...detailHandlers,
  ...noticeHandlers,
  ...outboxHandlers,
  ...startRequestsHandlers,
};

/** Applies one worker event to a store. */
export function applyEvent(store: Store, event: WorkerEvent): void {
  (handlers[event.type] as (store: Store, event: WorkerEvent) => void)(store, event);
}

const isKiosk = () => readAlertsLocation(location.search, '').kiosk;

let connected = false;
/**
 * Event types applied since the last start began. The start's answer carries the config, session and preferences as
 * they were when it was sent; an event about them sent later (a revalidation that found a change) may arrive first
 * (it comes through another message port), and the answer must not overwrite it.
 */
const heard = new Set<WorkerEvent['type']>();

/** Connects the app's store to the worker once: events in, browser signals out. */
function connect() {
  if (connected) return;
  connected = true;
  void dataWorker.subscribe(
    Comlink.proxy((event: WorkerEvent) => {
      heard.add(event.type);
      // A snapshot or a patch of the list can re-render hundreds of rows; as a transition React renders it in slices
      // of a few milliseconds, so no task blocks the main thread. Other events are small.
      if (event.type === 'alerts-full' || event.type === 'alerts-patch') startTransition(() => applyEvent(appStore, event));
      else applyEvent(appStore, event);
    }),
  );
  document.addEventListener('visibilitychange', () => void dataWorker.setVisibility(document.hidden, isKiosk()).catch(() => undefined));
  // The device's network came back (Wi-Fi rejoined, laptop woken, phone out of a tunnel): poll now rather than
  // waiting out the worker's backoff.
  window.addEventListener('online', () => void dataWorker.refresh().catch(() => undefined));
  followTokenOfOtherTabs((token) => void dataWorker.setToken(token).catch(() => undefined));
  // A frozen background tab hands the polling to another tab of the console (Page Lifecycle API, Chromium).
  document.addEventListener('freeze', () => void dataWorker.pageFrozen(true).catch(() => undefined));
  document.addEventListener('resume', () => void dataWorker.pageFrozen(false).catch(() => undefined));
}

/**
 * The first screen is shown (the router's first match): when it is not the alert list, the list the worker started
 * for the address stops (the alert list itself takes it over as its own view).
 */
export function firstScreenShown(route: string): void {
  if (!startList) return;
  startList = false;
  if (route !== 'alerts') void dataWorker.setView(null).catch(() => undefined);
}

/** Whether the worker polls the list of the start's address, which no screen has taken over yet. */
let startList = false;

/**
 * Starts the worker: config from its three sources, the stored token, and the page's address (so that it asks for the
 * alert list at once when the page opens on it); the first config and session into the store.
 */
export async function startWorker(): Promise<Result<InitResult>> {
  connect();
  heard.clear();
  const { configUrl, buildConfig } = configSources();
  try {
    const result = await dataWorker.init({ configUrl, buildConfig, token: readToken(), address: startAddress() });
    startList = result.ok && result.value.listStarted;
    if (result.ok) {
      if (!heard.has('config')) {
        setIfChanged(appStore, configAtom, result.value.config);
        appStore.set(configFromCacheAtom, result.value.configFromCache);
      }
      if (!heard.has('session')) appStore.set(sessionAtom, result.value.session);
      if (!heard.has('user-data')) {
        setIfChanged(appStore, prefsAtom, result.value.user.prefs);
        setIfChanged(appStore, savedQueriesAtom, result.value.user.queries);
      }
    }
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The worker's own code could not be loaded: a retry of the start cannot help, a reload can.
    return { ok: false, error: { kind: error instanceof Error && error.name === WORKER_LOAD_ERROR ? 'worker' : 'internal', message } };
  }
}

// The one place where the UI meets the data worker: Comlink wraps it, and its events are applied to the store.
import * as Comlink from 'comlink';
import type { DataWorkerApi, WorkerEvent } from '../worker/contract/index.ts';
import { store } from './state/store.ts';
import { applyFull, applyPatch, trendHistoryAtom, viewKeyAtom } from './state/alerts.ts';
import { configAtom, configFromCacheAtom, connectivityAtom, sessionAtom, sessionEndReasonAtom } from './state/session.ts';
import { prefsAtom, savedQueriesAtom, userDataLoadedAtom } from './state/user.ts';
import { detailAtom, indicatorsAtom } from './state/detail.ts';
import { pushNotice } from './state/notices.ts';

const AUTH_TOKEN_KEY = 'auth.token';

const worker = new Worker(new URL('../worker/index.ts', import.meta.url), { type: 'module', name: 'alerta-data' });
export const dataWorker = Comlink.wrap<DataWorkerApi>(worker);

function onEvent(event: WorkerEvent) {
  switch (event.type) {
    case 'alerts-full':
      applyFull(event);
      break;
    case 'alerts-patch':
      applyPatch(event);
      break;
    case 'trend-history':
      if (event.viewKey === store.get(viewKeyAtom)) store.set(trendHistoryAtom, event.samples);
      break;
    case 'config':
      store.set(configAtom, event.config);
      store.set(configFromCacheAtom, event.fromCache);
      break;
    case 'session':
      store.set(sessionAtom, event.session);
      if (event.reason) store.set(sessionEndReasonAtom, event.reason);
      writeToken(event.session.authenticated ? event.session.token : null);
      break;
    case 'user-data':
      store.set(prefsAtom, event.prefs);
      store.set(savedQueriesAtom, event.queries);
      store.set(userDataLoadedAtom, event.loaded);
      break;
    case 'alert-detail':
      store.set(detailAtom, event);
      break;
    case 'indicators':
      store.set(indicatorsAtom, event);
      break;
    case 'connectivity':
      store.set(connectivityAtom, event);
      break;
    case 'notice':
      pushNotice({ level: event.level, key: event.key, text: event.message });
      break;
  }
}

void dataWorker.subscribe(Comlink.proxy(onEvent));

export function readToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string | null) {
  try {
    if (token) localStorage.setItem(AUTH_TOKEN_KEY, token);
    else localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // Storage may be disabled; the worker still holds the token for this tab.
  }
}

// Another tab signed in or out: follow it.
window.addEventListener('storage', (e) => {
  if (e.key === AUTH_TOKEN_KEY) void dataWorker.setToken(e.newValue);
});

document.addEventListener('visibilitychange', () => {
  void dataWorker.setVisibility(document.hidden, new URLSearchParams(location.search).has('kiosk'));
});

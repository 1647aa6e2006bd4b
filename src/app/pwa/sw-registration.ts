// The service worker's registration and its update handshake, loaded once the first rows are on screen, with
// workbox-window (src/app/pwa/service-worker.ts registers; the update prompt applies an update).
import { Workbox } from 'workbox-window';
import { SW_MESSAGES } from '../../sw/messages.ts';
import { store } from '../state/store.ts';
import { updateApplyingAtom, updateStatusAtom } from './pwa-state.ts';

/** How often a long-open console (a wall display, a tab left open for days) asks the server for a new version. */
export const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000;
/** Coming back to the tab checks too, but not more than once a minute. */
const MIN_CHECK_GAP_MS = 60 * 1000;
/** If the new version has not taken over after this long, reload anyway rather than leave the user waiting. */
const TAKEOVER_TIMEOUT_MS = 10_000;

let registration: ServiceWorkerRegistration | null = null;
let lastCheck = 0;
let reloadRequested = false;

/** Asks the server whether a new version exists; quietly does nothing offline or when asked too often. */
function checkForUpdate(force = false): void {
  if (!registration || (!force && Date.now() - lastCheck < MIN_CHECK_GAP_MS)) return;
  if (!navigator.onLine) return;
  lastCheck = Date.now();
  registration.update().catch(() => {
    // Offline or the server is down: the next check will try again.
  });
}

/**
 * Switches to the new version and reloads. With a version waiting, it is told to take over and the reload follows
 * its `controllerchange`; when another tab already switched, the reload alone brings this page up to date.
 */
export function applyUpdate(): void {
  if (reloadRequested) return;
  reloadRequested = true;
  store.set(updateApplyingAtom, true);
  const waiting = registration?.waiting;
  if (store.get(updateStatusAtom) === 'activated' || !waiting) {
    location.reload();
    return;
  }
  // The reload follows the takeover: `controllerchange` (below) or, where that does not reach this page, the new
  // worker's own state. The timeout is for a worker that never answers, so nobody is left with a dead button.
  waiting.addEventListener('statechange', () => {
    if (waiting.state === 'activated' || waiting.state === 'redundant') location.reload();
  });
  waiting.postMessage({ type: SW_MESSAGES.skipWaiting });
  setTimeout(() => location.reload(), TAKEOVER_TIMEOUT_MS);
}

/** The registration, once registered (src/app/pwa/service-worker.ts hands it on to the parts that use it). */
export function currentRegistration(): ServiceWorkerRegistration | null {
  return registration;
}

/** Registers the service worker, and checks for a new version every half hour, on coming back and on reconnecting. */
export function register(): void {
  const container = navigator.serviceWorker;
  // The very first install claims the page too (sw.ts); that is not an update and must not reload or prompt.
  let hadController = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (!hadController) {
      hadController = true;
      return;
    }
    if (reloadRequested) location.reload();
    // Another tab switched to the new version: this page runs the old shell and its lazy chunks are gone from the
    // cache, so it needs a reload too — through the same prompt (or kiosk's quiet moment), never under a dirty form.
    else store.set(updateStatusAtom, 'activated');
  });

  const wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  // Fired for a version found now, and for one that was already waiting when the page opened.
  wb.addEventListener('waiting', () => {
    if (store.get(updateStatusAtom) === 'none') store.set(updateStatusAtom, 'waiting');
  });
  wb.register()
    .then((reg) => {
      registration = reg ?? null;
      lastCheck = Date.now();
      setInterval(() => checkForUpdate(true), UPDATE_CHECK_INTERVAL_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') checkForUpdate();
      });
      window.addEventListener('online', () => checkForUpdate());
    })
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
}

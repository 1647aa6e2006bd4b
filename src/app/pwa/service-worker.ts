// Registers the service worker that precaches the shell, so the console opens with no network, and runs the update
// handshake: a new version downloads in the background and waits until the page says "now" (the update prompt, or
// kiosk mode at a quiet moment), so nobody loses a half-written note to a reload they did not ask for. What runs at
// start is here; the registration and the handshake come once the first rows are on screen (./sw-registration.ts,
// with workbox-window), so the first screen does not carry them.
import { captureInstallPrompt } from './install.ts';

/** This build's identity, stamped into the page as <meta name="app-build"> (tests and support read it). */
export const BUILD_ID = `${__APP_VERSION__}+${__BUILD_TIME__}`;

/** The registration as the registration's module (loaded after the first rows) knows it; none before. */
let registrationOf: () => ServiceWorkerRegistration | null = () => null;

function stampBuild() {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="app-build"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'app-build';
    document.head.append(meta);
  }
  meta.content = BUILD_ID;
}

/** The registration, once the service worker is registered (null in development and where unsupported). */
export function serviceWorkerRegistration(): ServiceWorkerRegistration | null {
  return registrationOf();
}

/** At start: the build stamp, and the listener for the browser's install offer (which may come at any moment). */
export function prepareServiceWorker() {
  stampBuild();
  captureInstallPrompt();
}

/** Registers the service worker; called once the first rows are on screen. */
export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const loaded = await import('./sw-registration.ts').catch((error: unknown) => {
    // Offline on a first visit (nothing cached yet): the next start registers.
    console.warn('Service worker registration postponed', error);
    return null;
  });
  if (!loaded) return;
  registrationOf = loaded.currentRegistration;
  loaded.register();
}

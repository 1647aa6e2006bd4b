// The browser's offer to install the console. Chromium-based browsers fire `beforeinstallprompt` once the manifest
// and the service worker qualify — often before React has rendered — so the event is caught at start-up and kept.
// What the install entries make of it is in ./install-prompt.ts, loaded with them.
import { store } from '../state/store.ts';
import { installedAtom, installPromptAtom, type BeforeInstallPromptEvent } from './pwa-state.ts';

let captured = false;

/** True when the page runs as the installed app (its own window), where offering installation makes no sense. */
export function runsInstalled(): boolean {
  const standalone = ['standalone', 'fullscreen', 'minimal-ui', 'window-controls-overlay'].some(
    (mode) => window.matchMedia?.(`(display-mode: ${mode})`).matches,
  );
  return standalone || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** Starts listening for the install offer; called once at start-up (registerServiceWorker). */
export function captureInstallPrompt(): void {
  if (captured) return;
  captured = true;
  store.set(installedAtom, runsInstalled());
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our own "Install" entry replaces the browser's mini-infobar.
    event.preventDefault();
    store.set(installPromptAtom, event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => {
    store.set(installPromptAtom, null);
    store.set(installedAtom, true);
  });
}

// The browser's offer to install the console. Chromium-based browsers fire `beforeinstallprompt` once the manifest
// and the service worker qualify — often before React has rendered — so the event is caught at start-up and kept.
import { useCallback } from 'react';
import { useAtomValue } from 'jotai';
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

/**
 * Safari on iPhone and iPad installs from its Share menu and never offers installation to the page, so the console
 * explains the steps instead. (iPadOS reports itself as a Mac; the touch screen tells them apart.)
 */
export function installsFromShareMenu(): boolean {
  const ua = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  return ios && !runsInstalled();
}

export interface InstallPrompt {
  /** the browser offers installation right now */
  canInstall: boolean;
  /** installation is possible, but only by the browser's own menu (iOS): show the steps */
  manualInstall: boolean;
  installed: boolean;
  /** shows the browser's install dialog; resolves to true when the user accepted */
  install: () => Promise<boolean>;
}

export function useInstallPrompt(): InstallPrompt {
  const event = useAtomValue(installPromptAtom);
  const installed = useAtomValue(installedAtom);
  const install = useCallback(async () => {
    const offer = store.get(installPromptAtom);
    if (!offer) return false;
    // The event can prompt only once: whatever the user answers, the browser sends a new one if it may ask again.
    store.set(installPromptAtom, null);
    try {
      await offer.prompt();
      const choice = await offer.userChoice;
      if (choice.outcome === 'accepted') store.set(installedAtom, true);
      return choice.outcome === 'accepted';
    } catch {
      return false;
    }
  }, []);
  const manualInstall = !installed && event === null && installsFromShareMenu();
  return { canInstall: event !== null && !installed, manualInstall, installed, install };
}

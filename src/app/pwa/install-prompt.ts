// The install offer as the install entries use it (./InstallEntry.tsx, loaded when one is shown): whether the browser
// offers installation now, whether only its own menu can (iOS), and the prompt. The offer itself is caught at
// start-up (./install.ts).
import { useCallback } from 'react';
import { useAtomValue } from 'jotai';
import { store } from '../state/store.ts';
import { installedAtom, installPromptAtom } from './pwa-state.ts';
import { runsInstalled } from './install.ts';

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

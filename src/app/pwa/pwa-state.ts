// The PWA's state as the UI reads it: a new version waiting, the browser's install offer, and forms with unsaved input.
import { atom } from 'jotai';

/**
 * 'none': the shell is current. 'waiting': a new version is downloaded and waits for this page's word.
 * 'activated': another tab switched to the new version; this page still runs the old one and must reload.
 */
export type UpdateStatus = 'none' | 'waiting' | 'activated';

export const updateStatusAtom = atom<UpdateStatus>('none');
/** true from the moment the page asked for the new version until it reloads */
export const updateApplyingAtom = atom(false);

/** The attention count (src/app/pwa/useAttentionBadge.ts) for the page title; 0 until the first rows are shown. */
export const attentionCountAtom = atom(0);

/** The `beforeinstallprompt` event Chromium-based browsers fire when the app can be installed. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export const installPromptAtom = atom<BeforeInstallPromptEvent | null>(null);
/** the app was installed from this page, or the page runs as the installed app */
export const installedAtom = atom(false);

/** ids of forms holding input the user has not saved yet */
export const dirtyFormsAtom = atom<ReadonlySet<string>>(new Set<string>());

// "A new version is available – Reload". Outside kiosk mode the user decides, and the prompt stays away while a form
// holds unsaved input; in kiosk mode nobody is there to click, so the display reloads itself at a quiet moment.
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useT } from '../state/i18n.ts';
import { Button } from '../components/Button.tsx';
import { Icon } from '../components/Icon.tsx';
import { applyUpdate } from './sw-registration.ts';
import { hasDirtyForms } from './dirty-forms.ts';
import { dirtyFormsAtom, updateApplyingAtom, updateStatusAtom } from './pwa-state.ts';
import { isQuietMoment, KIOSK_QUIET_CHECK_MS, readPageActivity } from './quiet-moment.ts';

/** "Later" hides the prompt this long; it also comes back when the user returns to the tab. */
export const PROMPT_SNOOZE_MS = 30 * 60 * 1000;

/** Kiosk: waits for a quiet moment (no dialog, no unsaved input, nobody touching the display), then reloads. */
function useKioskAutoUpdate(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let lastInputAt = Date.now();
    const onInput = () => {
      lastInputAt = Date.now();
    };
    const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    for (const name of events) window.addEventListener(name, onInput, { passive: true, capture: true });
    const timer = setInterval(() => {
      if (isQuietMoment(readPageActivity(lastInputAt, hasDirtyForms()))) applyUpdate();
    }, KIOSK_QUIET_CHECK_MS);
    return () => {
      clearInterval(timer);
      for (const name of events) window.removeEventListener(name, onInput, { capture: true });
    };
  }, [enabled]);
}

/**
 * Mount once in the shell, inside the router (it needs nothing else). `kiosk`: the page is a wall display.
 */
export function PwaUpdatePrompt({ kiosk = false }: { kiosk?: boolean }) {
  const { t } = useT();
  const status = useAtomValue(updateStatusAtom);
  const applying = useAtomValue(updateApplyingAtom);
  const dirty = useAtomValue(dirtyFormsAtom).size > 0;
  const [snoozedUntil, setSnoozedUntil] = useState(0);

  useKioskAutoUpdate(kiosk && status !== 'none');

  // A snoozed prompt returns after the snooze, or as soon as the user comes back to the tab.
  useEffect(() => {
    if (snoozedUntil === 0) return;
    const wake = () => setSnoozedUntil(0);
    const onVisible = () => {
      if (document.visibilityState === 'visible') wake();
    };
    const timer = setTimeout(wake, Math.max(0, snoozedUntil - Date.now()));
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [snoozedUntil]);

  if (kiosk || status === 'none' || dirty || snoozedUntil > 0) return null;

  return (
    <div className="fixed inset-x-2 bottom-20 z-[55] flex justify-center sm:inset-x-auto sm:bottom-4 sm:left-4">
      <div
        role="status"
        aria-live="polite"
        className="flex w-full max-w-md flex-wrap items-center gap-3 rounded-lg bg-white px-4 py-3 text-gray-900 shadow-xl ring-1 ring-black/10 dark:bg-gray-800 dark:text-gray-100 dark:ring-white/15"
      >
        <Icon name="refresh" className="shrink-0 text-brand dark:text-indigo-300" />
        <span className="min-w-0 flex-1 text-sm font-medium">{t('NewVersionAvailable')}</span>
        <div className="flex shrink-0 gap-2">
          <Button variant="ghost" disabled={applying} onClick={() => setSnoozedUntil(Date.now() + PROMPT_SNOOZE_MS)}>
            {t('Later')}
          </Button>
          <Button variant="primary" disabled={applying} onClick={applyUpdate}>
            {t('Reload')}
          </Button>
        </div>
      </div>
    </div>
  );
}

// System notifications for new alerts while the console is in the background. They go through the service worker
// registration (the only way that works on Android); its `notificationclick` routes the console to the alert. The
// code that plans and shows them (notify-new-alerts.ts) loads with the first new alerts seen in the background.
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { isSwMessage, SW_MESSAGES } from '../../sw/messages.ts';
import { store } from '../state/store.ts';
import { newsAtom } from '../state/alerts.ts';
import { translatorAtom } from '../state/i18n.ts';

/** The console is not in front of the user: hidden, minimised, or another window has the focus. */
export function consoleInBackground(): boolean {
  return document.visibilityState === 'hidden' || !document.hasFocus();
}

/**
 * Mount once in the shell, inside the router. While the console is in the background, new alerts at or above the
 * chosen severity become system notifications; a click on one routes this window to the alert without a reload.
 */
export function useAlertNotifications(): void {
  const [, navigate] = useLocation();

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (isSwMessage(data) && data.type === SW_MESSAGES.openPath) navigate(data.path);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate]);

  useEffect(
    () =>
      store.sub(newsAtom, () => {
        const { ids } = store.get(newsAtom);
        if (ids.length === 0 || !consoleInBackground()) return;
        void import('./notify-new-alerts.ts')
          .then(({ notifyNewAlerts }) => notifyNewAlerts(ids, store.get(translatorAtom)))
          .catch((error: unknown) => console.warn('Could not show notifications', error));
      }),
    [],
  );
}

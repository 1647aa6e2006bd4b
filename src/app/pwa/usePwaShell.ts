// Everything the installable app needs from the shell, in one hook: notifications, badge and title count, and an
// immediate poll when the device's network comes back (instead of waiting out the worker's backoff).
import { useEffect } from 'react';
import { dataWorker } from '../worker-client.ts';
import { useAlertNotifications } from './notifications.ts';
import { useAttentionBadge } from './useAttentionBadge.ts';

/** Polls at once when the browser reports the network back (Wi-Fi rejoined, laptop woken, phone out of a tunnel). */
export function useNetworkReturnRefresh(): void {
  useEffect(() => {
    const onOnline = () => void dataWorker.refresh().catch(() => undefined);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);
}

/** Mount once in the shell, inside the router. */
export function usePwaShell(): void {
  useAlertNotifications();
  useAttentionBadge();
  useNetworkReturnRefresh();
}

// The page's side of Background Sync for the offline outbox: while actions wait to be sent, the browser is asked to
// say when the network is back (the service worker then delivers, or asks an open console to); an open console told
// so wakes its worker's outbox.
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { isSwMessage, OUTBOX_SYNC_TAG, SW_MESSAGES } from '../../sw/messages.ts';
import { outboxAtom } from '../state/outbox.ts';
import { refreshAlerts } from '../data/alerts.ts';
import { serviceWorkerRegistration } from './service-worker.ts';

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

export function useOutboxSync(): void {
  const waiting = useAtomValue(outboxAtom).length > 0;

  useEffect(() => {
    if (!waiting) return;
    const registration = serviceWorkerRegistration() as SyncRegistration | null;
    // Not every browser has Background Sync; the console still delivers whenever it is open and the API answers.
    void registration?.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
  }, [waiting]);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if (isSwMessage(event.data) && event.data.type === SW_MESSAGES.deliverOutbox) refreshAlerts();
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, []);
}

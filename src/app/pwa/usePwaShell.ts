// Everything the installable app needs from the shell, in one hook: notifications, Background Sync of the offline
// outbox, and the badge whose count the page title shows too.
import { useAlertNotifications } from './notifications.ts';
import { useAttentionBadge } from './useAttentionBadge.ts';
import { useOutboxSync } from './outbox-sync.ts';

/** Mount once in the shell, inside the router; returns the attention count for the document title. */
export function usePwaShell(): number {
  useAlertNotifications();
  useOutboxSync();
  return useAttentionBadge();
}

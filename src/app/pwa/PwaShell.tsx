// Everything the installable app needs from the shell: notifications, Background Sync of the offline outbox, and the
// badge whose count the page title shows too. Nothing of it matters before the first rows (the badge waited for them
// already): the shell loads this once they are on screen (src/app/shell/Shell.tsx).
import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { useAlertNotifications } from './notifications.ts';
import { useAttentionBadge } from './useAttentionBadge.ts';
import { useOutboxSync } from './outbox-sync.ts';
import { attentionCountAtom } from './pwa-state.ts';

/** Mount once in the shell, inside the router; renders nothing. */
export default function PwaShell(): null {
  useAlertNotifications();
  useOutboxSync();
  const count = useAttentionBadge();
  const setCount = useSetAtom(attentionCountAtom);
  useEffect(() => setCount(count), [count, setCount]);
  useEffect(() => () => setCount(0), [setCount]);
  return null;
}

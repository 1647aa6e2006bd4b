// Watching an alert = tagging it `watch:<username>` (as the old console did).
import type { Alert } from './types.ts';

export const WATCH_TAG_PREFIX = 'watch:';

export function watchTag(username: string): string {
  return `${WATCH_TAG_PREFIX}${username}`;
}

/** True when the alert carries this user's watch tag. An anonymous user watches nothing. */
export function isWatchedBy(alert: Pick<Alert, 'tags'>, username: string | null | undefined): boolean {
  if (!username) return false;
  return Array.isArray(alert.tags) && alert.tags.includes(watchTag(username));
}

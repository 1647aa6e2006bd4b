// The messages between the pages and the service worker. Pure constants and types: the app imports this file too.

export const SW_MESSAGES = Object.freeze({
  /** page → worker: the waiting version may take over now */
  skipWaiting: 'SKIP_WAITING',
  /** worker → page: a notification was clicked; route to this in-app path without reloading */
  openPath: 'OPEN_PATH',
  /** worker → page: the browser says the network is back (Background Sync): send the outbox now */
  deliverOutbox: 'DELIVER_OUTBOX',
} as const);

/** The Background Sync tag of the offline outbox. */
export const OUTBOX_SYNC_TAG = 'alerta-outbox';

export type SwMessage =
  | { type: typeof SW_MESSAGES.skipWaiting }
  | { type: typeof SW_MESSAGES.openPath; path: string }
  | { type: typeof SW_MESSAGES.deliverOutbox };

/** What the console puts into `Notification.data`, read back by the worker on click. */
export interface NotificationData {
  /** in-app path relative to the router base, e.g. /alert/<id> or /alerts */
  path: string;
  /** the alerts the notification stands for */
  ids: string[];
  /** how many new alerts it stands for (a summary can count more than it lists) */
  count: number;
  kind: 'alert' | 'summary';
}

export function isSwMessage(data: unknown): data is SwMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, path } = data as { type?: unknown; path?: unknown };
  if (type === SW_MESSAGES.skipWaiting || type === SW_MESSAGES.deliverOutbox) return true;
  return type === SW_MESSAGES.openPath && typeof path === 'string';
}

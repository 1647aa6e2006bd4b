// Snackbars (transient) and banners (persistent) for the UI. The queue rule — first queued message shown,
// identical texts not queued twice, dismissing shows the next — lives in src/core/notifications.ts.
import { atom } from 'jotai';
import {
  banner,
  current,
  dismiss,
  enqueue,
  snackbar,
  withdraw,
  type Notice as CoreNotice,
  type NoticeQueue,
} from '../../core/notifications.ts';
import { store, type EventHandlers } from './store.ts';

export interface Notice {
  level: 'error' | 'success' | 'info' | 'warning';
  /** i18n key, when the text is one of ours: shown translated, in the language of the moment */
  key?: string;
  /** values for the key's placeholders */
  values?: Record<string, string | number>;
  /** the English (or server) text: what is de-duplicated and shown when there is no key */
  text: string;
  /** a newer message of the same group replaces this one (src/core/notifications.ts); OUTCOME for what a command did */
  group?: string;
}

/** The group of the messages saying what a command did: the latest outcome replaces an older one. */
export const OUTCOME = 'outcome';

/** A queued message: the core notice (timeout, button) plus how to translate it. */
export type QueuedNotice = CoreNotice & Pick<Notice, 'key' | 'values'>;

export interface BannerAction {
  /** i18n key of the button */
  labelKey: string;
  run: () => void;
}

export type QueuedBanner = QueuedNotice & { action?: BannerAction; dismissible: boolean };

export const noticesAtom = atom<readonly QueuedNotice[]>([]);
export const bannersAtom = atom<readonly QueuedBanner[]>([]);

/** The snackbar on screen. */
export const currentNoticeAtom = atom((get) => current(get(noticesAtom)) as QueuedNotice | null);

/** Conditions that last (the worker reports them once as a notice): shown as a banner until dismissed. */
const PERSISTENT_KEYS: ReadonlySet<string> = new Set(['StorageUnavailable']);

/** Shows a snackbar: successes 3 s with OK, errors 5 s with CLOSE; the same text twice is shown once. */
export function pushNotice(notice: Notice) {
  if (notice.key && PERSISTENT_KEYS.has(notice.key)) {
    pushBanner({ ...notice, level: 'warning' });
    return;
  }
  const queued: QueuedNotice = { ...snackbar(notice.level, notice.text), key: notice.key, values: notice.values, ...(notice.group ? { group: notice.group } : {}) };
  store.set(noticesAtom, (queue) => enqueue(queue, queued) as readonly QueuedNotice[]);
}

/** Closes the snackbar on screen; the next queued one shows. */
export function dismissNotice() {
  store.set(noticesAtom, (queue) => dismiss(queue) as readonly QueuedNotice[]);
}

/**
 * Shows a banner until it is withdrawn (e.g. when the API answers again) or dismissed. Banners are keyed by
 * their text: pushing the same text again does nothing, `withdrawBanner(text)` removes it.
 */
export function pushBanner(notice: Notice & { action?: BannerAction; dismissible?: boolean }) {
  const queued: QueuedBanner = {
    ...banner(notice.level, notice.text),
    key: notice.key,
    values: notice.values,
    action: notice.action,
    dismissible: notice.dismissible ?? true,
  };
  store.set(bannersAtom, (queue) => enqueue(queue as NoticeQueue, queued) as readonly QueuedBanner[]);
}

export function withdrawBanner(text: string) {
  store.set(bannersAtom, (queue) => withdraw(queue as NoticeQueue, text) as readonly QueuedBanner[]);
}

/** Closes the banner on screen (the first queued); the next one shows. */
export function dismissBanner() {
  store.set(bannersAtom, (queue) => dismiss(queue as NoticeQueue) as readonly QueuedBanner[]);
}

/** Well-known banner texts, so their owners can withdraw them. */
export const BANNER_TEXTS = Object.freeze({
  signInRequired: 'Sign-in required',
  configFromCache: 'Showing the last known configuration: the API could not be reached',
});

export const noticeHandlers: EventHandlers<'notice'> = {
  notice: (_store, event) => pushNotice({ level: event.level, key: event.key, values: event.values, text: event.message }),
};

// Snackbar notices: the queue rule lives in src/core/notifications.ts; this holds the queue for the UI.
import { atom } from 'jotai';
import { store } from './store.ts';

export interface Notice {
  level: 'error' | 'success' | 'info';
  /** i18n key, when the text is one of ours */
  key?: string;
  text: string;
}

export const noticesAtom = atom<Notice[]>([]);

export function pushNotice(notice: Notice) {
  store.set(noticesAtom, (queue) => (queue.some((n) => n.text === notice.text) ? queue : [...queue, notice]));
}

export function dismissNotice() {
  store.set(noticesAtom, (queue) => queue.slice(1));
}

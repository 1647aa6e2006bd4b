// Banners and snackbars as a pure queue: the first queued message is shown; identical texts
// are not queued twice; a message of a group replaces the older one of that group; dismissing shows the next.

export type NoticeKind = 'success' | 'error' | 'info' | 'warning';

export interface Notice {
  kind: NoticeKind;
  /** already translated text */
  text: string;
  /** auto-close after this many ms; null = stays until dismissed */
  timeout: number | null;
  /** i18n key of the dismiss button */
  buttonKey: string;
  /**
   * Messages of one group report the same kind of thing (the outcome of a command): a newer one replaces the older
   * one where it stands, shown or waiting, instead of queueing behind it ("Unshelve done" is old news once a Close
   * was made).
   */
  group?: string;
}

export type NoticeQueue = readonly Notice[];

export const SNACKBAR_TIMEOUTS: Readonly<{ success: number; error: number }> = Object.freeze({ success: 3000, error: 5000 });

/** Success snackbars close with OK, errors with CLOSE (the key `Close`, shown upper-case like every button). */
export const SNACKBAR_BUTTON_KEYS: Readonly<Record<NoticeKind, string>> = Object.freeze({
  success: 'OK',
  info: 'OK',
  warning: 'Close',
  error: 'Close',
});

export function snackbar(kind: NoticeKind, text: string): Notice {
  const timeout = kind === 'success' || kind === 'info' ? SNACKBAR_TIMEOUTS.success : SNACKBAR_TIMEOUTS.error;
  return { kind, text, timeout, buttonKey: SNACKBAR_BUTTON_KEYS[kind] };
}

/** Banners stay until dismissed (e.g. "Problem connecting to …"). */
export function banner(kind: NoticeKind, text: string): Notice {
  return { kind, text, timeout: null, buttonKey: SNACKBAR_BUTTON_KEYS[kind] };
}

/**
 * Queues a message unless one with the same text is already shown or waiting. A message of a group takes the place
 * of the older message of that group (on screen, it is replaced there and then).
 */
export function enqueue(queue: NoticeQueue, msg: Notice): NoticeQueue {
  const older = msg.group === undefined ? -1 : queue.findIndex((m) => m.group === msg.group);
  if (older >= 0) return queue.filter((m, i) => i === older || m.text !== msg.text).map((m) => (m.group === msg.group ? msg : m));
  if (queue.some((m) => m.text === msg.text)) return queue;
  return [...queue, msg];
}

/** The message on screen, or null. */
export function current(queue: NoticeQueue): Notice | null {
  return queue[0] ?? null;
}

/** Closes the message on screen; the next one (if any) shows. */
export function dismiss(queue: NoticeQueue): NoticeQueue {
  return queue.length === 0 ? queue : queue.slice(1);
}

/** Removes a message by text wherever it is (e.g. the connection banner once the API answers again). */
export function withdraw(queue: NoticeQueue, text: string): NoticeQueue {
  return queue.some((m) => m.text === text) ? queue.filter((m) => m.text !== text) : queue;
}

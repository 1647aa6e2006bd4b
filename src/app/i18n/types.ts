import type en from './messages/en.ts';

/** A message id; English (messages/en.ts) defines the set. */
export type MessageKey = keyof typeof en;

/** A complete catalogue: every key of English, no more, each an ICU MessageFormat string. */
export type Messages = Readonly<Record<MessageKey, string>>;

/** Values inserted into a message's `{placeholders}`. */
export type MessageValues = Readonly<Record<string, string | number>>;

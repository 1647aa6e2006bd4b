import { createIntl, createIntlCache, type FormatListOptions, type FormatNumberOptions, type IntlShape } from '@formatjs/intl';
import { languageOf } from '../../core/preferences.ts';
import en from './messages/en.ts';
import type { MessageKey, Messages, MessageValues } from './types.ts';

export type { MessageKey, Messages, MessageValues } from './types.ts';

export const LOCALES = ['en', 'fr', 'de', 'tr'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language in its own tongue, so a user who cannot read the current UI language can still find theirs. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  tr: 'Türkçe',
};

/** The English catalogue, bundled with the shell: it is the fallback for every other language. */
export const englishMessages: Messages = en;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The UI language, as the old console chose it: the user's `languagePref` when it names a supported language;
 * otherwise the first browser language cut at the first '-' or '_' when supported; otherwise English.
 * The rule itself lives once, in src/core/preferences.ts (`languageOf`).
 */
export function detectLocale(languagePref: string | null | undefined, browserLanguages: readonly string[]): Locale {
  return languageOf({ languagePref: typeof languagePref === 'string' ? languagePref : null }, browserLanguages);
}

// Separate chunks, so the shell only carries English.
const lazyCatalogues: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Messages }>> = {
  fr: () => import('./messages/fr.ts'),
  de: () => import('./messages/de.ts'),
  tr: () => import('./messages/tr.ts'),
};

const loaded = new Map<Locale, Promise<Messages>>([['en', Promise.resolve(en)]]);

/**
 * The catalogue of a language. Resolves, never rejects: when a language chunk cannot be fetched (offline before
 * it was cached, or a deployment replaced it) the UI falls back to English rather than failing, and the next call
 * tries the chunk again.
 */
export function loadMessages(locale: Locale): Promise<Messages> {
  const cached = loaded.get(locale);
  if (cached) return cached;
  const loader = isLocale(locale) && locale !== 'en' ? lazyCatalogues[locale] : undefined;
  if (!loader) return Promise.resolve(en);
  const pending = loader().then(
    (module) => module.default,
    (error: unknown) => {
      loaded.delete(locale);
      console.warn(`[i18n] Could not load the "${locale}" messages; showing English instead.`, error);
      return en;
    },
  );
  loaded.set(locale, pending);
  return pending;
}

export interface Translator {
  readonly locale: Locale;
  /** The message in this language with `values` inserted; the English text when the key is missing; never throws. */
  t(key: MessageKey, values?: MessageValues): string;
  formatNumber(value: number, options?: FormatNumberOptions): string;
  /**
   * A time distance in words, e.g. '3 minutes ago' / 'il y a 3 minutes' / 'in 2 hours'.
   * Sign as in Intl.RelativeTimeFormat: negative seconds lie in the past, positive in the future.
   * The largest whole unit is used (90 s → '1 minute ago'); 0 → 'now'; a non-finite number → ''.
   */
  formatRelativeTime(seconds: number): string;
  /** 'a, b and c' / 'a, b et c'; `options.type: 'disjunction'` gives 'a, b or c'. */
  formatList(items: readonly string[], options?: FormatListOptions): string;
}

export interface TranslatorOptions {
  /** Receives each formatting problem (missing key, missing value, unparsable message) once. */
  onProblem?: (message: string) => void;
}

const intlCache = createIntlCache();

function isDevelopment(): boolean {
  // Vite defines import.meta.env; the cast keeps this file free of Vite's ambient types for the Node test build.
  return (import.meta as unknown as { env?: { DEV?: boolean } }).env?.DEV === true;
}

function defaultProblemReporter(): ((message: string) => void) | undefined {
  return isDevelopment() ? (message) => console.warn(`[i18n] ${message}`) : undefined;
}

const RELATIVE_UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function createTranslator(locale: Locale, messages: Messages, options: TranslatorOptions = {}): Translator {
  const report = options.onProblem ?? defaultProblemReporter();
  const reported = new Set<string>();
  const reportOnce = (message: string): void => {
    if (!report || reported.has(message)) return;
    reported.add(message);
    report(message);
  };

  const intl: IntlShape<string> = createIntl(
    {
      locale,
      defaultLocale: DEFAULT_LOCALE,
      messages: messages as Record<string, string>,
      onError: (error) => reportOnce(error.message),
    },
    intlCache,
  );

  // A message without values always formats to the same text: formatted once (the alert table asks for the same
  // labels for every row it renders).
  const plain = new Map<MessageKey, string>();

  function t(key: MessageKey, values?: MessageValues): string {
    if (values === undefined) {
      const known = plain.get(key);
      if (known !== undefined) return known;
    }
    const english: string | undefined = (en as Record<string, string>)[key];
    try {
      const text = intl.formatMessage({ id: key, defaultMessage: english }, values);
      const out = typeof text === 'string' ? text : String(text);
      if (values === undefined) plain.set(key, out);
      return out;
    } catch (error) {
      // Only reachable with a key no catalogue knows (formatjs refuses an empty id); show the key, not a crash.
      reportOnce(`Could not format "${String(key)}": ${error instanceof Error ? error.message : String(error)}`);
      return english ?? String(key);
    }
  }

  function formatNumber(value: number, numberOptions?: FormatNumberOptions): string {
    return intl.formatNumber(value, numberOptions);
  }

  function formatRelativeTime(seconds: number): string {
    if (!Number.isFinite(seconds)) return '';
    const magnitude = Math.abs(seconds);
    const [unit, size] = RELATIVE_UNITS.find(([, unitSeconds]) => magnitude >= unitSeconds) ?? ['second', 1];
    // Truncate toward zero so 59 s never reads as '1 minute'; `+ 0` turns -0 into 0 ('now', not '0 seconds ago').
    const amount = Math.trunc(seconds / size) + 0;
    return intl.formatRelativeTime(amount, unit, { numeric: 'auto' });
  }

  function formatList(items: readonly string[], listOptions?: FormatListOptions): string {
    return intl.formatList(items, listOptions);
  }

  return { locale, t, formatNumber, formatRelativeTime, formatList };
}

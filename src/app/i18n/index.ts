import { languageOf } from '../../core/preferences.ts';
import { formatMessage, formatPlainNumber, type CompiledCatalogue, type CompiledMessage } from '../../core/icu-message.ts';
import { formatDate } from '../../core/date-format.ts';
// The catalogues arrive compiled (scripts/icu-messages.ts, a build-time transform): no ICU parser at run time.
import en from './messages/en.ts?icu';
import type { MessageKey, MessageValues } from './types.ts';

export type { MessageKey, Messages, MessageValues } from './types.ts';
export type { CompiledCatalogue } from '../../core/icu-message.ts';

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
export const englishMessages: CompiledCatalogue = en;

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
const lazyCatalogues: Record<Exclude<Locale, 'en'>, () => Promise<{ default: CompiledCatalogue }>> = {
  fr: () => import('./messages/fr.ts?icu'),
  de: () => import('./messages/de.ts?icu'),
  tr: () => import('./messages/tr.ts?icu'),
};

const loaded = new Map<Locale, Promise<CompiledCatalogue>>([['en', Promise.resolve(en)]]);

/**
 * The catalogue of a language. Resolves, never rejects: when a language chunk cannot be fetched (offline before
 * it was cached, or a deployment replaced it) the UI falls back to English rather than failing, and the next call
 * tries the chunk again.
 */
export function loadMessages(locale: Locale): Promise<CompiledCatalogue> {
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
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
  /**
   * A time distance in words, e.g. '3 minutes ago' / 'il y a 3 minutes' / 'in 2 hours'.
   * Sign as in Intl.RelativeTimeFormat: negative seconds lie in the past, positive in the future.
   * The largest whole unit is used (90 s → '1 minute ago'); 0 → 'now'; a non-finite number → ''.
   */
  formatRelativeTime(seconds: number): string;
  /** 'a, b and c' / 'a, b et c'; `options.type: 'disjunction'` gives 'a, b or c'. */
  formatList(items: readonly string[], options?: Intl.ListFormatOptions): string;
}

export interface TranslatorOptions {
  /** Receives each formatting problem (missing key, missing value, unparsable message) once. */
  onProblem?: (message: string) => void;
}

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

/** Intl formatters are costly to create and the same few are asked for on every render: one per locale and options. */
function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const listFormats = new Map<string, Intl.ListFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

export function createTranslator(locale: Locale, messages: CompiledCatalogue, options: TranslatorOptions = {}): Translator {
  const report = options.onProblem ?? defaultProblemReporter();
  const reported = new Set<string>();
  const reportOnce = (message: string): void => {
    if (!report || reported.has(message)) return;
    reported.add(message);
    report(message);
  };

  const messageOf = (catalogue: CompiledCatalogue, key: string): CompiledMessage | null =>
    Object.prototype.hasOwnProperty.call(catalogue, key) ? (catalogue[key] ?? null) : null;

  // A message without values always formats to the same text: formatted once (the alert table asks for the same
  // labels for every row it renders).
  const plain = new Map<MessageKey, string>();

  function t(key: MessageKey, values?: MessageValues): string {
    if (values !== undefined) return format(key, values);
    let out = plain.get(key);
    if (out === undefined) plain.set(key, (out = format(key, undefined)));
    return out;
  }

  function format(key: MessageKey, values: MessageValues | undefined): string {
    const id = String(key);
    const message = messageOf(messages, id);
    const english = messageOf(en, id);
    // A missing, empty or unparsable message shows the English text (as @formatjs/intl did with defaultMessage).
    if (message === null || message === '') {
      if (locale !== DEFAULT_LOCALE || english === null) reportOnce(`Missing message: "${id}" for locale "${locale}", using the English text.`);
      if (english === null) return id;
      try {
        return formatMessage(english, values, DEFAULT_LOCALE);
      } catch (error) {
        reportOnce(`Could not format the English message "${id}": ${errorText(error)}`);
        return formatMessage(english, values, DEFAULT_LOCALE, true);
      }
    }
    try {
      return formatMessage(message, values, locale);
    } catch (error) {
      reportOnce(`Could not format "${id}" in "${locale}": ${errorText(error)}`);
    }
    if (english !== null && english !== message) {
      try {
        return formatMessage(english, values, DEFAULT_LOCALE);
      } catch (error) {
        reportOnce(`Could not format the English message "${id}": ${errorText(error)}`);
      }
    }
    // Last resort: the message with the missing values shown by name, never an exception in a render.
    return formatMessage(message, values, locale, true);
  }

  function formatNumber(value: number, numberOptions?: Intl.NumberFormatOptions): string {
    if (!numberOptions) return formatPlainNumber(locale, value);
    return cached(numberFormats, `${locale}|${JSON.stringify(numberOptions)}`, () => new Intl.NumberFormat(locale, numberOptions)).format(value);
  }

  function formatRelativeTime(seconds: number): string {
    if (!Number.isFinite(seconds)) return '';
    const magnitude = Math.abs(seconds);
    const [unit, size] = RELATIVE_UNITS.find(([, unitSeconds]) => magnitude >= unitSeconds) ?? ['second', 1];
    // Truncate toward zero so 59 s never reads as '1 minute'; `+ 0` turns -0 into 0 ('now', not '0 seconds ago').
    const amount = Math.trunc(seconds / size) + 0;
    return cached(relativeFormats, locale, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })).format(amount, unit);
  }

  function formatList(items: readonly string[], listOptions?: Intl.ListFormatOptions): string {
    return cached(listFormats, `${locale}|${listOptions ? JSON.stringify(listOptions) : ''}`, () => new Intl.ListFormat(locale, listOptions)).format(items);
  }

  return { locale, t, formatNumber, formatRelativeTime, formatList };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Creates the Intl objects the first rows need (plural rules, date names), in idle time while the first data is on
 * its way, so their set-up does not land in the render of the first rows. Not the number format: its first creation
 * costs 15-20 ms (a long task on a slow phone), and numbers below 1000 do without it (formatPlainNumber).
 */
export function warmUpFormatters(locale: Locale): void {
  new Intl.PluralRules(locale).select(1);
  formatDate(Date.now(), 'ddd D MMM HH:mm', { timezone: 'local', locale });
}

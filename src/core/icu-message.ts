// ICU MessageFormat messages, compiled at build time (scripts/icu-messages.ts) and formatted here: the console ships
// no message parser and no message library. @formatjs/intl with its parser was 15 KiB gzip of the shell and 100+ ms
// of start-up at 4x CPU slowdown; even by FormatJS's own route without a parser (messages precompiled to its AST, the
// parser aliased to its no-parser build) it adds 5 KiB gzip to the shell and formats a message more than 15 times
// slower (docs/architecture.md, "Stack"). The result is the one intl-messageformat gives for the same message and values
// (tests/unit/i18n/icu-messages.test.ts compares them on every message of every catalogue).
//
// The compiled form is plain JSON, small for the common case:
//   "Refresh"                                   a message that is only text
//   ["Page ", [0, "page"], " of ", [0, "pages"]] text and parts
// Parts: a string is text; [0, name] a value; [1, name, style?] a number (style 'integer' or 'percent');
// [2, name, options] select; [3, name, options, offset?, ordinal?] plural (options keyed 'one', 'other', '=0'...);
// [4] the plural's # (its number, in the language's digits and grouping).

export type CompiledPart =
  | string
  | readonly [0, string]
  | readonly [1, string, NumberStyle?]
  | readonly [2, string, Readonly<Record<string, CompiledMessage>>]
  | readonly [3, string, Readonly<Record<string, CompiledMessage>>, number?, (0 | 1)?]
  | readonly [4];

export type CompiledMessage = string | readonly CompiledPart[];

/** A catalogue as the app receives it: every message compiled; `null` for one that could not be parsed. */
export type CompiledCatalogue = Readonly<Record<string, CompiledMessage | null>>;

export type NumberStyle = 'integer' | 'percent';

export type MessageValues = Readonly<Record<string, string | number>>;

/** A message could not be formatted with these values: a value is missing, or a select has no branch for it. */
export class MessageFormatProblem extends Error {}

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * The console's languages (en, fr, de, tr) write a whole number from 0 to 999 as its plain ASCII digits, whatever
 * the grouping, and larger ones with one separator every three digits: such numbers (counts, pages) need no
 * Intl.NumberFormat, whose first creation in a page costs ICU's set-up (15-20 ms, 60-80 ms on a slow phone) in the
 * middle of a render (a tab's "(10,000)" did at start-up). The tests compare with Intl.
 */
const PLAIN_DIGITS_LOCALE = /^(en|fr|de|tr)(-|$)/i;
/** The group separator of each language as such; regional variants (de-CH, fr-CA...) differ and are left to Intl. */
const GROUP_SEPARATOR: Readonly<Record<string, string>> = { en: ',', fr: '\u202f', de: '.', tr: '.' };

/** `n` in the locale's digits and grouping (no style). */
export function formatPlainNumber(locale: string, n: number): string {
  if (Number.isSafeInteger(n) && n >= 0) {
    if (n < 1000 && PLAIN_DIGITS_LOCALE.test(locale)) return String(n);
    const separator = own(GROUP_SEPARATOR, locale);
    if (separator !== undefined) return String(n).replace(/\B(?=(\d{3})+$)/g, separator);
  }
  return numberFormat(locale).format(n);
}

/** The locale's number format (cached: the first one a page creates costs ICU's set-up, 15+ ms). */
export function numberFormat(locale: string, style?: NumberStyle): Intl.NumberFormat {
  const key = `${locale}|${style ?? ''}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, style === 'integer' ? { maximumFractionDigits: 0 } : style === 'percent' ? { style: 'percent' } : undefined);
    numberFormats.set(key, f);
  }
  return f;
}

function plural(locale: string, ordinal: boolean): Intl.PluralRules {
  const key = `${locale}|${ordinal ? 'o' : 'c'}`;
  let r = pluralRules.get(key);
  if (!r) {
    r = new Intl.PluralRules(locale, { type: ordinal ? 'ordinal' : 'cardinal' });
    pluralRules.set(key, r);
  }
  return r;
}

const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;

/**
 * The message with `values` inserted, in `locale`. Throws MessageFormatProblem when a value is missing (or a select
 * has neither a branch for the value nor `other`), as intl-messageformat does; with `lenient`, a missing value shows
 * as `{name}` instead, for a last-resort text that still says what is missing.
 */
export function formatMessage(message: CompiledMessage, values: MessageValues | undefined, locale: string, lenient = false): string {
  return typeof message === 'string' ? message : formatParts(message, values, locale, lenient, undefined);
}

function formatParts(parts: readonly CompiledPart[], values: MessageValues | undefined, locale: string, lenient: boolean, pound: number | undefined): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      out += part;
      continue;
    }
    if (part[0] === 4) {
      if (typeof pound === 'number') out += formatPlainNumber(locale, pound);
      continue;
    }
    const name = part[1];
    if (!values || !(name in values)) {
      if (lenient) {
        out += `{${name}}`;
        continue;
      }
      throw new MessageFormatProblem(`The value "${name}" was not given`);
    }
    const value = values[name];
    switch (part[0]) {
      case 0:
        out += typeof value === 'string' || typeof value === 'number' ? String(value) : '';
        break;
      case 1:
        out += part[2] ? numberFormat(locale, part[2]).format(value as number) : formatPlainNumber(locale, value as number);
        break;
      case 2: {
        const branch = own(part[2], String(value)) ?? own(part[2], 'other');
        if (branch === undefined) {
          if (lenient) break;
          throw new MessageFormatProblem(`No branch of "${name}" for ${String(value)}`);
        }
        out += typeof branch === 'string' ? branch : formatParts(branch, values, locale, lenient, undefined);
        break;
      }
      case 3: {
        const offset = part[3] ?? 0;
        const n = (value as number) - offset;
        const branch = own(part[2], `=${String(value)}`) ?? own(part[2], plural(locale, part[4] === 1).select(n)) ?? own(part[2], 'other');
        if (branch === undefined) {
          if (lenient) break;
          throw new MessageFormatProblem(`No branch of "${name}" for ${String(value)}`);
        }
        out += typeof branch === 'string' ? branch : formatParts(branch, values, locale, lenient, n);
        break;
      }
    }
  }
  return out;
}

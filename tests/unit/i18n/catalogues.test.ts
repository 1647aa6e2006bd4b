import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  isPluralElement,
  isSelectElement,
  parse,
  TYPE,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { createTranslator, LOCALES, type Locale, type MessageKey, type Messages } from '../../../src/app/i18n/index.ts';
import en from '../../../src/app/i18n/messages/en.ts';
import fr from '../../../src/app/i18n/messages/fr.ts';
import de from '../../../src/app/i18n/messages/de.ts';
import tr from '../../../src/app/i18n/messages/tr.ts';
import { OLD_CONSOLE_KEYS } from './old-console-keys.ts';
import { compileCatalogue } from '../../../scripts/icu-messages.ts';
import { ACTION_LABEL_KEYS } from '../../../src/core/actions.ts';
import { BUILTIN_COLUMN_NAMES, columnDef } from '../../../src/core/columns.ts';
import { TIME_RANGES } from '../../../src/core/date-range.ts';
import { SNACKBAR_BUTTON_KEYS } from '../../../src/core/notifications.ts';
import {
  ACK_TIMEOUT_OPTIONS,
  BLACKOUT_PERIOD_OPTIONS,
  LANGUAGE_LABEL_KEYS,
  REFRESH_INTERVAL_OPTIONS,
  ROWS_PER_PAGE_OPTIONS,
  SHELVE_TIMEOUT_OPTIONS,
  TEXT_WIDTH_OPTIONS,
  VALUE_WIDTH_OPTIONS,
} from '../../../src/core/preferences.ts';
import { ROUTES } from '../../../src/core/routes.ts';
import { DROP_REASON_KEYS } from '../../../src/core/outbox.ts';
import { SEVERITY_LABEL_KEYS, STATUS_LABEL_KEYS } from '../../../src/core/severity.ts';
import { validateEmail, validateNote, validatePassword, validatePasswordConfirm } from '../../../src/core/validation.ts';

const catalogues: Record<Locale, Messages> = { en, fr, de, tr };
/** A catalogue as the app gets it: compiled at build time (scripts/icu-messages.ts). */
const compiled = (locale: Locale) => compileCatalogue(catalogues[locale], (key, problem) => expect.fail(`${locale} ${key}: ${problem}`));
const englishKeys = Object.keys(en) as MessageKey[];
const translations = LOCALES.filter((locale) => locale !== 'en');

/** Names of the values a message needs, with the kind of each (plain, plural, select, number, date, time). */
function placeholdersOf(elements: readonly MessageFormatElement[], found = new Map<string, string>()): Map<string, string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      placeholdersOf(element.children, found);
      continue;
    }
    found.set(element.value, TYPE[element.type]);
    if (isPluralElement(element) || isSelectElement(element)) {
      for (const option of Object.values(element.options)) placeholdersOf(option.value, found);
    }
  }
  return found;
}

function parsed(locale: Locale, key: MessageKey): MessageFormatElement[] {
  return parse(catalogues[locale][key]);
}

describe('the English catalogue (source of truth)', () => {
  it('keeps every one of the 285 keys of the old console', () => {
    expect(OLD_CONSOLE_KEYS).toHaveLength(285);
    const missing = OLD_CONSOLE_KEYS.filter((key) => !Object.hasOwn(en, key));
    expect(missing).toEqual([]);
  });

  it('shows the texts of the old console', () => {
    const expected: Partial<Record<MessageKey, string>> = {
      Dupl: 'Dupl.',
      TimeoutLeft: 'Timeout',
      Description: 'Description',
      TextIsRequired: 'Text is required',
      TextMustBeLessThan: 'Text must be less than',
      characters: 'characters',
      ConfirmDelete: 'Are you sure you want to delete this item?',
      NoDisplay: 'Sorry, nothing to display here',
      SearchNoResult1: 'Your search for',
      SearchNoResult2: 'found no results',
      Min6Char: 'Min 6 characters',
      SettingsError: 'Could not retrieve user preferences.',
      SettingsReset: 'Settings reset to defaults',
      UserStatusSaved: 'User status saved',
      EmailSaved: 'Email verified saved',
      LoggedOut: 'You have been logged out',
      SignUpNotAvailable: 'Sorry, sign up is not currently available',
      UnspecifiedProblem: 'Sorry, there was a problem',
      AuthNotPossible: 'Sorry, it is not possible to authenticate',
      AuthProviderUnknown: 'Unknown authentication provider',
      EmailConfirmFailed: 'Sorry, there was a problem confirming your email address',
      TryAgain: 'Please try again',
      ResetEmailSent: 'Reset email sent successfully',
      Copied: 'Copied',
      Latest: 'Latest',
      Hour: '1 hour',
      SixHours: '6 hours',
      TwelveHours: '12 hours',
      AllCustomersPlaceholder: 'ALL (*)',
      Product: 'Alerta',
    };
    for (const [key, text] of Object.entries(expected)) expect({ key, text: en[key as MessageKey] }).toEqual({ key, text });
  });

  it('renders the old console\'s texts that take values', () => {
    const t = createTranslator('en', compiled('en')).t;
    expect(t('ProblemConnecting', { endpoint: 'http://localhost:8080' })).toBe(
      'Problem connecting to http://localhost:8080, retrying...',
    );
    // A plain apostrophe before a letter is literal in ICU, so the old console's exact text survives formatting.
    expect(t('PasswordNotMatch')).toBe("Passwords entered don't match");
    expect(t('NoteTooLong', { max: 200 })).toBe('Text must be less than 200 characters');
    expect(t('ErrorWithCode', { message: 'Alert not found', code: 404 })).toBe('Alert not found (404)');
  });
});

describe.each(translations)('the %s catalogue', (locale) => {
  const catalogue = catalogues[locale];

  it('has every English key, with a non-empty text', () => {
    const missingOrEmpty = englishKeys.filter(
      (key) => !Object.hasOwn(catalogue, key) || typeof catalogue[key] !== 'string' || catalogue[key].trim() === '',
    );
    expect(missingOrEmpty).toEqual([]);
  });

  it('has no key that English lacks', () => {
    const extra = Object.keys(catalogue).filter((key) => !Object.hasOwn(en, key));
    expect(extra).toEqual([]);
  });

  it('uses the same placeholders as English for every message', () => {
    const differing = englishKeys.filter((key) => {
      const mine = [...placeholdersOf(parsed(locale, key))].sort();
      const english = [...placeholdersOf(parsed('en', key))].sort();
      return JSON.stringify(mine) !== JSON.stringify(english);
    });
    expect(differing).toEqual([]);
  });

  it('is actually translated, not English left in place, for sentences', () => {
    // Short labels can coincide (Type, Service, API, OK); a whole sentence cannot.
    const untranslated = englishKeys.filter((key) => en[key].split(' ').length >= 4 && catalogue[key] === en[key]);
    expect(untranslated).toEqual([]);
  });
});

describe.each(LOCALES)('every %s message', (locale) => {
  const catalogue = catalogues[locale];
  const translator = createTranslator(locale, compiled(locale), { onProblem: (problem) => expect.fail(problem) });

  it('parses as ICU MessageFormat', () => {
    const failures: string[] = [];
    for (const key of englishKeys) {
      try {
        parse(catalogue[key]);
      } catch (error) {
        failures.push(`${key}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('renders its text unchanged when it has no placeholders (no apostrophe swallowed as an ICU quote)', () => {
    const altered = englishKeys.filter(
      (key) => placeholdersOf(parsed(locale, key)).size === 0 && translator.t(key) !== catalogue[key],
    );
    expect(altered).toEqual([]);
  });

  it('shows every inserted value when formatted', () => {
    const lost: string[] = [];
    for (const key of englishKeys) {
      const placeholders = placeholdersOf(parsed(locale, key));
      if (placeholders.size === 0) continue;
      const values: Record<string, string | number> = {};
      for (const [name, kind] of placeholders) values[name] = kind === 'plural' || kind === 'number' ? 7 : `«${name}»`;
      const text = translator.t(key, values);
      for (const value of Object.values(values)) if (!text.includes(String(value))) lost.push(`${key}: ${text}`);
      if (/[{}]/.test(text)) lost.push(`${key}: ${text}`);
    }
    expect(lost).toEqual([]);
  });
});

describe('plural messages', () => {
  const cases: [Locale, number, string][] = [
    ['en', 1, '1 new alert'],
    ['en', 5, '5 new alerts'],
    ['fr', 0, '0 nouvelle alerte'],
    ['fr', 1, '1 nouvelle alerte'],
    ['fr', 2, '2 nouvelles alertes'],
    ['de', 1, '1 neuer Alarm'],
    ['de', 3, '3 neue Alarme'],
    ['tr', 1, '1 yeni uyarı'],
    ['tr', 4, '4 yeni uyarı'],
  ];
  it.each(cases)('%s: %i → %s', (locale, count, text) => {
    expect(createTranslator(locale, compiled(locale)).t('NewAlertsNotification', { count })).toBe(text);
  });

  it('agree with the number of alerts an action touched', () => {
    const t = (locale: Locale) => createTranslator(locale, compiled(locale)).t;
    expect(t('en')('ActionDone', { action: 'Ack', count: 1 })).toBe('Ack done on 1 alert');
    expect(t('en')('ActionDone', { action: 'Ack', count: 12 })).toBe('Ack done on 12 alerts');
    expect(t('fr')('ActionDone', { action: 'Acquitter', count: 2 })).toBe('Acquitter\u00a0: effectué sur 2 alertes');
    expect(t('de')('ActionFailed', { action: 'Schließen', count: 1 })).toBe('Schließen bei 1 Alarm fehlgeschlagen');
    expect(t('tr')('ActionDone', { action: 'Kapat', count: 3 })).toBe('Kapat işlemi 3 uyarı için tamamlandı');
  });
});

describe('i18n keys named by the domain rules in src/core', () => {
  it('all exist in English', () => {
    const named: Record<string, readonly (string | null)[]> = {
      'actions ACTION_LABEL_KEYS': Object.values(ACTION_LABEL_KEYS),
      'columns headerKey': BUILTIN_COLUMN_NAMES.map((name) => columnDef(name)?.headerKey ?? null),
      'date-range TIME_RANGES': TIME_RANGES.map((range) => range.labelKey),
      'notifications SNACKBAR_BUTTON_KEYS': Object.values(SNACKBAR_BUTTON_KEYS),
      'preferences LANGUAGE_LABEL_KEYS': Object.values(LANGUAGE_LABEL_KEYS),
      'preferences option units': [
        ACK_TIMEOUT_OPTIONS,
        BLACKOUT_PERIOD_OPTIONS,
        REFRESH_INTERVAL_OPTIONS,
        ROWS_PER_PAGE_OPTIONS,
        SHELVE_TIMEOUT_OPTIONS,
        TEXT_WIDTH_OPTIONS,
        VALUE_WIDTH_OPTIONS,
      ].flatMap((options) => options.map((option) => option.unit)),
      'routes titleKey': ROUTES.map((route) => route.titleKey),
      'outbox DROP_REASON_KEYS': Object.values(DROP_REASON_KEYS),
      'severity STATUS_LABEL_KEYS': Object.values(STATUS_LABEL_KEYS),
      'severity SEVERITY_LABEL_KEYS': Object.values(SEVERITY_LABEL_KEYS),
      'validation errors': [
        validateNote(''),
        validateNote('x'.repeat(201)),
        validatePassword(''),
        validatePassword('abc'),
        validatePasswordConfirm('secret1', 'secret2'),
        validateEmail('not an email'),
      ].map((result) => (result.ok ? null : result.error)),
    };
    const unknown = Object.entries(named).flatMap(([source, keys]) =>
      keys.filter((key) => key === null || !Object.hasOwn(en, key)).map((key) => `${source}: ${String(key)}`),
    );
    expect(unknown).toEqual([]);
  });
});

describe('t() calls in the UI', () => {
  const appRoot = fileURLToPath(new URL('../../../src/app', import.meta.url));

  function sourceFiles(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sourceFiles(path);
      return /\.(ts|tsx)$/.test(name) ? [path] : [];
    });
  }

  it('only use keys that exist in English', () => {
    const unknown: string[] = [];
    for (const file of sourceFiles(appRoot)) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/\bt\(\s*['"]([A-Za-z0-9_]+)['"]/g)) {
        const key = match[1]!;
        if (!Object.hasOwn(en, key)) unknown.push(`${relative(appRoot, file)}: ${key}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});

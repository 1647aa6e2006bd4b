import { describe, expect, it } from 'vitest';
import {
  createTranslator,
  detectLocale,
  englishMessages,
  isLocale,
  loadMessages,
  LOCALE_NAMES,
  LOCALES,
  type CompiledCatalogue,
} from '../../../src/app/i18n/index.ts';
import { LANGUAGES } from '../../../src/core/preferences.ts';
// The catalogues as the app imports them: compiled at build time (scripts/icu-messages.ts).
import en from '../../../src/app/i18n/messages/en.ts?icu';
import fr from '../../../src/app/i18n/messages/fr.ts?icu';
import de from '../../../src/app/i18n/messages/de.ts?icu';
import tr from '../../../src/app/i18n/messages/tr.ts?icu';
import deSource from '../../../src/app/i18n/messages/de.ts';
import { compileCatalogue } from '../../../scripts/icu-messages.ts';

describe('detectLocale', () => {
  it('uses the languagePref preference when it names a supported language', () => {
    expect(detectLocale('de', ['fr-FR'])).toBe('de');
    expect(detectLocale('tr', [])).toBe('tr');
  });

  it('ignores an unsupported or empty preference and follows the browser', () => {
    expect(detectLocale('es', ['fr-FR'])).toBe('fr');
    expect(detectLocale('', ['de-DE'])).toBe('de');
    expect(detectLocale(null, ['tr-TR'])).toBe('tr');
    expect(detectLocale(undefined, ['fr'])).toBe('fr');
  });

  it('cuts the first browser language at the first - or _', () => {
    expect(detectLocale(null, ['fr-CA'])).toBe('fr');
    expect(detectLocale(null, ['de_AT'])).toBe('de');
    expect(detectLocale(null, ['en-GB-oxendict'])).toBe('en');
  });

  it('looks only at the first browser language, like the old console', () => {
    expect(detectLocale(null, ['es-ES', 'fr-FR'])).toBe('en');
  });

  it('falls back to English', () => {
    expect(detectLocale(null, [])).toBe('en');
    expect(detectLocale('xx', ['ja-JP'])).toBe('en');
  });

  it('accepts a preference written in capitals', () => {
    expect(detectLocale('FR', ['de-DE'])).toBe('fr');
  });

  it('ignores a preference that is not a string (a damaged stored value)', () => {
    expect(detectLocale(42 as never, ['de-DE'])).toBe('de');
  });
});

describe('locales', () => {
  it('are English, French, German and Turkish, each named in its own language', () => {
    expect(LOCALES).toEqual(['en', 'fr', 'de', 'tr']);
    expect(LOCALE_NAMES).toEqual({ en: 'English', fr: 'Français', de: 'Deutsch', tr: 'Türkçe' });
    expect(isLocale('fr')).toBe(true);
    expect(isLocale('es')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });

  it('are the languages the preferences rules know', () => {
    expect([...LOCALES]).toEqual([...LANGUAGES]);
  });
});

describe('loadMessages', () => {
  it('gives the catalogue of each language', async () => {
    expect(await loadMessages('en')).toBe(en);
    expect(await loadMessages('fr')).toEqual(fr);
    expect(await loadMessages('de')).toEqual(de);
    expect(await loadMessages('tr')).toEqual(tr);
    expect(englishMessages).toBe(en);
  });

  it('loads a language once', () => {
    expect(loadMessages('de')).toBe(loadMessages('de'));
  });

  it('gives English for a value that is not a supported locale (e.g. an old stored preference)', async () => {
    expect(await loadMessages('es' as never)).toBe(en);
  });
});

describe('createTranslator', () => {
  it('translates in the chosen language', () => {
    expect(createTranslator('fr', fr).t('Alerts')).toBe('Alertes');
    expect(createTranslator('de', de).t('ConfirmDelete')).toBe('Möchten Sie diesen Eintrag wirklich löschen?');
    expect(createTranslator('tr', tr).t('Page', { page: 2, pages: 9 })).toBe('Sayfa 2/9');
  });

  it('falls back to the English text for a missing or empty message, and reports it once', () => {
    const problems: string[] = [];
    const partial = { ...fr, Search: '' } as Record<string, CompiledCatalogue[string]>;
    delete partial.Alerts;
    const { t } = createTranslator('fr', partial, { onProblem: (problem) => problems.push(problem) });
    expect(t('Alerts')).toBe('Alerts');
    expect(t('Alerts')).toBe('Alerts');
    expect(t('Search')).toBe('Search');
    expect(t('Refresh')).toBe('Actualiser');
    expect(problems.filter((problem) => problem.includes('"Alerts"'))).toHaveLength(1);
  });

  it('never throws when a value is missing or the message is broken', () => {
    const problems: string[] = [];
    // The build refuses a broken message; compiled anyway, it becomes null and the English text is shown.
    const broken = compileCatalogue({ ...deSource, Page: 'Seite {page von {pages}' }, (key, problem) => problems.push(`${key} ${problem}`));
    expect(broken.Page).toBeNull();
    const { t } = createTranslator('de', broken, { onProblem: (problem) => problems.push(problem) });
    expect(() => t('Page', { page: 1, pages: 3 })).not.toThrow();
    expect(t('Page', { page: 1, pages: 3 })).toBe('Page 1 of 3');
    expect(() => t('ProblemConnecting')).not.toThrow();
    expect(typeof t('ProblemConnecting')).toBe('string');
    expect(() => t('NoSuchKey' as never)).not.toThrow();
    expect(problems.length).toBeGreaterThan(0);
  });

  it('formats relative times in each language, past as negative seconds', () => {
    expect(createTranslator('en', en).formatRelativeTime(-180)).toBe('3 minutes ago');
    expect(createTranslator('fr', fr).formatRelativeTime(-180)).toBe('il y a 3 minutes');
    expect(createTranslator('de', de).formatRelativeTime(-180)).toBe('vor 3 Minuten');
    expect(createTranslator('tr', tr).formatRelativeTime(-180)).toBe('3 dakika önce');
  });

  it('uses the largest whole unit for relative times', () => {
    const { formatRelativeTime } = createTranslator('en', en);
    expect(formatRelativeTime(-45)).toBe('45 seconds ago');
    expect(formatRelativeTime(-90)).toBe('1 minute ago');
    expect(formatRelativeTime(-59 * 60)).toBe('59 minutes ago');
    expect(formatRelativeTime(-2 * 3600 - 59)).toBe('2 hours ago');
    expect(formatRelativeTime(-86400)).toBe('yesterday');
    expect(formatRelativeTime(-3 * 86400)).toBe('3 days ago');
    expect(formatRelativeTime(-14 * 86400)).toBe('2 weeks ago');
    expect(formatRelativeTime(-400 * 86400)).toBe('last year');
    expect(formatRelativeTime(7200)).toBe('in 2 hours');
    expect(formatRelativeTime(0)).toBe('now');
    expect(formatRelativeTime(-0.4)).toBe('now');
    expect(formatRelativeTime(Number.NaN)).toBe('');
  });

  it('formats numbers and lists by the language’s rules', () => {
    expect(createTranslator('en', en).formatNumber(1234.5)).toBe('1,234.5');
    expect(createTranslator('de', de).formatNumber(1234.5)).toBe('1.234,5');
    expect(createTranslator('en', en).formatList(['a', 'b', 'c'])).toBe('a, b, and c');
    expect(createTranslator('fr', fr).formatList(['a', 'b', 'c'])).toBe('a, b et c');
    expect(createTranslator('de', de).formatList(['a', 'b', 'c'])).toBe('a, b und c');
    expect(createTranslator('tr', tr).formatList(['a', 'b', 'c'])).toBe('a, b ve c');
    expect(createTranslator('en', en).formatList(['a', 'b'], { type: 'disjunction' })).toBe('a or b');
  });

  it('can be destructured, as React components do', () => {
    const { t, formatRelativeTime } = createTranslator('fr', fr);
    expect(t('LastUpdated', { age: formatRelativeTime(-120) })).toBe('dernière mise à jour il y a 2 minutes');
  });
});

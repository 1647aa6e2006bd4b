// The messages compiled at build time (scripts/icu-messages.ts) and formatted by src/core/icu-message.ts give what
// intl-messageformat gives for the same source text, values and language; what the runtime cannot format fails the
// build; the `?icu` import is the catalogue module compiled, whatever keys it holds.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { compileCatalogue, compileMessage, MessageCompileError, readCatalogueModule } from '../../../scripts/icu-messages.ts';
import { formatMessage, MessageFormatProblem, type MessageValues } from '../../../src/core/icu-message.ts';
import en from '../../../src/app/i18n/messages/en.ts';
import fr from '../../../src/app/i18n/messages/fr.ts';
import de from '../../../src/app/i18n/messages/de.ts';
import tr from '../../../src/app/i18n/messages/tr.ts';
import enCompiled from '../../../src/app/i18n/messages/en.ts?icu';
import trCompiled from '../../../src/app/i18n/messages/tr.ts?icu';

const catalogues = { en, fr, de, tr } as const;

/** intl-messageformat's result, or the class of its error. */
function reference(raw: string, locale: string, values: MessageValues | undefined): string {
  try {
    return String(new IntlMessageFormat(raw, locale).format(values as Record<string, string | number>));
  } catch {
    return '<error>';
  }
}

function ours(raw: string, locale: string, values: MessageValues | undefined): string {
  try {
    return formatMessage(compileMessage(raw), values, locale);
  } catch (error) {
    if (error instanceof MessageFormatProblem) return '<error>';
    throw error;
  }
}

/** Every value name a message mentions ({name, ...} at any depth), from its source text. */
const namesIn = (raw: string) => [...new Set([...raw.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((m) => m[1]!))];

const NUMBERS = [0, 1, 2, 3, 5, 11, 21, 101, 1234.5, -1];

describe.each(Object.keys(catalogues) as (keyof typeof catalogues)[])('every %s message', (locale) => {
  it('formats as intl-messageformat does, for many values, and without values', () => {
    const catalogue = catalogues[locale] as Record<string, string>;
    for (const [key, raw] of Object.entries(catalogue)) {
      const names = namesIn(raw);
      const valueSets: (MessageValues | undefined)[] = [undefined, {}];
      for (const n of NUMBERS) valueSets.push(Object.fromEntries(names.map((name) => [name, n])));
      valueSets.push(Object.fromEntries(names.map((name) => [name, `«${name}»`])));
      for (const values of valueSets) {
        expect([key, values, ours(raw, locale, values)]).toEqual([key, values, reference(raw, locale, values)]);
      }
    }
  });
});

describe('the compiled form', () => {
  it.each([
    ["It''s '{'literal'}' {n, number} and {n, number, integer} or {p, number, percent}", { n: 1234.56, p: 0.25 }],
    ['{s, select, a {A{n}} b {B} other {O #}}', { s: 'a', n: 3 }],
    ['{s, select, a {A} other {O}}', { s: 'zz' }],
    ['{n, plural, =0 {none} one {# one} other {# many}}', { n: 0 }],
    ['{n, plural, offset:1 =0 {nobody} =1 {just {who}} one {{who} and # other} other {{who} and # others}}', { n: 2, who: 'Ann' }],
    ['{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', { n: 22 }],
    ['{n, plural, one {{s, select, x {# in select} other {other}}} other {#}}', { n: 1, s: 'x' }],
    ['{n, plural, one {# x} other {# xs}}', { n: 'x' }],
    ['{n, plural, one {# x} other {# xs}}', { n: '3' }],
    ['{a} {b} {c}', { a: 0, b: '', c: 5 }],
    ["don't '#' {n, plural, other {'#' #}}", { n: 4 }],
    ['', {}],
    ['{n, plural, one {} other {#}}', { n: 1 }],
  ] as [string, MessageValues][])('%s', (raw, values) => {
    for (const locale of ['en', 'fr', 'de', 'tr']) expect(ours(raw, locale, values)).toBe(reference(raw, locale, values));
  });

  it('keeps a message without syntax as its own text', () => {
    expect(compileMessage('Refresh')).toBe('Refresh');
    expect(compileMessage("don't")).toBe("don't");
    expect(compileMessage("'{'x'}'")).toBe('{x}');
    expect(compileMessage('Page {page}')).toEqual(['Page ', [0, 'page']]);
  });

  it('shows a missing value by name when asked to be lenient, and throws otherwise', () => {
    const message = compileMessage('Hello {name}, {n, plural, one {# alert} other {# alerts}}');
    expect(() => formatMessage(message, {}, 'en')).toThrow(MessageFormatProblem);
    expect(formatMessage(message, { n: 2 }, 'en', true)).toBe('Hello {name}, 2 alerts');
  });

  it('refuses what the runtime formatter does not know, and what does not parse', () => {
    for (const raw of ['{d, date, short}', '{t, time}', '<b>bold</b>', '{n, number, ::currency/EUR}', '{n, number, currency}', 'Seite {page von']) {
      expect(() => compileMessage(raw)).toThrow(MessageCompileError);
    }
  });

  it('compiles a catalogue, reporting each message it cannot compile and leaving it null', () => {
    const problems: string[] = [];
    const out = compileCatalogue({ Ok: 'Fine {x}', Bad: '{x', Empty: '' }, (key, problem) => problems.push(`${key}: ${problem}`));
    expect(out).toEqual({ Ok: ['Fine ', [0, 'x']], Bad: null, Empty: '' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^Bad: does not parse/);
  });
});

describe('the ?icu import', () => {
  it('is the catalogue module compiled, every key of it', async () => {
    expect(enCompiled).toEqual(compileCatalogue(en));
    expect(trCompiled).toEqual(compileCatalogue(tr));
    expect(Object.keys(enCompiled)).toEqual(Object.keys(en));
  });

  it('reads the catalogue module itself (TypeScript, evaluated), not a copy', async () => {
    const file = path.resolve(import.meta.dirname, '../../../src/app/i18n/messages/fr.ts');
    expect(await readCatalogueModule(file)).toEqual(fr);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatUtcTooltip, parseIsoTimestamp, safeLocale, secondsAgo, widestDateWidth } from '../../../src/core/date-format.ts';
import { LONG_DATE_FORMATS, MEDIUM_DATE_FORMATS, SHORT_TIME_FORMATS } from '../../../src/core/preferences.ts';
import { luxonFormatDate, momentToLuxon } from './luxon-reference.ts';

// Local time is tested in a zone with a non-whole-hour offset, so a UTC/local mix-up cannot pass by accident.
process.env.TZ = 'Asia/Kolkata';

const ISO = '2024-01-15T10:30:05.123Z';
const utc = (format: string, locale = 'en') => formatDate(ISO, format, { timezone: 'utc', locale });

describe('the luxon reference: moment tokens as luxon read them', () => {
  it.each([
    ['ddd D MMM, YYYY HH:mm:ss.SSS Z', 'EEE d MMM, yyyy HH:mm:ss.SSS ZZ'],
    ['ddd D MMM HH:mm', 'EEE d MMM HH:mm'],
    ['HH:mm', 'HH:mm'],
    ['YYYY-MM-DD HH:mm:ss.SSS Z', 'yyyy-MM-dd HH:mm:ss.SSS ZZ'],
    ['YYYY-MM-DD[T]HH:mm:ss.SSS[Z]', "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"],
    ['hh:mm:ss.SSS A', 'hh:mm:ss.SSS a'],
    ['l hh:mm:ss.SSS A', 'D hh:mm:ss.SSS a'],
    ['LT', 't'],
    ['LTS', 'tt'],
    ['l', 'D'],
    ['ll', 'DD'],
    ['LL', 'DDD'],
    ['lll', 'DD t'],
    ['LLL', 'DDD t'],
    ['LLLL', 'DDDD t'],
    ['ZZ', 'ZZZ'],
    ['X x', 'X x'],
  ])('%s -> %s', (moment, luxon) => {
    expect(momentToLuxon(moment)).toBe(luxon);
  });

  it('L is the padded numeric date of the locale', () => {
    expect(momentToLuxon('L', 'en')).toBe('MM/dd/yyyy');
    expect(momentToLuxon('L', 'de')).toBe('dd.MM.yyyy');
    expect(momentToLuxon('L', 'fr')).toBe('dd/MM/yyyy');
    expect(momentToLuxon('L', 'tr')).toBe('dd.MM.yyyy');
  });

  it('quotes literal letters that luxon would otherwise read as tokens', () => {
    expect(momentToLuxon('[Week] W')).toBe("'Week 'W");
    expect(momentToLuxon('\\T')).toBe("'T'");
  });
});

describe('formatDate with every format offered in Settings (the old console\'s lists), en, UTC', () => {
  it.each([
    ['ddd D MMM, YYYY HH:mm:ss.SSS Z', 'Mon 15 Jan, 2024 10:30:05.123 +00:00'],
    ['ddd D MMM HH:mm', 'Mon 15 Jan 10:30'],
    ['HH:mm', '10:30'],
    ['l', '1/15/2024'],
    ['L', '01/15/2024'],
    ['ll', 'Jan 15, 2024'],
    ['LL', 'January 15, 2024'],
    ['lll', 'Jan 15, 2024 10:30 AM'],
    ['llll', 'Mon, Jan 15, 2024 10:30 AM'],
    ['LLL', 'January 15, 2024 10:30 AM'],
    ['LLLL', 'Monday, January 15, 2024 10:30 AM'],
    ['l hh:mm:ss.SSS A', '1/15/2024 10:30:05.123 AM'],
    ['YYYY-MM-DD HH:mm:ss.SSS Z', '2024-01-15 10:30:05.123 +00:00'],
    ['YYYY-MM-DD[T]HH:mm:ss.SSS[Z]', '2024-01-15T10:30:05.123Z'],
    ['LT', '10:30 AM'],
    ['LTS', '10:30:05 AM'],
    ['hh:mm:ss.SSS A', '10:30:05.123 AM'],
    ['HH:mm:ss', '10:30:05'],
    ['HH:mm:ss.SSS', '10:30:05.123'],
    ['HH:mm:ss.SSS Z', '10:30:05.123 +00:00'],
  ])('%s', (format, expected) => {
    expect(utc(format)).toBe(expected);
  });

  it('fractions: S tenths, SS hundredths, SSSS padded', () => {
    expect(utc('S|SS|SSS|SSSS')).toBe('1|12|123|1230');
  });

  it('afternoon and 12-hour clock', () => {
    expect(formatDate('2024-01-15T15:04:00Z', 'h:mm A', { timezone: 'utc', locale: 'en' })).toBe('3:04 PM');
  });

  it('keeps apostrophes in escaped text', () => {
    expect(utc("[it's] h [o'clock]")).toBe("it's 10 o'clock");
  });
});

describe('formatDate in other languages', () => {
  it('German', () => {
    expect(utc('L', 'de')).toBe('15.01.2024');
    expect(utc('l', 'de')).toBe('15.1.2024');
    expect(utc('LL', 'de')).toBe('15. Januar 2024');
    expect(utc('LLL', 'de')).toBe('15. Januar 2024 10:30');
    expect(utc('LLLL', 'de')).toBe('Montag, 15. Januar 2024 10:30');
    expect(utc('LT', 'de')).toBe('10:30');
    expect(utc('ddd D MMM HH:mm', 'de')).toBe('Mo. 15 Jan. 10:30');
  });

  it('French', () => {
    expect(utc('L', 'fr')).toBe('15/01/2024');
    expect(utc('LL', 'fr')).toBe('15 janvier 2024');
    expect(utc('LT', 'fr')).toBe('10:30');
    expect(utc('ddd D MMM HH:mm', 'fr')).toBe('lun. 15 janv. 10:30');
  });

  it('Turkish', () => {
    expect(utc('L', 'tr')).toBe('15.01.2024');
    expect(utc('LL', 'tr')).toBe('15 Ocak 2024');
    expect(utc('LTS', 'tr')).toBe('10:30:05');
    expect(utc('hh:mm A', 'tr')).toBe('10:30 ÖÖ');
    expect(utc('ddd D MMM', 'tr')).toBe('Pzt 15 Oca');
  });

  it('a malformed or unknown locale falls back to English instead of throwing', () => {
    expect(utc('LL', 'en_US')).toBe('January 15, 2024');
    expect(utc('LL', '!!')).toBe('January 15, 2024');
    expect(utc('LL', '')).toBe('January 15, 2024');
    expect(safeLocale('pt_BR')).toBe('pt-BR');
  });
});

describe('formatDate time zones and bad input', () => {
  it('local converts to the browser zone', () => {
    expect(formatDate(ISO, 'YYYY-MM-DD HH:mm Z', { timezone: 'local', locale: 'en' })).toBe('2024-01-15 16:00 +05:30');
  });

  it('utc shows UTC whatever the browser zone', () => {
    expect(formatDate(ISO, 'HH:mm', { timezone: 'utc', locale: 'en' })).toBe('10:30');
  });

  it('accepts epoch milliseconds', () => {
    expect(formatDate(Date.parse(ISO), 'YYYY-MM-DD HH:mm:ss.SSS', { timezone: 'utc', locale: 'en' })).toBe(
      '2024-01-15 10:30:05.123',
    );
  });

  it('null, empty and unparseable dates give an empty string', () => {
    for (const bad of [null, '', 'not a date', '2024-13-45T99:00:00Z', Number.NaN]) {
      expect(formatDate(bad, 'LL', { timezone: 'utc', locale: 'en' })).toBe('');
    }
  });

  it('an empty format falls back to moment default format', () => {
    expect(formatDate(ISO, '', { timezone: 'utc', locale: 'en' })).toBe('2024-01-15T10:30:05+00:00');
  });
});

describe('formatUtcTooltip', () => {
  it('is YYYY/MM/DD HH:mm:ss.SSS Z in UTC', () => {
    expect(formatUtcTooltip(ISO)).toBe('2024/01/15 10:30:05.123 +00:00');
    expect(formatUtcTooltip('2024-01-15T23:59:59.999+02:00')).toBe('2024/01/15 21:59:59.999 +00:00');
  });

  it('is empty for a missing date', () => {
    expect(formatUtcTooltip(null)).toBe('');
  });
});

describe('secondsAgo', () => {
  it('never points to the future: a time just ahead of the clock reads as now', () => {
    expect(secondsAgo(10_000, 70_000)).toBe(-60);
    expect(secondsAgo(71_000, 70_000)).toBe(0);
    expect(secondsAgo(70_400, 70_000)).toBe(0);
  });
});

// The formatter must show what the console showed when it rendered through luxon. Every format offered in Settings
// and the config's defaults, in every UI language, in local time (a zone with a
// non-whole-hour offset) and UTC, on dates that exercise padding, noon and midnight, year ends and ISO weeks.
const SETTINGS_FORMATS = [
  // defaults: longDate, mediumDate, shortTime
  'ddd D MMM, YYYY HH:mm:ss.SSS Z', 'ddd D MMM HH:mm', 'HH:mm',
  // mediumDate choices
  'l', 'L', 'll', 'LL', 'lll', 'llll', 'LLL', 'LLLL',
  // longDate choices
  'l hh:mm:ss.SSS A', 'YYYY-MM-DD HH:mm:ss.SSS Z', 'YYYY-MM-DD[T]HH:mm:ss.SSS[Z]',
  // shortTime choices
  'LT', 'LTS', 'hh:mm:ss.SSS A', 'HH:mm:ss', 'HH:mm:ss.SSS', 'HH:mm:ss.SSS Z',
  // the UTC tooltip and moment's default
  'YYYY/MM/DD HH:mm:ss.SSS Z', '',
];
// Every other token a configured format could use.
const OTHER_FORMATS = [
  'YYYYYY YYYYY YYYY YY Y', 'Q Qo', 'MMMM MMM MM Mo M', 'DDDD DDDo DDD DD Do D', 'dddd ddd dd do d E e',
  'WW Wo W ww wo w', 'GGGG GG gggg gg', 'HH H hh h kk k', 'mm m ss s', 'S SS SSS SSSS SSSSSS SSSSSSSSS',
  'A a', 'ZZ Z', 'z zz', 'X x', 'h:mm a', '[Week] W, \\T', "[it's] h [o'clock]", 'YYYY-MM-DDTHH:mm:ssZ',
];
const DATES = [
  '2024-01-15T10:30:05.123Z', '2024-01-15T00:00:00.000Z', '2024-06-30T12:00:00.007Z', '2024-12-31T23:59:59.999Z',
  '2021-01-01T18:45:09.050Z', '2027-01-03T05:04:03.400Z', '2020-02-29T21:15:00Z', '1999-09-09T09:09:09.090+02:00',
];

describe('formatDate shows what luxon showed', () => {
  for (const timezone of ['utc', 'local'] as const) {
    for (const locale of ['en', 'fr', 'de', 'tr']) {
      it(`${locale}, ${timezone}: every Settings format and every token`, () => {
        for (const format of [...SETTINGS_FORMATS, ...OTHER_FORMATS]) {
          for (const iso of DATES) {
            expect([format, iso, formatDate(iso, format, { timezone, locale })]).toEqual([format, iso, luxonFormatDate(iso, format, { timezone, locale })]);
          }
        }
      });
    }
  }

  it('reads the same timestamps as luxon did, and refuses the same', () => {
    const inputs = [
      '2024-01-15T10:30:05.123Z', '2024-01-15T10:30:05Z', '2024-01-15T10:30Z', '2024-01-15T10:30:05.123456Z',
      '2024-01-15T10:30:05+05:30', '2024-01-15T10:30:05-0800', '2024-01-15T10:30:05', '2024-01-15',
      '2024-02-29T00:00:00Z', '2023-02-29T00:00:00Z', '2024-13-45T99:00:00Z', '2024-04-31T10:00:00Z', 'not a date',
      'Jan 15 2024', '2024-01-15 10:30', '1700000000000', '', 1705314605123, 0, Number.NaN,
    ];
    for (const input of inputs) {
      const format = 'YYYY-MM-DD HH:mm:ss.SSS Z';
      for (const timezone of ['utc', 'local'] as const) {
        expect([input, formatDate(input, format, { timezone, locale: 'en' })]).toEqual([input, luxonFormatDate(input, format, { timezone, locale: 'en' })]);
      }
    }
  });
});

describe('parseIsoTimestamp', () => {
  it('reads the API\'s timestamps and refuses days and times that do not exist', () => {
    expect(parseIsoTimestamp('2024-01-15T10:30:05.123Z')).toBe(Date.UTC(2024, 0, 15, 10, 30, 5, 123));
    expect(parseIsoTimestamp('2024-01-15T10:30:05.123+01:00')).toBe(Date.UTC(2024, 0, 15, 9, 30, 5, 123));
    expect(parseIsoTimestamp('2024-02-30T00:00:00Z')).toBeNaN();
    expect(parseIsoTimestamp('2024-01-15T24:00:00Z')).toBeNaN();
    expect(parseIsoTimestamp('yesterday')).toBeNaN();
    // without an offset: local time, or the zone asked for
    expect(parseIsoTimestamp('2024-01-15T10:30')).toBe(new Date(2024, 0, 15, 10, 30).getTime());
    expect(parseIsoTimestamp('2024-01-15T10:30', 'utc')).toBe(Date.UTC(2024, 0, 15, 10, 30));
    expect(parseIsoTimestamp('2024-01-15T10:30+01:00', 'utc')).toBe(Date.UTC(2024, 0, 15, 9, 30));
  });
});

describe('formatDate in zones with daylight saving time', () => {
  it('shows the wall-clock time of each instant around the changes, as luxon did', () => {
    const saved = process.env.TZ;
    try {
      for (const zone of ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe']) {
        process.env.TZ = zone;
        for (const iso of ['2024-03-10T06:59:59.999Z', '2024-03-10T07:00:00Z', '2024-03-31T00:59:00Z', '2024-03-31T01:00:00Z', '2024-10-27T00:30:00Z', '2024-10-27T01:30:00Z', '2024-11-03T05:30:00Z', '2024-11-03T06:30:00Z', '2024-04-06T15:00:00Z']) {
          // (not z: the zone's name comes from a formatter made once, for the zone the page started in)
          for (const format of ['YYYY-MM-DD HH:mm:ss.SSS Z', 'ddd D MMM HH:mm', 'LLLL']) {
            expect([zone, iso, format, formatDate(iso, format, { timezone: 'local', locale: 'en' })]).toEqual([zone, iso, format, luxonFormatDate(iso, format, { timezone: 'local', locale: 'en' })]);
          }
        }
      }
    } finally {
      process.env.TZ = saved;
    }
  });
});

describe('widestDateWidth: a date column sized without formatting the page', () => {
  // A proportional font as a test double: digits of different widths, letters by their code, narrow spaces.
  const widths: Record<string, number> = { '1': 4, '7': 5, '0': 7.5, '8': 7, ' ': 3, ':': 2.5, '.': 2.5 };
  const measure = (text: string) => [...text].reduce((w, ch) => w + (widths[ch] ?? (/\d/.test(ch) ? 6 : 4 + (ch.codePointAt(0)! % 5))), 0);
  const formats = [...MEDIUM_DATE_FORMATS, ...LONG_DATE_FORMATS, ...SHORT_TIME_FORMATS];
  const hours = [0, 1, 9, 11, 12, 13, 19, 21, 23];

  it.each(['en', 'fr', 'de', 'tr'])('is never narrower than any date of a year in any Settings format (%s)', (locale) => {
    const misses: string[] = [];
    for (const format of formats) {
      const opts = { timezone: 'utc' as const, locale };
      const widest = widestDateWidth(format, opts, measure, 2026);
      for (let day = 0; day < 365; day++) {
        for (const hour of hours) {
          const text = formatDate(Date.UTC(2026, 0, 1 + day, hour, (day * 7) % 60, (day * 13) % 60, day % 1000), format, opts);
          if (measure(text) > widest + 1e-9) misses.push(`${format}: "${text}" ${measure(text)} > ${widest}`);
        }
      }
    }
    expect(misses.slice(0, 5)).toEqual([]);
  });

  it('follows the local time zone when the dates are shown in local time', () => {
    const opts = { timezone: 'local' as const, locale: 'en' };
    const widest = widestDateWidth('ddd D MMM HH:mm', opts, measure, 2026);
    for (let day = 0; day < 365; day += 3) expect(measure(formatDate(new Date(2026, 0, 1 + day, 22, 8).getTime(), 'ddd D MMM HH:mm', opts))).toBeLessThanOrEqual(widest);
  });

  it('is as wide as the widest text, not wider than the format can print', () => {
    // every digit counted as the widest one (0 in this font): no wider than the format can print
    const opts = { timezone: 'utc' as const, locale: 'en' };
    const widest = widestDateWidth('HH:mm', opts, measure, 2026);
    expect(widest).toBe(measure('00:00'));
  });
});

describe('the first rows in English', () => {
  it('format month and weekday names without creating an Intl.DateTimeFormat or asking it anything (the first time costs 15-25 ms)', async () => {
    const Original = Intl.DateTimeFormat;
    let created = 0;
    const Counting = function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      created++;
      return new Original(...args);
    } as unknown as typeof Intl.DateTimeFormat;
    // Asking which locales are supported loads the same data as a first creation.
    Object.assign(Counting, {
      supportedLocalesOf: (...args: Parameters<typeof Intl.DateTimeFormat.supportedLocalesOf>) => {
        created++;
        return Original.supportedLocalesOf(...args);
      },
    });
    vi.resetModules();
    Intl.DateTimeFormat = Counting;
    try {
      const fresh = await import('../../../src/core/date-format.ts');
      const shown = [0, 3, 6, 8, 11].map((m) => fresh.formatDate(Date.UTC(2024, m, 9 + m, 22, 5), 'dddd ddd D MMM MMMM HH:mm A', { timezone: 'utc', locale: 'en' }));
      expect(created).toBe(0);
      // the same text as the platform's own names (luxon reads them from Intl)
      for (const [i, m] of [0, 3, 6, 8, 11].entries()) {
        expect(shown[i]).toBe(luxonFormatDate(Date.UTC(2024, m, 9 + m, 22, 5), 'dddd ddd D MMM MMMM HH:mm A', { timezone: 'utc', locale: 'en' }));
      }
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });
});

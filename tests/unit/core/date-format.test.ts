import { describe, expect, it } from 'vitest';
import { formatDate, formatUtcTooltip, momentToLuxon, safeLocale, secondsAgo } from '../../../src/core/date-format.ts';

// Local time is tested in a zone with a non-whole-hour offset, so a UTC/local mix-up cannot pass by accident.
process.env.TZ = 'Asia/Kolkata';

const ISO = '2024-01-15T10:30:05.123Z';
const utc = (format: string, locale = 'en') => formatDate(ISO, format, { timezone: 'utc', locale });

describe('momentToLuxon', () => {
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

describe('formatDate with every format offered in Settings (CONSOLE-FACTS 2.2), en, UTC', () => {
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

// Dates in the formats of the config and the preferences, which are moment.js token strings (as in
// the old console and the server's `dates` config).
// A small formatter of its own: the numbers come from the Date itself, names and the locale-aware macros from the
// platform's Intl, so no date library is loaded before the first row. Measured against luxon, even loaded where the
// first screen does not pay for it (the data worker): luxon is 23 KiB gzip, and a date costs it 3 to 10 times as long
// (docs/architecture.md, "Stack").
// Its output is the one the console gave when it rendered through luxon, and tests/unit/core/date-format.test.ts
// compares the two on every format offered in Settings, in every UI language, local time and UTC.
//
// Locale-aware moment tokens and what they become (checked in en, de, fr, tr):
//   LT   localized short time                   en "10:30 AM", de "10:30"
//   LTS  localized time with seconds            en "10:30:05 AM"
//   L    2-digit day and month, as moment       en "01/15/2024", de "15.01.2024", fr "15/01/2024"
//   l    numeric date                           en "1/15/2024", de "15.1.2024"
//   LL   long date                              en "January 15, 2024", de "15. Januar 2024"
//   ll   medium date                            en "Jan 15, 2024", de "15. Jan. 2024"
//   LLL  LL + LT                                en "January 15, 2024 10:30 AM" (no zone, as moment)
//   lll  ll + LT                                en "Jan 15, 2024 10:30 AM"
//   LLLL weekday, LL + LT                       en "Monday, January 15, 2024 10:30 AM"
//   llll short weekday, ll + LT                 en "Mon, Jan 15, 2024 10:30 AM"
// Day/month order and names come from the platform's Intl data, which can differ in small ways from moment's
// locale files (e.g. tr puts the weekday last in LLLL). Ordinals (Do, Mo...) render as plain numbers; d/do/e are
// the ISO weekday (Monday 1 ... Sunday 7), as the console has always shown them.

type Zone = 'local' | 'utc';

/** The calendar fields of one instant in one zone. */
interface Fields {
  date: Date;
  zone: Zone;
  year: number;
  month: number; // 1-12
  day: number;
  weekday: number; // ISO: Monday 1 ... Sunday 7
  hour: number;
  minute: number;
  second: number;
  ms: number;
  /** minutes east of UTC */
  offset: number;
}

type Piece = string | ((f: Fields, locale: string) => string);

// Longest first, so that e.g. "MMMM" is not read as "MM" + "MM".
const MOMENT_TOKENS = [
  'LTS', 'LLLL', 'llll', 'LLL', 'lll', 'LT', 'LL', 'll', 'L', 'l',
  'YYYYYY', 'YYYYY', 'YYYY', 'YY', 'Y',
  'Qo', 'Q',
  'MMMM', 'MMM', 'MM', 'Mo', 'M',
  'DDDD', 'DDDo', 'DDD', 'DD', 'Do', 'D',
  'dddd', 'ddd', 'dd', 'do', 'd',
  'E', 'e',
  'WW', 'Wo', 'W', 'ww', 'wo', 'w',
  'GGGG', 'GG', 'gggg', 'gg',
  'HH', 'H', 'hh', 'h', 'kk', 'k',
  'mm', 'm', 'ss', 's',
  'SSSSSSSSS', 'SSSSSSSS', 'SSSSSSS', 'SSSSSS', 'SSSSS', 'SSSS', 'SSS', 'SS', 'S',
  'A', 'a', 'ZZ', 'Z', 'zz', 'z', 'X', 'x',
];

const pad = (n: number, width: number): string => {
  const text = String(Math.abs(Math.trunc(n))).padStart(width, '0');
  return n < 0 ? `-${text}` : text;
};

// ---- Intl, cached: formatters are costly to create and the list formats hundreds of dates per render --------------

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Formatters kept (language × time zone × fields): a few are used at a time; the cache starts over beyond this. */
export const MAX_DATE_FORMATTERS = 100;
const optionKeys = new WeakMap<Intl.DateTimeFormatOptions, string>();

function dtf(locale: string, zone: Zone, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let optionsKey = optionKeys.get(options);
  if (optionsKey === undefined) {
    optionsKey = JSON.stringify(options);
    optionKeys.set(options, optionsKey);
  }
  const key = `${locale}|${zone}|${optionsKey}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, zone === 'utc' ? { ...options, timeZone: 'UTC' } : options);
    if (formatters.size >= MAX_DATE_FORMATTERS) formatters.clear();
    formatters.set(key, f);
  }
  return f;
}

const partOf = (format: Intl.DateTimeFormat, date: Date, type: Intl.DateTimeFormatPartTypes): string =>
  format.formatToParts(date).find((p) => p.type === type)?.value ?? '';

// English names are fixed: the default language formats its first rows without creating an Intl.DateTimeFormat,
// whose first creation costs 15-25 ms (loading the platform's date data; 60-100 ms on a slow phone).
// The same texts as the platform's own for "en" and "en-US" (the tests compare them with luxon's).
const ENGLISH_NAMES: Record<string, string[]> = {
  'month|long': ['', 'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  'month|short': ['', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  'weekday|long': ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  'weekday|short': ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
};

const names = new Map<string, string[]>();

/**
 * Month or weekday names as a date shows them ("format" context: the month with a day, the weekday with a date),
 * indexed by month 1-12 or ISO weekday 1-7; index 0 unused.
 */
function namesOf(locale: string, kind: 'month' | 'weekday', width: 'long' | 'short'): string[] {
  if (isEnglish(locale)) return ENGLISH_NAMES[`${kind}|${width}`]!;
  const key = `${locale}|${kind}|${width}`;
  let list = names.get(key);
  if (!list) {
    list = [''];
    if (kind === 'month') {
      const format = dtf(locale, 'utc', { month: width, day: 'numeric' });
      for (let m = 0; m < 12; m++) list.push(partOf(format, new Date(Date.UTC(2021, m, 1)), 'month'));
    } else {
      const format = dtf(locale, 'utc', { weekday: width, month: 'long', day: 'numeric' });
      // 2024-01-01 was a Monday
      for (let d = 1; d <= 7; d++) list.push(partOf(format, new Date(Date.UTC(2024, 0, d)), 'weekday'));
    }
    names.set(key, list);
  }
  return list;
}

function meridiem(f: Fields, locale: string): string {
  if (isEnglish(locale)) return f.hour < 12 ? 'AM' : 'PM';
  const key = `${locale}|ampm`;
  let list = names.get(key);
  if (!list) {
    const format = dtf(locale, 'utc', { hour: 'numeric', hourCycle: 'h12' });
    list = [partOf(format, new Date(Date.UTC(2024, 0, 1, 10)), 'dayPeriod'), partOf(format, new Date(Date.UTC(2024, 0, 1, 15)), 'dayPeriod')];
    names.set(key, list);
  }
  return list[f.hour < 12 ? 0 : 1] ?? '';
}

const isEnglish = (locale: string) => locale === 'en' || locale.toLowerCase() === 'en-us';

/** One of the platform's own date or time styles (the macros behind l, LL, LT...), for this instant and zone. */
const styled = (options: Intl.DateTimeFormatOptions) => (f: Fields, locale: string) => dtf(locale, f.zone, options).format(f.date);

const SHORT_DATE = styled({ year: 'numeric', month: 'numeric', day: 'numeric' });
const MEDIUM_DATE = styled({ year: 'numeric', month: 'short', day: 'numeric' });
const LONG_DATE = styled({ year: 'numeric', month: 'long', day: 'numeric' });
const FULL_DATE = styled({ year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' });
const SHORT_TIME = styled({ hour: 'numeric', minute: 'numeric' });
const TIME_WITH_SECONDS = styled({ hour: 'numeric', minute: 'numeric', second: 'numeric' });

const paddedDatePatterns = new Map<string, Piece[]>();

/** moment's L: the locale's numeric date with 2-digit day and month and a 4-digit year, in the locale's order. */
function paddedDate(f: Fields, locale: string): string {
  let pattern = paddedDatePatterns.get(locale);
  if (!pattern) {
    pattern = dtf(locale, 'utc', { year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(Date.UTC(2024, 0, 15)))
      .map((p): Piece => {
        if (p.type === 'year') return (g) => pad(g.year, 4);
        if (p.type === 'month') return (g) => pad(g.month, 2);
        if (p.type === 'day') return (g) => pad(g.day, 2);
        return p.value;
      });
    paddedDatePatterns.set(locale, pattern);
  }
  return render(pattern, f, locale);
}

// ---- weeks: ISO weeks (W, G) and the locale's own (w, g) ---------------------------------------------------------------

const DAY_MS = 86_400_000;

/** Week number and week-based year, for weeks starting on `firstDay` (1 Monday ... 7 Sunday) with `minDays` in week 1. */
function weekOf(f: Fields, firstDay: number, minDays: number): { week: number; year: number } {
  const dayNumber = (y: number, m: number, d: number) => Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
  const shift = (weekday: number) => (weekday - firstDay + 7) % 7; // days since the week started
  /** day number of the first day of week 1 of `year` */
  const week1 = (year: number) => {
    const jan1 = dayNumber(year, 1, 1);
    const jan1Weekday = ((((jan1 + 3) % 7) + 7) % 7) + 1; // 1970-01-01 was a Thursday (4)
    const start = jan1 - shift(jan1Weekday);
    return 7 - shift(jan1Weekday) >= minDays ? start : start + 7;
  };
  const today = dayNumber(f.year, f.month, f.day);
  let year = f.year;
  if (today < week1(year)) year -= 1;
  else if (today >= week1(year + 1)) year += 1;
  return { week: Math.floor((today - week1(year)) / 7) + 1, year };
}

const ISO_WEEK = { firstDay: 1, minDays: 4 };

/**
 * The locale's week rules where the platform knows them (Intl.Locale weekInfo), else ISO's, as luxon did. Newer
 * engines (Node 24, Chromium 156) no longer give `minimalDays` (it left the Intl Locale Info proposal): then week 1
 * is ISO's (the week holding at least 4 days of January), starting on the locale's first day.
 */
function localWeekRules(locale: string): { firstDay: number; minDays: number } {
  try {
    const l = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number; minimalDays?: number };
      weekInfo?: { firstDay: number; minimalDays?: number };
    };
    const info = l.getWeekInfo?.() ?? l.weekInfo;
    return info ? { firstDay: info.firstDay, minDays: info.minimalDays ?? ISO_WEEK.minDays } : ISO_WEEK;
  } catch {
    return ISO_WEEK;
  }
}

const isoWeek = (f: Fields) => weekOf(f, ISO_WEEK.firstDay, ISO_WEEK.minDays);
const localWeek = (f: Fields, locale: string) => {
  const rules = localWeekRules(locale);
  return weekOf(f, rules.firstDay, rules.minDays);
};

function dayOfYear(f: Fields): number {
  return Math.round((Date.UTC(f.year, f.month - 1, f.day) - Date.UTC(f.year, 0, 1)) / DAY_MS) + 1;
}

function offsetText(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60), 2)}${colon ? ':' : ''}${pad(abs % 60, 2)}`;
}

function zoneName(f: Fields, locale: string): string {
  if (f.zone === 'utc') return 'UTC';
  return partOf(
    dtf(locale, 'local', { hour12: false, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }),
    f.date,
    'timeZoneName',
  );
}

const hour12 = (f: Fields) => (f.hour % 12 === 0 ? 12 : f.hour % 12);

/** What each moment token shows. */
const TOKENS: Record<string, Piece | Piece[]> = {
  LT: SHORT_TIME,
  LTS: TIME_WITH_SECONDS,
  L: paddedDate,
  l: SHORT_DATE,
  LL: LONG_DATE,
  ll: MEDIUM_DATE,
  LLL: [LONG_DATE, ' ', SHORT_TIME],
  lll: [MEDIUM_DATE, ' ', SHORT_TIME],
  LLLL: [FULL_DATE, ' ', SHORT_TIME],
  llll: [(f, l) => namesOf(l, 'weekday', 'short')[f.weekday]!, ', ', MEDIUM_DATE, ' ', SHORT_TIME],
  YYYYYY: (f) => pad(f.year, 6),
  YYYYY: (f) => pad(f.year, 6),
  YYYY: (f) => pad(f.year, 4),
  YY: (f) => pad(Number(String(f.year).slice(-2)), 2),
  Y: (f) => String(f.year),
  Qo: (f) => String(Math.ceil(f.month / 3)),
  Q: (f) => String(Math.ceil(f.month / 3)),
  MMMM: (f, l) => namesOf(l, 'month', 'long')[f.month]!,
  MMM: (f, l) => namesOf(l, 'month', 'short')[f.month]!,
  MM: (f) => pad(f.month, 2),
  Mo: (f) => String(f.month),
  M: (f) => String(f.month),
  DDDD: (f) => pad(dayOfYear(f), 3),
  DDDo: (f) => String(dayOfYear(f)),
  DDD: (f) => String(dayOfYear(f)),
  DD: (f) => pad(f.day, 2),
  Do: (f) => String(f.day),
  D: (f) => String(f.day),
  dddd: (f, l) => namesOf(l, 'weekday', 'long')[f.weekday]!,
  ddd: (f, l) => namesOf(l, 'weekday', 'short')[f.weekday]!,
  dd: (f, l) => namesOf(l, 'weekday', 'short')[f.weekday]!,
  do: (f) => String(f.weekday),
  d: (f) => String(f.weekday),
  E: (f) => String(f.weekday),
  e: (f) => String(f.weekday),
  WW: (f) => pad(isoWeek(f).week, 2),
  Wo: (f) => String(isoWeek(f).week),
  W: (f) => String(isoWeek(f).week),
  ww: (f, l) => pad(localWeek(f, l).week, 2),
  wo: (f, l) => String(localWeek(f, l).week),
  w: (f, l) => String(localWeek(f, l).week),
  GGGG: (f) => pad(isoWeek(f).year, 4),
  GG: (f) => pad(Number(String(isoWeek(f).year).slice(-2)), 2),
  gggg: (f, l) => pad(localWeek(f, l).year, 4),
  gg: (f, l) => pad(Number(String(localWeek(f, l).year).slice(-2)), 2),
  HH: (f) => pad(f.hour, 2),
  H: (f) => String(f.hour),
  kk: (f) => pad(f.hour, 2),
  k: (f) => String(f.hour),
  hh: (f) => pad(hour12(f), 2),
  h: (f) => String(hour12(f)),
  mm: (f) => pad(f.minute, 2),
  m: (f) => String(f.minute),
  ss: (f) => pad(f.second, 2),
  s: (f) => String(f.second),
  // S tenths, SS hundredths, SSS milliseconds; more S pad the milliseconds with zeros
  S: (f) => String(Math.floor(f.ms / 100)),
  SS: (f) => pad(Math.floor(f.ms / 10), 2),
  SSS: (f) => pad(f.ms, 3),
  A: meridiem,
  a: meridiem,
  // moment Z = "+05:30", ZZ = "+0530", z = the zone's short name
  Z: (f) => offsetText(f.offset, true),
  ZZ: (f) => offsetText(f.offset, false),
  z: zoneName,
  zz: zoneName,
  X: (f) => String(Math.floor(f.date.getTime() / 1000)),
  x: (f) => String(f.date.getTime()),
};
for (let n = 4; n <= 9; n++) TOKENS['S'.repeat(n)] = [(f) => pad(f.ms, 3), '0'.repeat(n - 3)];

const patterns = new Map<string, Piece[]>();

/** Splits a moment format into literal text and token renderers; cached per format. */
function compile(format: string): Piece[] {
  const cached = patterns.get(format);
  if (cached) return cached;
  const pieces: Piece[] = [];
  let literal = '';
  const flush = () => {
    if (literal) pieces.push(literal);
    literal = '';
  };
  let i = 0;
  while (i < format.length) {
    const c = format[i] as string;
    if (c === '[') {
      // moment escapes text in brackets: "YYYY-MM-DD[T]HH"
      const end = format.indexOf(']', i + 1);
      if (end !== -1) {
        literal += format.slice(i + 1, end);
        i = end + 1;
        continue;
      }
    }
    if (c === '\\' && i + 1 < format.length) {
      literal += format[i + 1];
      i += 2;
      continue;
    }
    const token = MOMENT_TOKENS.find((t) => format.startsWith(t, i));
    if (token) {
      flush();
      const piece = TOKENS[token]!;
      pieces.push(...(Array.isArray(piece) ? piece : [piece]));
      i += token.length;
    } else {
      literal += c;
      i += 1;
    }
  }
  flush();
  if (patterns.size > 200) patterns.clear();
  patterns.set(format, pieces);
  return pieces;
}

function render(pieces: Piece[], f: Fields, locale: string): string {
  let out = '';
  for (const p of pieces) out += typeof p === 'string' ? p : p(f, locale);
  return out;
}

/** A BCP-47 tag Intl accepts ("en_US" -> "en-US"); anything unusable becomes "en" rather than an exception. */
export function safeLocale(locale: string | null | undefined): string {
  if (!locale) return 'en';
  // Every browser has English; asking Intl which locales it supports loads its locale data (15-20 ms).
  if (isEnglish(locale)) return locale === 'en' ? 'en' : 'en-US';
  let safe = safeLocales.get(locale);
  if (safe === undefined) {
    try {
      const [canonical] = Intl.getCanonicalLocales(locale.replace(/_/g, '-'));
      safe = canonical && Intl.DateTimeFormat.supportedLocalesOf([canonical]).length > 0 ? canonical : 'en';
    } catch {
      safe = 'en';
    }
    if (safeLocales.size > 50) safeLocales.clear();
    safeLocales.set(locale, safe);
  }
  return safe;
}

/** safeLocale's answers: every date of every row asks it. */
const safeLocales = new Map<string, string>();

/** moment's own default format, used when a format string is empty. */
const MOMENT_DEFAULT_FORMAT = 'YYYY-MM-DDTHH:mm:ssZ';

// Extended ISO 8601 as the API writes it (and as luxon's fromISO read it): a date, optionally a time with optional
// seconds and fraction, optionally an offset. A date-time without an offset is local time, a bare date local midnight.
const ISO = /^([+-]\d{6}|\d{4})-(\d{2})-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * Epoch milliseconds of an ISO timestamp, or NaN when it is not one or names a day or time that does not exist.
 * A timestamp without an offset is read in `zone` (local time unless told otherwise).
 */
export function parseIsoTimestamp(text: string, zone: 'local' | 'utc' = 'local'): number {
  const m = ISO.exec(text.trim());
  if (!m) return Number.NaN;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', designator] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  const ms = Math.floor(Number(`0.${frac || '0'}`) * 1000);
  const lastDay = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  if (month < 1 || month > 12 || day < 1 || day > lastDay || hour > 23 || minute > 59 || second > 59) return Number.NaN;
  if (designator === undefined && zone === 'local') {
    const local = new Date(2000, 0, 1);
    local.setFullYear(year, month - 1, day);
    local.setHours(hour, minute, second, ms);
    return local.getTime();
  }
  let offset = 0;
  if (designator !== undefined && designator.toUpperCase() !== 'Z') {
    const digits = designator.slice(1).replace(':', '');
    offset = (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0')) * (designator[0] === '-' ? -1 : 1);
  }
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, ms);
  return utc.getTime() - offset * 60_000;
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

function fieldsOf(ms: number, zone: Zone): Fields {
  const date = new Date(ms);
  // Local fields are the UTC fields of the instant shifted by the zone's offset: one look-up of the offset instead of
  // one per field (each local getter asks the time-zone database; the list formats hundreds of dates per render).
  const offset = zone === 'utc' ? 0 : -date.getTimezoneOffset() + 0;
  const shifted = offset === 0 ? date : new Date(ms + offset * 60_000);
  return {
    date, zone, year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay() || 7, hour: shifted.getUTCHours(), minute: shifted.getUTCMinutes(), second: shifted.getUTCSeconds(),
    ms: shifted.getUTCMilliseconds(), offset,
  };
}

/**
 * An API timestamp (ISO string, or epoch milliseconds) in a moment.js format, in local time or UTC and in the UI
 * language. '' for null, empty or unparseable input: a bad date must not break a table row.
 */
export function formatDate(
  iso: string | number | null,
  format: string,
  opts: { timezone: 'local' | 'utc'; locale: string },
): string {
  if (iso === null || iso === undefined || iso === '') return '';
  const ms = typeof iso === 'number' ? iso : parseIsoTimestamp(iso);
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return '';
  const locale = safeLocale(opts.locale);
  const fields = fieldsOf(ms, opts.timezone === 'utc' ? 'utc' : 'local');
  // ICU puts a narrow no-break space before AM/PM; moment wrote a plain space, and so do we.
  return render(compile(format || MOMENT_DEFAULT_FORMAT), fields, locale).replace(/\u202f/g, ' ');
}

/** The UTC tooltip of every date cell, as the old console's: `YYYY/MM/DD HH:mm:ss.SSS Z`, e.g. 2024/01/15 10:30:05.123 +00:00. */
export function formatUtcTooltip(iso: string | number | null): string {
  return formatDate(iso, 'YYYY/MM/DD HH:mm:ss.SSS Z', { timezone: 'utc', locale: 'en' });
}

/**
 * How long ago something happened, in seconds (≤ 0, for a relative-time formatter): a time that the clock shows as
 * slightly ahead (a server a second in front, a clock refreshed every few seconds) reads "now", never "in 1 second".
 */
export function secondsAgo(thenMs: number, nowMs: number): number {
  return Math.min(0, Math.round((thenMs - nowMs) / 1000));
}

/**
 * How wide a date column must be for `format`, without formatting the page's dates (cheap at start-up): the widest text
 * the format prints for each month name with each weekday name (the 22nd to the 28th: two-digit days, days of the
 * year past 100 from April), morning and evening (AM/PM, two-digit hours), with every digit counted as the widest
 * digit of the font. `measure`
 * gives a text's width; `year` is the year the samples are taken in (the current one: four digits until 9999).
 */
export function widestDateWidth(
  format: string,
  opts: { timezone: 'local' | 'utc'; locale: string },
  measure: (text: string) => number,
  year: number,
): number {
  let digit = '0';
  let digitWidth = -1;
  for (const d of '0123456789') {
    const w = measure(d);
    if (w > digitWidth) [digit, digitWidth] = [d, w];
  }
  const at = (month: number, day: number, hour: number) =>
    opts.timezone === 'utc' ? Date.UTC(year, month, day, hour, 58, 58, 888) : new Date(year, month, day, hour, 58, 58, 888).getTime();
  const samples: number[] = [];
  // Every month with every weekday (its 22nd to 28th), as a long month name may come with a long weekday name.
  for (let month = 0; month < 12; month++) for (let day = 22; day <= 28; day++) samples.push(at(month, day, 10), at(month, day, 22));
  let widest = 0;
  for (const ms of samples) {
    const w = measure(formatDate(ms, format, opts).replace(/\d/g, digit));
    if (w > widest) widest = w;
  }
  return widest;
}

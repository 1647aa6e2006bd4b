// The console's date formatting as it was when it rendered through luxon (src/core/date-format.ts before it
// had its own formatter):
// the reference the luxon-free formatter is compared with in date-format.test.ts, and the luxon side of
// tests/bench/format-cost.ts. Test code only: luxon is a devDependency for it (why the product formats dates itself:
// docs/architecture.md, "Stack").
import { DateTime } from 'luxon';

type Piece = { token: string } | { literal: string };

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

// moment token -> luxon token. Ordinals (Do, Mo...) have no luxon equivalent and render as plain numbers.
const TOKEN_MAP: Record<string, string> = {
  LT: 't', LTS: 'tt', l: 'D', LL: 'DDD', ll: 'DD', LLL: 'DDD t', lll: 'DD t', LLLL: 'DDDD t', llll: "EEE', 'DD t",
  YYYYYY: 'yyyyyy', YYYYY: 'yyyyyy', YYYY: 'yyyy', YY: 'yy', Y: 'y',
  Qo: 'q', Q: 'q',
  MMMM: 'MMMM', MMM: 'MMM', MM: 'MM', Mo: 'M', M: 'M',
  DDDD: 'ooo', DDDo: 'o', DDD: 'o', DD: 'dd', Do: 'd', D: 'd',
  dddd: 'EEEE', ddd: 'EEE', dd: 'EEE', do: 'c', d: 'c',
  E: 'E', e: 'c',
  WW: 'WW', Wo: 'W', W: 'W', ww: 'nn', wo: 'n', w: 'n',
  GGGG: 'kkkk', GG: 'kk', gggg: 'iiii', gg: 'ii',
  HH: 'HH', H: 'H', hh: 'hh', h: 'h', kk: 'HH', k: 'H',
  mm: 'mm', m: 'm', ss: 'ss', s: 's',
  // moment S = tenths, SS = hundredths, SSS = milliseconds; luxon's uuu/uu are exactly those fractions.
  S: 'uuu', SS: 'uu', SSS: 'SSS',
  A: 'a', a: 'a',
  // moment Z = "+01:00", ZZ = "+0100", z = zone abbreviation
  Z: 'ZZ', ZZ: 'ZZZ', z: 'ZZZZ', zz: 'ZZZZ',
  X: 'X', x: 'x',
};

function tokenize(format: string): Piece[] {
  const pieces: Piece[] = [];
  let literal = '';
  const flush = () => {
    if (literal) pieces.push({ literal });
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
      pieces.push({ token });
      i += token.length;
    } else {
      literal += c;
      i += 1;
    }
  }
  flush();
  return pieces;
}

/** Literal text for luxon: letters would be read as tokens, so quote them; a quote itself is written as ''. */
function luxonLiteral(text: string): string {
  if (!/[A-Za-z']/.test(text)) return text;
  return text
    .split("'")
    .map((chunk) => (chunk ? `'${chunk}'` : ''))
    .join("''");
}

const FIXED_DAY = new Date(Date.UTC(2024, 0, 15, 10, 30));

/** moment's L for a locale: the locale's numeric date with 2-digit day and month, as a luxon pattern. */
function paddedDatePattern(locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' })
    .formatToParts(FIXED_DAY);
  return parts
    .map((p) => {
      if (p.type === 'year') return 'yyyy';
      if (p.type === 'month') return 'MM';
      if (p.type === 'day') return 'dd';
      return luxonLiteral(p.value);
    })
    .join('');
}

/** A BCP-47 tag Intl accepts ("en_US" -> "en-US"); anything unusable becomes "en" rather than an exception. */
function safeLocale(locale: string | null | undefined): string {
  if (!locale) return 'en';
  try {
    const [canonical] = Intl.getCanonicalLocales(locale.replace(/_/g, '-'));
    return canonical && Intl.DateTimeFormat.supportedLocalesOf([canonical]).length > 0 ? canonical : 'en';
  } catch {
    return 'en';
  }
}

const cache = new Map<string, string>();

/** Translates a moment.js format string to luxon's toFormat syntax; `L` needs the locale (default en). */
export function momentToLuxon(format: string, locale = 'en'): string {
  const key = `${locale}\u0000${format}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const out = tokenize(format)
    .map((piece) => {
      if ('literal' in piece) return luxonLiteral(piece.literal);
      if (piece.token === 'L') return paddedDatePattern(safeLocale(locale));
      if (/^S{4,}$/.test(piece.token)) return `SSS${'0'.repeat(piece.token.length - 3)}`;
      return TOKEN_MAP[piece.token] ?? luxonLiteral(piece.token);
    })
    .join('');
  if (cache.size > 200) cache.clear();
  cache.set(key, out);
  return out;
}

/** moment's own default format, used when a format string is empty. */
const MOMENT_DEFAULT_FORMAT = 'YYYY-MM-DDTHH:mm:ssZ';

function toDateTime(value: string | number | null | undefined): DateTime | null {
  if (value === null || value === undefined || value === '') return null;
  const dt = typeof value === 'number' ? DateTime.fromMillis(value) : DateTime.fromISO(value);
  return dt.isValid ? dt : null;
}

/**
 * An API timestamp (ISO string, or epoch milliseconds) in a moment.js format, in local time or UTC and in the UI
 * language. '' for null, empty or unparseable input: a bad date must not break a table row.
 */
export function luxonFormatDate(
  iso: string | number | null,
  format: string,
  opts: { timezone: 'local' | 'utc'; locale: string },
): string {
  const dt = toDateTime(iso);
  if (!dt) return '';
  const locale = safeLocale(opts.locale);
  const zoned = dt.setZone(opts.timezone === 'utc' ? 'utc' : 'local').setLocale(locale);
  // ICU puts a narrow no-break space before AM/PM; moment wrote a plain space, and so do we.
  return zoned.toFormat(momentToLuxon(format || MOMENT_DEFAULT_FORMAT, locale)).replace(/\u202f/g, ' ');
}

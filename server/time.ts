// Times are stored and returned as ISO-8601 UTC with milliseconds and a Z suffix; that fixed-width
// form also sorts correctly as text in SQLite, as long as the year has four digits: the API accepts
// dates in years 0001 to 9999 only (the range of the real server's Python datetime), and times read
// back are compared as instants, so a row written by an older version with a six-digit year still works.
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const MIN_TIME = Date.parse('0001-01-01T00:00:00.000Z');
export const MAX_TIME = Date.parse('9999-12-31T23:59:59.999Z');

/** How API messages name the accepted dates. */
export const DATE_RANGE = 'an ISO-8601 date in years 0001 to 9999';

/** Largest timeout or duration in seconds (a PostgreSQL integer, as in the real server): about 68 years. */
export const MAX_SECONDS = 2147483647;

export function iso(d: Date): string {
  return d.toISOString();
}

export const inRange = (d: Date): boolean => d.getTime() >= MIN_TIME && d.getTime() <= MAX_TIME;

/**
 * Parses an API date (ISO-8601; a missing zone means UTC like the real server). Returns null when invalid or
 * outside years 0001 to 9999.
 */
export function parseDate(raw: string): Date | null {
  const s = raw.trim();
  if (!s) return null;
  const hasZone = /[zZ]$|[+-]\d\d:?\d\d$/.test(s);
  const d = new Date(hasZone || !/T/.test(s) ? s : `${s}Z`);
  return Number.isNaN(d.getTime()) || !inRange(d) ? null : d;
}

export function addSeconds(d: Date, seconds: number): Date {
  return new Date(d.getTime() + seconds * 1000);
}

/** A stored time as milliseconds since 1970 (NaN for text that is no date). */
export const instant = (stored: string): number => Date.parse(stored);

/** Is this a whole number of seconds the API accepts for a timeout (0 allowed) or duration (0 refused)? */
export const isSeconds = (v: unknown, allowZero = true): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= (allowZero ? 0 : 1) && v <= MAX_SECONDS;

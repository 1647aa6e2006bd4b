// Times are stored and returned as ISO-8601 UTC with milliseconds and a Z suffix; that fixed-width
// form also sorts correctly as text in SQLite.
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function iso(d: Date): string {
  return d.toISOString();
}

/** Parses an API date (ISO-8601; a missing zone means UTC like the real server). Returns null when invalid. */
export function parseDate(raw: string): Date | null {
  const s = raw.trim();
  if (!s) return null;
  const hasZone = /[zZ]$|[+-]\d\d:?\d\d$/.test(s);
  const d = new Date(hasZone || !/T/.test(s) ? s : `${s}Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function addSeconds(d: Date, seconds: number): Date {
  return new Date(d.getTime() + seconds * 1000);
}

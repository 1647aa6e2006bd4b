// Postgres input rules for the literals of q= ranges and comparisons: the real server compares a column with the
// bound as an unknown literal, which Postgres casts to the column's type (or refuses, a 500 there).
import type { PgType } from './alert-columns.ts';

export type Cast = { ok: true; value: unknown } | { ok: false; message: string };

class CastError extends Error {}
const fail = (message: string): never => {
  throw new CastError(message);
};

/** Postgres int4 input: optional sign and decimal digits, within 32 bits. */
function pgInteger(v: string): number {
  if (!/^\s*[+-]?\d+\s*$/.test(v)) return fail(`invalid input syntax for type integer: "${v}"`);
  const n = Number(v);
  if (n < -2147483648 || n > 2147483647) return fail(`value "${v}" is out of range for type integer`);
  return n;
}

/** Postgres boolean input: true/yes/on/1 and false/no/off/0, any unique prefix, any case. */
function pgBoolean(v: string): number {
  const t = v.trim().toLowerCase();
  const prefixOf = (word: string, min = 1) => t.length >= min && word.startsWith(t);
  if (prefixOf('true') || prefixOf('yes') || prefixOf('on', 2) || t === '1') return 1;
  if (prefixOf('false') || prefixOf('no') || prefixOf('off', 2) || t === '0') return 0;
  return fail(`invalid input syntax for type boolean: "${v}"`);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * Postgres timestamp input for the forms a query word can hold (no spaces or colons): 2024-01-31, 20240131,
 * Jan-31-2024, 31-Jan-2024, 2024-Jan-31 and now/today/yesterday/tomorrow/epoch/infinity, as the ISO text this
 * server stores ('' and a high character for -infinity and infinity, so text comparison orders them).
 */
function pgTimestamp(v: string, now: Date): string {
  const t = v.trim().toLowerCase();
  const day = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const special: Record<string, () => string> = {
    now: () => now.toISOString(),
    today: () => day(now).toISOString(),
    yesterday: () => new Date(day(now).getTime() - 86_400_000).toISOString(),
    tomorrow: () => new Date(day(now).getTime() + 86_400_000).toISOString(),
    epoch: () => new Date(0).toISOString(),
    infinity: () => '\uffff',
    '-infinity': () => '',
  };
  if (Object.hasOwn(special, t)) return special[t]!();
  let m: RegExpExecArray | null;
  let y = NaN;
  let mo = NaN;
  let d = NaN;
  if ((m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t)) || (m = /^(\d{4})(\d{2})(\d{2})$/.exec(t))) [y, mo, d] = [+m[1]!, +m[2]!, +m[3]!];
  else if ((m = /^([a-z]{3})[a-z]*-(\d{1,2})-(\d{4})$/.exec(t))) [y, mo, d] = [+m[3]!, MONTHS.indexOf(m[1]!) + 1, +m[2]!];
  else if ((m = /^(\d{1,2})-([a-z]{3})[a-z]*-(\d{4})$/.exec(t))) [y, mo, d] = [+m[3]!, MONTHS.indexOf(m[2]!) + 1, +m[1]!];
  else if ((m = /^(\d{4})-([a-z]{3})[a-z]*-(\d{1,2})$/.exec(t))) [y, mo, d] = [+m[1]!, MONTHS.indexOf(m[2]!) + 1, +m[3]!];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (!Number.isFinite(date.getTime()) || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) {
    return fail(`invalid input syntax for type timestamp: "${v}"`);
  }
  return date.toISOString();
}

function literal(type: PgType, v: string, now: Date): unknown {
  switch (type) {
    case 'text':
      return v;
    case 'integer':
      return pgInteger(v);
    case 'boolean':
      return pgBoolean(v);
    case 'timestamp without time zone':
      return pgTimestamp(v, now);
    case 'jsonb':
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return fail('invalid input syntax for type json');
      }
    case 'text[]':
    case 'history[]':
      return fail(`malformed array literal: "${v}"`);
  }
}


/** v cast for a column of this type, as the value this console's demo server stores (numbers, 0/1, ISO text). */
export function castLiteral(type: PgType, v: string, now: Date): Cast {
  try {
    return { ok: true, value: literal(type, v, now) };
  } catch (e) {
    if (e instanceof CastError) return { ok: false, message: e.message };
    throw e;
  }
}

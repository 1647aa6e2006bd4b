// The filters a clipboard template can apply (`{{ x | upper }}`): the only things a template can "call".

import { isMissing, isPlainObject, json, member, safeValue, toNumber, toText, truthy, type Value } from './clipboard-template-values.ts';

type Filter = (value: Value, args: Value[]) => Value;

function optInt(v: Value, fallback: number): number {
  const n = toNumber(v);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

export const FILTERS: ReadonlyMap<string, Filter> = new Map<string, Filter>([
  ['upper', (v) => toText(v).toUpperCase()],
  ['lower', (v) => toText(v).toLowerCase()],
  ['capitalize', (v) => {
    const s = toText(v);
    return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
  }],
  ['title', (v) => toText(v).toLowerCase().replace(/(^|[\s\-_([{])(\p{L})/gu, (_m, sep: string, c: string) => sep + c.toUpperCase())],
  ['trim', (v) => toText(v).trim()],
  ['string', (v) => toText(v)],
  ['default', (v, [fallback, orFalsy]) => (isMissing(v) || (truthy(orFalsy) && !truthy(v)) ? fallback : v)],
  ['join', (v, [sep, attr]) => {
    const separator = isMissing(sep) ? '' : toText(sep);
    if (!Array.isArray(v)) return toText(v);
    return v.map((item) => toText(isMissing(attr) ? item : member(item, attr))).join(separator);
  }],
  ['replace', (v, [from, to, count]) => {
    const s = toText(v);
    const a = toText(from);
    const b = toText(to);
    let max = isMissing(count) ? Infinity : optInt(count, Infinity);
    if (a === '') return s;
    let out = '';
    let i = 0;
    while (max > 0) {
      const at = s.indexOf(a, i);
      if (at < 0) break;
      out += s.slice(i, at) + b;
      i = at + a.length;
      max -= 1;
    }
    return out + s.slice(i);
  }],
  ['truncate', (v, [length, killwords, end]) => {
    const s = toText(v);
    const n = Math.max(0, optInt(length, 255));
    if (s.length <= n) return s;
    const tail = isMissing(end) ? '...' : toText(end);
    if (truthy(killwords)) return s.slice(0, n) + tail;
    let cut = s.lastIndexOf(' ', n);
    if (cut <= 0) cut = n;
    return s.slice(0, cut) + tail;
  }],
  ['length', (v) => (Array.isArray(v) || typeof v === 'string' ? v.length : isPlainObject(v) ? Object.keys(v).length : 0)],
  ['first', (v) => (Array.isArray(v) ? safeValue(v[0]) : typeof v === 'string' ? v.charAt(0) : undefined)],
  ['last', (v) => (Array.isArray(v) ? safeValue(v[v.length - 1]) : typeof v === 'string' ? v.charAt(v.length - 1) : undefined)],
  ['dump', (v, [indent]) => json(v, isMissing(indent) ? undefined : Math.min(10, Math.max(0, optInt(indent, 0))))],
  ['urlencode', (v) => encodeURIComponent(toText(v))],
]);
// Jinja's short name for default.
(FILTERS as Map<string, Filter>).set('d', FILTERS.get('default') as Filter);
(FILTERS as Map<string, Filter>).set('count', FILTERS.get('length') as Filter);

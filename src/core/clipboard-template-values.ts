// The values a clipboard template works on: the alert's plain data, read only through own data properties (never a
// prototype, a getter or a function), and Jinja's rules for truth, text and numbers.

export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']);

export type Value = unknown;

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A property of template data: own data properties of arrays and plain objects only. */
export function member(obj: Value, key: Value): Value {
  if (typeof key === 'number') {
    if (Array.isArray(obj) && Number.isInteger(key)) return safeValue(obj[key < 0 ? obj.length + key : key]);
    if (typeof obj === 'string' && Number.isInteger(key)) return obj.charAt(key < 0 ? obj.length + key : key);
    key = String(key);
  }
  if (typeof key !== 'string' || FORBIDDEN_KEYS.has(key)) return undefined;
  if ((Array.isArray(obj) || typeof obj === 'string') && key === 'length') return obj.length;
  if (Array.isArray(obj) && /^\d+$/.test(key)) return safeValue(obj[Number(key)]);
  if (!isPlainObject(obj) || !Object.prototype.hasOwnProperty.call(obj, key)) return undefined;
  const desc = Object.getOwnPropertyDescriptor(obj, key);
  // A getter would run code: only plain data properties are read.
  if (!desc || !('value' in desc)) return undefined;
  return safeValue(desc.value);
}

/** Functions and exotic objects never enter a template's world. */
export function safeValue(v: Value): Value {
  if (typeof v === 'function' || typeof v === 'symbol') return undefined;
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && !isPlainObject(v)) return undefined;
  return v;
}

export function isMissing(v: Value): boolean {
  return v === undefined || v === null;
}

/** Jinja truthiness: empty strings, lists and objects, 0, none and false are false. */
export function truthy(v: Value): boolean {
  if (Array.isArray(v)) return v.length > 0;
  if (isPlainObject(v)) return Object.keys(v).length > 0;
  return Boolean(v);
}

export function toText(v: Value): string {
  if (isMissing(v)) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (Array.isArray(v)) return v.map(toText).join(',');
  if (isPlainObject(v)) return json(v);
  return '';
}

export function json(v: Value, indent?: number): string {
  try {
    return JSON.stringify(v, null, indent) ?? '';
  } catch {
    return '';
  }
}

export function toNumber(v: Value): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return NaN;
}

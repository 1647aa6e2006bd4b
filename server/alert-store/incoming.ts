// An alert as sent to POST /alert: the body checked and completed with the defaults (every problem found is a 400),
// and the customer it gets from what the caller may use.
import type { AppContext, Caller } from '../context.ts';
import { ApiError } from '../errors.ts';
import { STATUS_CODES, isValidSeverity, validSeverities } from '../alert-rules.ts';
import { DATE_RANGE, MAX_SECONDS, isSeconds, parseDate } from '../time.ts';

export interface IncomingAlert {
  resource: string;
  event: string;
  environment: string;
  severity: string;
  correlate: string[];
  status: string | null;
  service: string[];
  group: string;
  value: string | null;
  text: string;
  tags: string[];
  attributes: Record<string, unknown>;
  origin: string;
  type: string;
  createTime: Date | null;
  timeout: number;
  rawData: string | null;
  customer: string | null;
}

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Validates a POST /alert body. Unknown severities and statuses are a 400 (the real server answers 500). */
export function parseIncomingAlert(ctx: AppContext, body: unknown): IncomingAlert {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError('Alert must be a JSON object', 400);
  }
  const b = body as Record<string, unknown>;
  const missing = ['resource', 'event'].filter((k) => typeof b[k] !== 'string' || (b[k] as string).trim() === '');
  if (missing.length) {
    throw new ApiError(`Missing mandatory value for "${missing[0]}"`, 400, missing.map((m) => `Missing mandatory value for "${m}"`));
  }
  const errors: string[] = [];
  const str = (k: string, fallback: string): string => {
    const v = b[k];
    if (v === undefined || v === null) return fallback;
    if (typeof v !== 'string') {
      errors.push(`"${k}" must be a string`);
      return fallback;
    }
    return v;
  };
  const list = (k: string): string[] => {
    const v = b[k];
    if (v === undefined || v === null) return [];
    if (!isStringList(v)) {
      errors.push(`"${k}" must be a list of strings`);
      return [];
    }
    return v;
  };
  const severity = str('severity', ctx.model.normalSeverity);
  if (!isValidSeverity(ctx.model, severity)) {
    errors.push(`Severity (${severity}) is not one of ${validSeverities(ctx.model).join(', ')}`);
  }
  const status = b.status === undefined || b.status === null ? null : str('status', 'open');
  if (status !== null && !(status in STATUS_CODES)) {
    errors.push(`Status (${status}) is not one of ${Object.keys(STATUS_CODES).join(', ')}`);
  }
  let attributes: Record<string, unknown> = {};
  if (b.attributes !== undefined && b.attributes !== null) {
    if (typeof b.attributes !== 'object' || Array.isArray(b.attributes)) errors.push('"attributes" must be an object');
    else attributes = b.attributes as Record<string, unknown>;
  }
  let timeout = ctx.settings.ALERT_TIMEOUT;
  if (b.timeout !== undefined && b.timeout !== null) {
    if (!isSeconds(b.timeout)) errors.push(`"timeout" must be an integer from 0 to ${MAX_SECONDS} (seconds)`);
    else timeout = b.timeout;
  }
  let createTime: Date | null = null;
  if (b.createTime !== undefined && b.createTime !== null) {
    createTime = typeof b.createTime === 'string' ? parseDate(b.createTime) : null;
    if (!createTime) errors.push(`"createTime" must be ${DATE_RANGE}`);
  }
  let rawData: string | null = null;
  if (b.rawData !== undefined && b.rawData !== null) rawData = typeof b.rawData === 'string' ? b.rawData : JSON.stringify(b.rawData);
  let customer: string | null = null;
  if (b.customer !== undefined && b.customer !== null) {
    if (typeof b.customer !== 'string' || b.customer === '') errors.push('Customer cannot be an empty string');
    else customer = b.customer;
  }
  const value = b.value === undefined || b.value === null ? null : typeof b.value === 'string' ? b.value : String(b.value);
  const out: IncomingAlert = {
    resource: (b.resource as string).trim(),
    event: (b.event as string).trim(),
    environment: str('environment', ctx.settings.DEFAULT_ENVIRONMENT),
    severity,
    correlate: list('correlate'),
    status,
    service: list('service'),
    group: str('group', 'Misc'),
    value,
    text: str('text', ''),
    tags: list('tags'),
    attributes,
    origin: str('origin', ''),
    type: str('type', 'exceptionAlert'),
    createTime,
    timeout,
    rawData,
    customer,
  };
  if (errors.length) throw new ApiError(errors[0] as string, 400, errors);
  return out;
}

/** Picks the alert's customer from what the caller may use (the real server's assign_customer). */
export function assignCustomer(wanted: string | null, caller: Caller | null): string | null {
  if (!caller || caller.customers === null) return wanted;
  const allowed = caller.customers;
  if (wanted) {
    if (!allowed.includes(wanted)) throw new ApiError(`not allowed to set customer to '${wanted}'`, 400);
    return wanted;
  }
  if (allowed.length === 1) return allowed[0] as string;
  if (allowed.length === 0) throw new ApiError('no customer allowed for this user', 403);
  throw new ApiError('must define customer as more than one possibility', 400);
}

// Validation at the API boundary. Extra keys pass (servers add fields); the fields the console relies on are checked,
// and harmless gaps (a null value, a missing list) are filled so one odd alert never blanks the screen.
import * as v from 'valibot';
import type { Alert, AlertsResponse, EnvironmentsResponse, HistoryEntry } from '../core/types.ts';

const str = v.fallback(v.pipe(v.nullish(v.union([v.string(), v.number()])), v.transform((x) => (x == null ? '' : String(x)))), '');
const nullableStr = v.fallback(v.nullish(v.string(), null), null);
const strList = v.fallback(v.pipe(v.nullish(v.array(v.unknown()), []), v.transform((xs) => xs.map((x) => String(x)))), []);
const num = v.fallback(v.nullish(v.number(), 0), 0);
const countMap = v.fallback(v.nullish(v.record(v.string(), v.number()), {}), {});
// Timestamps must be strings; an alert without an id cannot be acted on, so those fields are strict.
const time = v.fallback(v.nullish(v.string(), ''), '');

const HistorySchema = v.looseObject({
  id: str,
  href: v.optional(v.string()),
  event: str,
  severity: nullableStr,
  status: nullableStr,
  value: nullableStr,
  text: str,
  type: str,
  updateTime: time,
  user: nullableStr,
  timeout: v.fallback(v.nullish(v.number(), null), null),
});

export const AlertSchema = v.looseObject({
  id: v.pipe(v.string(), v.minLength(1)),
  href: v.optional(v.string()),
  resource: str,
  event: str,
  environment: str,
  severity: str,
  correlate: strList,
  status: str,
  service: strList,
  group: str,
  value: str,
  text: str,
  tags: strList,
  attributes: v.fallback(v.nullish(v.record(v.string(), v.unknown()), {}), {}),
  origin: str,
  type: str,
  createTime: time,
  timeout: num,
  rawData: v.fallback(v.pipe(v.nullish(v.unknown(), null), v.transform((x) => (x == null ? null : typeof x === 'string' ? x : JSON.stringify(x)))), null),
  customer: nullableStr,
  duplicateCount: num,
  repeat: v.fallback(v.nullish(v.boolean(), false), false),
  previousSeverity: str,
  trendIndication: str,
  receiveTime: time,
  lastReceiveId: str,
  lastReceiveTime: time,
  updateTime: time,
  history: v.fallback(v.nullish(v.array(HistorySchema), []), []),
});

const AlertsResponseSchema = v.looseObject({
  status: v.literal('ok'),
  alerts: v.array(v.unknown()),
  total: num,
  page: v.fallback(v.nullish(v.number(), 1), 1),
  pageSize: num,
  pages: num,
  more: v.fallback(v.nullish(v.boolean(), false), false),
  severityCounts: countMap,
  statusCounts: countMap,
  lastTime: time,
  autoRefresh: v.fallback(v.nullish(v.boolean(), true), true),
  message: v.optional(v.string()),
});

const EnvironmentsSchema = v.looseObject({
  status: v.literal('ok'),
  environments: v.array(
    v.looseObject({
      environment: str,
      count: num,
      severityCounts: v.optional(countMap),
      statusCounts: v.optional(countMap),
    }),
  ),
  total: num,
});

export interface Parsed<T> {
  value: T;
  /** how many items were dropped because they could not be read */
  dropped: number;
}

/**
 * Parses a /alerts answer; alerts that cannot be read at all, and second copies of an id, are dropped and counted,
 * not fatal. With `pageSize`, an answer with more alerts than the page asked for is refused whole (null): a server
 * or proxy sending 20,000 rows for a page of 20 must not reach the UI.
 */
export function parseAlertsResponse(body: unknown, pageSize?: number): Parsed<AlertsResponse> | null {
  const outer = v.safeParse(AlertsResponseSchema, body);
  if (!outer.success) return null;
  if (pageSize !== undefined && outer.output.alerts.length > pageSize) return null;
  const alerts: Alert[] = [];
  const ids = new Set<string>();
  let dropped = 0;
  for (const raw of outer.output.alerts) {
    const parsed = parseAlert(raw);
    if (parsed && !ids.has(parsed.id)) {
      ids.add(parsed.id);
      alerts.push(parsed);
    } else dropped++;
  }
  return { value: { ...outer.output, alerts } as AlertsResponse, dropped };
}

export function parseAlert(raw: unknown): Alert | null {
  const result = v.safeParse(AlertSchema, raw);
  if (!result.success) return null;
  return { ...result.output, history: result.output.history as HistoryEntry[] } as Alert;
}

export function parseEnvironments(body: unknown): EnvironmentsResponse | null {
  const result = v.safeParse(EnvironmentsSchema, body);
  return result.success ? (result.output as EnvironmentsResponse) : null;
}

// The stored rows of alerts and their history, and what the API answers for them. JSON columns that fail to parse
// read as their empty value; a list united with another keeps each value once; attributes merged with null in them
// lose those keys.
import type { Alert, HistoryEntry } from '../../src/core/types.ts';

export interface AlertRow {
  pk: number;
  id: string;
  resource: string;
  event: string;
  environment: string;
  severity: string;
  severity_code: number;
  correlate: string;
  status: string;
  service: string;
  grp: string;
  value: string | null;
  text: string;
  tags: string;
  attributes: string;
  origin: string;
  type: string;
  create_time: string;
  timeout: number;
  raw_data: string | null;
  customer: string | null;
  duplicate_count: number;
  repeat: number;
  previous_severity: string;
  trend_indication: string;
  receive_time: string;
  last_receive_id: string;
  last_receive_time: string;
  update_time: string;
  timeout_status: string | null;
  timeout_at: string | null;
  expire_at: string | null;
}

export interface HistoryRow {
  pk: number;
  alert_pk: number;
  id: string;
  event: string;
  severity: string | null;
  status: string | null;
  value: string | null;
  text: string | null;
  type: string;
  update_time: string;
  user: string | null;
  timeout: number | null;
}

export const parseJson = <T>(s: string, fallback: T): T => {
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
};

export const union = (a: string[], b: string[]): string[] => [...new Set([...a, ...b])];

export function mergeAttributes(existing: Record<string, unknown>, incoming: Record<string, unknown>): Record<string, unknown> {
  const out = { ...existing };
  for (const [k, v] of Object.entries(incoming)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

function historyToJson(h: HistoryRow, base: string): HistoryEntry {
  return {
    event: h.event,
    href: `${base}/alert/${h.id}`,
    id: h.id,
    severity: h.severity,
    status: h.status,
    text: h.text ?? '',
    timeout: h.timeout,
    type: h.type,
    updateTime: h.update_time,
    user: h.user,
    value: h.value,
  };
}

export function rowToAlert(r: AlertRow, base: string, opts: { history?: HistoryRow[]; showRaw?: boolean } = {}): Alert {
  return {
    attributes: parseJson<Record<string, unknown>>(r.attributes, {}),
    correlate: parseJson<string[]>(r.correlate, []),
    createTime: r.create_time,
    customer: r.customer,
    duplicateCount: r.duplicate_count,
    environment: r.environment,
    event: r.event,
    group: r.grp,
    history: (opts.history ?? []).map((h) => historyToJson(h, base)),
    href: `${base}/alert/${r.id}`,
    id: r.id,
    lastReceiveId: r.last_receive_id,
    lastReceiveTime: r.last_receive_time,
    origin: r.origin,
    previousSeverity: r.previous_severity,
    rawData: opts.showRaw ? r.raw_data : null,
    receiveTime: r.receive_time,
    repeat: r.repeat === 1,
    resource: r.resource,
    service: parseJson<string[]>(r.service, []),
    severity: r.severity,
    status: r.status,
    tags: parseJson<string[]>(r.tags, []),
    text: r.text,
    timeout: r.timeout,
    trendIndication: r.trend_indication,
    type: r.type,
    updateTime: r.update_time,
    value: r.value as string,
  };
}

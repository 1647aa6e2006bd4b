// Alerts in SQLite: receiving (de-duplication, correlation, creation), reading, searching, counting,
// operator actions and history. Every write runs in one transaction so a failed request changes nothing.
import { randomUUID } from 'node:crypto';
import type { Alert, HistoryEntry } from '../src/core/types.ts';
import type { AppContext, Caller } from './context.ts';
import { countMetric, timeMetric } from './context.ts';
import { ApiError, notFound } from './errors.ts';
import {
  STATUS_CODES, isValidSeverity, previousStatusFromHistory, severityCode, transition, trend, validSeverities,
} from './alert-rules.ts';
import {
  ALERT_FIELDS, EXCLUDE_FROM_QUERY, balanced, compileFilters, compileQuery, compileSort, first, type Params, type SqlFragment,
} from './query.ts';
import { DATE_RANGE, MAX_SECONDS, addSeconds, isSeconds, iso, parseDate } from './time.ts';

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

interface HistoryRow {
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

const parseJson = <T>(s: string, fallback: T): T => {
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
};

export function historyToJson(h: HistoryRow, base: string): HistoryEntry {
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

function historyFor(ctx: AppContext, pks: number[]): Map<number, HistoryRow[]> {
  const out = new Map<number, HistoryRow[]>();
  if (pks.length === 0) return out;
  const rows = ctx.db
    .prepare(`SELECT * FROM history WHERE alert_pk IN (${pks.map(() => '?').join(',')}) ORDER BY pk`)
    .all(...pks) as HistoryRow[];
  for (const h of rows) {
    const list = out.get(h.alert_pk);
    if (list) list.push(h);
    else out.set(h.alert_pk, [h]);
  }
  return out;
}

function addHistory(ctx: AppContext, alertPk: number, h: Omit<HistoryRow, 'pk' | 'alert_pk'>): void {
  ctx.db
    .prepare(
      `INSERT INTO history (alert_pk, id, event, severity, status, value, text, type, update_time, user, timeout)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(alertPk, h.id, h.event, h.severity, h.status, h.value, h.text, h.type, h.update_time, h.user, h.timeout);
  // keep the newest HISTORY_LIMIT entries, like the real server
  const limit = ctx.settings.HISTORY_LIMIT;
  if (limit > 0) {
    ctx.db
      .prepare(
        `DELETE FROM history WHERE alert_pk = ? AND pk NOT IN (SELECT pk FROM history WHERE alert_pk = ? ORDER BY pk DESC LIMIT ?)`,
      )
      .run(alertPk, alertPk, limit);
  }
}

function statusHistory(ctx: AppContext, alertPk: number): (string | null)[] {
  return (
    ctx.db.prepare('SELECT status FROM history WHERE alert_pk = ? ORDER BY pk').all(alertPk) as { status: string | null }[]
  ).map((r) => r.status);
}

// ---------------------------------------------------------------- lookups

function customerClause(caller: Caller | null): SqlFragment | null {
  if (!caller || caller.customers === null) return null;
  if (caller.customers.length === 0) return { sql: '0', params: [] };
  return { sql: `customer IN (${caller.customers.map(() => '?').join(',')})`, params: [...caller.customers] };
}

/** Finds an alert by full id or by a unique id prefix (the console shows 8-char ids). Respects customer views. */
export function findAlertRow(ctx: AppContext, idOrPrefix: string, caller: Caller | null): AlertRow | null {
  const cust = customerClause(caller);
  const extra = cust ? ` AND ${cust.sql}` : '';
  const params = cust?.params ?? [];
  let row = ctx.db.prepare(`SELECT * FROM alerts WHERE id = ?${extra}`).get(idOrPrefix, ...params) as AlertRow | undefined;
  if (!row && idOrPrefix.length >= 4 && idOrPrefix.length < 36 && /^[0-9a-f-]+$/i.test(idOrPrefix)) {
    const like = `${idOrPrefix.toLowerCase().replace(/[%_]/g, '')}%`;
    const rows = ctx.db
      .prepare(`SELECT * FROM alerts WHERE (id LIKE ? OR last_receive_id LIKE ?)${extra} LIMIT 2`)
      .all(like, like, ...params) as AlertRow[];
    if (rows.length === 1) row = rows[0];
  }
  return row ?? null;
}

export function getAlert(ctx: AppContext, id: string, caller: Caller | null, base: string): Alert {
  const row = findAlertRow(ctx, id, caller);
  if (!row) throw notFound();
  return rowToAlert(row, base, { history: historyFor(ctx, [row.pk]).get(row.pk) ?? [], showRaw: true });
}

// ---------------------------------------------------------------- receive

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

export type ReceiveResult =
  | { kind: 'alert'; alert: Alert }
  | { kind: 'heartbeat'; id: string }
  | { kind: 'blackout'; id: string };

const union = (a: string[], b: string[]): string[] => [...new Set([...a, ...b])];

function mergeAttributes(existing: Record<string, unknown>, incoming: Record<string, unknown>): Record<string, unknown> {
  const out = { ...existing };
  for (const [k, v] of Object.entries(incoming)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

function expireAt(lastReceive: Date, timeout: number): string | null {
  return timeout > 0 ? iso(addSeconds(lastReceive, timeout)) : null;
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

/**
 * Receives one alert with the real server's rules: a duplicate (same environment, resource, event, severity,
 * customer) bumps duplicateCount; a correlated one (same environment and resource, and the same event with
 * another severity, or an event listed in the existing alert's correlate) updates it with a severity change;
 * anything else creates a new alert.
 */
export function receiveAlert(ctx: AppContext, inc: IncomingAlert, user: string | null, base: string): Alert {
  const started = performance.now();
  const db = ctx.db;
  const now = ctx.now();
  const nowIso = iso(now);
  const alert = db.transaction((): AlertRow => {
    const cust = inc.customer;
    const dup = db
      .prepare(
        `SELECT * FROM alerts WHERE environment = ? AND resource = ? AND event = ? AND severity = ?
         AND ifnull(customer, '') = ifnull(?, '') ORDER BY pk DESC LIMIT 1`,
      )
      .get(inc.environment, inc.resource, inc.event, inc.severity, cust) as AlertRow | undefined;
    if (dup) {
      const statuses = statusHistory(ctx, dup.pk);
      const next = transition(ctx.model, {
        severity: inc.severity,
        previousSeverity: null,
        incomingStatus: inc.status ?? 'open',
        currentStatus: dup.status,
        previousStatus: previousStatusFromHistory(dup.status, statuses),
      });
      const receiveId = randomUUID();
      const statusChanged = next.status !== dup.status;
      const createIso = iso(inc.createTime ?? now);
      if (statusChanged) {
        addHistory(ctx, dup.pk, {
          id: receiveId, event: inc.event, severity: inc.severity, status: next.status, value: inc.value,
          text: inc.text, type: 'status', update_time: createIso, user, timeout: inc.timeout,
        });
      } else if (inc.value !== dup.value) {
        addHistory(ctx, dup.pk, {
          id: receiveId, event: inc.event, severity: inc.severity, status: next.status, value: inc.value,
          text: inc.text, type: 'value', update_time: createIso, user, timeout: inc.timeout,
        });
      }
      const keepTimer = !statusChanged && (next.status === 'ack' || next.status === 'shelved');
      db.prepare(
        `UPDATE alerts SET status = ?, value = ?, text = ?, timeout = ?, raw_data = ?, repeat = 1,
           last_receive_id = ?, last_receive_time = ?, tags = ?, attributes = ?, duplicate_count = duplicate_count + 1,
           update_time = ?, timeout_status = ?, timeout_at = ?, expire_at = ?
         WHERE pk = ?`,
      ).run(
        next.status, inc.value, inc.text, inc.timeout, inc.rawData, receiveId, nowIso,
        JSON.stringify(union(parseJson<string[]>(dup.tags, []), inc.tags)),
        JSON.stringify(mergeAttributes(parseJson(dup.attributes, {}), inc.attributes)),
        statusChanged ? nowIso : dup.update_time,
        keepTimer ? dup.timeout_status : null, keepTimer ? dup.timeout_at : null,
        expireAt(now, inc.timeout), dup.pk,
      );
      return db.prepare('SELECT * FROM alerts WHERE pk = ?').get(dup.pk) as AlertRow;
    }

    const corr = db
      .prepare(
        `SELECT * FROM alerts WHERE environment = ? AND resource = ? AND ifnull(customer, '') = ifnull(?, '')
         AND ((event = ? AND severity != ?)
           OR (event != ? AND EXISTS (SELECT 1 FROM json_each(alerts.correlate) WHERE json_each.value = ?)))
         ORDER BY pk DESC LIMIT 1`,
      )
      .get(inc.environment, inc.resource, cust, inc.event, inc.severity, inc.event, inc.event) as AlertRow | undefined;
    if (corr) {
      const statuses = statusHistory(ctx, corr.pk);
      const previousSeverity = corr.severity;
      const next = transition(ctx.model, {
        severity: inc.severity,
        previousSeverity,
        incomingStatus: inc.status ?? 'open',
        currentStatus: corr.status,
        previousStatus: previousStatusFromHistory(corr.status, statuses),
      });
      const receiveId = randomUUID();
      const createIso = iso(inc.createTime ?? now);
      const statusChanged = next.status !== corr.status;
      if (statusChanged) {
        addHistory(ctx, corr.pk, {
          id: receiveId, event: inc.event, severity: inc.severity, status: next.status, value: inc.value,
          text: inc.text, type: 'status', update_time: createIso, user, timeout: inc.timeout,
        });
      }
      addHistory(ctx, corr.pk, {
        id: receiveId, event: inc.event, severity: inc.severity, status: next.status, value: inc.value,
        text: inc.text, type: 'severity', update_time: createIso, user, timeout: inc.timeout,
      });
      const keepTimer = !statusChanged && (next.status === 'ack' || next.status === 'shelved');
      db.prepare(
        `UPDATE alerts SET event = ?, severity = ?, severity_code = ?, status = ?, service = ?, value = ?, text = ?,
           create_time = ?, timeout = ?, raw_data = ?, duplicate_count = 0, repeat = 0, previous_severity = ?,
           trend_indication = ?, receive_time = ?, last_receive_id = ?, last_receive_time = ?, tags = ?,
           attributes = ?, update_time = ?, timeout_status = ?, timeout_at = ?, expire_at = ?
         WHERE pk = ?`,
      ).run(
        inc.event, inc.severity, severityCode(ctx.model, inc.severity), next.status,
        JSON.stringify(inc.service.length ? inc.service : parseJson<string[]>(corr.service, [])),
        inc.value, inc.text, createIso, inc.timeout, inc.rawData, previousSeverity,
        trend(ctx.model, previousSeverity, inc.severity), nowIso, receiveId, nowIso,
        JSON.stringify(union(parseJson<string[]>(corr.tags, []), inc.tags)),
        JSON.stringify(mergeAttributes(parseJson(corr.attributes, {}), inc.attributes)),
        statusChanged ? nowIso : corr.update_time,
        keepTimer ? corr.timeout_status : null, keepTimer ? corr.timeout_at : null,
        expireAt(now, inc.timeout), corr.pk,
      );
      return db.prepare('SELECT * FROM alerts WHERE pk = ?').get(corr.pk) as AlertRow;
    }

    // like the real server, a receive takes only the status from the state machine; the severity stays as sent
    const next = transition(ctx.model, {
      severity: inc.severity,
      previousSeverity: null,
      incomingStatus: inc.status ?? 'open',
      currentStatus: null,
      previousStatus: null,
    });
    const id = randomUUID();
    const createIso = iso(inc.createTime ?? now);
    const attributes = { ...inc.attributes };
    for (const [k, v] of Object.entries(attributes)) if (v === null) delete attributes[k];
    const info = db
      .prepare(
        `INSERT INTO alerts (id, resource, event, environment, severity, severity_code, correlate, status, service, grp,
           value, text, tags, attributes, origin, type, create_time, timeout, raw_data, customer, duplicate_count, repeat,
           previous_severity, trend_indication, receive_time, last_receive_id, last_receive_time, update_time, expire_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id, inc.resource, inc.event, inc.environment, inc.severity, severityCode(ctx.model, inc.severity),
        JSON.stringify(inc.correlate), next.status, JSON.stringify(inc.service), inc.group, inc.value, inc.text,
        JSON.stringify([...new Set(inc.tags)]), JSON.stringify(attributes), inc.origin, inc.type, createIso, inc.timeout,
        inc.rawData, inc.customer, ctx.model.previousSeverity, trend(ctx.model, ctx.model.previousSeverity, inc.severity),
        nowIso, id, nowIso, nowIso, expireAt(now, inc.timeout),
      );
    const pk = Number(info.lastInsertRowid);
    addHistory(ctx, pk, {
      id, event: inc.event, severity: inc.severity, status: next.status, value: inc.value, text: inc.text,
      type: 'new', update_time: createIso, user, timeout: inc.timeout,
    });
    return db.prepare('SELECT * FROM alerts WHERE pk = ?').get(pk) as AlertRow;
  })();
  timeMetric(ctx, 'received', started);
  return rowToAlert(alert, base, { history: historyFor(ctx, [alert.pk]).get(alert.pk) ?? [], showRaw: true });
}

// ---------------------------------------------------------------- operator changes

function requireRow(ctx: AppContext, id: string, caller: Caller | null): AlertRow {
  const row = findAlertRow(ctx, id, caller);
  if (!row) throw notFound();
  return row;
}

/** PUT /alert/{id}/action. Returns nothing: the real server answers {status:"ok"} only. */
export function takeAction(
  ctx: AppContext, id: string, caller: Caller | null, action: string, text: string, timeout: number | null,
): void {
  const started = performance.now();
  const now = ctx.now();
  const nowIso = iso(now);
  ctx.db.transaction(() => {
    const row = requireRow(ctx, id, caller);
    const statuses = statusHistory(ctx, row.pk);
    const previousStatus = previousStatusFromHistory(row.status, statuses);
    const next = transition(ctx.model, {
      severity: row.severity,
      previousSeverity: row.previous_severity,
      currentStatus: row.status,
      previousStatus,
      action,
    });
    let effectiveTimeout = timeout;
    if (action === 'ack') effectiveTimeout = timeout ?? ctx.settings.ACK_TIMEOUT;
    if (action === 'shelve') effectiveTimeout = timeout ?? ctx.settings.SHELVE_TIMEOUT;
    const known = ['open', 'assign', 'ack', 'unack', 'shelve', 'unshelve', 'close', 'expired', 'timeout'].includes(action);
    addHistory(ctx, row.pk, {
      id: row.id, event: row.event, severity: next.severity, status: next.status, value: row.value,
      text, type: known ? action : 'action', update_time: nowIso, user: caller?.login ?? null,
      timeout: effectiveTimeout ?? row.timeout,
    });
    const severityChanged = next.severity !== row.severity;
    const timed = (next.status === 'ack' || next.status === 'shelved') && next.status !== row.status && (effectiveTimeout ?? 0) > 0;
    const keepTimer = next.status === row.status;
    ctx.db.prepare(
      `UPDATE alerts SET status = ?, severity = ?, severity_code = ?, previous_severity = ?, trend_indication = ?,
         update_time = ?, timeout_status = ?, timeout_at = ? WHERE pk = ?`,
    ).run(
      next.status, next.severity, severityCode(ctx.model, next.severity),
      severityChanged ? row.severity : row.previous_severity,
      severityChanged ? trend(ctx.model, row.severity, next.severity) : row.trend_indication,
      nowIso,
      timed ? row.status : keepTimer ? row.timeout_status : null,
      timed ? iso(addSeconds(now, effectiveTimeout as number)) : keepTimer ? row.timeout_at : null,
      row.pk,
    );
  })();
  timeMetric(ctx, 'status', started);
}

/** PUT /alert/{id}/status: sets any status string, not validated by the real server (we require a known one). */
export function setStatus(ctx: AppContext, id: string, caller: Caller | null, status: string, text: string): void {
  const started = performance.now();
  const nowIso = iso(ctx.now());
  ctx.db.transaction(() => {
    const row = requireRow(ctx, id, caller);
    addHistory(ctx, row.pk, {
      id: row.id, event: row.event, severity: row.severity, status, value: row.value, text,
      type: 'status', update_time: nowIso, user: caller?.login ?? null, timeout: row.timeout,
    });
    ctx.db.prepare('UPDATE alerts SET status = ?, update_time = ?, timeout_status = NULL, timeout_at = NULL WHERE pk = ?')
      .run(status, nowIso, row.pk);
  })();
  timeMetric(ctx, 'status', started);
}

export function changeTags(ctx: AppContext, id: string, caller: Caller | null, tags: string[], add: boolean): void {
  const started = performance.now();
  ctx.db.transaction(() => {
    const row = requireRow(ctx, id, caller);
    const current = parseJson<string[]>(row.tags, []);
    const next = add ? union(current, tags) : current.filter((t) => !tags.includes(t));
    // As the real server: tags move neither the update time nor the receive time (a console sees them in a full read).
    ctx.db.prepare('UPDATE alerts SET tags = ? WHERE pk = ?').run(JSON.stringify(next), row.pk);
  })();
  timeMetric(ctx, add ? 'tagged' : 'untagged', started);
}

export function updateAttributes(ctx: AppContext, id: string, caller: Caller | null, attrs: Record<string, unknown>): void {
  const started = performance.now();
  ctx.db.transaction(() => {
    const row = requireRow(ctx, id, caller);
    const next = mergeAttributes(parseJson(row.attributes, {}), attrs);
    // Nor do attributes, as on the real server.
    ctx.db.prepare('UPDATE alerts SET attributes = ? WHERE pk = ?').run(JSON.stringify(next), row.pk);
  })();
  timeMetric(ctx, 'attributes', started);
}

export function deleteAlert(ctx: AppContext, id: string, caller: Caller | null): void {
  const started = performance.now();
  ctx.db.transaction(() => {
    const row = requireRow(ctx, id, caller);
    ctx.db.prepare('DELETE FROM notes WHERE alert_id = ?').run(row.id);
    ctx.db.prepare('DELETE FROM alerts WHERE pk = ?').run(row.pk);
  })();
  timeMetric(ctx, 'deleted', started);
}

// ---------------------------------------------------------------- notes

interface NoteRow {
  id: string;
  alert_id: string;
  text: string;
  user: string | null;
  create_time: string;
  update_time: string | null;
  customer: string | null;
}

function noteToJson(n: NoteRow, alert: AlertRow, base: string): Record<string, unknown> {
  return {
    _links: { alert: `${base}/alert/${alert.id}` },
    attributes: {
      environment: alert.environment,
      event: alert.event,
      resource: alert.resource,
      severity: alert.severity,
      status: alert.status,
    },
    createTime: n.create_time,
    customer: n.customer,
    href: `${base}/note/${n.id}`,
    id: n.id,
    related: { alert: alert.id },
    text: n.text,
    type: 'alert',
    updateTime: n.update_time,
    user: n.user,
  };
}

export function addNote(ctx: AppContext, id: string, caller: Caller | null, text: string, base: string): Record<string, unknown> {
  const nowIso = iso(ctx.now());
  return ctx.db.transaction(() => {
    const row = requireRow(ctx, id, caller);
    const noteId = randomUUID();
    ctx.db.prepare('INSERT INTO notes (id, alert_id, text, user, create_time, update_time, customer) VALUES (?, ?, ?, ?, ?, NULL, ?)')
      .run(noteId, row.id, text, caller?.login ?? null, nowIso, row.customer);
    addHistory(ctx, row.pk, {
      id: noteId, event: row.event, severity: row.severity, status: row.status, value: row.value, text,
      type: 'note', update_time: nowIso, user: caller?.login ?? null, timeout: null,
    });
    // A note is a history entry; like the real server, it leaves the alert's update time where it was.
    const note = ctx.db.prepare('SELECT * FROM notes WHERE id = ?').get(noteId) as NoteRow;
    return noteToJson(note, row, base);
  })();
}

export function listNotes(ctx: AppContext, id: string, caller: Caller | null, base: string): Record<string, unknown>[] {
  const row = requireRow(ctx, id, caller);
  const notes = ctx.db.prepare('SELECT * FROM notes WHERE alert_id = ? ORDER BY create_time, rowid').all(row.id) as NoteRow[];
  return notes.map((n) => noteToJson(n, row, base));
}

export function updateNote(
  ctx: AppContext, id: string, noteId: string, caller: Caller | null, text: string, base: string,
): Record<string, unknown> {
  const nowIso = iso(ctx.now());
  return ctx.db.transaction(() => {
    const row = requireRow(ctx, id, caller);
    // like the real server, the editor becomes the note's user (a caller without a login leaves the author)
    const res = ctx.db.prepare('UPDATE notes SET text = ?, user = coalesce(?, user), update_time = ? WHERE id = ? AND alert_id = ?')
      .run(text, caller?.login ?? null, nowIso, noteId, row.id);
    if (res.changes === 0) throw notFound();
    return noteToJson(ctx.db.prepare('SELECT * FROM notes WHERE id = ?').get(noteId) as NoteRow, row, base);
  })();
}

export function deleteNote(ctx: AppContext, id: string, noteId: string, caller: Caller | null): void {
  const nowIso = iso(ctx.now());
  ctx.db.transaction(() => {
    const row = requireRow(ctx, id, caller);
    const res = ctx.db.prepare('DELETE FROM notes WHERE id = ? AND alert_id = ?').run(noteId, row.id);
    if (res.changes === 0) throw notFound();
    addHistory(ctx, row.pk, {
      id: noteId, event: row.event, severity: row.severity, status: row.status, value: row.value, text: 'note dismissed',
      type: 'dismiss', update_time: nowIso, user: caller?.login ?? null, timeout: null,
    });
  })();
}

// ---------------------------------------------------------------- search

export interface Where {
  sql: string;
  params: unknown[];
}

/** WHERE clause for /alerts and its siblings from URL parameters, q= and the caller's customer view. */
export function buildWhere(_ctx: AppContext, params: Params, caller: Caller | null, opts: { exclude?: string[] } = {}): Where {
  const parts: string[] = [];
  const values: unknown[] = [];
  const add = (f: SqlFragment | null): void => {
    if (!f) return;
    parts.push(f.sql);
    values.push(...f.params);
  };
  const q = first(params, 'q');
  // any non-empty q is parsed, as the real server does (a blank one is a 400 there too)
  if (q) {
    // a long q= of plain terms does its work in SQLite, not in the pattern functions: check the time budget
    // every 64th row, before the terms (AND stops at the first false one; the default view never pays for this)
    const f = compileQuery(q, first(params, 'q.df') || 'text');
    add({ sql: `((pk & 63) != 0 OR query_budget()) AND ${f.sql}`, params: f.params });
  }
  add(customerClause(caller));
  for (const name of ['from-date', 'to-date'] as const) {
    const raw = first(params, name);
    if (raw === undefined || raw === '') continue;
    const d = parseDate(raw);
    if (!d) throw new ApiError(`Invalid '${name}' parameter: ${raw} (must be ${DATE_RANGE})`, 400);
    add({ sql: name === 'from-date' ? 'last_receive_time > ?' : 'last_receive_time <= ?', params: [iso(d)] });
  }
  const ids = params.get('id') ?? [];
  if (ids.length) {
    const ors = ids.map(() => '(id LIKE ? OR last_receive_id LIKE ?)');
    add({ sql: `(${balanced(ors, 'OR')})`, params: ids.flatMap((i) => [`${i.replace(/[%_]/g, '')}%`, `${i.replace(/[%_]/g, '')}%`]) });
  }
  const exclude = new Set([...EXCLUDE_FROM_QUERY, ...(opts.exclude ?? [])]);
  for (const f of compileFilters(params, ALERT_FIELDS, exclude)) add(f);
  return { sql: balanced(parts, 'AND'), params: values };
}

export interface Counts {
  total: number;
  severityCounts: Record<string, number>;
  statusCounts: Record<string, number>;
}

export function countAlerts(ctx: AppContext, where: Where): Counts {
  const started = performance.now();
  const rows = ctx.db
    .prepare(`SELECT severity, status, count(*) AS n FROM alerts WHERE ${where.sql} GROUP BY severity, status`)
    .all(...where.params) as { severity: string; status: string; n: number }[];
  const out: Counts = { total: 0, severityCounts: {}, statusCounts: {} };
  for (const r of rows) {
    out.total += r.n;
    out.severityCounts[r.severity] = (out.severityCounts[r.severity] ?? 0) + r.n;
    out.statusCounts[r.status] = (out.statusCounts[r.status] ?? 0) + r.n;
  }
  out.severityCounts = sortKeys(out.severityCounts);
  out.statusCounts = sortKeys(out.statusCounts);
  timeMetric(ctx, 'counts', started);
  return out;
}

export function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function parsePaging(ctx: AppContext, params: Params): { page: number; pageSize: number } {
  const rawPage = first(params, 'page');
  const rawSize = first(params, 'page-size') ?? first(params, 'limit');
  const page = rawPage === undefined || rawPage === '' ? 1 : Number(rawPage);
  const pageSize = rawSize === undefined || rawSize === '' ? ctx.settings.DEFAULT_PAGE_SIZE : Number(rawSize);
  if (!Number.isInteger(page) || page < 1 || page > MAX_SECONDS) throw new ApiError(`Invalid 'page' parameter: ${rawPage}`, 400);
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new ApiError(`Invalid 'page-size' parameter: ${rawSize}`, 400);
  return { page, pageSize: Math.min(pageSize, 100000) };
}

const truthy = (v: string | undefined): boolean => v !== undefined && ['true', 't', '1', 'yes', 'y', 'on', ''].includes(v.toLowerCase());

export function searchAlerts(ctx: AppContext, params: Params, caller: Caller | null, base: string): Record<string, unknown> {
  const started = performance.now();
  const where = buildWhere(ctx, params, caller);
  const sortBy = params.get('sort-by') ?? [];
  const sort = sortBy.length ? compileSort(sortBy, ALERT_FIELDS) : { sql: '', params: [] };
  const { page, pageSize } = parsePaging(ctx, params);
  const counts = countAlerts(ctx, where);
  const pages = Math.ceil(counts.total / pageSize);
  if (counts.total > 0 && page > pages) throw new ApiError(`page out of range: 1-${pages}`, 416);
  const order = sort.sql ? `${sort.sql}, pk` : 'pk';
  const rows = ctx.db
    .prepare(`SELECT * FROM alerts WHERE ${where.sql} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...where.params, ...sort.params, pageSize, (page - 1) * pageSize) as AlertRow[];
  const showHistory = truthy(first(params, 'show-history'));
  const showRaw = truthy(first(params, 'show-raw-data'));
  const history = showHistory ? historyFor(ctx, rows.map((r) => r.pk)) : new Map<number, HistoryRow[]>();
  const alerts = rows.map((r) => rowToAlert(r, base, { history: history.get(r.pk) ?? [], showRaw }));
  let lastTime = iso(ctx.now());
  if (rows.length) lastTime = rows.reduce((m, r) => (r.last_receive_time > m ? r.last_receive_time : m), rows[0]!.last_receive_time);
  timeMetric(ctx, 'queries', started);
  const body: Record<string, unknown> = {
    alerts,
    autoRefresh: ctx.settings.AUTO_REFRESH_ALLOW,
    lastTime,
  };
  if (counts.total === 0) body.message = 'not found';
  Object.assign(body, {
    more: page < pages,
    page,
    pageSize,
    pages,
    severityCounts: counts.severityCounts,
    status: 'ok',
    statusCounts: counts.statusCounts,
    total: counts.total,
  });
  return body;
}

// ---------------------------------------------------------------- summaries

export function environments(ctx: AppContext, params: Params, caller: Caller | null): Record<string, unknown>[] {
  const where = buildWhere(ctx, params, caller);
  const rows = ctx.db
    .prepare(
      `SELECT environment, severity, status, count(*) AS n FROM alerts WHERE ${where.sql}
       GROUP BY environment, severity, status ORDER BY environment`,
    )
    .all(...where.params) as { environment: string; severity: string; status: string; n: number }[];
  const byEnv = new Map<string, { count: number; severityCounts: Record<string, number>; statusCounts: Record<string, number> }>();
  for (const r of rows) {
    let e = byEnv.get(r.environment);
    if (!e) byEnv.set(r.environment, (e = { count: 0, severityCounts: {}, statusCounts: {} }));
    e.count += r.n;
    e.severityCounts[r.severity] = (e.severityCounts[r.severity] ?? 0) + r.n;
    e.statusCounts[r.status] = (e.statusCounts[r.status] ?? 0) + r.n;
  }
  return [...byEnv.entries()].map(([environment, e]) => ({
    count: e.count,
    environment,
    severityCounts: sortKeys(e.severityCounts),
    statusCounts: sortKeys(e.statusCounts),
  }));
}

export function services(ctx: AppContext, params: Params, caller: Caller | null): Record<string, unknown>[] {
  const where = buildWhere(ctx, params, caller);
  const rows = ctx.db
    .prepare(
      `SELECT a.environment, j.value AS service, a.severity, a.status, count(*) AS n
       FROM (SELECT environment, service, severity, status FROM alerts WHERE ${where.sql}) a, json_each(a.service) j
       GROUP BY a.environment, j.value, a.severity, a.status ORDER BY a.environment, j.value`,
    )
    .all(...where.params) as { environment: string; service: string; severity: string; status: string; n: number }[];
  const map = new Map<string, { environment: string; service: string; count: number; severityCounts: Record<string, number>; statusCounts: Record<string, number> }>();
  for (const r of rows) {
    const key = `${r.environment}\u0000${r.service}`;
    let e = map.get(key);
    if (!e) map.set(key, (e = { environment: r.environment, service: r.service, count: 0, severityCounts: {}, statusCounts: {} }));
    e.count += r.n;
    e.severityCounts[r.severity] = (e.severityCounts[r.severity] ?? 0) + r.n;
    e.statusCounts[r.status] = (e.statusCounts[r.status] ?? 0) + r.n;
  }
  return [...map.values()].map((e) => ({
    count: e.count,
    environment: e.environment,
    service: e.service,
    severityCounts: sortKeys(e.severityCounts),
    statusCounts: sortKeys(e.statusCounts),
  }));
}

export function alertGroups(ctx: AppContext, params: Params, caller: Caller | null): Record<string, unknown>[] {
  const where = buildWhere(ctx, params, caller);
  return (
    ctx.db
      .prepare(`SELECT count(*) AS count, environment, grp AS "group" FROM alerts WHERE ${where.sql} GROUP BY environment, grp ORDER BY environment, grp`)
      .all(...where.params) as Record<string, unknown>[]
  ).map((r) => ({ count: r.count, environment: r.environment, group: r.group }));
}

export function alertTags(ctx: AppContext, params: Params, caller: Caller | null): Record<string, unknown>[] {
  const where = buildWhere(ctx, params, caller);
  return ctx.db
    .prepare(
      `SELECT count(*) AS count, a.environment, j.value AS tag
       FROM (SELECT environment, tags FROM alerts WHERE ${where.sql}) a, json_each(a.tags) j
       GROUP BY a.environment, j.value ORDER BY a.environment, j.value`,
    )
    .all(...where.params) as Record<string, unknown>[];
}

export function alertHistory(ctx: AppContext, params: Params, caller: Caller | null, base: string): Record<string, unknown>[] {
  const where = buildWhere(ctx, params, caller);
  const { pageSize } = parsePaging(ctx, params);
  const rows = ctx.db
    .prepare(
      `SELECT h.id AS hid, h.event AS hevent, h.severity AS hseverity, h.status AS hstatus, h.value AS hvalue,
         h.text AS htext, h.type AS htype, h.update_time AS hupdate, h.user AS huser, h.timeout AS htimeout, a.*
       FROM history h JOIN (SELECT * FROM alerts WHERE ${where.sql}) a ON a.pk = h.alert_pk
       ORDER BY h.update_time DESC, h.pk DESC LIMIT ?`,
    )
    .all(...where.params, pageSize) as (AlertRow & Record<string, unknown>)[];
  return rows.map((r) => ({
    attributes: parseJson(r.attributes, {}),
    customer: r.customer,
    environment: r.environment,
    event: r.hevent,
    group: r.grp,
    href: `${base}/alert/${r.id}`,
    id: r.id,
    origin: r.origin,
    resource: r.resource,
    service: parseJson(r.service, []),
    severity: r.hseverity,
    status: r.hstatus,
    tags: parseJson(r.tags, []),
    text: r.htext,
    timeout: r.htimeout,
    type: r.htype,
    updateTime: r.hupdate,
    user: r.huser,
    value: r.hvalue,
  }));
}

type TopKind = 'count' | 'flapping' | 'standing';

/**
 * The fields a report may be grouped by (`group-by`), with their column. The real server puts the parameter into its
 * SQL as it is: any other name is an error there (a 500, and an injection), and a 400 here. `group` is refused too:
 * it is an SQL keyword the real server does not quote, so it fails there whatever the data.
 */
export const TOPN_GROUP_FIELDS: Readonly<Record<string, string>> = Object.freeze({
  event: 'event', resource: 'resource', environment: 'environment', service: 'service', origin: 'origin',
  customer: 'customer', severity: 'severity', status: 'status',
});

/** The field a report groups by: `event` unless `group-by` names another (its first value, as the real server). */
export function topnGroupField(params: Params): string {
  const wanted = params.get('group-by')?.[0];
  if (wanted === undefined || wanted === '') return 'event';
  if (!Object.hasOwn(TOPN_GROUP_FIELDS, wanted)) {
    throw new ApiError(`Invalid 'group-by' parameter: ${wanted.slice(0, 100)} (one of ${Object.keys(TOPN_GROUP_FIELDS).join(', ')})`, 400);
  }
  return wanted;
}

/**
 * Reports: per value of a field (event unless `group-by` says otherwise), the alerts with the most alerts (count),
 * the most severity changes (flapping), or the oldest still open (standing). Counted as the real server counts:
 * one row per alert and service (an alert in two services counts twice, one without a service not at all), groups
 * by size, the largest first (ties by value here; unordered there), at most `page-size` of them (default: the
 * server's page size). Each lists the environments, services and every alert (id and resource, by id) in it.
 * Aggregated in SQL, then the alerts of the listed groups only, so it stays quick at 100,000 alerts.
 */
export function top10(ctx: AppContext, kind: TopKind, params: Params, caller: Caller | null, base: string): Record<string, unknown>[] {
  const field = topnGroupField(params);
  const column = TOPN_GROUP_FIELDS[field]!;
  const where = buildWhere(ctx, params, caller);
  const limit = parsePaging(ctx, params).pageSize;
  // One row per alert and service, with a weight per alert (1, or its number of severity changes). The alerts are
  // filtered before the services are joined: json_each's own columns (id, type, value…) would shadow the alert's.
  const alerts =
    kind === 'flapping'
      ? `SELECT alerts.*, f.n AS weight FROM (SELECT alert_pk, count(*) AS n FROM history WHERE type = 'severity' GROUP BY alert_pk) f
         JOIN alerts ON alerts.pk = f.alert_pk WHERE ${where.sql}`
      : `SELECT *, 1 AS weight FROM alerts NOT INDEXED WHERE ${where.sql}${kind === 'standing' ? " AND status NOT IN ('closed', 'expired')" : ''}`;
  const source = `SELECT a.*, j.value AS svc FROM (${alerts}) a, json_each(a.service) j`;
  const order = kind === 'standing' ? 'oldest ASC, g' : 'count DESC, g';
  const groups = ctx.db
    .prepare(
      `SELECT ${column} AS g, sum(weight) AS count, sum(duplicate_count) AS duplicateCount, min(create_time) AS oldest,
         json_group_array(DISTINCT environment) AS environments, json_group_array(DISTINCT svc) AS services
       FROM (${source}) GROUP BY ${column} ORDER BY ${order} LIMIT ?`,
    )
    .all(...where.params, limit) as { g: string | null; count: number; duplicateCount: number; environments: string; services: string }[];
  if (groups.length === 0) return [];
  // Every alert of the listed groups, by id (the real server's DISTINCT over [id, resource]).
  const members = new Map<string | null, { id: string; resource: string }[]>();
  const listed = groups.filter((g) => g.g !== null).map((g) => g.g);
  const inGroups = [listed.length ? `${column} IN (${listed.map(() => '?').join(',')})` : '', groups.some((g) => g.g === null) ? `${column} IS NULL` : '']
    .filter(Boolean)
    .join(' OR ');
  for (const r of ctx.db
    .prepare(`SELECT DISTINCT ${column} AS g, id, resource FROM (${source}) WHERE ${inGroups} ORDER BY id`)
    .all(...where.params, ...listed) as { g: string | null; id: string; resource: string }[]) {
    const list = members.get(r.g);
    if (list) list.push(r);
    else members.set(r.g, [r]);
  }
  const split = (list: string) => (JSON.parse(list) as string[]).sort();
  return groups.map((g) => ({
    count: g.count,
    duplicateCount: g.duplicateCount,
    environments: split(g.environments),
    [field]: field === 'service' ? (JSON.parse(g.g ?? '[]') as string[]) : g.g,
    resources: (members.get(g.g) ?? []).map((r) => ({ href: `${base}/alert/${r.id}`, id: r.id, resource: r.resource })),
    services: split(g.services),
  }));
}

// ---------------------------------------------------------------- housekeeping

/**
 * Expires ack and shelve timeouts back to the status before them, and alerts whose timeout passed without a
 * new receive to 'expired', each with a history entry. Cheap when nothing is due (indexed columns).
 */
export function housekeeping(ctx: AppContext): { timedOut: number; expired: number; ids: { expired: string[]; unshelve: string[]; unack: string[] } } {
  const now = ctx.now();
  const nowIso = iso(now);
  return ctx.db.transaction(() => {
    const due = ctx.db
      .prepare(`SELECT * FROM alerts WHERE timeout_at IS NOT NULL AND timeout_at <= ? AND substr(timeout_at, 1, 1) BETWEEN '0' AND '9'`)
      .all(nowIso) as AlertRow[];
    for (const row of due) {
      const back = row.timeout_status && row.timeout_status !== row.status ? row.timeout_status : 'open';
      const label = row.status === 'ack' ? 'ack' : 'shelve';
      addHistory(ctx, row.pk, {
        id: row.id, event: row.event, severity: row.severity, status: back, value: row.value,
        text: `${label} timed out`, type: 'timeout', update_time: nowIso, user: null, timeout: null,
      });
      ctx.db.prepare('UPDATE alerts SET status = ?, update_time = ?, timeout_status = NULL, timeout_at = NULL WHERE pk = ?')
        .run(back, nowIso, row.pk);
    }
    const stale = ctx.db
      .prepare(`SELECT * FROM alerts WHERE expire_at IS NOT NULL AND expire_at <= ? AND substr(expire_at, 1, 1) BETWEEN '0' AND '9'
         AND +status IN ('open', 'ack', 'assign')`)
      .all(nowIso) as AlertRow[];
    for (const row of stale) {
      addHistory(ctx, row.pk, {
        id: row.id, event: row.event, severity: row.severity, status: 'expired', value: row.value,
        text: `expired after ${row.timeout}s`, type: 'expired', update_time: nowIso, user: null, timeout: row.timeout,
      });
      ctx.db.prepare('UPDATE alerts SET status = ?, update_time = ?, timeout_status = NULL, timeout_at = NULL WHERE pk = ?')
        .run('expired', nowIso, row.pk);
    }
    if (due.length || stale.length) countMetric(ctx, 'housekeeping');
    return {
      timedOut: due.length,
      expired: stale.length,
      ids: { expired: stale.map((r) => r.id), unshelve: due.filter((r) => r.status !== 'ack').map((r) => r.id), unack: due.filter((r) => r.status === 'ack').map((r) => r.id) },
    };
  })();
}


// Receiving an alert: de-duplication, correlation or creation, in one transaction so a failed receive changes nothing.
import { randomUUID } from 'node:crypto';
import type { Alert } from '../../src/core/types.ts';
import type { AppContext } from '../context.ts';
import { timeMetric } from '../context.ts';
import { previousStatusFromHistory, severityCode, transition, trend } from '../alert-rules.ts';
import { addSeconds, iso } from '../time.ts';
import { addHistory, historyFor, statusHistory } from './history.ts';
import type { IncomingAlert } from './incoming.ts';
import { mergeAttributes, parseJson, rowToAlert, union, type AlertRow } from './rows.ts';

function expireAt(lastReceive: Date, timeout: number): string | null {
  return timeout > 0 ? iso(addSeconds(lastReceive, timeout)) : null;
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

// An operator's changes to one alert: actions, status, tags, attributes, deletion. Each runs in one transaction so a
// failed request changes nothing.
import type { AppContext, Caller } from '../context.ts';
import { timeMetric } from '../context.ts';
import { previousStatusFromHistory, severityCode, transition, trend } from '../alert-rules.ts';
import { addSeconds, iso } from '../time.ts';
import { addHistory, statusHistory } from './history.ts';
import { requireRow } from './lookup.ts';
import { mergeAttributes, parseJson, union } from './rows.ts';

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

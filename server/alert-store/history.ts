// The history table: an alert's entries oldest first, a new entry (only the newest HISTORY_LIMIT of an alert are
// kept), and the statuses an alert went through.
import type { AppContext } from '../context.ts';
import type { HistoryRow } from './rows.ts';

export function historyFor(ctx: AppContext, pks: number[]): Map<number, HistoryRow[]> {
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

export function addHistory(ctx: AppContext, alertPk: number, h: Omit<HistoryRow, 'pk' | 'alert_pk'>): void {
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

export function statusHistory(ctx: AppContext, alertPk: number): (string | null)[] {
  return (
    ctx.db.prepare('SELECT status FROM history WHERE alert_pk = ? ORDER BY pk').all(alertPk) as { status: string | null }[]
  ).map((r) => r.status);
}

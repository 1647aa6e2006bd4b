// Housekeeping on a timer: ack and shelve timeouts, and alerts expired by their own timeout, in one transaction.
import type { AppContext } from '../context.ts';
import { countMetric } from '../context.ts';
import { iso } from '../time.ts';
import { addHistory } from './history.ts';
import type { AlertRow } from './rows.ts';

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

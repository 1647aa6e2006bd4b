// Finding one alert by its id or a unique id prefix, only among the alerts the caller's customers may see; an alert
// that is not there (or not theirs) is a 404.
import type { Alert } from '../../src/core/types.ts';
import type { AppContext, Caller } from '../context.ts';
import { notFound } from '../errors.ts';
import type { SqlFragment } from '../query.ts';
import { historyFor } from './history.ts';
import { rowToAlert, type AlertRow } from './rows.ts';

export function customerClause(caller: Caller | null): SqlFragment | null {
  if (!caller || caller.customers === null) return null;
  if (caller.customers.length === 0) return { sql: '0', params: [] };
  return { sql: `customer IN (${caller.customers.map(() => '?').join(',')})`, params: [...caller.customers] };
}

/** Finds an alert by full id or by a unique id prefix (the console shows 8-char ids). Respects customer views. */
function findAlertRow(ctx: AppContext, idOrPrefix: string, caller: Caller | null): AlertRow | null {
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

export function requireRow(ctx: AppContext, id: string, caller: Caller | null): AlertRow {
  const row = findAlertRow(ctx, id, caller);
  if (!row) throw notFound();
  return row;
}

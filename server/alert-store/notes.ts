// Notes on an alert: add, list, edit, delete. Adding and deleting one writes a history entry too, in the same
// transaction.
import { randomUUID } from 'node:crypto';
import type { AppContext, Caller } from '../context.ts';
import { notFound } from '../errors.ts';
import { iso } from '../time.ts';
import { addHistory } from './history.ts';
import { requireRow } from './lookup.ts';
import type { AlertRow } from './rows.ts';

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

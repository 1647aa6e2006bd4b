// Rules of the alert detail page: field links, the blackout link,
// the last status change, history order and paging, notes and who may edit them.
import type { Alert, HistoryEntry, Note } from './types.ts';
import { exactTerm } from './query-values.ts';
import { pageOf, type PageSlice } from './list-view.ts';

/** The history table shows 10 rows per page, as in the old console. */
export const HISTORY_PAGE_SIZE = 10;

/** The copy button's tooltip says "Copied" for 2 s, as in the old console. */
export const COPIED_TOOLTIP_MS = 2000;

/**
 * Where a clicked value leads: the alerts list searching for alerts whose field is exactly that value (see
 * exactTerm), e.g. `resource:"^web01$"`; null when the query language cannot express it.
 */
export function fieldQueryHref(field: string, value: string): string | null {
  const term = exactTerm(field, value);
  return term === null ? null : `/alerts?q=${encodeURIComponent(term)}`;
}

/** Custom attributes are searched as `_.name` (the old console's syntax for the attributes map). */
export function attributeField(name: string): string {
  return `_.${name}`;
}

/**
 * The blackout form pre-filled from an alert: `/blackouts?new=1&environment=..&service=..&resource=..&event=..&group=..`
 * (read back by admin-rules.ts blackoutPrefillFromQuery). Each service is its own `service` pair; empty fields are left
 * out, so the form does not narrow the blackout by an empty value.
 */
export function blackoutHref(alert: Pick<Alert, 'environment' | 'service' | 'resource' | 'event' | 'group'>): string {
  const q = new URLSearchParams();
  q.set('new', '1');
  const add = (k: string, v: string | null | undefined) => {
    if (typeof v === 'string' && v.trim() !== '') q.append(k, v);
  };
  add('environment', alert.environment);
  for (const s of Array.isArray(alert.service) ? alert.service : []) add('service', s);
  add('resource', alert.resource);
  add('event', alert.event);
  add('group', alert.group);
  return `/blackouts?${q.toString()}`;
}

function time(iso: string | null | undefined): number {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(ms) ? ms : -Infinity;
}

/** History newest first (by update time, descending); entries without a time go last, order kept. */
export function historyNewestFirst(history: readonly HistoryEntry[] | null | undefined): HistoryEntry[] {
  const list = Array.isArray(history) ? history : [];
  return list
    .map((h, i) => ({ h, i }))
    .sort((a, b) => time(b.h.updateTime) - time(a.h.updateTime) || b.i - a.i)
    .map((x) => x.h);
}

/** One page of the history table, newest first, 10 rows. */
export function historyPage(history: readonly HistoryEntry[] | null | undefined, page: number): PageSlice<HistoryEntry> {
  return pageOf(historyNewestFirst(history), page, HISTORY_PAGE_SIZE);
}

/**
 * Who put the alert in its current status, when and why: the newest history entry that is not a note and carries
 * the current status (as the old console's status line, which took the last such entry).
 */
export function lastStatusChange(alert: Pick<Alert, 'status' | 'history'>): HistoryEntry | null {
  return historyNewestFirst(alert.history).find((h) => h.type !== 'note' && h.status === alert.status) ?? null;
}

/** A note's time as shown: edited time when it was edited, else its creation time. */
export function noteTime(note: Pick<Note, 'createTime' | 'updateTime'>): string {
  return note.updateTime || note.createTime;
}

/**
 * The notes shown on the details tab, newest first; the first is the "last note". Servers that keep notes
 * only in the history (and an alert opened offline from the list) have an empty notes list: then the history's note
 * entries are shown, read-only. (The list's Last Note column reads the history alone: see last-note.ts.)
 */
export function notesNewestFirst(notes: readonly Note[] | null | undefined, history: readonly HistoryEntry[] | null | undefined): { notes: Note[]; fromHistory: boolean } {
  const list = Array.isArray(notes) ? notes : [];
  if (list.length > 0) {
    return { notes: [...list].sort((a, b) => time(noteTime(b)) - time(noteTime(a))), fromHistory: false };
  }
  const fromHistory = historyNewestFirst(history)
    .filter((h) => h.type === 'note')
    .map((h): Note => ({ id: h.id, text: h.text, user: h.user, createTime: h.updateTime, updateTime: null }));
  return { notes: fromHistory, fromHistory: fromHistory.length > 0 };
}

/** A note may be edited or deleted by its author only (and never when its author is unknown). */
export function canEditNote(note: Pick<Note, 'user'>, username: string | null | undefined): boolean {
  return !!username && !!note.user && note.user === username;
}

/** The custom attributes in the order the API sent them, as [name, value] pairs. */
export function customAttributes(alert: Pick<Alert, 'attributes'>): [string, unknown][] {
  const attrs = alert.attributes;
  if (!attrs || typeof attrs !== 'object' || Array.isArray(attrs)) return [];
  return Object.entries(attrs);
}

/** Values of an attribute that can be searched for: strings, numbers and booleans, each element of a list. */
export function searchableValues(value: unknown): string[] | null {
  const one = (v: unknown) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : null);
  if (Array.isArray(value)) {
    const all = value.map(one);
    return all.every((v) => v !== null) ? (all as string[]) : null;
  }
  const v = one(value);
  return v === null ? null : [v];
}

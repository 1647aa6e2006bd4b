// Saved searches: unique by text, stored under the user's attributes as `queries`.
import type { SavedQuery } from './types.ts';

export type SavedQueryResult = { ok: true; value: SavedQuery[] } | { ok: false; error: 'Required' };

/**
 * Adds a saved search. The query must be non-empty; the name defaults to the query. A search with the same
 * name replaces the old one in its place, so the drawer order does not jump.
 */
export function addSavedQuery(list: readonly SavedQuery[], entry: { text?: string | null; q?: string | null }): SavedQueryResult {
  const q = (entry.q ?? '').trim();
  const text = (entry.text ?? '').trim() || q;
  if (q === '' || text === '') return { ok: false, error: 'Required' };
  const item: SavedQuery = { text, q };
  const i = list.findIndex((s) => s.text === text);
  if (i < 0) return { ok: true, value: [...list, item] };
  const value = list.filter((s, j) => j === i || s.text !== text);
  value[value.findIndex((s) => s.text === text)] = item;
  return { ok: true, value };
}

export function removeSavedQuery(list: readonly SavedQuery[], text: string): SavedQuery[] {
  return list.filter((s) => s.text !== text);
}

/** Saved searches as stored on the server: malformed entries dropped, duplicates by text collapsed to the last. */
export function parseSavedQueries(raw: unknown): SavedQuery[] {
  if (!Array.isArray(raw)) return [];
  let out: SavedQuery[] = [];
  for (const e of raw) {
    if (typeof e !== 'object' || e === null) continue;
    const { text, q } = e as Record<string, unknown>;
    if (typeof q !== 'string') continue;
    const r = addSavedQuery(out, { text: typeof text === 'string' ? text : null, q });
    if (r.ok) out = r.value;
  }
  return out;
}

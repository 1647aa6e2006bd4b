// The "Last Note" of an alert, as in the old console: the latest history entry of type note or dismiss, shown only when
// it is a note (a later dismiss hides an earlier note). Needs the list to ask for show-history.
import type { HistoryEntry } from './types.ts';

export function lastNote(history: readonly HistoryEntry[] | null | undefined): HistoryEntry | null {
  if (!Array.isArray(history)) return null;
  let latest: HistoryEntry | null = null;
  for (const h of history) {
    if (!h || (h.type !== 'note' && h.type !== 'dismiss')) continue;
    if (!latest || Date.parse(h.updateTime) > Date.parse(latest.updateTime)) latest = h;
  }
  return latest && latest.type === 'note' ? latest : null;
}

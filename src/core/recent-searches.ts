// The recent searches of the search box: the last 10 a user sent on this device, newest first, each once. Kept in
// the browser's storage under a key per user, so two people sharing a browser do not see each other's.

export const MAX_RECENT = 10;
/** A search longer than this is not remembered (a paste of a log, not something to run again). */
export const MAX_RECENT_LENGTH = 1000;

/** The storage key of a user's recent searches. */
export function recentKey(username: string | null): string {
  return `alerta.search.recent.${username ?? ''}`;
}

/** The list after a search was sent: it goes first, an earlier copy goes, the oldest past ten drops off. */
export function addRecent(list: readonly string[], q: string): string[] {
  const query = q.trim();
  if (query === '' || query.length > MAX_RECENT_LENGTH) return [...list];
  return [query, ...list.filter((x) => x !== query)].slice(0, MAX_RECENT);
}

export function removeRecent(list: readonly string[], q: string): string[] {
  return list.filter((x) => x !== q);
}

/** The stored list as it can be trusted: strings only, each once, at most ten; anything else is an empty list. */
export function parseRecent(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v)) return [];
    const out: string[] = [];
    for (const x of v) if (typeof x === 'string' && x.trim() !== '' && x.length <= MAX_RECENT_LENGTH && !out.includes(x)) out.push(x);
    return out.slice(0, MAX_RECENT);
  } catch {
    return [];
  }
}

// The alert list's filter, sort and panel state in the URL hash.
// Same format as the old console, so bookmarks keep working:
//   #environment:Production;text:disk full;status:open,ack;service:Web,App;group:Network;dateRange:-3600,;sb:lastReceiveTime;sd:1;asi:1
// This console adds keys of its own after those, each only when it says something: `gb` (the field the list is grouped
// by), `go` (the groups that are open) and `ov` (the overview shown). A hash without them (every old bookmark) means
// what it always meant, and the old console, which reads only the keys it knows, ignores them.
// Fixed: values may contain the separators `:` `;` `,` (and `%`): we percent-escape them, and decode every
// component, so what we write reads back the same. Plain old hashes decode exactly as before, except that a value
// with an unescaped `:` is no longer cut at that colon (`text:a:b` is "a:b", the old console read "a").
import type { AlertFilter, DateRange, SortState } from './types.ts';

export interface HashState {
  filter: AlertFilter;
  sort: SortState;
  /** the indicator panel (asi) */
  showPanel: boolean;
  /** the field the list is grouped by (gb); absent: the hash does not say (the user's preference applies) */
  groupBy?: string;
  /** the keys of the open groups (go), when any is open */
  openGroups?: string[];
  /** the overview "What is going on" is shown (ov) */
  overview?: boolean;
}

const TEXT_KEYS = ['environment', 'text'] as const;
const LIST_KEYS = ['status', 'customer', 'service', 'group'] as const;

/** Separators, the escape character itself, and controls (which the URL parser strips or mangles). */
function escapeValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[%:;,\u0000-\u001f\u007f]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** decodeURIComponent that never throws: malformed escapes (e.g. an old `text:100%`) stay as they are. */
function decodeComponent(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

function bound(n: number | null): string {
  return typeof n === 'number' && Number.isFinite(n) ? String(Math.trunc(n)) : '';
}

/** The hash for a state, with the leading '#'. Empty text values and null lists are left out, as before. */
export function encodeHash(state: HashState): string {
  const { filter, sort } = state;
  const entries: string[] = [];
  for (const key of TEXT_KEYS) {
    const value = filter[key];
    if (value) entries.push(`${key}:${escapeValue(value)}`);
  }
  for (const key of LIST_KEYS) {
    const list = filter[key];
    if (!Array.isArray(list)) continue;
    entries.push(`${key}:${list.filter((v) => typeof v === 'string' && v !== '').map(escapeValue).join(',')}`);
  }
  const range = Array.isArray(filter.dateRange) ? filter.dateRange : [null, null];
  entries.push(`dateRange:${bound(range[0] ?? null)},${bound(range[1] ?? null)}`);
  entries.push(`sb:${escapeValue(sort.sortBy || 'default')}`);
  entries.push(`sd:${sort.descending ? 1 : 0}`);
  entries.push(`asi:${state.showPanel ? 1 : 0}`);
  if (state.groupBy) entries.push(`gb:${escapeValue(state.groupBy)}`);
  if (state.groupBy && state.openGroups?.length) entries.push(`go:${state.openGroups.map(escapeValue).join(',')}`);
  if (state.overview) entries.push('ov:1');
  return `#${entries.join(';')}`;
}

function parseBound(text: string | undefined): number | null {
  if (text === undefined) return null;
  const n = Number.parseInt(text.trim(), 10);
  return Number.isFinite(n) ? n : null;
}

const KNOWN_KEYS = new Set<string>([...TEXT_KEYS, ...LIST_KEYS, 'dateRange', 'sb', 'sd', 'asi', 'gb', 'go', 'ov']);

/**
 * The state in a hash, or null for '' / '#' / a hash with none of our keys (= no hash: use the defaults).
 * Filter keys missing from the hash are null: a hash without `status` means all statuses, as bookmarks always meant.
 */
export function decodeHash(hash: string): HashState | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  if (body.trim() === '') return null;

  const raw = new Map<string, string>();
  for (const entry of body.split(';')) {
    const colon = entry.indexOf(':');
    const key = decodeComponent(colon === -1 ? entry : entry.slice(0, colon)).trim();
    if (KNOWN_KEYS.has(key)) raw.set(key, colon === -1 ? '' : entry.slice(colon + 1));
  }
  if (raw.size === 0) return null;

  const text = (key: 'environment' | 'text'): string | null => {
    const v = raw.get(key);
    return v ? decodeComponent(v) || null : null;
  };
  const list = (key: (typeof LIST_KEYS)[number]): string[] | null => {
    const v = raw.get(key);
    if (v === undefined) return null;
    return v === '' ? [] : v.split(',').map(decodeComponent).filter((s) => s !== '');
  };
  const rangeParts = raw.get('dateRange')?.split(',') ?? [];
  const dateRange: DateRange = [parseBound(rangeParts[0]), parseBound(rangeParts[1])];
  const sortBy = decodeComponent(raw.get('sb') ?? '');
  const groupBy = decodeComponent(raw.get('gb') ?? '').trim();
  const open = raw.get('go');

  return {
    filter: {
      environment: text('environment'),
      text: text('text'),
      status: list('status'),
      customer: list('customer'),
      service: list('service'),
      group: list('group'),
      dateRange,
    },
    sort: { sortBy: sortBy || 'default', descending: raw.get('sd')?.trim() === '1' },
    showPanel: raw.get('asi')?.trim() === '1',
    // The keys of this console only when the hash has them, so an old bookmark decodes exactly as before.
    ...(groupBy ? { groupBy } : {}),
    ...(groupBy && open ? { openGroups: [...new Set(open.split(',').map(decodeComponent).filter((s) => s !== ''))] } : {}),
    ...(raw.has('ov') ? { overview: raw.get('ov')?.trim() === '1' } : {}),
  };
}

// The alerts view as the UI holds it: one atom per row, the page order, and the view's meta. A patch from the worker
// touches only the atoms of the rows that changed, so only those rows re-render.
import { atom, type PrimitiveAtom } from 'jotai';
import type { AlertRow, AlertsFull, AlertsMeta, AlertsPatch, CountSample } from '../../worker/contract/index.ts';
import { store } from './store.ts';

const emptyMeta: AlertsMeta = {
  total: 0,
  page: 1,
  pageSize: 0,
  pages: 0,
  severityCounts: {},
  statusCounts: {},
  openSeverityCounts: {},
  environments: [],
  freshness: 'loading',
  updatedAt: null,
  fromCache: false,
  error: null,
};

export const viewKeyAtom = atom<string | null>(null);
export const orderAtom = atom<string[]>([]);
export const metaAtom = atom<AlertsMeta>(emptyMeta);
/** ids the worker reported as new since its previous poll, with a counter so the same ids twice still notify */
export const newsAtom = atom<{ ids: string[]; n: number }>({ ids: [], n: 0 });
export const trendHistoryAtom = atom<CountSample[]>([]);

const rowAtoms = new Map<string, PrimitiveAtom<AlertRow>>();

export function rowAtom(id: string): PrimitiveAtom<AlertRow> | undefined {
  return rowAtoms.get(id);
}

let lastSeq = 0;

function putRow(row: AlertRow) {
  const existing = rowAtoms.get(row.id);
  if (existing) store.set(existing, row);
  else rowAtoms.set(row.id, atom(row));
}

function prune(order: readonly string[]) {
  const keep = new Set(order);
  for (const id of rowAtoms.keys()) if (!keep.has(id)) rowAtoms.delete(id);
}

export function applyFull(message: AlertsFull) {
  lastSeq = message.seq;
  for (const row of message.rows) putRow(row);
  const order = message.rows.map((r) => r.id);
  prune(order);
  store.set(viewKeyAtom, message.viewKey);
  store.set(orderAtom, order);
  store.set(metaAtom, message.meta);
  if (message.news.length) store.set(newsAtom, (prev) => ({ ids: message.news, n: prev.n + 1 }));
}

export function applyPatch(message: AlertsPatch) {
  // A patch for another view, or an old one overtaken by a newer message, must not mix into what is shown.
  if (message.viewKey !== store.get(viewKeyAtom) || message.seq <= lastSeq) return;
  lastSeq = message.seq;
  if (message.rows) for (const row of message.rows) putRow(row);
  if (message.order) {
    store.set(orderAtom, message.order);
    prune(message.order);
  }
  if (message.meta) store.set(metaAtom, (prev) => ({ ...prev, ...message.meta }));
  if (message.news?.length) store.set(newsAtom, (prev) => ({ ids: message.news ?? [], n: prev.n + 1 }));
}

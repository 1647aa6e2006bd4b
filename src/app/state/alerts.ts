// The alerts view as the UI holds it: one atom per row, the page order, and the view's meta. A patch from the worker
// touches only the atoms of the rows that changed, so only those rows re-render.
import { atom, type PrimitiveAtom, type Setter } from 'jotai';
import type { AlertRow, AlertsFull, AlertsMeta, AlertsPatch, CountSample } from '../../worker/contract/index.ts';
import { emptyAlertsMeta } from '../../core/snapshot.ts';
import type { EventHandlers, Store } from './store.ts';
import { applyGroupsFull, applyGroupsPatch } from './groups.ts';

export const viewKeyAtom = atom<string | null>(null);
export const orderAtom = atom<string[]>([]);
export const metaAtom = atom<AlertsMeta>(emptyAlertsMeta());
/** ids the worker reported as new since its previous poll, with a counter so the same ids twice still notify */
export const newsAtom = atom<{ ids: string[]; n: number }>({ ids: [], n: 0 });
export const trendHistoryAtom = atom<CountSample[]>([]);
/** the seq of the last message applied: an older one (overtaken by a newer message) is ignored */
const seqAtom = atom(0);

// One atom per row id. The atoms are definitions shared by every store (their values live in each store); only the
// rows on the page keep one, so a wall display running for weeks does not collect the ids of every alert it showed.
const rowAtoms = new Map<string, PrimitiveAtom<AlertRow | undefined>>();

export function rowAtom(id: string): PrimitiveAtom<AlertRow | undefined> {
  let a = rowAtoms.get(id);
  if (!a) {
    a = atom<AlertRow | undefined>(undefined);
    rowAtoms.set(id, a);
  }
  return a;
}

/** The row of an id in a store, if it is on the page. */
export function rowOf(store: Store, id: string): AlertRow | undefined {
  return rowAtoms.has(id) ? store.get(rowAtom(id)) : undefined;
}

/** The rows of the page in order, for CSV and bulk actions. */
export function pageRows(store: Store): AlertRow[] {
  return store.get(orderAtom).flatMap((id) => rowOf(store, id) ?? []);
}

function prune(set: Setter, order: readonly string[]) {
  const keep = new Set(order);
  for (const [id, a] of rowAtoms) {
    if (keep.has(id)) continue;
    set(a, undefined);
    rowAtoms.delete(id);
  }
}

// Each message is applied in one store write, so what derives from the rows (the page's column widths, the
// selection and focus of each row) is recomputed once per message, not once per row that changed.
const fullAtom = atom(null, (_get, set, message: AlertsFull) => {
  set(seqAtom, message.seq);
  for (const row of message.rows) set(rowAtom(row.id), row);
  const order = message.rows.map((r) => r.id);
  prune(set, order);
  set(viewKeyAtom, message.viewKey);
  set(orderAtom, order);
  set(metaAtom, message.meta);
  applyGroupsFull(set, message);
  if (message.news.length) set(newsAtom, (prev) => ({ ids: message.news, n: prev.n + 1 }));
});

const patchAtom = atom(null, (get, set, message: AlertsPatch) => {
  // A patch for another view, or an old one overtaken by a newer message, must not mix into what is shown.
  if (message.viewKey !== get(viewKeyAtom) || message.seq <= get(seqAtom)) return;
  set(seqAtom, message.seq);
  if (message.rows) for (const row of message.rows) set(rowAtom(row.id), row);
  if (message.order) {
    set(orderAtom, message.order);
    prune(set, message.order);
  }
  if (message.meta) set(metaAtom, (prev) => ({ ...prev, ...message.meta }));
  applyGroupsPatch(get, set, message);
  if (message.news?.length) set(newsAtom, (prev) => ({ ids: message.news ?? [], n: prev.n + 1 }));
});

export function applyFull(store: Store, message: AlertsFull) {
  store.set(fullAtom, message);
}

export function applyPatch(store: Store, message: AlertsPatch) {
  store.set(patchAtom, message);
}

export const alertsHandlers: EventHandlers<'alerts-full' | 'alerts-patch' | 'trend-history'> = {
  'alerts-full': applyFull,
  'alerts-patch': applyPatch,
  'trend-history': (store, event) => {
    if (event.viewKey === store.get(viewKeyAtom)) store.set(trendHistoryAtom, event.samples);
  },
};

// The grouped list and the overview as the UI holds them (src/core/alert-groups.ts says what they are; the worker
// sends them): one atom per group, so a patch re-renders only the groups that changed, the group order, the members
// of the open groups, and the overview. Also the screen's choices about them: the field the list is grouped by (the
// URL hash's, else the user's preference), which groups are open, and whether the overview shows.
import { atom, type Getter, type PrimitiveAtom, type Setter } from 'jotai';
import type { AlertsFull, AlertsPatch } from '../../worker/contract/index.ts';
import { type AlertGroup, type GroupAction, type GroupField, type OverviewColumn } from '../../core/alert-groups.ts';
import { groupByShown } from '../../core/alerts-location.ts';
import { configAtom } from './session.ts';
import { prefsAtom } from './user.ts';

// ---- what the worker sent ------------------------------------------------------------------------------------------

/** The field of the groups held (null: the view shown is not grouped). */
export const groupFieldAtom = atom<GroupField | null>(null);
/** The group keys in display order. */
export const groupOrderAtom = atom<string[]>([]);
/** The overview of the view shown, when it has one. */
export const overviewAtom = atom<OverviewColumn[] | null>(null);

const groupAtoms = new Map<string, PrimitiveAtom<AlertGroup | undefined>>();
const memberAtoms = new Map<string, PrimitiveAtom<string[] | undefined>>();

/** A group's summary, by key (undefined when the list has no such group). */
export function groupAtom(key: string): PrimitiveAtom<AlertGroup | undefined> {
  let a = groupAtoms.get(key);
  if (!a) groupAtoms.set(key, (a = atom<AlertGroup | undefined>(undefined)));
  return a;
}

/** The alert ids of an open group, in the view's order (undefined: not sent, e.g. opened while offline). */
export function membersAtom(key: string): PrimitiveAtom<string[] | undefined> {
  let a = memberAtoms.get(key);
  if (!a) memberAtoms.set(key, (a = atom<string[] | undefined>(undefined)));
  return a;
}

/** Forgets the groups no longer listed (a wall display running for weeks must not collect them). */
function pruneGroups(set: Setter, keep: ReadonlySet<string>) {
  for (const [key, a] of groupAtoms) {
    if (keep.has(key)) continue;
    set(a, undefined);
    groupAtoms.delete(key);
  }
  for (const [key, a] of memberAtoms) {
    if (keep.has(key)) continue;
    set(a, undefined);
    memberAtoms.delete(key);
  }
}

/** The groups part of a full message, applied within the same store write as its rows. */
export function applyGroupsFull(set: Setter, message: AlertsFull): void {
  const groups = message.groups;
  set(groupFieldAtom, groups?.field ?? null);
  const order = groups?.groups.map((g) => g.key) ?? [];
  for (const g of groups?.groups ?? []) set(groupAtom(g.key), g);
  pruneGroups(set, new Set(order));
  for (const a of memberAtoms.values()) set(a, undefined);
  for (const [key, ids] of Object.entries(groups?.members ?? {})) set(membersAtom(key), ids);
  set(groupOrderAtom, order);
  set(overviewAtom, message.overview ?? null);
}

/** The groups part of a patch (already checked to belong to the view shown). */
export function applyGroupsPatch(_get: Getter, set: Setter, message: AlertsPatch): void {
  if (message.groups) for (const g of message.groups) set(groupAtom(g.key), g);
  if (message.members) for (const [key, ids] of Object.entries(message.members)) set(membersAtom(key), ids);
  if (message.groupOrder) {
    set(groupOrderAtom, message.groupOrder);
    pruneGroups(set, new Set(message.groupOrder));
  }
  if (message.overview) set(overviewAtom, message.overview);
}

// ---- what the user chose ----------------------------------------------------------------------------------------------

/** The hash's group-by: a field, null (the hash says not grouped), or undefined (it says nothing: the preference). */
export const groupByChoiceAtom = atom<string | null | undefined>(undefined);
/** The field the list is grouped by: the hash's choice, else the preference, if the console offers it. */
export const groupByAtom = atom<GroupField | null>((get) => groupByShown(get(groupByChoiceAtom), get(prefsAtom).groupBy, get(configAtom)));
/** The keys of the groups shown open. */
export const openGroupsAtom = atom<string[]>([]);
/**
 * The alerts of open groups whose lines the list shows or is about to (GroupedList.tsx): the worker sends their rows
 * and no others, so a group of thousands costs the page a screenful of rows.
 */
export const groupWindowAtom = atom<string[]>([]);
/** The overview "What is going on" shows. */
export const overviewShownAtom = atom(false);
export const groupByDialogOpenAtom = atom(false);

/** A group action waiting for its confirmation, running, or showing its outcome (GroupActionDialog). */
export interface GroupActionState {
  key: string;
  action: GroupAction;
  /** how many alerts the confirmation names (from the group's counts) */
  count: number;
  phase: 'confirm' | 'running' | 'done';
  progress?: { done: number; total: number };
  outcome?: { done: number; failed: string[]; queued: number; error: string | null; firstFailure: string | null };
}
export const groupActionAtom = atom<GroupActionState | null>(null);

// ---- what the list shows ------------------------------------------------------------------------------------------------

/** One line of the grouped list: a group's header, or an alert of an open group. */
export type ListItem = { kind: 'group'; key: string; group: string } | { kind: 'alert'; key: string; id: string; group: string };

/** The key of a group's header line (never an alert id: it starts with a control character). */
export const groupItemKey = (group: string) => `\u0001${group}`;
/** The key of an alert's line under a group (an alert in two open service groups has a line under each). */
export const alertItemKey = (group: string, id: string) => `${group}\u0002${id}`;

export interface GroupedList {
  items: ListItem[];
  keys: string[];
}

/**
 * The grouped list's lines, in order: each group's header, and under an open group its alerts (those the worker sent;
 * an open group whose alerts are not known yet shows its header only). Null when the list shown is not grouped.
 */
export const groupedListAtom = atom<GroupedList | null>((get) => {
  if (get(groupFieldAtom) === null) return null;
  const open = new Set(get(openGroupsAtom));
  const items: ListItem[] = [];
  for (const group of get(groupOrderAtom)) {
    items.push({ kind: 'group', key: groupItemKey(group), group });
    if (!open.has(group)) continue;
    for (const id of get(membersAtom(group)) ?? []) items.push({ kind: 'alert', key: alertItemKey(group, id), id, group });
  }
  return { items, keys: items.map((i) => i.key) };
});

/** Lines asked for beyond each edge of the rendered ones, the edges in steps of WINDOW_STEP lines. */
const WINDOW_MARGIN = 100;
const WINDOW_STEP = 50;

/**
 * The alert ids of the lines the worker should send rows for, while lines `start` to `end` (exclusive) are rendered:
 * those and WINDOW_MARGIN more on each side, the edges rounded to WINDOW_STEP, so a scroll asks again only every
 * WINDOW_STEP lines, well before it reaches lines without their rows.
 */
export function windowIds(list: GroupedList, start: number, end: number): string[] {
  const from = Math.max(0, Math.floor(start / WINDOW_STEP) * WINDOW_STEP - WINDOW_MARGIN);
  const to = Math.min(list.items.length, Math.ceil(end / WINDOW_STEP) * WINDOW_STEP + WINDOW_MARGIN);
  const ids = new Set<string>();
  for (let i = from; i < to; i++) {
    const item = list.items[i];
    if (item?.kind === 'alert') ids.add(item.id);
  }
  return [...ids];
}

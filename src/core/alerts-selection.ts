// Row selection of the alert list and what a bulk action applies to (the selected
// alerts whose status allows it; the selection is cleared afterwards).
import type { Alert } from './types.ts';
import { isActionAllowed, type AlertAction } from './actions.ts';

export type Selection = ReadonlySet<string>;

export const EMPTY_SELECTION: Selection = Object.freeze(new Set<string>());

/** The selection with the id added, or removed when it was there. */
export function toggleSelected(selection: Selection, id: string): Selection {
  const next = new Set(selection);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** All ids of the page selected, or none when they all already were (the header checkbox). */
export function toggleAll(selection: Selection, order: readonly string[]): Selection {
  if (order.length > 0 && order.every((id) => selection.has(id))) return EMPTY_SELECTION;
  return new Set(order);
}

/**
 * Only ids still on the page stay selected: an alert that left the page (closed elsewhere, another page) can no
 * longer be seen, so it must not be acted on by a bulk button. Returns the same object when nothing changed, so
 * subscribers do not re-render.
 */
export function pruneSelection(selection: Selection, order: readonly string[]): Selection {
  if (selection.size === 0) return selection;
  const onPage = new Set(order);
  for (const id of selection) {
    if (!onPage.has(id)) return new Set([...selection].filter((s) => onPage.has(s)));
  }
  return selection;
}

/** Ids among the selected alerts whose status allows the action; the others are skipped, not failed. */
export function bulkTargets(alerts: readonly Pick<Alert, 'id' | 'status'>[], action: AlertAction): string[] {
  return alerts.filter((a) => isActionAllowed(action, a.status)).map((a) => a.id);
}

/** Header checkbox state: all, some (indeterminate) or none of the page selected. */
export function selectionCoverage(selection: Selection, order: readonly string[]): 'all' | 'some' | 'none' {
  let n = 0;
  for (const id of order) if (selection.has(id)) n++;
  if (n === 0) return 'none';
  return n === order.length ? 'all' : 'some';
}

// Keyboard model of the alert list (table rows and phone cards): which key does what, and where focus moves.
// The old console had no keyboard access to rows at all; this is the table's roving focus.

export type RowCommand =
  | { kind: 'move'; to: 'next' | 'previous' | 'first' | 'last' | 'pageDown' | 'pageUp' }
  | { kind: 'open' }
  | { kind: 'toggleSelect' }
  | { kind: 'clearSelection' }
  | { kind: 'act'; action: 'ack' | 'shelve' | 'close' | 'open' }
  | { kind: 'watch' }
  | { kind: 'delete' }
  /** the menu of the row's values (filter by one, or exclude it): f, the context-menu key or Shift+F10 */
  | { kind: 'valueMenu' };

export interface KeyInput {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}

/**
 * The command for a key pressed while a row has focus, or null for keys the list leaves alone (so Tab, browser
 * shortcuts and typing keep working). Letter shortcuts ignore modifiers other than Shift: Ctrl+C must still copy.
 */
export function rowCommand(input: KeyInput): RowCommand | null {
  const { key } = input;
  if (input.ctrlKey || input.metaKey || input.altKey) return null;
  switch (key) {
    case 'ArrowDown':
    case 'j':
      return { kind: 'move', to: 'next' };
    case 'ArrowUp':
    case 'k':
      return { kind: 'move', to: 'previous' };
    case 'Home':
      return { kind: 'move', to: 'first' };
    case 'End':
      return { kind: 'move', to: 'last' };
    case 'PageDown':
      return { kind: 'move', to: 'pageDown' };
    case 'PageUp':
      return { kind: 'move', to: 'pageUp' };
    case 'Enter':
      return { kind: 'open' };
    case ' ':
    case 'x':
      return { kind: 'toggleSelect' };
    case 'Escape':
      return { kind: 'clearSelection' };
    case 'a':
      return { kind: 'act', action: 'ack' };
    case 's':
      return { kind: 'act', action: 'shelve' };
    case 'c':
      return { kind: 'act', action: 'close' };
    case 'o':
      return { kind: 'act', action: 'open' };
    case 'w':
      return { kind: 'watch' };
    case 'Delete':
      return { kind: 'delete' };
    case 'f':
    case 'ContextMenu':
      return { kind: 'valueMenu' };
    case 'F10':
      return input.shiftKey ? { kind: 'valueMenu' } : null;
    default:
      return null;
  }
}

/** Rows a PageUp/PageDown jumps: about a screenful, never less than one. */
export const PAGE_JUMP = 10;

/**
 * The index focus moves to, clamped to the list; -1 only for an empty list. A current index outside the list
 * (the focused row left the page on the last poll) starts from the top.
 */
export function moveIndex(to: Extract<RowCommand, { kind: 'move' }>['to'], current: number, count: number, jump = PAGE_JUMP): number {
  if (count <= 0) return -1;
  const last = count - 1;
  const from = current >= 0 && current <= last ? current : -1;
  const step = Math.max(1, Math.floor(jump));
  switch (to) {
    case 'first':
      return 0;
    case 'last':
      return last;
    case 'next':
      return from < 0 ? 0 : Math.min(last, from + 1);
    case 'previous':
      return from < 0 ? 0 : Math.max(0, from - 1);
    case 'pageDown':
      return from < 0 ? Math.min(last, step - 1) : Math.min(last, from + step);
    case 'pageUp':
      return from < 0 ? 0 : Math.max(0, from - step);
  }
}

/**
 * Which row keeps focus after the page changed under it: the same id when still there, else the row now at its
 * old position (the next one down, as in a mail client after a delete), else the last row; null for an empty page.
 */
export function refocusAfterChange(focusedId: string | null, previousOrder: readonly string[], order: readonly string[]): string | null {
  if (order.length === 0) return null;
  if (focusedId === null) return null;
  if (order.includes(focusedId)) return focusedId;
  const oldIndex = previousOrder.indexOf(focusedId);
  if (oldIndex < 0) return order[0] ?? null;
  return order[Math.min(oldIndex, order.length - 1)] ?? null;
}

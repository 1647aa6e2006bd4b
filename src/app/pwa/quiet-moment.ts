// When kiosk mode may reload onto a new version by itself: nobody is in the middle of something.

/** Kiosk mode waits this long after the last touch, click or key press before it reloads for an update. */
export const KIOSK_IDLE_MS = 60 * 1000;
/** How often kiosk mode looks for a quiet moment while an update waits. */
export const KIOSK_QUIET_CHECK_MS = 15 * 1000;

export interface PageActivity {
  /** a form holds unsaved input (dirty-forms registry) */
  dirtyForms: boolean;
  /** a dialog is open */
  dialogOpen: boolean;
  /** the focus is in a text field that holds text */
  editing: boolean;
  /** ms since the last pointer or key input */
  idleMs: number;
}

/** A quiet moment: no unsaved input, no dialog, nobody typing, and nobody has touched the page for a while. */
export function isQuietMoment(page: PageActivity, idleNeededMs = KIOSK_IDLE_MS): boolean {
  return !page.dirtyForms && !page.dialogOpen && !page.editing && page.idleMs >= idleNeededMs;
}

/** Reads what the page is doing now, for isQuietMoment. */
export function readPageActivity(lastInputAt: number, dirtyForms: boolean, now = Date.now()): PageActivity {
  const active = document.activeElement;
  const editing =
    (active instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color'].includes(active.type) && active.value !== '') ||
    (active instanceof HTMLTextAreaElement && active.value !== '') ||
    (active instanceof HTMLElement && active.isContentEditable);
  const dialogOpen = document.querySelector('[role="dialog"], [role="alertdialog"], dialog[open]') !== null;
  return { dirtyForms, dialogOpen, editing, idleMs: now - lastInputAt };
}

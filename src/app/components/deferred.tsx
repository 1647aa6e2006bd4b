// Parts of the UI that nothing needs before they are first opened (menus, popovers, dialogs, the filter sheet) load
// their code at that moment: the start-up neither downloads nor runs headlessui's menus and popovers or
// floating-ui, and a closed dialog costs nothing to render.
import { Suspense, useEffect, useState, type ButtonHTMLAttributes, type ReactNode, type RefObject } from 'react';

/**
 * True from the first time `open` is true: a dialog that has been opened stays mounted afterwards, so it can close
 * with its transition and give the focus back.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** How the stand-in button was pressed: the real menu then opens the same way (keyboard: first item focused). */
export type Activation = 'pointer' | 'keyboard';

type StandInProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type' | 'children'>;

/**
 * A plain button standing in for a menu or popover button until its first press, with the same look and name.
 * The press loads the real one (`render`, a lazy component), which takes the focus and opens at once; while its code
 * arrives the stand-in stays on screen. `popup` is what it opens ('menu' or 'dialog').
 */
export function DeferredButton({
  popup,
  children,
  render,
  ...button
}: StandInProps & { popup: 'menu' | 'dialog'; children: ReactNode; render: (activation: Activation) => ReactNode }) {
  const [activation, setActivation] = useState<Activation | null>(null);
  const standIn = (
    <button
      type="button"
      aria-haspopup={popup}
      aria-expanded={false}
      {...button}
      // A click from the keyboard (Enter, Space) has no pointer position: detail 0.
      onClick={(e) => setActivation(e.detail === 0 ? 'keyboard' : 'pointer')}
    >
      {children}
    </button>
  );
  if (!activation) return standIn;
  return <Suspense fallback={standIn}>{render(activation)}</Suspense>;
}

/**
 * In the real component: once mounted, take over from the stand-in: focus the real button and open it, by a click or
 * (for a menu opened from the keyboard) by the Enter key, so the first item gets the focus as it would have.
 */
export function useOpenOnMount(button: RefObject<HTMLElement | null>, activation: Activation | undefined): void {
  useEffect(() => {
    const el = button.current;
    if (!el || !activation) return;
    el.focus();
    if (activation === 'keyboard') el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    else el.click();
    // Only the first mount opens; later renders are the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * A part of the UI that shows nothing until `shown` first turns true (a dialog opened, an update found): its code
 * (a lazy component as `children`) loads then, and it stays mounted afterwards, so a dialog closes with its transition.
 */
export function WhenShown({ shown, children }: { shown: boolean; children: ReactNode }) {
  const once = useOpenedOnce(shown);
  return once ? <Suspense fallback={null}>{children}</Suspense> : null;
}

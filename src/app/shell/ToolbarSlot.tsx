import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useAtomValue } from 'jotai';
import { toolbarSlotAtom } from '../state/shell.ts';

/**
 * Puts a screen's controls into the shell's top bar (e.g. the alerts search box and refresh button, as in the old
 * console's app bar). Renders nothing in kiosk mode, where there is no top bar.
 */
export function ToolbarPortal({ children }: { children: ReactNode }) {
  const slot = useAtomValue(toolbarSlotAtom);
  return slot ? createPortal(children, slot) : null;
}

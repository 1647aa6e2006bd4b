import { lazy, Suspense } from 'react';
import { useOpenedOnce } from './deferred.tsx';
// The props live with the dialog itself, which this loads: it imports nothing back from here.
import type { DialogProps } from './ModalDialog.tsx';

const ModalDialog = lazy(() => import('./ModalDialog.tsx'));

/**
 * An accessible modal dialog: traps focus, closes on Escape, returns focus to where it came from. Its code loads the
 * first time it opens (a console start shows no dialog); once opened it stays mounted, closed, for its transitions.
 */
export function Dialog(props: DialogProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}

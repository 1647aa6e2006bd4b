// The dialog itself (headlessui), loaded the first time a dialog opens: see Dialog.tsx.
import type { ReactNode } from 'react';
import { Dialog as HeadlessDialog, DialogPanel, DialogTitle } from '@headlessui/react';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

/** An accessible modal dialog: traps focus, closes on Escape, returns focus to where it came from. */
export default function ModalDialog({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
}: DialogProps) {
  const width = size === 'sm' ? 'max-w-sm' : size === 'lg' ? 'max-w-3xl' : 'max-w-lg';
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className={`flex max-h-full w-full ${width} flex-col rounded-lg bg-white shadow-xl dark:bg-gray-800 dark:text-gray-100`}>
          <DialogTitle className="border-b border-gray-200 px-5 py-3 text-lg font-semibold dark:border-gray-700">{title}</DialogTitle>
          <div className="min-h-0 overflow-auto px-5 py-4">{children}</div>
          {footer && <div className="flex justify-end gap-2 border-t border-gray-200 px-5 py-3 dark:border-gray-700">{footer}</div>}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}

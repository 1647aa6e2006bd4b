import { Dialog } from './Dialog.tsx';
import { Button } from './Button.tsx';
import { useT } from '../state/i18n.ts';

/** Replaces the old console's browser confirm(): same question, but styled, translated and keyboard-friendly. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  danger = true,
}: {
  open: boolean;
  title?: string;
  message: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
}) {
  const { t } = useT();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      size="sm"
      title={title ?? t('Delete')}
      footer={
        <>
          <Button onClick={onCancel} autoFocus>
            {t('Cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm}>
            {confirmLabel ?? t('Delete')}
          </Button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}

// A create/edit dialog: the form, the server's answer when it refuses (shown in the dialog, where the user is
// looking, and kept until the next try), and Save disabled while a request is under way.
import { useId, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useT } from '../../state/i18n.ts';

export function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  saving,
  apiError,
  children,
  submitLabel,
  size = 'md',
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  /** validates and sends; the dialog stays open until the caller closes it */
  onSubmit: () => void;
  saving: boolean;
  apiError: string | null;
  children: ReactNode;
  submitLabel?: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useT();
  const formId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!saving) onSubmit();
  };
  return (
    <Dialog
      open={open}
      onClose={() => !saving && onClose()}
      title={title}
      size={size}
      footer={
        <>
          <Button onClick={onClose} disabled={saving}>
            {t('Cancel')}
          </Button>
          <Button type="submit" form={formId} variant="primary" disabled={saving} aria-busy={saving || undefined}>
            {saving ? t('Saving') : (submitLabel ?? t('Save'))}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        {apiError && (
          <div role="alert" className="mb-3 flex items-start gap-2 rounded border border-red-300 bg-red-50 p-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
            <Icon name="error" size={18} className="mt-0.5 shrink-0" />
            <span className="break-words">{apiError}</span>
          </div>
        )}
        {children}
      </form>
    </Dialog>
  );
}

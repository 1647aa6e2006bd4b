// Edit and delete buttons of a row, each named after its item for screen readers ("Edit sre-team"), and the
// confirmation every delete goes through.
import { useState } from 'react';
import { IconButton } from '../../components/Button.tsx';
import { LATER_ICONS } from '../../components/later-icons.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useT } from '../../state/i18n.ts';

export function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useT();
  return <IconButton icon={LATER_ICONS.edit} label={t('EditItem', { name })} onClick={onClick} size={18} className="h-8 w-8" />;
}

export function DeleteButton({ name, onClick, disabled, disabledReason }: { name: string; onClick: () => void; disabled?: boolean; disabledReason?: string }) {
  const { t } = useT();
  return (
    <IconButton
      icon="delete"
      label={disabled && disabledReason ? disabledReason : t('DeleteItem', { name })}
      onClick={onClick}
      disabled={disabled}
      size={18}
      className="h-8 w-8 text-red-700 dark:text-red-300"
    />
  );
}

/**
 * The delete flow of a list: `ask(item)` opens the confirmation; on confirm `remove(item)` runs and the dialog
 * closes. Returns the dialog element to render once.
 */
export function useConfirmDelete<T>(describe: (item: T) => string, remove: (item: T) => Promise<void>) {
  const { t } = useT();
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={target !== null ? t('DeleteItem', { name: describe(target) }) : t('Delete')}
      message={t('ConfirmDelete')}
      onCancel={() => !busy && setTarget(null)}
      onConfirm={() => {
        if (target === null || busy) return;
        setBusy(true);
        void remove(target).finally(() => {
          setBusy(false);
          setTarget(null);
        });
      }}
    />
  );
  return { ask: (item: T) => setTarget(() => item), dialog };
}

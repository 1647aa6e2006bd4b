// Signing out discards the actions made offline that are still waiting: the question asked first, loaded when first
// asked (AccountMenu.tsx).
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { useT } from '../state/i18n.ts';

export default function LogoutConfirm({ open, waiting, onCancel, onConfirm }: { open: boolean; waiting: number; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useT();
  return (
    <ConfirmDialog
      open={open}
      title={t('LogOut')}
      // Formatted only when asked: a closed dialog needs no plural.
      message={open ? t('LogoutDiscardsPending', { count: waiting }) : ''}
      confirmLabel={t('LogOutAnyway')}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}

// The navigation drawer of a narrow screen: a modal panel from the left. Its code (headlessui's Dialog) loads the first
// time it opens, so a phone's start-up neither downloads nor runs it.
import { useEffect, useState } from 'react';
import { Dialog, DialogPanel } from '@headlessui/react';
import { useT } from '../state/i18n.ts';
import { IconButton } from '../components/Button.tsx';
import { DrawerNav } from './Drawer.tsx';

export default function PhoneDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT();
  // Closed, the focus goes back to what opened the drawer. headlessui restores it from a history of focused elements
  // that starts when its code loads, which here is after the first opening click: keep the opener for that case.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => {
    if (open || !opener?.isConnected) return;
    const active = document.activeElement;
    if (active === null || active === document.body) opener.focus();
  }, [open, opener]);
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <DialogPanel
        id="app-drawer"
        aria-label={t('MainNavigation')}
        className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl dark:bg-gray-900"
      >
        <div className="flex h-16 shrink-0 items-center justify-between bg-brand px-3 text-white">
          <span className="text-xl font-bold">{t('Product')}</span>
          <IconButton icon="close" label={t('CloseNavigation')} onClick={onClose} className="hover:bg-white/15" />
        </div>
        <DrawerNav onNavigate={onClose} />
      </DialogPanel>
    </Dialog>
  );
}

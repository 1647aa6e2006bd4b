// "Install app" where the browser offers installation: an entry for the navigation drawer and a top-bar button.
// On iPhone and iPad, where only Safari's Share menu installs, the entry explains the steps instead.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useT } from '../state/i18n.ts';
import { startedAtom } from '../startup.ts';
import { Icon } from '../components/Icon.tsx';
import { LATER_ICONS } from '../components/later-icons.ts';
import { Button, IconButton } from '../components/Button.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { useInstallPrompt } from './install-prompt.ts';

function InstallHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={t('InstallApp')}
      footer={
        <Button variant="primary" onClick={onClose}>
          {t('Close')}
        </Button>
      }
    >
      <p className="text-sm">{t('InstallIosHelp')}</p>
    </Dialog>
  );
}

/**
 * A drawer entry (an <li>, for the drawer's list) shown only while the browser offers installation (or, on iOS,
 * while the console is not installed yet); it disappears once the app is installed or runs as the installed app.
 * `onDone` closes a modal drawer when the browser's own install dialog opens.
 */
export function InstallMenuItem({ onDone }: { onDone?: () => void }) {
  const { t } = useT();
  const { canInstall, manualInstall, install } = useInstallPrompt();
  const [help, setHelp] = useState(false);
  // The offer appears once the first rows are on screen, not in the middle of the start.
  const started = useAtomValue(startedAtom);
  if (!started || (!canInstall && !manualInstall)) return null;
  return (
    <li>
      <button
        type="button"
        onClick={() => {
          if (!canInstall) return setHelp(true);
          onDone?.();
          void install();
        }}
        className="flex min-h-10 w-full items-center gap-4 rounded-md px-3 py-2 text-left text-sm font-medium text-gray-800 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800"
      >
        <Icon name={LATER_ICONS.install} />
        <span className="flex-1">{t('InstallApp')}</span>
      </button>
      <InstallHelp open={help} onClose={() => setHelp(false)} />
    </li>
  );
}

/** The same offer as an icon button for the brand-coloured top bar. */
export function InstallButton({ className = '' }: { className?: string }) {
  const { t } = useT();
  const { canInstall, manualInstall, install } = useInstallPrompt();
  const [help, setHelp] = useState(false);
  const started = useAtomValue(startedAtom);
  if (!started || (!canInstall && !manualInstall)) return null;
  return (
    <>
      <IconButton
        icon={LATER_ICONS.install}
        label={t('InstallApp')}
        onClick={() => (canInstall ? void install() : setHelp(true))}
        className={`h-11 w-11 shrink-0 hover:bg-white/15 ${className}`}
      />
      <InstallHelp open={help} onClose={() => setHelp(false)} />
    </>
  );
}

// "Install app" where the browser offers installation: an entry for the navigation drawer and a top-bar button.
import { useT } from '../state/i18n.ts';
import { Icon } from '../components/Icon.tsx';
import { IconButton } from '../components/Button.tsx';
import { useInstallPrompt } from './install.ts';

/**
 * A drawer entry (an <li>, for the drawer's list) shown only while the browser offers installation; it disappears
 * once the app is installed or when the page already runs as the installed app.
 */
export function InstallMenuItem({ onDone }: { onDone?: () => void }) {
  const { t } = useT();
  const { canInstall, install } = useInstallPrompt();
  if (!canInstall) return null;
  return (
    <li>
      <button
        type="button"
        onClick={() => {
          onDone?.();
          void install();
        }}
        className="flex min-h-10 w-full items-center gap-4 rounded-md px-3 py-2 text-left text-sm font-medium text-gray-800 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800"
      >
        <Icon name="install" />
        <span className="flex-1">{t('InstallApp')}</span>
      </button>
    </li>
  );
}

/** The same offer as an icon button for the brand-coloured top bar. */
export function InstallButton({ className = '' }: { className?: string }) {
  const { t } = useT();
  const { canInstall, install } = useInstallPrompt();
  if (!canInstall) return null;
  return <IconButton icon="install" label={t('InstallApp')} onClick={() => void install()} className={`h-11 w-11 shrink-0 hover:bg-white/15 ${className}`} />;
}

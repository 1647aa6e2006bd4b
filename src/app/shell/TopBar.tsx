import { lazy } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation } from 'wouter';
import { matchRoute } from '../../core/routes.ts';
import { isSafeHttpUrl } from '../../core/sanitize-policy.ts';
import { configAtom } from '../state/session.ts';
import { useT } from '../state/i18n.ts';
import { IconButton } from '../components/Button.tsx';
import type { MessageKey } from '../i18n/index.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { WhenShown } from '../components/deferred.tsx';
import { startedAtom } from '../startup.ts';

// The install offer waits for the first rows: its code loads then.
const InstallButton = lazy(() => import('../pwa/InstallEntry.tsx').then((m) => ({ default: m.InstallButton })));

export const LOGO_HEIGHT = 48;

function Logo() {
  const { t } = useT();
  const config = useAtomValue(configAtom);
  const logo = config?.site_logo_url?.trim();
  return (
    <Link href="/alerts" className="flex shrink-0 items-center rounded px-1" aria-label={t('GoToAlerts', { product: t('Product') })}>
      {logo && (isSafeHttpUrl(logo) || /^\.?\/(?!\/)/.test(logo)) ? (
        <img src={logo} alt={t('Product')} height={LOGO_HEIGHT} style={{ height: LOGO_HEIGHT, width: 'auto' }} className="max-w-40 object-contain" />
      ) : (
        <span className="text-xl font-bold tracking-wide">{t('Product')}</span>
      )}
    </Link>
  );
}

/** The top toolbar: menu button, logo, page title and the avatar menu. */
export function TopBar({ onMenu, menuExpanded, showMenu, showInstall }: { onMenu: () => void; menuExpanded: boolean; showMenu: boolean; showInstall: boolean }) {
  const started = useAtomValue(startedAtom);
  const { t } = useT();
  const [location] = useLocation();
  const titleKey = matchRoute(location)?.route.titleKey as MessageKey | undefined;
  return (
    <header className="z-30 flex h-16 shrink-0 items-center gap-2 bg-brand px-2 text-white shadow sm:px-3 dark:border-b dark:border-gray-700 dark:bg-gray-900 [&_:focus-visible]:outline-white">
      {showMenu && (
        <IconButton
          icon="menu"
          label={menuExpanded ? t('CloseNavigation') : t('OpenNavigation')}
          aria-expanded={menuExpanded}
          aria-controls={menuExpanded ? 'app-drawer' : undefined}
          onClick={onMenu}
          className="h-11 w-11 shrink-0 hover:bg-white/15"
        />
      )}
      <Logo />
      {titleKey && <span className="ml-2 hidden truncate text-lg font-medium md:inline">{t(titleKey)}</span>}
      <div className="min-w-0 flex-1" />
      {/* With a full drawer, "Install app" is one of its entries; with a rail or none, it is here. */}
      {showInstall && (
        <WhenShown shown={started}>
          <InstallButton />
        </WhenShown>
      )}
      <AccountMenu />
    </header>
  );
}

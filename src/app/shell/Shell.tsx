import { lazy, Suspense, useEffect, useRef } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useLocation, useRouter } from 'wouter';
import { drawerMode, drawerVisible, matchRoute, stripBasePath } from '../../core/routes.ts';
import { configAtom, sessionAtom, sessionEndReasonAtom } from '../state/session.ts';
import { alertsDrawerAtom, drawerOpenAtom, drawerPinnedAtom } from '../state/shell.ts';
import { pushNotice } from '../state/notices.ts';
import { useT } from '../state/i18n.ts';
import { useApplyPreferences } from '../hooks/useApplyPreferences.ts';
import { useKiosk } from '../hooks/useKiosk.ts';
import { useMediaQuery, useWindowWidth, WIDE_SCREEN_QUERY } from '../hooks/useMediaQuery.ts';
import { attentionCountAtom, updateStatusAtom } from '../pwa/pwa-state.ts';
import { startedAtom } from '../startup.ts';
import { outboxOpenAtom } from '../state/outbox.ts';
import { Snackbar } from '../components/Snackbar.tsx';
import { useOpenedOnce, WhenShown } from '../components/deferred.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { BannerArea, useShellBanners } from './Banners.tsx';
import { DrawerNav } from './Drawer.tsx';
import { TopBar } from './TopBar.tsx';
import { useDocumentTitle } from '../components/page-title.ts';

const PhoneDrawer = lazy(() => import('./PhoneDrawer.tsx'));
// The outbox's list and the update prompt load when first shown; notifications, badge and outbox sync once the first
// rows are on screen.
const OutboxDialog = lazy(() => import('../components/OutboxDialog.tsx').then((m) => ({ default: m.OutboxDialog })));
const PwaShell = lazy(() => import('../pwa/PwaShell.tsx'));
const PwaUpdatePrompt = lazy(() => import('../pwa/PwaUpdatePrompt.tsx').then((m) => ({ default: m.PwaUpdatePrompt })));

/**
 * A 401 or an expired token ends the session: the user goes to /login with a redirect back here. A kiosk
 * display has nobody at the keyboard, so it keeps showing the last alerts (the alerts screen says sign-in is required).
 */
function useSessionEnd(kiosk: boolean) {
  const [reason, setReason] = useAtom(sessionEndReasonAtom);
  const [, navigate] = useLocation();
  const { base } = useRouter();
  useEffect(() => {
    if (reason !== 'unauthorized' && reason !== 'expired') return;
    // The alerts screen shows the kiosk's "Sign-in required" notice; the reason stays set for it.
    if (kiosk) return;
    setReason(null);
    pushNotice({ level: 'info', key: 'SessionExpired', text: 'Your session has expired. Please log in again.' });
    // The route guard has usually sent the user to /login already (when auth is required); with read-only access it has
    // not, and a refused request still leads to the login page. Read the browser's own location: several refused
    // requests can end the session while a navigation is under way.
    const path = stripBasePath(window.location.pathname, base);
    const route = matchRoute(path)?.route;
    if (!route || route.public) return;
    const here = path + window.location.search + window.location.hash;
    navigate(`/login?redirect=${encodeURIComponent(here)}`, { replace: true });
  }, [reason, setReason, kiosk, navigate, base]);
}

export function Shell() {
  const { t } = useT();
  const kiosk = useKiosk();
  const config = useAtomValue(configAtom);
  const session = useAtomValue(sessionAtom);
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const [pinned, setPinned] = useAtom(drawerPinnedAtom);
  const [open, setOpen] = useAtom(drawerOpenAtom);
  // the phone drawer's code loads the first time it opens
  const drawerOpened = useOpenedOnce(open);
  const [alertsChoice, setAlertsChoice] = useAtom(alertsDrawerAtom);
  const outboxOpen = useAtomValue(outboxOpenAtom);
  const started = useAtomValue(startedAtom);
  const updateFound = useAtomValue(updateStatusAtom) !== 'none';
  const [location] = useLocation();
  const width = useWindowWidth();
  const mode = drawerMode({ wide, width, onAlerts: location === '/alerts', pinned, alertsChoice });
  useApplyPreferences();
  useShellBanners();
  useDocumentTitle(useAtomValue(attentionCountAtom));
  useSessionEnd(kiosk);

  const hasDrawer =
    !kiosk &&
    drawerVisible({
      authRequired: config?.auth_required ?? true,
      allowReadonly: config?.allow_readonly ?? false,
      authenticated: session.authenticated,
    });

  // A modal drawer left open would cover the next page.
  useEffect(() => setOpen(false), [location, wide, setOpen]);

  // After a navigation, keyboard and screen-reader users continue in the new page, not in the drawer they left;
  // a screen that focused its own field (the login form) keeps it.
  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
  }, [location]);

  return (
    <div className="flex h-full flex-col bg-gray-50 text-gray-900 dark:bg-gray-950 dark:text-gray-100">
      <a
        href="#main"
        className="sr-only z-[70] rounded bg-white px-3 py-2 font-semibold text-brand focus:not-sr-only focus:fixed focus:left-2 focus:top-2 dark:bg-gray-900 dark:text-white"
      >
        {t('SkipToContent')}
      </a>
      {!kiosk && (
        <TopBar
          showMenu={hasDrawer}
          showInstall={!hasDrawer || mode === 'rail'}
          menuExpanded={mode === 'modal' ? open : mode === 'full'}
          onMenu={() => {
            if (mode === 'modal') setOpen(true);
            // On the alerts screen the menu button switches between the full drawer and the rail.
            else if (location === '/alerts') setAlertsChoice(mode === 'full' ? 'rail' : 'full');
            else setPinned(!pinned);
          }}
        />
      )}
      <div className="flex min-h-0 flex-1">
        {hasDrawer && mode === 'full' && (
          <aside id="app-drawer" className="w-64 shrink-0 overflow-y-auto border-r border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
            <DrawerNav onNavigate={() => undefined} />
          </aside>
        )}
        {hasDrawer && mode === 'rail' && (
          // Not a scroll container: the saved searches open beside the rail, over the page.
          <aside id="app-drawer" className="relative z-40 w-14 shrink-0 border-r border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
            <DrawerNav rail onNavigate={() => undefined} />
          </aside>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <BannerArea />
          <main id="main" tabIndex={-1} className="min-h-0 flex-1 overflow-auto focus:outline-none">
            <AppRoutes />
          </main>
        </div>
      </div>
      {hasDrawer && !wide && drawerOpened && (
        <Suspense fallback={null}>
          <PhoneDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
      <WhenShown shown={started}>
        <PwaShell />
      </WhenShown>
      <WhenShown shown={outboxOpen}>
        <OutboxDialog />
      </WhenShown>
      <WhenShown shown={updateFound}>
        <PwaUpdatePrompt kiosk={kiosk} />
      </WhenShown>
      <Snackbar />
    </div>
  );
}

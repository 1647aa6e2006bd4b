// The alerts screen: environment tabs, toolbar or bulk bar, filter sheet, indicator panel, the list (cards
// on a phone), pagination, sound and kiosk mode. Its state lives in src/app/state/alerts-screen.ts, which keeps the
// URL hash (the old console's format) and the worker's view in step; this file lays the screen out.
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { useLocation, useSearch } from 'wouter';
import type { Config } from '../../../core/types.ts';
import { configAtom } from '../../state/session.ts';
import { useT } from '../../state/i18n.ts';
import {
  addressAtom,
  audioUrlAtom,
  mountAlertsScreen,
  type ScreenWorker,
  densityDialogOpenAtom,
  mutedAtom,
  pendingDeleteAtom,
  setAddress,
  showPanelAtom,
  shortcutsOpenAtom,
} from '../../state/alerts-screen.ts';
import { watchAlertsView, watchOpenGroups } from '../../data/alerts.ts';
import { PHONE_QUERY, useMediaQuery } from '../../hooks/useMediaQuery.ts';
import { useLaterPass } from '../../hooks/useLaterPass.ts';
import { Button } from '../../components/Button.tsx';
import { EnvironmentTabs } from './toolbar/EnvironmentTabs.tsx';
import { AlertList } from './AlertList.tsx';
import { FreshnessBar } from './toolbar/FreshnessBar.tsx';
import { Toolbar } from './toolbar/Toolbar.tsx';
import { FilterSheet } from './toolbar/FilterSheet.tsx';
import { Pagination } from './table/Pagination.tsx';
import { WhenShown } from '../../components/deferred.tsx';
import { ValueMenu } from './search/ValueMenu.tsx';
import { useAlertSound, useFullscreen, useKioskFullscreen, useScreenKeys, useWakeLock } from './screen-hooks.ts';
import { groupByAtom, groupByDialogOpenAtom, overviewShownAtom } from '../../state/groups.ts';

// "What is going on" loads its code when first shown.
const OverviewPanel = lazy(() => import('./groups/OverviewPanel.tsx'));

// The density and shortcut dialogs load when first opened, the indicator panel when first shown (beside the list, not
// on the way to its first rows).
const IndicatorPanel = lazy(() => import('./toolbar/IndicatorPanel.tsx').then((m) => ({ default: m.IndicatorPanel })));
const DensityDialog = lazy(() => import('./ScreenDialogs.tsx').then((m) => ({ default: m.DensityDialog })));
const ShortcutsDialog = lazy(() => import('./ScreenDialogs.tsx').then((m) => ({ default: m.ShortcutsDialog })));
// Group by… and the delete question load when first opened: a plain list's first rows do not need them.
const DeleteConfirmation = lazy(() => import('./DeleteConfirmation.tsx'));
const GroupByDialog = lazy(() => import('./groups/GroupByDialog.tsx').then((m) => ({ default: m.GroupByDialog })));

/** The worker calls the mounted screen makes. */
const SCREEN_WORKER: ScreenWorker = { watchView: watchAlertsView, watchOpenGroups };

export function AlertsScreen() {
  const config = useAtomValue(configAtom);
  if (!config) return null;
  return <AlertsScreenFor config={config} />;
}

function AlertsScreenFor({ config }: { config: Config }) {
  const { t } = useT();
  const store = useStore();
  const [, navigate] = useLocation();
  const search = useSearch();
  const { kiosk } = useAtomValue(addressAtom);
  const showPanel = useAtomValue(showPanelAtom);
  const grouped = useAtomValue(groupByAtom) !== null;
  const overview = useAtomValue(overviewShownAtom);
  const densityOpen = useAtomValue(densityDialogOpenAtom);
  const shortcutsOpen = useAtomValue(shortcutsOpenAtom);
  const groupByOpen = useAtomValue(groupByDialogOpenAtom);
  const deleteAsked = useAtomValue(pendingDeleteAtom) !== null;
  const searchRef = useRef<HTMLInputElement>(null);
  const phone = useMediaQuery(PHONE_QUERY);
  const fullscreen = useFullscreen();

  // The screen's state starts from the address and follows it while the screen is shown.
  useLayoutEffect(() => mountAlertsScreen(store, config, SCREEN_WORKER), [store, config]);
  useEffect(() => setAddress(store, search), [store, search]);

  useAlertSound(useAtomValue(mutedAtom), useAtomValue(audioUrlAtom));
  useWakeLock(kiosk);
  const offerFullscreen = useKioskFullscreen(kiosk, fullscreen);
  useScreenKeys(searchRef);

  const hasIndicators = (config.indicators?.queries?.length ?? 0) > 0;
  const onOpen = useCallback((id: string) => navigate(`/alert/${encodeURIComponent(id)}`), [navigate]);
  // The first commit only mounts the screen's state, which sends the view to the worker: the alerts request leaves
  // at once, and the toolbar, tabs and list render (in a later, interruptible pass) while the answer is on its way.
  const rendered = useLaterPass();
  const screenClass = `flex h-full min-h-0 flex-col bg-white text-gray-900 dark:bg-gray-900 dark:text-gray-100 ${kiosk ? 'min-[1920px]:text-[20px]' : 'min-[1920px]:text-[16px]'}`;
  if (!rendered) return <div className={screenClass} data-kiosk={kiosk || undefined} />;

  return (
    <div className={screenClass} data-kiosk={kiosk || undefined}>
      {kiosk ? (
        <div className="flex items-center gap-4 bg-brand px-4 py-2 text-white dark:bg-gray-800">
          <h1 className="text-lg font-semibold">{t('Alerts')}</h1>
          {/* The browser refused full screen without a click (or it was left): one click on this brings it back. */}
          {offerFullscreen && (
            <Button icon="fullscreen" onClick={() => void fullscreen.enter()} title={t('KioskFullScreenHint')}>
              {t('FullScreen')}
            </Button>
          )}
          <span className="ml-auto">
            <FreshnessBar kiosk />
          </span>
        </div>
      ) : (
        // The freshness sits at the toolbar's end where there is room (laptops), below it on narrow screens: one
        // line less above the rows.
        <div className="flex flex-wrap items-center bg-brand text-white dark:bg-gray-800">
          <h1 className="sr-only">{t('Alerts')}</h1>
          <div className="min-w-0 flex-[1_1_36rem]">
            <Toolbar searchRef={searchRef} fullscreen={fullscreen} />
          </div>
          <div className="ml-auto px-3 pb-1 text-white/90 sm:pb-0">
            <FreshnessBar />
          </div>
        </div>
      )}

      <WhenShown shown={hasIndicators && showPanel}>
        {hasIndicators && showPanel && <IndicatorPanel config={config} />}
      </WhenShown>
      <EnvironmentTabs />
      {overview && !kiosk && (
        <Suspense fallback={null}>
          <OverviewPanel />
        </Suspense>
      )}
      <AlertList phone={phone} onOpen={onOpen} />
      {/* A wall display shows the first page (most severe first) and nothing to navigate with; a grouped list has no pages. */}
      {!kiosk && !grouped && <Pagination />}

      <FilterSheet />
      <WhenShown shown={densityOpen}>
        <DensityDialog />
      </WhenShown>
      <WhenShown shown={shortcutsOpen}>
        <ShortcutsDialog />
      </WhenShown>
      <WhenShown shown={groupByOpen}>
        <GroupByDialog />
      </WhenShown>
      <ValueMenu />
      <WhenShown shown={deleteAsked}>
        <DeleteConfirmation />
      </WhenShown>
    </div>
  );
}

import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { connectionErrorText } from '../../core/api-errors.ts';
import { bannersAtom, dismissBanner, pushBanner, withdrawBanner, BANNER_TEXTS } from '../state/notices.ts';
import { configFromCacheAtom, connectivityAtom } from '../state/session.ts';
import { useT } from '../state/i18n.ts';
import { Icon, type IconName } from '../components/Icon.tsx';
import type { MessageKey } from '../i18n/index.ts';

const STYLES: Record<string, { box: string; icon: IconName }> = {
  error: { box: 'bg-red-100 text-red-950 border-red-300 dark:bg-red-950 dark:text-red-50 dark:border-red-800', icon: 'error' },
  warning: { box: 'bg-amber-100 text-amber-950 border-amber-300 dark:bg-amber-950 dark:text-amber-50 dark:border-amber-800', icon: 'warning' },
  info: { box: 'bg-sky-100 text-sky-950 border-sky-300 dark:bg-sky-950 dark:text-sky-50 dark:border-sky-800', icon: 'info' },
  success: { box: 'bg-green-100 text-green-950 border-green-300 dark:bg-green-950 dark:text-green-50 dark:border-green-800', icon: 'check' },
};

/** Raises and withdraws the shell's own banners: API unreachable, config from the cache. */
export function useShellBanners() {
  const connectivity = useAtomValue(connectivityAtom);
  const fromCache = useAtomValue(configFromCacheAtom);

  useEffect(() => {
    if (connectivity.online || !connectivity.endpoint) return;
    const text = connectionErrorText(connectivity.endpoint);
    pushBanner({ level: 'warning', key: 'ProblemConnecting', values: { endpoint: connectivity.endpoint }, text, dismissible: false });
    return () => withdrawBanner(text);
  }, [connectivity.online, connectivity.endpoint]);

  useEffect(() => {
    if (!fromCache) return;
    pushBanner({ level: 'info', key: 'ConfigFromCache', text: BANNER_TEXTS.configFromCache });
    return () => withdrawBanner(BANNER_TEXTS.configFromCache);
  }, [fromCache]);
}

/** The banner area: the first queued banner, with its action and a dismiss button. */
export function BannerArea() {
  const { t } = useT();
  const banners = useAtomValue(bannersAtom);
  const banner = banners[0];
  return (
    <div role="status" aria-live="polite" className="empty:hidden">
      {banner && (
        <div className={`flex flex-wrap items-center gap-3 border-b px-4 py-2 text-sm ${STYLES[banner.kind]?.box ?? STYLES.info!.box}`}>
          <Icon name={STYLES[banner.kind]?.icon ?? 'info'} />
          <span className="min-w-0 flex-1 font-medium">{banner.key ? t(banner.key as MessageKey, banner.values) : banner.text}</span>
          {banner.action && (
            <button type="button" onClick={banner.action.run} className="rounded px-2 py-1 font-semibold uppercase underline-offset-2 hover:underline">
              {t(banner.action.labelKey as MessageKey)}
            </button>
          )}
          {banner.dismissible && (
            <button type="button" onClick={dismissBanner} className="rounded px-2 py-1 font-semibold uppercase hover:underline">
              {t(banner.buttonKey as MessageKey)}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

// The frame of an administration screen: a heading with the item count, the create and refresh buttons,
// and a notice when the list came from the cache or the user may only read it.
import type { ReactNode } from 'react';
import { Button, IconButton } from '../../components/Button.tsx';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { LATER_ICONS } from '../../components/later-icons.ts';
import { useT } from '../../state/i18n.ts';
import { useNow } from '../../hooks/useNow.ts';
import { secondsAgo } from '../../../core/date-format.ts';

export function AdminPage({
  title,
  icon,
  count,
  description,
  createLabel,
  onCreate,
  onRefresh,
  refreshing,
  fromCache,
  readOnly,
  children,
}: {
  title: string;
  icon: IconName;
  count?: number | null;
  description?: string;
  /** shown only when the user may create */
  createLabel?: string;
  onCreate?: () => void;
  onRefresh?: () => void;
  refreshing?: boolean;
  /** the list came from the cache (API unreachable): when it was the API's answer (0: unknown) */
  fromCache?: number | null;
  /** the user may see the list but not change it: says so instead of showing dead buttons */
  readOnly?: boolean;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <section aria-labelledby="admin-page-title" className="flex h-full min-h-0 flex-col bg-white text-gray-900 dark:bg-gray-900 dark:text-gray-100">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 pb-2 pt-3">
        <Icon name={icon} className="text-brand dark:text-indigo-300" />
        <h1 id="admin-page-title" className="text-lg font-semibold">
          {title}
        </h1>
        {typeof count === 'number' && (
          <span className="-ml-1 rounded-full bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-700 dark:bg-gray-700 dark:text-gray-200">
            {t('ItemCount', { count })}
          </span>
        )}
        {readOnly && (
          <span className="inline-flex items-center gap-1 rounded border border-gray-300 px-2 py-0.5 text-xs text-gray-600 dark:border-gray-600 dark:text-gray-300">
            <Icon name="visibility" size={14} />
            {t('ReadOnlyAccess')}
          </span>
        )}
        {fromCache !== null && fromCache !== undefined && <CachedListMark at={fromCache} />}
        <div className="ml-auto flex items-center gap-1">
          {onRefresh && <IconButton icon="refresh" label={t('Refresh')} onClick={onRefresh} disabled={refreshing} className={refreshing ? 'animate-spin motion-reduce:animate-none' : ''} />}
          {createLabel && onCreate && (
            <Button variant="primary" icon={LATER_ICONS.add} onClick={onCreate}>
              {createLabel}
            </Button>
          )}
        </div>
        {description && <p className="basis-full text-sm text-gray-600 dark:text-gray-400">{description}</p>}
      </header>
      {children}
    </section>
  );
}

/** "Offline – showing the last known list", with the age of that list. */
function CachedListMark({ at }: { at: number }) {
  const { t, formatRelativeTime } = useT();
  const now = useNow(15_000);
  const age = at > 0 ? secondsAgo(at, now) : null;
  return (
    <span role="status" className="inline-flex items-center gap-1 rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-900 dark:text-amber-100">
      <Icon name={LATER_ICONS.wifiOff} size={14} />
      {t('ShowingCachedList')}
      {age !== null && ` · ${t('LastUpdated', { age: age > -5 ? t('JustNow') : formatRelativeTime(age) })}`}
    </span>
  );
}

/** Shown instead of a screen the user has no scope for (a typed URL or an old bookmark). */
export function NoAccess({ title }: { title: string }) {
  const { t } = useT();
  return (
    <section aria-labelledby="admin-page-title" className="flex h-full flex-col items-center justify-center gap-3 p-8 text-center text-gray-700 dark:bg-gray-900 dark:text-gray-200">
      <Icon name="block" size={40} className="text-gray-400" />
      <h1 id="admin-page-title" className="text-lg font-semibold">
        {title}
      </h1>
      <p>{t('NoAccessToPage')}</p>
    </section>
  );
}

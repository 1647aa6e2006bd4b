import { useRef, type KeyboardEvent } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import type { EnvironmentCount } from '../../../../core/types.ts';
import { metaAtom } from '../../../state/alerts.ts';
import { configAtom } from '../../../state/session.ts';
import { prefsAtom } from '../../../state/user.ts';
import { filterAtom, pageAtom, servedAtom } from '../../../state/alerts-screen.ts';
import { useT } from '../../../state/i18n.ts';
import { environmentTabs } from '../../../../core/environment-tabs.ts';

const environmentsAtom = selectAtom(metaAtom, (m) => m.environments, sameEnvironments);
const totalAtom = selectAtom(metaAtom, (m) => m.total);

function sameEnvironments(a: EnvironmentCount[], b: EnvironmentCount[]) {
  return a.length === b.length && a.every((e, i) => e.environment === b[i]?.environment && e.count === b[i]?.count);
}

/**
 * One tab per environment plus ALL, each with its count (src/core/environment-tabs.ts). With the showAllowedEnvs
 * preference, the configured environments appear too, with 0 when they have no alerts. Arrow keys move between
 * tabs (the ARIA tabs pattern); the selected environment is also a tab even when it has no alerts right now.
 */
export function EnvironmentTabs() {
  const environments = useAtomValue(environmentsAtom);
  const [filter, setFilter] = useAtom(filterAtom);
  const setPage = useSetAtom(pageAtom);
  const config = useAtomValue(configAtom);
  const showAllowed = useAtomValue(prefsAtom).showAllowedEnvs;
  // configured environments to show even without alerts (showAllowedEnvs)
  const allowed = showAllowed && Array.isArray(config?.environments) ? config.environments : null;
  const selected = filter.environment;
  const listTotal = useAtomValue(totalAtom);
  const served = useAtomValue(servedAtom);
  const onSelect = (environment: string | null) => {
    setFilter({ ...filter, environment });
    setPage(1);
  };
  const { t, formatNumber } = useT();
  const listRef = useRef<HTMLDivElement>(null);
  const tabs = environmentTabs(environments, { selected, allowed, listTotal: served ? listTotal : null }).map((tab) => ({
    ...tab,
    label: tab.env === null ? t('ALL') : tab.env,
  }));

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
    if (!keys.includes(e.key)) return;
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])];
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? buttons.length - 1 : e.key === 'ArrowRight' ? (i + 1) % buttons.length : (i - 1 + buttons.length) % buttons.length;
    buttons[next]?.focus();
    buttons[next]?.click();
    e.preventDefault();
  };

  return (
    <div ref={listRef} role="tablist" aria-label={t('Environment')} onKeyDown={onKeyDown} className="flex shrink-0 gap-1 overflow-x-auto border-b border-gray-200 px-2 dark:border-gray-700">
      {tabs.map((tab) => {
        const active = tab.env === selected;
        return (
          <button
            key={tab.env ?? '*'}
            type="button"
            role="tab"
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.env)}
            className={`whitespace-nowrap px-4 py-1.5 text-sm font-semibold uppercase tracking-wide ${active ? 'border-b-2 border-brand text-brand dark:border-indigo-300 dark:text-indigo-200' : 'text-gray-600 hover:text-gray-900 dark:text-gray-300 dark:hover:text-white'}`}
          >
            {tab.count === null ? tab.label : `${tab.label} (${formatNumber(tab.count)})`}
          </button>
        );
      })}
    </div>
  );
}

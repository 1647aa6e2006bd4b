import { useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import type { EnvironmentCount } from '../../../core/types.ts';
import { metaAtom } from '../../state/alerts.ts';
import { useT } from '../../state/i18n.ts';

const environmentsAtom = selectAtom(metaAtom, (m) => m.environments, sameEnvironments);

function sameEnvironments(a: EnvironmentCount[], b: EnvironmentCount[]) {
  return a.length === b.length && a.every((e, i) => e.environment === b[i]?.environment && e.count === b[i]?.count);
}

/** One tab per environment plus ALL, each with its count (SPEC 2). */
export function EnvironmentTabs({ selected, onSelect }: { selected: string | null; onSelect: (env: string | null) => void }) {
  const environments = useAtomValue(environmentsAtom);
  const { t } = useT();
  const sorted = [...environments].filter((e) => e.environment).sort((a, b) => a.environment.localeCompare(b.environment, undefined, { sensitivity: 'base' }));
  const total = sorted.reduce((sum, e) => sum + e.count, 0);
  const tabs: { env: string | null; label: string; count: number }[] = [
    { env: null, label: t('ALL'), count: total },
    ...sorted.map((e) => ({ env: e.environment, label: e.environment, count: e.count })),
  ];
  return (
    <div role="tablist" aria-label={t('Environment')} className="flex gap-1 overflow-x-auto border-b border-gray-200 px-2 dark:border-gray-700">
      {tabs.map((tab) => {
        const active = tab.env === selected;
        return (
          <button
            key={tab.env ?? '*'}
            type="button"
            role="tab"
            aria-selected={active}
            onClick={() => onSelect(tab.env)}
            className={`whitespace-nowrap px-4 py-2 text-sm font-semibold uppercase tracking-wide ${active ? 'border-b-2 border-brand text-brand dark:border-indigo-300 dark:text-indigo-200' : 'text-gray-600 hover:text-gray-900 dark:text-gray-300'}`}
          >
            {tab.label} ({tab.count})
          </button>
        );
      })}
    </div>
  );
}

// "What is going on": for the current tab, filter and search, the values of event, resource, service, origin and
// environment with the most alerts, each with its count and worst severity (src/core/alert-groups.ts overviewOf).
// A value is a button that shows only its alerts; each field offers to group the list by it. Loaded when first shown.
import { useAtomValue, useStore } from 'jotai';
import { useLocation } from 'wouter';
import { EMPTY_GROUP, type OverviewColumn, type OverviewField } from '../../../../core/alert-groups.ts';
import { exactTerm } from '../../../../core/query-values.ts';
import { searchWithQ } from '../../../../core/alerts-location.ts';
import { useT } from '../../../state/i18n.ts';
import { addressAtom, clearSelection, filterAtom, pageAtom } from '../../../state/alerts-screen.ts';
import { groupByAtom, overviewAtom, overviewShownAtom } from '../../../state/groups.ts';
import type { Store } from '../../../state/store.ts';
import { IconButton } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { LATER_ICONS } from '../../../components/later-icons.ts';
import { SeverityChip } from '../rows/AlertCells.tsx';
import { severityLabel } from '../../../i18n/labels.ts';
import { fieldLabel, groupName } from './group-labels.ts';
import { chooseGroupBy } from './GroupByDialog.tsx';

/**
 * Shows only the alerts with this value: the environment is a tab, the service a filter, and the others a search
 * term added to the current search that finds exactly that value (src/core/query-values.ts).
 */
function filterBy(store: Store, navigate: (to: string) => void, field: OverviewField, value: string) {
  const filter = store.get(filterAtom);
  clearSelection(store);
  if (field === 'environment') {
    store.set(filterAtom, { ...filter, environment: value });
    store.set(pageAtom, 1);
    return;
  }
  if (field === 'service') {
    store.set(filterAtom, { ...filter, service: [value] });
    store.set(pageAtom, 1);
    return;
  }
  const current = store.get(addressAtom).q.trim();
  // The exact value (Alerta's text search matches parts of words otherwise); one it cannot express is not offered.
  const term = exactTerm(field, value);
  if (term === null) return;
  const q = current ? `(${current}) AND ${term}` : term;
  navigate(`${location.pathname.replace(import.meta.env.BASE_URL.replace(/\/$/, ''), '')}${searchWithQ(location.search, q)}${location.hash}`);
}

export default function OverviewPanel() {
  const { t } = useT();
  const store = useStore();
  const overview = useAtomValue(overviewAtom);
  const groupBy = useAtomValue(groupByAtom);
  const [, navigate] = useLocation();
  return (
    <section aria-labelledby="overview-title" className="max-h-[40vh] overflow-y-auto border-b border-gray-200 bg-gray-50 px-3 pb-2 pt-1 sm:max-h-none dark:border-gray-700 dark:bg-gray-950">
      <div className="flex items-center gap-2">
        <h2 id="overview-title" className="text-sm font-semibold">
          {t('Overview')}
        </h2>
        <IconButton icon="close" size={18} className="ml-auto h-8 w-8" label={t('OverviewHide')} onClick={() => store.set(overviewShownAtom, false)} />
      </div>
      {overview === null ? (
        <p className="py-2 text-sm text-gray-500 dark:text-gray-400">{t('Loading')}</p>
      ) : (
        <div className="grid gap-x-4 gap-y-2 [grid-template-columns:repeat(auto-fit,minmax(13rem,1fr))]">
          {overview.map((column) => (
            <OverviewColumnView
              key={column.field}
              column={column}
              grouped={groupBy === column.field}
              onGroup={() => chooseGroupBy(store, column.field)}
              onFilter={(value) => filterBy(store, navigate, column.field, value)}
            />
          ))}
        </div>
      )}
    </section>
  );
}

function OverviewColumnView({ column, grouped, onGroup, onFilter }: { column: OverviewColumn; grouped: boolean; onGroup: () => void; onFilter: (value: string) => void }) {
  const { t, formatNumber } = useT();
  const label = fieldLabel(column.field, t);
  const headingId = `overview-${column.field}`;
  return (
    <div className="min-w-0" role="group" aria-labelledby={headingId}>
      <div className="flex items-center gap-1 border-b border-gray-200 py-0.5 dark:border-gray-700">
        <h3 id={headingId} className="truncate text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-300">
          {label}
        </h3>
        <span className="shrink-0 whitespace-nowrap text-xs text-gray-500 dark:text-gray-400">{t('OverviewDistinct', { count: column.distinct })}</span>
        <button
          type="button"
          aria-pressed={grouped}
          onClick={onGroup}
          aria-label={t('OverviewGroupBy', { field: label })}
          title={t('OverviewGroupBy', { field: label })}
          className={`ml-auto inline-flex h-7 w-7 shrink-0 items-center justify-center rounded hover:bg-black/5 dark:hover:bg-white/10 ${grouped ? 'bg-brand text-white hover:bg-brand dark:hover:bg-brand' : 'text-brand dark:text-indigo-300'}`}
        >
          <Icon name={LATER_ICONS.groupBy} size={18} />
        </button>
      </div>
      {column.values.length === 0 ? (
        <p className="py-1 text-sm text-gray-500 dark:text-gray-400">{t('OverviewEmpty')}</p>
      ) : (
        <ul className="py-0.5">
          {column.values.map((v) => {
            const name = groupName(v.key, t);
            const summary = `${t('GroupAlerts', { count: v.count })}, ${severityLabel(v.severity, t)}`;
            // Alerts without a value cannot be asked for by value: that line is shown, not a filter.
            const content = (
              <>
                <SeverityChip severity={v.severity} t={t} />
                <span className={`min-w-0 flex-1 truncate text-left ${v.key === EMPTY_GROUP ? 'italic' : ''}`}>{name}</span>
                <span className="shrink-0 tabular-nums font-semibold">{formatNumber(v.count)}</span>
              </>
            );
            return (
              <li key={v.key}>
                {v.key === EMPTY_GROUP ? (
                  <div className="flex items-center gap-2 px-1 py-0.5 text-sm" aria-label={`${name}: ${summary}`}>
                    {content}
                  </div>
                ) : (
                  <button
                    type="button"
                    onClick={() => onFilter(v.key)}
                    title={t('OverviewFilter', { field: label, value: name })}
                    aria-label={`${t('OverviewFilter', { field: label, value: name })}: ${summary}`}
                    className="flex w-full items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-black/5 dark:hover:bg-white/10"
                  >
                    {content}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

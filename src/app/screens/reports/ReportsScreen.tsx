// Reports: top 10 offenders, flapping and standing alerts for one filter (environment, severity, status,
// customer, service, group, time range). Each row opens the alert list on that event and those resources.
import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'wouter';
import type { Top10Entry } from '../../../core/types.ts';
import type { ReportFilter, Top10Kind, WorkerError } from '../../../worker/contract/index.ts';
import { REPORT_ROWS, reportRowHref, SCREEN_SCOPES, fromDateTimeInput } from '../../../core/admin-rules.ts';
import { severityNames, STATUS_LABEL_KEYS, STATUS_ORDER } from '../../../core/severity.ts';
import { TIME_RANGES, presetOf, type RangePreset } from '../../../core/date-range.ts';
import { DEFAULT_STATUS_FILTER } from '../../../core/config.ts';
import { configAtom } from '../../state/session.ts';
import { prefsAtom } from '../../state/user.ts';
import { useT } from '../../state/i18n.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { AdminPage, NoAccess } from '../admin-kit/AdminPage.tsx';
import { useSuggestions } from '../admin-kit/hooks.ts';
import { usePerms } from '../../hooks/usePerms.ts';
import { refreshReports, top10Query } from '../../data/admin.ts';
import { useQuery } from '../../data/query.ts';
import { MultiSelect } from '../admin-kit/MultiSelect.tsx';
import { Chips } from '../admin-kit/StatusBadge.tsx';

const REPORTS: { kind: Top10Kind; titleKey: MessageKey; descriptionKey: MessageKey }[] = [
  { kind: 'count', titleKey: 'ReportTopOffenders', descriptionKey: 'TopOffendersDescription' },
  { kind: 'flapping', titleKey: 'ReportFlapping', descriptionKey: 'TopFlappingDescription' },
  { kind: 'standing', titleKey: 'ReportStanding', descriptionKey: 'TopStandingDescription' },
];

type ReportState = { rows: Top10Entry[]; loading: boolean; error: WorkerError | null };

const list = (v: unknown): string[] | null => (Array.isArray(v) && v.length ? v.filter((x): x is string => typeof x === 'string') : null);

/** The report filter's starting point: the configured alert filter (as the old console's reset), else open and ack. */
function initialFilter(configFilter: Record<string, unknown> | undefined): ReportFilter {
  const f = configFilter ?? {};
  return {
    environment: typeof f.environment === 'string' && f.environment ? f.environment : null,
    severity: null,
    status: list(f.status) ?? [...DEFAULT_STATUS_FILTER],
    customer: list(f.customer),
    service: list(f.service),
    group: list(f.group),
    dateRange: [null, null],
  };
}

function ReportTable({ title, description, state }: { title: string; description: string; state: ReportState }) {
  const { t, formatNumber } = useT();
  const id = `report-${title.replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded border border-gray-200 dark:border-gray-700">
      <header className="border-b border-gray-200 px-4 py-2 dark:border-gray-700">
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        <p className="text-xs text-gray-600 dark:text-gray-400">{description}</p>
      </header>
      {state.error ? (
        <p role="alert" className="flex items-center gap-2 p-4 text-sm text-red-700 dark:text-red-300">
          <Icon name="error" size={18} />
          {state.error.message}
        </p>
      ) : state.loading && state.rows.length === 0 ? (
        <div role="status" className="space-y-2 p-4">
          <span className="sr-only">{t('Loading')}</span>
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="h-6 animate-pulse rounded bg-gray-200 motion-reduce:animate-none dark:bg-gray-700" />
          ))}
        </div>
      ) : state.rows.length === 0 ? (
        <p className="p-6 text-center text-sm text-gray-500 dark:text-gray-400">{t('NoDisplay')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm" aria-labelledby={id} aria-busy={state.loading || undefined}>
            <thead className="bg-gray-50 text-xs uppercase text-gray-600 dark:bg-gray-800 dark:text-gray-300">
              <tr>
                <th scope="col" className="w-8 px-3 py-2 text-right">
                  #
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('Event')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('Count')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('DuplCount')}
                </th>
                <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                  {t('Environment')}
                </th>
                <th scope="col" className="hidden px-3 py-2 lg:table-cell">
                  {t('Services')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('Resources')}
                </th>
              </tr>
            </thead>
            <tbody>
              {state.rows.slice(0, REPORT_ROWS).map((e, i) => (
                <tr key={`${e.event}-${i}`} className="border-t border-gray-200 align-top hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800/60">
                  <td className="px-3 py-2 text-right tabular-nums text-gray-500">{i + 1}</td>
                  <td className="px-3 py-2">
                    <Link href={reportRowHref(e)} className="font-semibold text-brand underline-offset-2 hover:underline dark:text-indigo-300" title={t('ShowMatchingAlerts')}>
                      {e.event}
                    </Link>
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatNumber(e.count)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatNumber(e.duplicateCount)}</td>
                  <td className="hidden px-3 py-2 sm:table-cell">
                    <Chips values={e.environments} />
                  </td>
                  <td className="hidden px-3 py-2 lg:table-cell">
                    <Chips values={e.services} />
                  </td>
                  <td className="px-3 py-2">
                    <Chips values={[...new Set(e.resources.map((r) => r.resource))]} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function ReportsScreen() {
  const { t } = useT();
  const { can } = usePerms();
  const config = useAtomValue(configAtom);
  const tz = useAtomValue(prefsAtom).timezone;
  const canView = can(SCREEN_SCOPES.reports.view);
  const lists = useSuggestions(canView);
  const [filter, setFilter] = useState<ReportFilter>(() => initialFilter(config?.filter));
  const [custom, setCustom] = useState({ from: '', to: '' });
  const asked = canView ? filter : null;
  const count = useQuery(asked && top10Query('count', asked), { keepPrevious: true });
  const flapping = useQuery(asked && top10Query('flapping', asked), { keepPrevious: true });
  const standing = useQuery(asked && top10Query('standing', asked), { keepPrevious: true });
  const reports: Record<Top10Kind, ReportState> = Object.fromEntries(
    Object.entries({ count, flapping, standing }).map(([kind, q]) => [kind, { rows: q.data ?? [], loading: q.fetching, error: q.error }]),
  ) as Record<Top10Kind, ReportState>;

  const set = <K extends keyof ReportFilter>(k: K, v: ReportFilter[K]) => setFilter((f) => ({ ...f, [k]: v }));
  const arr = (v: string[]) => (v.length ? v : null);
  const preset: RangePreset = presetOf(filter.dateRange);
  const [customMode, setCustomMode] = useState(false);
  const rangeChoice = customMode ? 'custom' : preset;

  const severities = useMemo(() => severityNames(config ?? undefined).map((s) => ({ value: s, label: s })), [config]);
  const statuses = useMemo(() => STATUS_ORDER.map((s) => ({ value: s, label: t((STATUS_LABEL_KEYS[s] ?? s) as MessageKey) })), [t]);
  const opts = (xs: string[]) => xs.map((x) => ({ value: x, label: x }));

  const applyCustom = () => {
    const from = fromDateTimeInput(custom.from, tz);
    const to = fromDateTimeInput(custom.to, tz);
    set('dateRange', [from === null ? null : Math.floor(from / 1000), to === null ? null : Math.floor(to / 1000)]);
  };
  const customInvalid = (() => {
    const from = fromDateTimeInput(custom.from, tz);
    const to = fromDateTimeInput(custom.to, tz);
    return from !== null && to !== null && to <= from;
  })();

  if (!canView) return <NoAccess title={t('Reports')} />;

  return (
    <AdminPage title={t('Reports')} icon="chart" onRefresh={() => void refreshReports()} refreshing={Object.values(reports).some((r) => r.loading)}>
      <form
        role="search"
        aria-label={t('Filters')}
        onSubmit={(e) => e.preventDefault()}
        className="flex flex-wrap items-end gap-3 border-b border-gray-200 px-4 pb-3 dark:border-gray-700"
      >
        <label className="flex min-w-36 flex-col text-xs font-semibold text-gray-600 dark:text-gray-300">
          {t('Environment')}
          <select
            value={filter.environment ?? ''}
            onChange={(e) => set('environment', e.target.value || null)}
            className="mt-0.5 rounded border border-gray-300 bg-white px-2 py-1.5 text-sm font-normal text-gray-900 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100"
          >
            <option value="">{t('AllEnvironments')}</option>
            {[...new Set([...lists.environments, ...(filter.environment ? [filter.environment] : [])])].map((env) => (
              <option key={env} value={env}>
                {env}
              </option>
            ))}
          </select>
        </label>
        <MultiSelect label={t('Severity')} allLabel={t('AllSeverities')} options={severities} value={filter.severity ?? []} onChange={(v) => set('severity', arr(v))} />
        <MultiSelect label={t('Status')} allLabel={t('AllStatuses')} options={statuses} value={filter.status ?? []} onChange={(v) => set('status', arr(v))} />
        {config?.customer_views && <MultiSelect label={t('Customer')} allLabel={t('AllCustomers')} options={opts(lists.customers)} value={filter.customer ?? []} onChange={(v) => set('customer', arr(v))} />}
        <MultiSelect label={t('Service')} allLabel={t('AllServices')} options={opts(lists.services)} value={filter.service ?? []} onChange={(v) => set('service', arr(v))} />
        <MultiSelect label={t('Group')} allLabel={t('AllGroups')} options={opts(lists.groups)} value={filter.group ?? []} onChange={(v) => set('group', arr(v))} />
        <label className="flex min-w-32 flex-col text-xs font-semibold text-gray-600 dark:text-gray-300">
          {t('TimeRange')}
          <select
            value={rangeChoice}
            onChange={(e) => {
              const id = e.target.value as RangePreset;
              if (id === 'custom') return setCustomMode(true);
              setCustomMode(false);
              const opt = TIME_RANGES.find((r) => r.id === id);
              if (opt) set('dateRange', opt.range);
            }}
            className="mt-0.5 rounded border border-gray-300 bg-white px-2 py-1.5 text-sm font-normal text-gray-900 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100"
          >
            {TIME_RANGES.map((r) => (
              <option key={r.id} value={r.id}>
                {t(r.labelKey)}
              </option>
            ))}
          </select>
        </label>
        {rangeChoice === 'custom' && (
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col text-xs font-semibold text-gray-600 dark:text-gray-300">
              {t('StartDate')}
              <input type="datetime-local" value={custom.from} onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))} className="mt-0.5 rounded border border-gray-300 bg-white px-2 py-1 text-sm font-normal text-gray-900 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100" />
            </label>
            <label className="flex flex-col text-xs font-semibold text-gray-600 dark:text-gray-300">
              {t('EndDate')}
              <input
                type="datetime-local"
                value={custom.to}
                aria-invalid={customInvalid || undefined}
                aria-describedby={customInvalid ? 'report-range-error' : undefined}
                onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))}
                className="mt-0.5 rounded border border-gray-300 bg-white px-2 py-1 text-sm font-normal text-gray-900 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100"
              />
            </label>
            <Button variant="primary" onClick={applyCustom} disabled={customInvalid}>
              {t('Apply')}
            </Button>
            {customInvalid && (
              <p id="report-range-error" className="basis-full text-xs text-red-700 dark:text-red-300">
                {t('EndBeforeStart')}
              </p>
            )}
          </div>
        )}
        <Button
          variant="ghost"
          icon="undo"
          onClick={() => {
            setCustomMode(false);
            setCustom({ from: '', to: '' });
            setFilter(initialFilter(config?.filter));
          }}
        >
          {t('Reset')}
        </Button>
      </form>
      <div className="min-h-0 flex-1 space-y-4 overflow-auto p-4">
        {REPORTS.map((r) => (
          <ReportTable key={r.kind} title={t(r.titleKey)} description={t(r.descriptionKey)} state={reports[r.kind]} />
        ))}
      </div>
    </AdminPage>
  );
}

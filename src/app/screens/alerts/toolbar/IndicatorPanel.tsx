// The alert status indicator panel: one tile per configured indicator query with its counts per severity
// and a sparkline of recent open counts from the worker's history. Counted only while the panel is shown.
import { useEffect, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import type { Config } from '../../../../core/types.ts';
import { indicatorHighestSeverity, indicatorSeverityCounts } from '../../../../core/indicators.ts';
import { chipColors, severityColor, severityMap } from '../../../../core/severity.ts';
import type { IndicatorCounts } from '../../../../worker/contract/index.ts';
import { indicatorsAtom } from '../../../state/detail.ts';
import { useT } from '../../../state/i18n.ts';
import { severityLabel } from '../../../i18n/labels.ts';
import { watchIndicators } from '../../../data/alerts.ts';

function total(counts: Record<string, number>, severities: readonly string[]): number {
  return severities.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
}

export function Sparkline({ values, label }: { values: number[]; label: string }) {
  if (values.length < 2) return null;
  const w = 96;
  const h = 24;
  const max = Math.max(1, ...values);
  const step = w / (values.length - 1);
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${(h - 2 - (v / max) * (h - 4)).toFixed(1)}`).join(' ');
  return (
    <svg width={w} height={h} viewBox={`0 0 ${w} ${h}`} role="img" aria-label={label} className="overflow-visible">
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}

function Tile({ indicator, severities, config }: { indicator: IndicatorCounts; severities: string[]; config: Config }) {
  const { t, formatNumber } = useT();
  const counts = indicatorSeverityCounts(severities, indicator.open);
  const top = indicatorHighestSeverity(severities, indicator.open, severityMap(config));
  const history = indicator.history.map((h) => total(h.open, severities));
  const openTotal = total(indicator.open, severities);
  return (
    <section
      aria-label={indicator.text}
      className="min-w-44 flex-1 rounded-lg border border-gray-200 bg-white p-2 shadow-sm dark:border-gray-700 dark:bg-gray-800"
      style={{ borderTopWidth: 6, borderTopColor: top ? severityColor(top, config) : 'transparent' }}
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="truncate text-sm font-semibold">{indicator.text}</h2>
        <span className="text-lg font-bold tabular-nums" title={t('AlertsOpenCount')}>
          {formatNumber(openTotal)}
        </span>
      </div>
      <ul className="mt-1 flex flex-wrap gap-1">
        {counts.map(({ severity, count }) => {
          const chip = chipColors(severity);
          return (
            <li
              key={severity}
              className={`rounded px-1.5 py-0.5 text-xs font-semibold tabular-nums ${count === 0 ? 'opacity-40' : ''}`}
              style={{ backgroundColor: chip.background, color: chip.color }}
            >
              {severityLabel(severity, t)} {formatNumber(count)}
            </li>
          );
        })}
      </ul>
      <div className="mt-1 text-brand dark:text-indigo-300">
        <Sparkline values={history} label={t('AlertsRecentOpenCounts', { name: indicator.text })} />
      </div>
    </section>
  );
}

export function IndicatorPanel({ config }: { config: Config }) {
  const message = useAtomValue(indicatorsAtom);
  const { t } = useT();
  const queries = config.indicators?.queries;
  const severities = useMemo(() => config.indicators?.severity ?? [], [config]);

  useEffect(() => {
    if (!queries?.length) return;
    watchIndicators(queries);
    return () => watchIndicators(null);
  }, [queries]);

  if (!queries?.length) return null;
  return (
    <div role="region" aria-label={t('Panel')} className="flex flex-wrap gap-2 border-b border-gray-200 bg-gray-50 p-2 dark:border-gray-700 dark:bg-gray-900">
      {message === null
        ? <p className="p-2 text-sm text-gray-500">{t('Loading')}</p>
        : message.indicators.map((indicator) => <Tile key={indicator.text} indicator={indicator} severities={severities} config={config} />)}
      {message?.error && (
        <p role="status" className="w-full text-xs text-red-700 dark:text-red-400">
          {message.error.message}
        </p>
      )}
    </div>
  );
}

import type { ReactNode } from 'react';
import type { Health } from '../../../core/health.ts';
import { useAtomValue } from 'jotai';
import { formatDuration } from '../../../core/time-left.ts';
import { configAtom } from '../../state/session.ts';
import { useT } from '../../state/i18n.ts';
import { useFormatDate } from '../../hooks/useFormatDate.ts';
import { managementQuery } from '../../data/admin.ts';
import { useQuery } from '../../data/query.ts';
import { Button } from '../../components/Button.tsx';
import { FormMessage } from '../../components/AuthCard.tsx';

/** The old console's build number, which this console succeeds; shown beside its own version. */
const SUCCEEDS_VERSION = '8.7.1';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-black/5 dark:bg-gray-900 dark:ring-white/10">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-medium text-gray-700 dark:text-gray-300">{k}</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The health check's verdict in words, with the server's own words when they add something ("HEARTBEAT_STALE: …"). */
function HealthText({ health }: { health: Health }) {
  const { t } = useT();
  const verdict = health.state === 'healthy' ? t('Healthy') : health.state === 'unhealthy' ? t('Unhealthy') : t('HealthNotKnown');
  const tone = health.state === 'healthy' ? 'text-green-800 dark:text-green-300' : health.state === 'unhealthy' ? 'text-red-800 dark:text-red-300' : '';
  const plain = health.state === 'healthy' && health.message.toUpperCase() === 'OK';
  const reason = health.noAnswerWithinS !== undefined ? t('HealthNoAnswer', { seconds: health.noAnswerWithinS }) : health.message;
  return <span className={`font-semibold ${tone}`}>{plain ? verdict : t('HealthWithReason', { verdict, reason })}</span>;
}

type Metric = { name?: string; title?: string; type?: string; group?: string; value?: unknown; count?: number; totalTime?: number };

/**
 * About: this console's own version and build date (constants of the build, vite.config.ts) and endpoint, and the API's
 * manifest, health and status (GET /management/*).
 */
export function AboutScreen() {
  const { t, formatNumber } = useT();
  const config = useAtomValue(configAtom);
  const { format } = useFormatDate();
  const management = useQuery(managementQuery);
  const info = management.data ?? null;
  const problem = management.error?.message ?? null;

  const manifest = (info?.manifest ?? {}) as Record<string, unknown>;
  const status = info?.status;
  const metrics = ((status?.metrics ?? []) as Metric[]).filter((m) => m && typeof m === 'object');
  const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

  return (
    <div className="mx-auto max-w-5xl p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('About')}</h1>
        <Button icon="refresh" onClick={() => void management.refetch()}>
          {t('Refresh')}
        </Button>
      </div>
      {problem && <FormMessage kind="error">{problem}</FormMessage>}
      <div className="grid gap-4 md:grid-cols-2">
        <Card title={t('WebUI')}>
          <Facts
            rows={[
              [t('Version'), `${__APP_VERSION__} (${t('Succeeds', { version: SUCCEEDS_VERSION })})`],
              [t('BuildDate'), <time dateTime={__BUILD_TIME__}>{format(__BUILD_TIME__, 'longDate')}</time>],
              [t('APIEndpoint'), config?.endpoint ?? ''],
              [t('Provider'), config?.provider ?? ''],
            ]}
          />
        </Card>
        <Card title={t('API')}>
          {info ? (
            <Facts
              rows={[
                [t('Version'), str(manifest.release) || str(status?.version)],
                [t('Build'), str(manifest.build)],
                [t('Date'), str(manifest.date) ? format(str(manifest.date), 'longDate') : ''],
                [t('GitRevision'), str(manifest.revision)],
                [t('HealthCheck'), info.healthcheck ? <HealthText health={info.healthcheck} /> : ''],
                [t('Application'), status?.application ?? ''],
                [t('LastUpdate'), status?.time ? format(status.time, 'longDate') : ''],
                [t('Uptime'), typeof status?.uptime === 'number' ? formatDuration(Math.floor(status.uptime / 1000)) : ''],
              ].filter(([, v]) => v !== '') as [string, ReactNode][]}
            />
          ) : (
            !problem && <p role="status">{t('Loading')}</p>
          )}
        </Card>
      </div>
      {metrics.length > 0 && (
        <section aria-labelledby="about-metrics" className="mt-4 overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-black/5 dark:bg-gray-900 dark:ring-white/10">
          <h2 id="about-metrics" className="px-5 pt-4 text-lg font-semibold">
            {t('Metrics')}
          </h2>
          <table className="mt-2 w-full text-left text-sm">
            <thead className="border-b border-gray-200 text-gray-700 dark:border-gray-700 dark:text-gray-300">
              <tr>
                <th scope="col" className="px-5 py-2 font-medium">{t('Metric')}</th>
                <th scope="col" className="px-5 py-2 font-medium">{t('Type')}</th>
                <th scope="col" className="px-5 py-2 text-right font-medium">{t('Count')}</th>
                <th scope="col" className="px-5 py-2 text-right font-medium">{t('AvgTime')}</th>
              </tr>
            </thead>
            <tbody>
              {metrics.map((m) => (
                <tr key={`${m.group}.${m.name}`} className="border-b border-gray-100 last:border-0 dark:border-gray-800">
                  <th scope="row" className="px-5 py-2 font-normal">{m.title ?? m.name}</th>
                  <td className="px-5 py-2">{m.type}</td>
                  <td className="px-5 py-2 text-right tabular-nums">
                    {typeof m.count === 'number' ? formatNumber(m.count) : typeof m.value === 'number' ? formatNumber(m.value) : str(m.value)}
                  </td>
                  <td className="px-5 py-2 text-right tabular-nums">
                    {typeof m.totalTime === 'number' && m.count ? `${formatNumber(m.totalTime / m.count, { maximumFractionDigits: 1 })} ms` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

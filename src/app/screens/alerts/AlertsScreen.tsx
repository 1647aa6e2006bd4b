import { useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { AlertsView } from '../../../core/types.ts';
import { defaultView } from '../../../core/alerts-query.ts';
import { DEFAULT_PREFERENCES } from '../../../core/preferences.ts';
import { dataWorker } from '../../worker-client.ts';
import { configAtom } from '../../state/session.ts';
import { EnvironmentTabs } from './EnvironmentTabs.tsx';
import { AlertTable } from './AlertTable.tsx';
import { FreshnessBar } from './FreshnessBar.tsx';
import { useT } from '../../state/i18n.ts';

export function AlertsScreen() {
  const config = useAtomValue(configAtom);
  const { t } = useT();
  const [environment, setEnvironment] = useState<string | null>(null);

  const view = useMemo<AlertsView | null>(() => {
    if (!config) return null;
    const base = defaultView(config, DEFAULT_PREFERENCES.rowsPerPage);
    return { ...base, filter: { ...base.filter, environment } };
  }, [config, environment]);

  useEffect(() => {
    document.title = `${t('Alerts')} – ${t('Product')}`;
  }, [t]);

  useEffect(() => {
    if (!view) return;
    void dataWorker.setView(view);
  }, [view]);

  // Leaving the screen stops polling.
  useEffect(() => () => void dataWorker.setView(null), []);

  return (
    <div className="flex h-full flex-col bg-white text-gray-900 dark:bg-gray-900 dark:text-gray-100">
      <header className="flex items-center gap-3 bg-brand px-4 py-2 text-white">
        <h1 className="text-lg font-semibold">{t('Alerts')}</h1>
        <FreshnessBar />
      </header>
      <main className="flex min-h-0 flex-1 flex-col">
        <EnvironmentTabs selected={environment} onSelect={setEnvironment} />
        <div className="min-h-0 flex-1 overflow-auto">
          <AlertTable />
        </div>
      </main>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import type { Config } from '../core/types.ts';
import type { WorkerError } from '../worker/contract.ts';
import { dataWorker, readToken } from './worker-client.ts';
import { store } from './state/store.ts';
import { configAtom, sessionAtom } from './state/session.ts';
import { switchLanguage, useT } from './state/i18n.ts';
import { AlertsScreen } from './screens/alerts/AlertsScreen.tsx';
import { ConfigErrorDialog } from './components/ConfigErrorDialog.tsx';
import { Snackbar } from './components/Snackbar.tsx';

type Boot = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; error: WorkerError };

function buildConfig(): Partial<Config> {
  const env = import.meta.env;
  return {
    ...(env.VITE_ALERTA_ENDPOINT ? { endpoint: env.VITE_ALERTA_ENDPOINT } : {}),
    ...(env.VITE_CLIENT_ID ? { client_id: env.VITE_CLIENT_ID } : {}),
    ...(env.VITE_TRACKING_ID ? { tracking_id: env.VITE_TRACKING_ID } : {}),
  };
}

async function boot(): Promise<Boot> {
  void switchLanguage(null);
  const result = await dataWorker.init({
    configUrl: new URL(`${import.meta.env.BASE_URL}config.json`, location.origin).href,
    buildConfig: buildConfig(),
    token: readToken(),
  });
  if (!result.ok) return { state: 'failed', error: result.error };
  store.set(configAtom, result.value.config);
  store.set(sessionAtom, result.value.session);
  return { state: 'ready' };
}

export function App() {
  const [state, setState] = useState<Boot>({ state: 'loading' });
  const { t } = useT();

  useEffect(() => {
    let cancelled = false;
    void boot().then((next) => {
      if (!cancelled) setState(next);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (state.state === 'loading') {
    return (
      <div className="flex h-full items-center justify-center text-gray-500" role="status">
        {t('Loading')}
      </div>
    );
  }
  if (state.state === 'failed') {
    return <ConfigErrorDialog error={state.error} onRetry={() => void boot().then(setState)} />;
  }
  return (
    <Router base={import.meta.env.BASE_URL.replace(/\/$/, '')}>
      <Switch>
        <Route path="/alerts" component={AlertsScreen} />
        <Route>
          <Redirect to="/alerts" replace />
        </Route>
      </Switch>
      <Snackbar />
    </Router>
  );
}

import { startTransition, useEffect, useState } from 'react';
import { Router } from 'wouter';
import type { WorkerError } from '../worker/contract/index.ts';
import { startWorker } from './state/connect.ts';
import { switchLanguage, useT } from './state/i18n.ts';
import { warmUpFormatters } from './i18n/index.ts';
import { inIdleTime } from './startup.ts';
import { ConfigErrorDialog } from './components/ConfigErrorDialog.tsx';
import { Shell } from './shell/Shell.tsx';
import { preloadScreen } from './shell/routes.ts';
import { likelyStartRoute, routerBase } from '../core/routes.ts';

type Boot = { state: 'loading' } | { state: 'ready'; base: string } | { state: 'failed'; error: WorkerError };

async function boot(): Promise<Boot> {
  // The browser's language first; the user's languagePref switches it once the preferences arrive.
  void switchLanguage(null).then((locale) => inIdleTime(() => warmUpFormatters(locale)));
  // The screen's chunk loads while the worker starts, so the first render need not wait (or show a spinner) for it.
  preloadScreen(likelyStartRoute(location, import.meta.env.BASE_URL));
  const result = await startWorker();
  if (!result.ok) return { state: 'failed', error: result.error };
  return { state: 'ready', base: routerBase(result.value.config.base_path, import.meta.env.BASE_URL) };
}

let early: Promise<Boot> | null = null;

/**
 * Starts the worker's start-up at once (main.tsx, before React's first render): the config, the session and the
 * preferences are on their way while React renders the loading state, and the first /alerts leaves that much sooner.
 * The first App to mount takes this start; later mounts (a retry, development's second effect) start anew.
 */
export function startBoot(): void {
  early ??= boot();
}

export function App() {
  const [state, setState] = useState<Boot>({ state: 'loading' });
  const { t } = useT();

  useEffect(() => {
    let cancelled = false;
    const started = early ?? boot();
    early = null;
    void started.then((next) => {
      // The shell and the first screen are the largest render of the start: as a transition React renders them in
      // slices of a few milliseconds, so the main thread stays responsive (no long task).
      if (!cancelled) startTransition(() => setState(next));
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (state.state === 'loading') {
    return (
      <div className="flex h-full items-center justify-center gap-3 text-gray-600 dark:text-gray-300" role="status">
        <span className="h-5 w-5 animate-spin rounded-full border-2 border-brand border-t-transparent motion-reduce:animate-none" aria-hidden="true" />
        {t('Loading')}
      </div>
    );
  }
  if (state.state === 'failed') {
    return (
      <ConfigErrorDialog
        error={state.error}
        onRetry={() => {
          setState({ state: 'loading' });
          void boot().then(setState);
        }}
      />
    );
  }
  return (
    <Router base={state.base}>
      <Shell />
    </Router>
  );
}

// First: the data worker starts before anything else runs (src/app/boot.ts).
import './boot.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { store } from './state/store.ts';
import { App, startBoot } from './App.tsx';
import { prepareServiceWorker, registerServiceWorker } from './pwa/service-worker.ts';
import { warmUpWorker } from './state/worker-start.ts';
import { whenStarted } from './startup.ts';
import { watchConsoleQueries } from './hooks/useMediaQuery.ts';
import { linkManifest } from './pwa/manifest-link.ts';
import { mayCarrySignInAnswer } from '../core/sign-in-address.ts';
import './styles.css';

/** The console itself. */
function startConsole() {
  // The data worker has started (src/app/boot.ts), unless the address looked like a sign-in answer that was not one.
  warmUpWorker();
  startBoot();
  // The layout's media queries are answered now, on an empty page, rather than during the first render.
  watchConsoleQueries();

  const root = document.getElementById('root');
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <Provider store={store}>
          <App />
        </Provider>
      </StrictMode>,
    );
  }

  // The install offer can come at any moment: listen now. Registering the service worker (which downloads and caches the
  // whole shell) waits until the first rows are on screen.
  prepareServiceWorker();
  whenStarted(registerServiceWorker);
  // The manifest too (installing needs it, the first screen does not).
  whenStarted(() => linkManifest(import.meta.env.BASE_URL));

  // Ask the browser to keep the offline cache (last known alerts) under storage pressure; a refusal changes nothing else.
  whenStarted(() => void navigator.storage?.persist?.().catch(() => false));
}

// A sign-in window coming back to the console's address hands the answer over instead (src/app/sign-in-return.ts,
// loaded only for an address that may carry one).
if (mayCarrySignInAnswer(location.search, location.hash)) {
  void import('./sign-in-return.ts').then(
    ({ startSignInReturn }) => {
      if (!startSignInReturn()) startConsole();
    },
    () => startConsole(),
  );
} else {
  startConsole();
}

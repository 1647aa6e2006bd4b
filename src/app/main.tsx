import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { store } from './state/store.ts';
import { App } from './App.tsx';
import { registerServiceWorker } from './service-worker.ts';
import { warmUpWorker } from './state/connect.ts';
import './styles.css';

// The data worker's script loads while React renders the first frame.
warmUpWorker();

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

registerServiceWorker();

// Ask the browser to keep the offline cache (last known alerts) under storage pressure; a refusal changes nothing else.
void navigator.storage?.persist?.().catch(() => false);

/// <reference lib="webworker" />
// The service worker: precaches the shell so the console opens with no network, and answers every navigation with
// the cached index.html (the app routes in history mode). API calls are never cached here: the data worker owns data.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// The first install takes control at once, so the very first visit already works offline on its next load.
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const scope = new URL(self.registration.scope).pathname;
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(`${scope}index.html`), {
    // The API (demo server under /api) and the runtime config are not part of the shell.
    denylist: [new RegExp(`^${scope}api(/|$)`), new RegExp(`^${scope}config\\.json$`)],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/// <reference lib="webworker" />
// The service worker: precaches the shell so the console opens with no network, answers every navigation with the
// cached index.html (the app routes in history mode), waits with a new version until the page says when (so nobody
// loses a half-written note), and opens the alert behind a clicked notification. API calls are never cached here:
// the data worker owns data.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';
import { isSwMessage, OUTBOX_SYNC_TAG, SW_MESSAGES, type NotificationData } from './messages.ts';
import { onOutboxSync } from './outbox-sync.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// The first install takes control at once, so the very first visit already works offline on its next load. A later
// version waits in `installed` until a page sends SKIP_WAITING (the page's prompt, or kiosk mode at a quiet moment).
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const scopeUrl = new URL(self.registration.scope);
const scope = scopeUrl.pathname;
const escapedScope = scope.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(`${scope}index.html`), {
    // The API (demo server under /api), the runtime config and the manifest are not part of the shell.
    denylist: [new RegExp(`^${escapedScope}api(/|$)`), new RegExp(`^${escapedScope}config\\.json$`), /\.webmanifest$/],
  }),
);

// Requests made with fetch() (the data worker's API calls and config.json; the shell's own files are scripts, styles,
// images and documents) go straight to the network without this worker handling them: it has nothing for them, and
// waking it or waiting for it to be free delayed the first /alerts of a start by up to 90 ms (Service Worker Static
// Routing API, where the browser has it; elsewhere they pass through the fetch handler unanswered, as before).
type RouterRule = { condition: { requestDestination: RequestDestination }; source: 'network' };
self.addEventListener('install', (event) => {
  const install = event as ExtendableEvent & { addRoutes?: (rules: RouterRule | RouterRule[]) => Promise<void> };
  install.addRoutes?.({ condition: { requestDestination: '' }, source: 'network' }).catch(() => undefined);
});

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (isSwMessage(data) && data.type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
});

/** The in-app path of a notification (relative to the router base), or the alerts list when it has none. */
function pathOf(notification: Notification): string {
  const data = notification.data as Partial<NotificationData> | null;
  const path = typeof data?.path === 'string' && data.path.startsWith('/') && !data.path.startsWith('//') ? data.path : '/alerts';
  return path;
}

async function openPath(path: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const ours = windows.filter((c) => c.url.startsWith(scopeUrl.href));
  // The window the user looked at last is the best guess for "the console"; any of ours will do otherwise.
  const target = ours.find((c) => c.focused) ?? ours.find((c) => c.visibilityState === 'visible') ?? ours[0];
  if (target) {
    // The page routes in place (no reload), so a half-written note or a selection in that window survives.
    target.postMessage({ type: SW_MESSAGES.openPath, path });
    try {
      await target.focus();
    } catch {
      // Focusing can be refused (no user activation left); the message already moved the page.
    }
    return;
  }
  await self.clients.openWindow(new URL(path.replace(/^\/+/, ''), scopeUrl).href);
}

// Background Sync (where the browser has it): actions queued offline are delivered when the network is back, even
// with no console open.
self.addEventListener('sync', (event: Event) => {
  const sync = event as Event & { tag?: string; waitUntil(p: Promise<unknown>): void };
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(onOutboxSync(self.clients));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPath(pathOf(event.notification)));
});

// Registers the service worker that precaches the shell, so the console opens with no network.
import { Workbox } from 'workbox-window';

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  wb.register().catch((error: unknown) => console.warn('Service worker registration failed', error));
}

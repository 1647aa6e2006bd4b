// Plans and shows the system notifications for one poll's new alerts (loaded by notifications.ts when needed).
import {
  DEFAULT_NOTIFY_MIN_SEVERITY,
  parseNotified,
  planNotifications,
  rememberNotified,
  SUMMARY_TAG,
  type NotificationPlan,
  type NotifyAlert,
} from '../../core/notify.ts';
import type { Translator } from '../i18n/index.ts';
import type { NotificationData } from '../../sw/messages.ts';
import { store } from '../state/store.ts';
import { rowOf } from '../state/alerts.ts';
import { configAtom } from '../state/session.ts';
import { prefsAtom } from '../state/user.ts';
import { notificationPermission } from './notification-permission.ts';

/** Alert ids notified on this device, kept across reloads so an alert never notifies twice. */
const NOTIFIED_KEY = 'alerta.notified';
/** How long to wait for the service worker before falling back to a page notification. */
const READY_TIMEOUT_MS = 3000;

function readNotified(): string[] {
  try {
    return parseNotified(localStorage.getItem(NOTIFIED_KEY));
  } catch {
    return [];
  }
}

function writeNotified(ids: string[]) {
  try {
    localStorage.setItem(NOTIFIED_KEY, JSON.stringify(ids));
  } catch {
    // Storage disabled or full: the per-alert tag still keeps one notification per alert on screen.
  }
}

async function readyRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_TIMEOUT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

function asset(path: string): string {
  return new URL(`${import.meta.env.BASE_URL}${path}`, location.origin).href;
}

async function show(registration: ServiceWorkerRegistration | null, plan: NotificationPlan, lang: string) {
  const data: NotificationData = { path: plan.path, ids: plan.ids, count: plan.count, kind: plan.kind };
  // `renotify` and `timestamp` are missing from TypeScript's DOM types but honoured by Chromium.
  const options: NotificationOptions & { renotify?: boolean; timestamp?: number } = {
    body: plan.body,
    tag: plan.tag,
    data,
    lang,
    icon: asset('icons/icon-192.png'),
    badge: asset('icons/badge-96.png'),
    // A grown summary replaces the old one and should alert again; a single alert never re-alerts.
    renotify: plan.kind === 'summary',
    timestamp: Date.now(),
  };
  if (registration) await registration.showNotification(plan.title, options);
  else new Notification(plan.title, options);
}

/** The summary still on screen from an earlier burst, so the next one can count both. */
async function openSummary(registration: ServiceWorkerRegistration | null): Promise<{ ids: string[]; count: number } | null> {
  if (!registration) return null;
  try {
    const [current] = await registration.getNotifications({ tag: SUMMARY_TAG });
    const data = current?.data as Partial<NotificationData> | undefined;
    if (!data || !Array.isArray(data.ids)) return null;
    const ids = data.ids.filter((id): id is string => typeof id === 'string');
    return { ids, count: typeof data.count === 'number' && data.count >= ids.length ? data.count : ids.length };
  } catch {
    return null;
  }
}

/**
 * Shows the notifications for one poll's new alerts (ids from the worker's `news`). Returns what was shown.
 * Does nothing unless notifications are enabled in the preferences and allowed by the browser.
 */
export async function notifyNewAlerts(ids: readonly string[], t: Translator): Promise<NotificationPlan[]> {
  const prefs = store.get(prefsAtom);
  if (!prefs.notify?.enabled || notificationPermission() !== 'granted') return [];
  const alerts: NotifyAlert[] = ids.flatMap((id) => rowOf(store, id) ?? []);
  if (alerts.length === 0) return [];
  const registration = await readyRegistration();
  const notified = readNotified();
  const plans = planNotifications(alerts, {
    minSeverity: prefs.notify.minSeverity || DEFAULT_NOTIFY_MIN_SEVERITY,
    config: store.get(configAtom) ?? undefined,
    notified: new Set(notified),
    openSummary: await openSummary(registration),
    summaryTitle: (count) => t.t('NewAlertsNotification', { count }),
  });
  if (plans.length === 0) return [];
  // Remembered first: a second tab reading storage meanwhile must not notify the same alerts again.
  writeNotified(rememberNotified(readNotified(), plans.flatMap((p) => p.ids)));
  for (const plan of plans) {
    try {
      await show(registration, plan, t.locale);
    } catch (error) {
      console.warn('Could not show a notification', error);
    }
  }
  return plans;
}


// Whether this browser shows system notifications, and what the user allowed: asked by the settings, by the code that
// watches for new alerts (notifications.ts) and by the code that shows them (notify-new-alerts.ts).
export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export function notificationPermission(): NotificationPermission | 'unsupported' {
  return notificationsSupported() ? Notification.permission : 'unsupported';
}

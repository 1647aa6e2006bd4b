// The notification opt-in for the Settings screen: on/off (asks the browser's permission when switched on), the
// minimum severity (also the badge's), and a test notification so a user can see what to expect.
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { DEFAULT_NOTIFY_MIN_SEVERITY, notifySeverityChoices } from '../../core/notify.ts';
import { severityLabel } from '../i18n/labels.ts';
import type { Preferences } from '../../core/types.ts';
import { savePreferences } from '../data/account.ts';
import { prefsAtom } from '../state/user.ts';
import { configAtom } from '../state/session.ts';
import { pushNotice } from '../state/notices.ts';
import { useT } from '../state/i18n.ts';
import { Toggle } from '../components/Toggle.tsx';
import { SelectField } from '../components/SelectField.tsx';
import { Button } from '../components/Button.tsx';
import { Icon } from '../components/Icon.tsx';
import { LATER_ICONS } from '../components/later-icons.ts';
import { notificationPermission } from './notification-permission.ts';
import { serviceWorkerRegistration } from './service-worker.ts';

type Notify = NonNullable<Preferences['notify']>;

function saveNotify(notify: Notify) {
  return savePreferences({ notify });
}

/** The browser's permission, kept current when the user changes it in the site settings meanwhile. */
function usePermission(): [NotificationPermission | 'unsupported', (p: NotificationPermission) => void] {
  const [permission, setPermission] = useState(notificationPermission);
  useEffect(() => {
    const reread = () => setPermission(notificationPermission());
    window.addEventListener('focus', reread);
    let status: PermissionStatus | null = null;
    void navigator.permissions
      ?.query({ name: 'notifications' })
      .then((s) => {
        status = s;
        s.addEventListener('change', reread);
      })
      .catch(() => undefined);
    return () => {
      window.removeEventListener('focus', reread);
      status?.removeEventListener('change', reread);
    };
  }, []);
  return [permission, setPermission];
}

/** Mount inside the Settings screen's "Notifications" section: it renders the fields, not the section. */
export function NotificationSettings() {
  const { t } = useT();
  const prefs = useAtomValue(prefsAtom);
  const config = useAtomValue(configAtom);
  const [permission, setPermission] = usePermission();
  const [asking, setAsking] = useState(false);
  const notify: Notify = prefs.notify ?? { enabled: false, minSeverity: DEFAULT_NOTIFY_MIN_SEVERITY };
  const minSeverity = notify.minSeverity || DEFAULT_NOTIFY_MIN_SEVERITY;

  async function askPermission(): Promise<NotificationPermission> {
    if (permission === 'unsupported') return 'denied';
    setAsking(true);
    try {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      return answer;
    } catch {
      return Notification.permission;
    } finally {
      setAsking(false);
    }
  }

  async function toggle(on: boolean) {
    if (!on) return saveNotify({ ...notify, enabled: false });
    const answer = permission === 'granted' ? 'granted' : await askPermission();
    // Refused: the switch stays off and the text below says how to allow it.
    if (answer === 'granted') await saveNotify({ ...notify, enabled: true, minSeverity });
  }

  async function sendTest() {
    const title = t('TestNotificationTitle');
    const options: NotificationOptions = {
      body: t('TestNotificationBody'),
      tag: 'alerta-test',
      icon: `${import.meta.env.BASE_URL}icons/icon-192.png`,
      badge: `${import.meta.env.BASE_URL}icons/badge-96.png`,
      data: { path: '/settings', ids: [], count: 0, kind: 'alert' },
    };
    try {
      const registration = serviceWorkerRegistration();
      if (registration) await registration.showNotification(title, options);
      else new Notification(title, options);
    } catch (error) {
      pushNotice({ level: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  }

  if (permission === 'unsupported') {
    return <p className="py-2 text-sm text-gray-700 dark:text-gray-300">{t('NotificationsUnsupported')}</p>;
  }

  const choices = notifySeverityChoices(config ?? undefined, minSeverity);
  const blocked = permission === 'denied';
  return (
    <>
      <Toggle
        label={t('EnableNotifications')}
        hint={t('NotificationsHint')}
        checked={notify.enabled && permission === 'granted'}
        disabled={asking || (blocked && !notify.enabled)}
        onChange={(on) => void toggle(on)}
      />
      {blocked && (
        <p role="note" className="flex items-start gap-2 py-2 text-sm text-amber-900 dark:text-amber-200">
          <Icon name="warning" className="mt-0.5 shrink-0" />
          <span>
            {t('NotificationsBlocked')}. {t('NotificationsBlockedHelp')}
          </span>
        </p>
      )}
      {notify.enabled && permission === 'default' && (
        <div className="flex flex-wrap items-center gap-3 py-2 text-sm">
          <span className="min-w-0 flex-1">{t('NotificationsAllowHere')}</span>
          <Button variant="primary" icon={LATER_ICONS.bell} disabled={asking} onClick={() => void askPermission()}>
            {t('AllowNotifications')}
          </Button>
        </div>
      )}
      <SelectField
        label={t('NotifyMinSeverity')}
        hint={t('AttentionBadgeHint')}
        value={minSeverity}
        options={choices.map((s) => ({ value: s, label: severityLabel(s, t) }))}
        onChange={(v) => void saveNotify({ ...notify, minSeverity: v })}
      />
      {permission === 'granted' && (
        <div className="py-2">
          <Button icon={LATER_ICONS.bell} onClick={() => void sendTest()}>
            {t('SendTestNotification')}
          </Button>
        </div>
      )}
    </>
  );
}

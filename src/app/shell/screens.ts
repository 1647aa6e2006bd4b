// Every routed screen, each a lazy chunk. import.meta.glob lists the screen modules present at build time, so a
// screen another engineer has not delivered yet leaves its route showing "not available" instead of breaking the build.
import type { ComponentType } from 'react';
import { lazyScreen, type LazyScreen } from './LazyScreen.tsx';

export type ScreenProps = Record<string, string>;

const modules = import.meta.glob<Record<string, unknown>>('../screens/*/*Screen.tsx');

/** route name → folder under src/app/screens and the named export of `<Export>.tsx` */
const SCREEN_MODULES: Record<string, { folder: string; exportName: string }> = {
  alerts: { folder: 'alerts', exportName: 'AlertsScreen' },
  alert: { folder: 'alert-detail', exportName: 'AlertDetailScreen' },
  heartbeats: { folder: 'heartbeats', exportName: 'HeartbeatsScreen' },
  users: { folder: 'users', exportName: 'UsersScreen' },
  groups: { folder: 'groups', exportName: 'GroupsScreen' },
  customers: { folder: 'customers', exportName: 'CustomersScreen' },
  blackouts: { folder: 'blackouts', exportName: 'BlackoutsScreen' },
  perms: { folder: 'perms', exportName: 'PermsScreen' },
  keys: { folder: 'keys', exportName: 'KeysScreen' },
  reports: { folder: 'reports', exportName: 'ReportsScreen' },
  profile: { folder: 'profile', exportName: 'ProfileScreen' },
  settings: { folder: 'settings', exportName: 'SettingsScreen' },
  about: { folder: 'about', exportName: 'AboutScreen' },
  login: { folder: 'login', exportName: 'LoginScreen' },
  signup: { folder: 'signup', exportName: 'SignupScreen' },
  confirm: { folder: 'confirm', exportName: 'ConfirmScreen' },
  forgot: { folder: 'forgot', exportName: 'ForgotScreen' },
  reset: { folder: 'reset', exportName: 'ResetScreen' },
  logout: { folder: 'logout', exportName: 'LogoutScreen' },
};

const cache = new Map<string, LazyScreen<ScreenProps> | null>();

/** The lazy screen of a route, or null when its module is not part of this build. */
export function screenFor(routeName: string): LazyScreen<ScreenProps> | null {
  if (cache.has(routeName)) return cache.get(routeName) ?? null;
  const spec = SCREEN_MODULES[routeName];
  const load = spec ? modules[`../screens/${spec.folder}/${spec.exportName}.tsx`] : undefined;
  const screen = spec && load
    ? lazyScreen<ScreenProps>(async () => {
        const mod = await load();
        const component = mod[spec.exportName];
        if (typeof component !== 'function' && typeof component !== 'object')
          throw new Error(`${spec.folder}/${spec.exportName}.tsx does not export ${spec.exportName}`);
        return component as ComponentType<ScreenProps>;
      })
    : null;
  cache.set(routeName, screen);
  return screen;
}

/** Starts loading a screen's chunk, e.g. when its drawer link is hovered or focused. */
export function preloadScreen(routeName: string) {
  screenFor(routeName)?.preload();
}


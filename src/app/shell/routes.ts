// Every routed screen, with its lazy import: the one table that says which component each route of
// src/core/routes.ts shows (paths, guards and page titles live there). Each screen is a chunk of its own.
import type { ComponentType } from 'react';
import { lazyScreen, type LazyScreen } from './LazyScreen.tsx';

export type ScreenProps = Record<string, string>;

const screen = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType<never>): LazyScreen<ScreenProps> =>
  lazyScreen(async () => pick(await load()) as ComponentType<ScreenProps>);

/** route name (src/core/routes.ts) → its screen; /help has none, it opens the documentation. */
export const SCREENS: Readonly<Record<string, LazyScreen<ScreenProps>>> = {
  alerts: screen(() => import('../screens/alerts/AlertsScreen.tsx'), (m) => m.AlertsScreen),
  alert: screen(() => import('../screens/alert-detail/AlertDetailScreen.tsx'), (m) => m.AlertDetailScreen),
  heartbeats: screen(() => import('../screens/heartbeats/HeartbeatsScreen.tsx'), (m) => m.HeartbeatsScreen),
  users: screen(() => import('../screens/users/UsersScreen.tsx'), (m) => m.UsersScreen),
  groups: screen(() => import('../screens/groups/GroupsScreen.tsx'), (m) => m.GroupsScreen),
  customers: screen(() => import('../screens/customers/CustomersScreen.tsx'), (m) => m.CustomersScreen),
  blackouts: screen(() => import('../screens/blackouts/BlackoutsScreen.tsx'), (m) => m.BlackoutsScreen),
  perms: screen(() => import('../screens/perms/PermsScreen.tsx'), (m) => m.PermsScreen),
  keys: screen(() => import('../screens/keys/KeysScreen.tsx'), (m) => m.KeysScreen),
  reports: screen(() => import('../screens/reports/ReportsScreen.tsx'), (m) => m.ReportsScreen),
  profile: screen(() => import('../screens/profile/ProfileScreen.tsx'), (m) => m.ProfileScreen),
  settings: screen(() => import('../screens/settings/SettingsScreen.tsx'), (m) => m.SettingsScreen),
  about: screen(() => import('../screens/about/AboutScreen.tsx'), (m) => m.AboutScreen),
  login: screen(() => import('../screens/login/LoginScreen.tsx'), (m) => m.LoginScreen),
  signup: screen(() => import('../screens/signup/SignupScreen.tsx'), (m) => m.SignupScreen),
  confirm: screen(() => import('../screens/confirm/ConfirmScreen.tsx'), (m) => m.ConfirmScreen),
  forgot: screen(() => import('../screens/forgot/ForgotScreen.tsx'), (m) => m.ForgotScreen),
  reset: screen(() => import('../screens/reset/ResetScreen.tsx'), (m) => m.ResetScreen),
  logout: screen(() => import('../screens/logout/LogoutScreen.tsx'), (m) => m.LogoutScreen),
};

/** Starts loading a screen's chunk ahead of navigation: at start for the first route, on hover of a drawer link. */
export function preloadScreen(routeName: string) {
  SCREENS[routeName]?.preload();
}

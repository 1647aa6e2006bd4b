import { useEffect } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { useLocation, useSearch } from 'wouter';
import { guard, matchRoute, requestedPath } from '../../core/routes.ts';
import { configAtom, sessionAtom, sessionEndReasonAtom } from '../state/session.ts';
import { useKiosk } from '../hooks/useKiosk.ts';
import { Screen } from './LazyScreen.tsx';
import { SCREENS } from './routes.ts';
import { isLoggingOut } from '../components/session-actions.ts';
import { firstScreenShown } from '../state/connect.ts';

/**
 * Routes and guards (rules in src/core/routes.ts): canonical paths, /help in a new tab, login for anonymous users where
 * required.
 */
export function AppRoutes() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const store = useStore();
  const config = useAtomValue(configAtom);
  const session = useAtomValue(sessionAtom);
  const endReason = useAtomValue(sessionEndReasonAtom);
  const kiosk = useKiosk();
  // A kiosk display whose session ended keeps its page (with the "Sign-in required" banner) instead of a login form.
  const keptByKiosk = kiosk && (endReason === 'unauthorized' || endReason === 'expired');
  const requested = requestedPath(location, search, window.location.hash);
  const result = guard(requested, {
    authRequired: config?.auth_required ?? true,
    allowReadonly: config?.allow_readonly ?? false,
    authenticated: session.authenticated || keptByKiosk,
  });
  const match = result.kind === 'ok' ? matchRoute(location) : null;
  const shown = match?.route.name;
  useEffect(() => {
    if (shown) firstScreenShown(shown);
  }, [shown]);

  const target = result.kind === 'redirect' ? result.to : result.kind === 'external' ? result.url : null;
  const external = result.kind === 'external';
  useEffect(() => {
    if (target === null) return;
    // Signing out passes through an unauthenticated moment on a protected page; the logout page comes next.
    if (isLoggingOut()) return;
    // This render may lag behind the session: a navigation (the login screen going on once a sign-in ends) forces an
    // immediate render that leaves the session's own pending update for later. Acting on it would send a user who is
    // signed in by now to /login, whose screen sends them straight back, and so on until React gives up ("Maximum
    // update depth exceeded") with the page stuck. The render with the current session, which follows, decides.
    if (store.get(sessionAtom).authenticated !== session.authenticated) return;
    if (external) {
      window.open(target, '_blank', 'noopener,noreferrer');
      if (window.history.length > 1) window.history.back();
      else navigate('/alerts', { replace: true });
      return;
    }
    navigate(target, { replace: true });
  }, [target, external, navigate, store, session.authenticated]);

  if (!match) return null;
  const screen = SCREENS[match.route.name];
  if (!screen) return null;
  return <Screen key={match.route.name} screen={screen} props={match.params} />;
}

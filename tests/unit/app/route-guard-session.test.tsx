// @vitest-environment happy-dom
// The route guard (src/app/shell/AppRoutes.tsx) and a session that changed after the render it acts on. When a sign-in
// ends, the login screen moves on to /alerts; that navigation renders the routes at once, before React has applied
// the session's own update. Acting on that render sent a user who was signed in by then to /login, whose screen sent
// them back, until React stopped the loop ("Maximum update depth exceeded") and the page stayed on "Authenticating...".
import { afterEach, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { CLIENT_DEFAULTS } from '../../../src/core/config.ts';
import { configAtom, sessionAtom } from '../../../src/app/state/session.ts';
import { AppRoutes } from '../../../src/app/shell/AppRoutes.tsx';

afterEach(() => {
  cleanup();
  history.replaceState(null, '', '/');
});

/**
 * A store whose change notices reach the components only when released: what React does with the session's update
 * while a navigation renders first.
 */
function storeWithHeldNotices() {
  const store = createStore();
  const held: (() => void)[] = [];
  let holding = false;
  const view: typeof store = {
    ...store,
    sub: (atom, listener) =>
      store.sub(atom, () => {
        if (holding) held.push(listener);
        else listener();
      }),
  };
  return {
    store,
    view,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const listener of held.splice(0)) listener();
    },
  };
}

/** The routes of a console that requires sign-in, on its login page, with nobody signed in yet. */
function routesOnLoginPage() {
  const s = storeWithHeldNotices();
  s.store.set(configAtom, { ...CLIENT_DEFAULTS, auth_required: true });
  history.replaceState(null, '', '/login');
  render(
    <Provider store={s.view}>
      <AppRoutes />
    </Provider>,
  );
  return s;
}

const signedIn = { authenticated: true, token: 't', claims: null, expiresAt: null };

it('does not send a user who is signed in by now to the login page on a render that predates the sign-in', () => {
  const s = routesOnLoginPage();

  // The sign-in ends: the session is set, and the login screen goes on to /alerts before the routes hear of it.
  s.hold();
  s.store.set(sessionAtom, signedIn);
  act(() => history.replaceState(null, '', '/alerts'));
  expect(location.pathname + location.search).toBe('/alerts');

  // Once the session's update arrives, the routes agree: nothing sends the user away.
  act(() => s.release());
  expect(location.pathname + location.search).toBe('/alerts');
});

it('still sends an anonymous user from a protected page to the login page', () => {
  routesOnLoginPage();
  act(() => history.replaceState(null, '', '/alerts'));
  expect(location.pathname + location.search).toBe('/login?redirect=%2Falerts');
});

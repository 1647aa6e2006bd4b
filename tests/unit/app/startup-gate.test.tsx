// @vitest-environment happy-dom
// The start-up gate (src/app/startup.ts) is one per page: this file has a page of its own. What waits for the first
// rows (the service worker's script, the badge, the install offer) starts once the alert list has shown them, not
// when their data arrives: the rows render as a transition, with idle time between its slices.
import { afterEach, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { CLIENT_DEFAULTS } from '../../../src/core/config.ts';
import { applyEvent } from '../../../src/app/state/connect.ts';
import { configAtom } from '../../../src/app/state/session.ts';
import { setAddress } from '../../../src/app/state/alerts-screen.ts';
import { AlertList } from '../../../src/app/screens/alerts/AlertList.tsx';
import { store as appStore } from '../../../src/app/state/store.ts';
import { startedAtom } from '../../../src/app/startup.ts';
import { full, row } from './fixtures.ts';

afterEach(cleanup);

it('opens the start-up gate (service worker, badge, install offer) once its first rows are shown, not when their data arrives', async () => {
  const frames = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 20)))));
  applyEvent(appStore, full('v', []));
  appStore.set(configAtom, CLIENT_DEFAULTS);
  setAddress(appStore, '');
  const view = render(
    <Provider store={appStore}>
      <p>another screen</p>
    </Provider>,
  );
  // The data alone, with no list showing it, opens nothing.
  applyEvent(appStore, full('v2', [row('a')]));
  await frames();
  expect(appStore.get(startedAtom)).toBe(false);
  view.rerender(
    <Provider store={appStore}>
      <AlertList phone={false} onOpen={() => undefined} />
    </Provider>,
  );
  expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
  await frames();
  await frames();
  expect(appStore.get(startedAtom)).toBe(true);
});

// What the toolbar and the bulk bar (BulkBar.tsx, loaded later) both use.
import { useState } from 'react';
import { refreshAlerts } from '../../../data/alerts.ts';

/** Kiosk full screen as the toolbar and the bulk bar offer it: whether it is on, and the switch. */
export interface FullscreenControl {
  active: boolean;
  toggle: () => void;
}

/** The spinner of the refresh button: the refresh flag is up for 300 ms, as in the old console. */
const REFRESH_FLAG_MS = 300;

export function useRefresh(): [boolean, () => void] {
  const [refreshing, setRefreshing] = useState(false);
  return [
    refreshing,
    () => {
      refreshAlerts();
      setRefreshing(true);
      setTimeout(() => setRefreshing(false), REFRESH_FLAG_MS);
    },
  ];
}

export const menuItemsClass =
  'z-40 min-w-52 rounded bg-white py-1 text-sm text-gray-900 shadow-lg ring-1 ring-black/10 focus:outline-none dark:bg-gray-800 dark:text-gray-100';

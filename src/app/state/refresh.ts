// The refresh pulse of the old console (SPEC 4): the toolbar's refresh sets a flag for 300 ms; when it falls, the
// list, the detail page and the indicator panel reload (the worker reloads all three). The flag drives the spinner.
import { atom } from 'jotai';
import { store } from './store.ts';
import { dataWorker } from '../worker-client.ts';

export const REFRESH_FLAG_MS = 300;

export const refreshingAtom = atom(false);

let timer: ReturnType<typeof setTimeout> | null = null;

export function triggerRefresh(): void {
  // A second click while the flag is up does not queue another reload.
  if (timer) return;
  store.set(refreshingAtom, true);
  timer = setTimeout(() => {
    timer = null;
    store.set(refreshingAtom, false);
    void dataWorker.refresh();
  }, REFRESH_FLAG_MS);
}

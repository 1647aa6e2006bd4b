// The alert on the detail page and the panel's indicator counts, as the worker reports them.
import { atom } from 'jotai';
import type { AlertDetailMessage, IndicatorsMessage } from '../../worker/contract/index.ts';
import type { EventHandlers } from './store.ts';

export const detailAtom = atom<AlertDetailMessage | null>(null);
export const indicatorsAtom = atom<IndicatorsMessage | null>(null);

export const detailHandlers: EventHandlers<'alert-detail' | 'indicators'> = {
  'alert-detail': (store, event) => store.set(detailAtom, event),
  indicators: (store, event) => store.set(indicatorsAtom, event),
};

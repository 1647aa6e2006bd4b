// The alert on the detail page and the panel's indicator counts, as the worker reports them.
import { atom } from 'jotai';
import type { AlertDetailMessage, IndicatorsMessage } from '../../worker/contract/index.ts';

export const detailAtom = atom<AlertDetailMessage | null>(null);
export const indicatorsAtom = atom<IndicatorsMessage | null>(null);

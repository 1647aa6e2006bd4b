// The one jotai store of the app. Worker events are applied to it outside React; components read atoms.
import { createStore } from 'jotai';

export const store = createStore();

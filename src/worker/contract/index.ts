// The worker's face: the only part of src/worker that src/app may import, and only for its types. One file per
// concern (alerts, session, preferences, administration); this one joins them into the API the UI calls through
// Comlink and the events the worker posts back.
import type { AlertsApi, AlertsEvent } from './alerts.ts';
import type { SessionApi, SessionEvent } from './session.ts';
import type { PreferencesApi, UserDataMessage } from './preferences.ts';
import type { AdminApi } from './admin.ts';

export type * from '../../core/snapshot.ts';
export type * from './alerts.ts';
export type * from './session.ts';
export type * from './preferences.ts';
export type * from './admin.ts';

/** Everything the worker posts to the UI; each UI state module handles the types it owns. */
export type WorkerEvent = AlertsEvent | SessionEvent | UserDataMessage;

export interface EventsApi {
  /** the one subscription: snapshots, patches and state changes, in order */
  subscribe(listener: (event: WorkerEvent) => void): Promise<void>;
}

export type DataWorkerApi = EventsApi & SessionApi & AlertsApi & PreferencesApi & AdminApi;

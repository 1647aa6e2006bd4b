// The worker's face, alerts part: the live list, the detail page and the indicator panel it keeps current, and the
// commands on alerts. Types only: the UI imports them, never the worker's code.
import type { Alert, AlertsView, CountMap, IndicatorQuery, Note } from '../../core/types.ts';
import type { AlertRow, AlertsMeta, CountSample, Freshness, Result, WorkerError } from '../../core/snapshot.ts';
import type { OutboxEntry } from '../../core/outbox.ts';
import type { SuggestionValues } from '../../core/query-suggest.ts';

export type { OutboxEntry, OutboxCommand } from '../../core/outbox.ts';

/** The first message for a view: everything. */
export interface AlertsFull {
  type: 'alerts-full';
  viewKey: string;
  seq: number;
  rows: AlertRow[];
  meta: AlertsMeta;
  news: string[];
}

/** Later messages for the same view: only what changed. */
export interface AlertsPatch {
  type: 'alerts-patch';
  viewKey: string;
  seq: number;
  /** the page's ids in order, only when the order or membership changed */
  order?: string[];
  /** rows that are new or changed */
  rows?: AlertRow[];
  meta?: Partial<AlertsMeta>;
  /** ids of open, non-repeat alerts that were not in the previous poll of this view */
  news?: string[];
}

export interface TrendHistoryMessage {
  type: 'trend-history';
  viewKey: string;
  samples: CountSample[];
}

/** The alert shown on the detail page, kept current while the page is open. */
export interface AlertDetailMessage {
  type: 'alert-detail';
  id: string;
  /** null when the alert does not exist (deleted, unknown id, another customer's) */
  alert: Alert | null;
  notes: Note[];
  freshness: Freshness;
  updatedAt: number | null;
  error: WorkerError | null;
  /** what is shown is an alert list's copy of the alert (the page was never answered): its notes are not known */
  fromList?: boolean;
}

export interface IndicatorCounts {
  text: string;
  /** counts of the open alerts per severity */
  open: CountMap;
  /** recent counts of open alerts per severity, oldest first, for the sparkline */
  history: { t: number; open: CountMap }[];
}

export interface IndicatorsMessage {
  type: 'indicators';
  indicators: IndicatorCounts[];
  updatedAt: number | null;
  error: WorkerError | null;
}

/** This user's actions waiting to be sent (the offline outbox), oldest first. */
export interface OutboxMessage {
  type: 'outbox';
  entries: OutboxEntry[];
}

export type AlertsEvent = AlertsFull | AlertsPatch | TrendHistoryMessage | AlertDetailMessage | IndicatorsMessage | OutboxMessage;

/** Outcome of an action on several alerts: one request per alert, as the API has no bulk call. */
export interface BulkResult {
  succeeded: string[];
  failed: { id: string; error: WorkerError }[];
  /** the API could not be reached: kept in the outbox, sent when it answers again */
  queued: string[];
}

/** What the user saw of an alert when acting (the outbox tells from it whether the action became moot). */
export interface AlertSeen {
  status: string;
  lastReceiveId: string;
  resource: string;
  event: string;
}

export type AlertActionName = 'open' | 'ack' | 'unack' | 'shelve' | 'unshelve' | 'close' | (string & {});

export interface FilterLists {
  services: string[];
  groups: string[];
  tags: string[];
  customers: string[];
  environments: string[];
}

/** What the search box suggests from: the values the API knows per field, with counts, and when it was asked. */
export interface SuggestionData {
  fetchedAt: number;
  values: SuggestionValues;
}

export interface IndicatorSpec {
  text: string;
  query: IndicatorQuery;
}

export interface AlertsApi {
  /** select the alerts view to poll; null stops polling */
  setView(view: AlertsView | null): Promise<void>;
  /** poll now (the toolbar refresh): reloads the list, the detail, the indicators and the lists in view */
  refresh(): Promise<void>;
  /** the page went hidden or visible; kiosk keeps the full cadence */
  setVisibility(hidden: boolean, kiosk: boolean): Promise<void>;
  /** indicator queries of the panel to keep counted (config `indicators`); null stops */
  setIndicators(queries: IndicatorSpec[] | null): Promise<void>;
  /** the alert the detail page shows, kept current with the list's interval; null stops */
  setDetail(id: string | null): Promise<void>;
  /** the page is being frozen (true) or came back (false): another tab polls meanwhile */
  pageFrozen(frozen: boolean): Promise<void>;

  /**
   * open/ack/unack/shelve/unshelve/close or a configured custom action; ack and shelve send the preference timeouts.
   * Without an answer from the API the action is queued (BulkResult.queued); `seen` is what the user saw of each alert.
   */
  act(ids: string[], action: AlertActionName, text?: string, seen?: Record<string, AlertSeen>): Promise<Result<BulkResult>>;
  /** add or remove the current user's watch:{username} tag (queued like an action when the API is unreachable) */
  watch(ids: string[], on: boolean, seen?: Record<string, AlertSeen>): Promise<Result<BulkResult>>;
  /** online only: a delete is never queued */
  deleteAlerts(ids: string[]): Promise<Result<BulkResult>>;
  /** the note, or null when it was queued to be sent when the API answers again */
  addNote(id: string, text: string, seen?: AlertSeen): Promise<Result<Note | null>>;
  updateNote(id: string, noteId: string, text: string): Promise<Result<Note>>;
  deleteNote(id: string, noteId: string): Promise<Result<void>>;
  /** services, groups, tags, customers and environments for filters and forms (cached) */
  getLists(): Promise<Result<FilterLists>>;
  /** the search box's suggestion data: cached, asked of the API at most every few minutes */
  getSuggestions(): Promise<Result<SuggestionData>>;
  /** takes a queued action back (false: it is already on its way, or gone) */
  cancelQueued(entryId: string): Promise<boolean>;
}

// The worker's face, alerts part: the live list, the detail page and the indicator panel it keeps current, and the
// commands on alerts. Types only: the UI imports them, never the worker's code.
import type { Alert, AlertsView, CountMap, IndicatorQuery, Note } from '../../core/types.ts';
import type { AlertRow, AlertsMeta, CountSample, Freshness, Result, WorkerError } from '../../core/snapshot.ts';
import type { OutboxEntry } from '../../core/outbox.ts';
import type { SuggestionValues } from '../../core/query-suggest.ts';
import type { AlertGroup, GroupAction, GroupField, OverviewColumn } from '../../core/alert-groups.ts';

export type { OutboxEntry, OutboxCommand } from '../../core/outbox.ts';

/**
 * A grouped list (a view with `groupBy`): every group in display order, and the members of the groups any tab showing
 * the view has open. Of those members, the message's `rows` hold the ones whose lines the tabs show (and each open
 * group's first).
 */
export interface GroupsSnapshot {
  field: GroupField;
  groups: AlertGroup[];
  /** group key → its alert ids in the view's order, for the open groups only */
  members: Record<string, string[]>;
}

/**
 * The first message for a view: everything. `rows` and `order` are the rows the UI keeps: the page, or in a grouped
 * list the alerts of the open groups whose lines the tabs show (each once, in display order).
 */
export interface AlertsFull {
  type: 'alerts-full';
  viewKey: string;
  seq: number;
  rows: AlertRow[];
  meta: AlertsMeta;
  news: string[];
  /** with groupBy */
  groups?: GroupsSnapshot;
  /** with the overview shown */
  overview?: OverviewColumn[];
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
  /** a grouped list: the group keys in display order, when the order or the set of groups changed */
  groupOrder?: string[];
  /** groups that are new or changed */
  groups?: AlertGroup[];
  /** members of open groups that were opened or whose members changed (a closed group's entry is dropped by the UI) */
  members?: Record<string, string[]>;
  /** the overview, when it changed */
  overview?: OverviewColumn[];
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

/** An action on every alert of a group of a view, including the alerts no tab has loaded. */
export interface GroupActionRequest {
  /** the view whose group it is (its filter, tab and search decide which alerts are in the group) */
  view: AlertsView;
  /** the group's key (src/core/alert-groups.ts) */
  key: string;
  action: GroupAction;
  text?: string;
}

export interface GroupActionResult extends BulkResult {
  /** alerts the action applied to (their status allowed it), each counted once */
  total: number;
}

/** How far a group action got: requests answered so far, out of total. */
export interface GroupActionProgress {
  done: number;
  total: number;
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
  /**
   * the groups this tab shows open in its grouped list (keys), and the ids of their alerts whose lines it shows or is
   * about to (`window`): the worker sends those rows (and each open group's first ones). Not part of the view, so
   * opening a group or scrolling neither fetches nor starts the view anew.
   */
  setOpenGroups(keys: string[], window?: string[]): Promise<void>;
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
  /**
   * ack, shelve, close, watch, unwatch or delete every alert of a group of a view (also those no tab has loaded; each
   * once, only where its status allows), reporting progress as the answers come. Queued like `act` without a network
   * (a delete needs one).
   */
  actOnGroup(request: GroupActionRequest, onProgress?: (progress: GroupActionProgress) => void): Promise<Result<GroupActionResult>>;
  /**
   * what "Download as CSV" exports of a grouped list (the view has `groupBy`): every alert of the `openGroups` in the
   * list's order, each once, or every alert of the view in its order when none is open (src/core/alert-groups.ts
   * exportedIds); not only the rows the page holds. The API's alert fields only.
   */
  exportAlerts(view: AlertsView, openGroups: string[]): Promise<Result<Alert[]>>;
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

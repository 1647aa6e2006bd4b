// System notifications and the app badge (new in this console): which alerts notify, how a burst is grouped, what
// the notification says, and the attention count shown on the app icon and in the page title.
import type { Alert, CountMap } from './types.ts';
import { normaliseStatus, severityCode, severityMap, severityNames, type SeverityConfig } from './severity.ts';

/** The minimum severity when the user has not picked one. */
export const DEFAULT_NOTIFY_MIN_SEVERITY = 'critical';
/** More new alerts than this in one poll become one summary notification instead of one each. */
export const NOTIFY_GROUP_THRESHOLD = 3;
/** How many notified alert ids are remembered, so an alert that leaves the view and comes back does not notify twice. */
export const NOTIFIED_MEMORY = 500;
/** The summary lists this many alerts in its body; the rest are counted. */
export const SUMMARY_BODY_LINES = 4;
/** Notification bodies are short on every platform; a long alert text is cut here. */
export const BODY_MAX_CHARS = 180;
/** One tag for the summary, so a second burst updates the first summary rather than piling up another. */
export const SUMMARY_TAG = 'alerts-summary';
/** The most ids a summary carries (its count stays exact beyond that). */
export const SUMMARY_MAX_IDS = 200;

export type NotifyAlert = Pick<Alert, 'id' | 'severity' | 'status' | 'resource' | 'event' | 'environment' | 'text' | 'service' | 'repeat'>;

/** True when `severity` is `minSeverity` or more severe in the alarm model in force (lower code = more severe). */
export function atOrAbove(severity: string, minSeverity: string, config?: SeverityConfig): boolean {
  return severityCode(severity, config) <= severityCode(minSeverity || DEFAULT_NOTIFY_MIN_SEVERITY, config);
}

/**
 * The severities a user can pick as the notification threshold, most severe first: those above the alarm model's
 * "normal" level (notifying on ok/cleared/debug would notify on recoveries and noise); all of them for a model without
 * one. The current choice is kept in the list even when the model no longer has it, so the setting stays visible.
 */
export function notifySeverityChoices(config?: SeverityConfig, current?: string | null): string[] {
  const map = severityMap(config);
  const normalCode = ['normal', 'ok', 'cleared'].map((s) => map[s]).find((c): c is number => typeof c === 'number');
  const names = severityNames(config).filter((s) => normalCode === undefined || (map[s] ?? Infinity) < normalCode);
  if (current && !names.includes(current)) names.push(current);
  return names;
}

/** An alert notifies when it is open, not a repeat, and at or above the chosen severity. */
export function shouldNotify(alert: NotifyAlert, minSeverity: string, config?: SeverityConfig): boolean {
  return normaliseStatus(alert.status) === 'open' && !alert.repeat && atOrAbove(alert.severity, minSeverity, config);
}

export interface NotificationPlan {
  /** the notification's tag: one per alert (`alert-<id>`), or SUMMARY_TAG */
  tag: string;
  kind: 'alert' | 'summary';
  title: string;
  body: string;
  /** in-app path to open on click, relative to the router base */
  path: string;
  /** the alerts it stands for, most severe first */
  ids: string[];
  /** how many new alerts it stands for (a summary may count more than it lists ids for) */
  count: number;
  /** the most severe severity among them */
  severity: string;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function truncate(text: string, max = BODY_MAX_CHARS): string {
  const t = oneLine(text);
  return t.length <= max ? t : `${t.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}

/** "Critical" for "critical": severity names are data, shown as the list shows them but capitalised. */
export function severityLabel(severity: string): string {
  return severity ? severity.charAt(0).toUpperCase() + severity.slice(1) : '';
}

/** Title and body of the notification for one alert: what broke where, then the alert text. */
export function alertNotificationText(alert: NotifyAlert): { title: string; body: string } {
  const title = truncate(`${severityLabel(alert.severity)}: ${alert.resource} – ${alert.event}`, 120);
  const where = [alert.environment, (alert.service ?? []).join(', ')].filter(Boolean).join(' · ');
  const whereLine = truncate(where, 80);
  const text = oneLine(alert.text ?? '');
  const body = [whereLine, text ? truncate(text, BODY_MAX_CHARS - whereLine.length - 1) : ''].filter(Boolean).join('\n');
  return { title, body };
}

/** One line per alert of a summary body, then "+N" for the rest. */
export function summaryBody(alerts: readonly NotifyAlert[], total: number): string {
  const lines = alerts.slice(0, SUMMARY_BODY_LINES).map((a) => truncate(`${severityLabel(a.severity)}: ${a.resource} – ${a.event}`, 80));
  const rest = total - lines.length;
  if (rest > 0) lines.push(`+${rest}`);
  return lines.join('\n');
}

export interface PlanOptions {
  minSeverity: string;
  config?: SeverityConfig;
  /** ids already notified (this one and earlier sessions): never notified again */
  notified?: ReadonlySet<string>;
  /** the summary still on screen from an earlier burst: a new summary counts its alerts too */
  openSummary?: { ids: readonly string[]; count: number } | null;
  /** the summary's title for a count, in the UI language ("{count} new alerts") */
  summaryTitle: (count: number) => string;
}

/**
 * The notifications for one poll's new alerts: one per alert at or above the chosen severity, or — when more than
 * NOTIFY_GROUP_THRESHOLD arrive together — one summary that opens the list. Alerts already notified never notify again.
 * Most severe first, the poll's order within one severity.
 */
export function planNotifications(alerts: readonly NotifyAlert[], options: PlanOptions): NotificationPlan[] {
  const seen = new Set<string>();
  const chosen = alerts
    .filter((a) => {
      if (seen.has(a.id) || options.notified?.has(a.id)) return false;
      seen.add(a.id);
      return shouldNotify(a, options.minSeverity, options.config);
    })
    // Most severe first; the poll's order breaks ties, so the newest stays where the list shows it.
    .map((a, i) => ({ a, i, code: severityCode(a.severity, options.config) }))
    .sort((x, y) => x.code - y.code || x.i - y.i)
    .map((x) => x.a);
  if (chosen.length === 0) return [];

  if (chosen.length <= NOTIFY_GROUP_THRESHOLD) {
    return chosen.map((a) => ({
      tag: `alert-${a.id}`,
      kind: 'alert',
      ...alertNotificationText(a),
      path: `/alert/${encodeURIComponent(a.id)}`,
      ids: [a.id],
      count: 1,
      severity: a.severity,
    }));
  }

  // A summary still on screen from an earlier burst is replaced (same tag) by one that counts both bursts.
  const previous = options.openSummary;
  const count = chosen.length + (previous ? Math.max(0, previous.count) : 0);
  return [
    {
      tag: SUMMARY_TAG,
      kind: 'summary',
      title: options.summaryTitle(count),
      body: summaryBody(chosen, count),
      path: '/alerts',
      ids: [...chosen.map((a) => a.id), ...(previous?.ids ?? [])].slice(0, SUMMARY_MAX_IDS),
      count,
      severity: chosen[0]!.severity,
    },
  ];
}

/** The remembered notified ids after notifying `ids`: newest last, at most NOTIFIED_MEMORY. */
export function rememberNotified(previous: readonly string[], ids: readonly string[], max = NOTIFIED_MEMORY): string[] {
  const fresh = new Set(ids);
  const next = [...previous.filter((id) => !fresh.has(id)), ...fresh];
  return next.length > max ? next.slice(next.length - max) : next;
}

/** Reads the remembered ids from storage text; anything unreadable is an empty memory, never an error. */
export function parseNotified(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string').slice(-NOTIFIED_MEMORY) : [];
  } catch {
    return [];
  }
}

/**
 * The badge count: alerts at or above the chosen severity among the view's severity counts. The counts cover the
 * list's current filter (by default open and acknowledged alerts), so this counts what the list shows.
 */
export function attentionCount(severityCounts: CountMap | null | undefined, minSeverity: string, config?: SeverityConfig): number {
  let total = 0;
  for (const [severity, n] of Object.entries(severityCounts ?? {})) {
    if (Number.isFinite(n) && n > 0 && atOrAbove(severity, minSeverity, config)) total += Math.floor(n);
  }
  return total;
}

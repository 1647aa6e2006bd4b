// Time left before an alert (or heartbeat) times out, and the H:MM:SS formats of the tables
// (timeout added to the last receive time, or to the update time when ack or shelved; zero once passed).
// The API sends no timeoutLeft: the client computes it.
import type { Alert } from './types.ts';

// Status aliases of the ISA-18.2 alarm model that also count as ack / shelved (ACKED, SHLVD). Kept here, not
// imported from severity.ts, so this module has no dependency on another one still being written.
const ACK_OR_SHELVED = new Set(['ack', 'acked', 'shelved', 'shlvd']);

function epochMs(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
}

function secondsUntil(expiryMs: number, now: number): number {
  return Math.max(0, Math.floor((expiryMs - now) / 1000));
}

/**
 * Whole seconds until the alert times out, 0 once passed, or null when it never does (timeout 0, which the server
 * treats as "never expires"; the old console wrongly showed 0:00:00). The clock restarts at updateTime while acked or
 * shelved, else at lastReceiveTime. `now` is epoch milliseconds.
 */
export function timeLeftSeconds(
  alert: Pick<Alert, 'status' | 'timeout' | 'lastReceiveTime' | 'updateTime'>,
  now: number,
): number | null {
  const timeout = alert.timeout;
  if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0) return null;
  const acked = ACK_OR_SHELVED.has(String(alert.status ?? '').toLowerCase());
  const base = (acked ? epochMs(alert.updateTime) : null) ?? epochMs(alert.lastReceiveTime);
  if (base === null) return null;
  return secondsUntil(base + timeout * 1000, now);
}

/** Heartbeat variant, as in the old console: expiry = createTime + timeout; null when it cannot be computed. */
export function heartbeatTimeLeft(createTime: string | null, timeout: number | null, now: number): number | null {
  const base = epochMs(createTime);
  if (base === null || typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0) return null;
  return secondsUntil(base + timeout * 1000, now);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function wholeSeconds(seconds: number | null | undefined): number | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return null;
  return Math.max(0, Math.floor(seconds));
}

/** H:MM:SS with hours not wrapped (90000 -> 25:00:00); '' for null (never expires). Expired shows 0:00:00. */
export function formatHms(seconds: number | null): string {
  const s = wholeSeconds(seconds);
  if (s === null) return '';
  return `${Math.floor(s / 3600)}:${pad2(Math.floor((s % 3600) / 60))}:${pad2(s % 60)}`;
}

/** The heartbeat list's long form `<d> days HH:MM:SS` (as the old console: always with the day count); '' for null. */
export function formatDuration(seconds: number | null): string {
  const s = wholeSeconds(seconds);
  if (s === null) return '';
  const days = Math.floor(s / 86400);
  const rest = s % 86400;
  return `${days} days ${pad2(Math.floor(rest / 3600))}:${pad2(Math.floor((rest % 3600) / 60))}:${pad2(rest % 60)}`;
}

/** Seconds since the alert was received (the `duration` column); null without a valid receiveTime. */
export function durationSeconds(alert: Pick<Alert, 'receiveTime'>, now: number): number | null {
  const base = epochMs(alert.receiveTime);
  return base === null ? null : Math.max(0, Math.floor((now - base) / 1000));
}

/** The `timeout` column: the configured timeout as H:MM:SS, empty for 0 (never expires). */
export function formatTimeout(timeout: number | null): string {
  return typeof timeout === 'number' && timeout > 0 ? formatHms(timeout) : '';
}

// How long the console waits for the API, and when what it shows stops being "live": a request
// that never answers must not freeze polling, and the screen must never say "Live" about old data.
import type { Freshness, WorkerError } from './snapshot.ts';

/** A poll may take this much longer than the refresh interval before it is given up as failed. */
export const POLL_TIMEOUT_GRACE_MS = 5_000;
/** A poll is never given up sooner than this, however short the interval. */
export const MIN_POLL_TIMEOUT_MS = 8_000;
/** Commands (ack, save, sign in...) wait longer than polls: a user is waiting for their answer. */
export const COMMAND_TIMEOUT_MS = 30_000;
/** The open-alert counts (badge, title) are asked for at most this often: they never cost a third request a cycle. */
export const OPEN_COUNTS_EVERY_MS = 60_000;

/** How long one poll may take before it counts as failed: a few seconds past the interval. */
export function pollTimeoutMs(intervalMs: number): number {
  const interval = Number.isFinite(intervalMs) && intervalMs > 0 ? intervalMs : 0;
  return Math.max(MIN_POLL_TIMEOUT_MS, interval + POLL_TIMEOUT_GRACE_MS);
}

/** The age past which data can no longer be called live: two intervals plus a poll's timeout. */
export function liveLimitMs(intervalMs: number): number {
  return 2 * Math.max(0, intervalMs || 0) + pollTimeoutMs(intervalMs);
}

/**
 * The freshness to show: what the worker reported, except that "live" turns "stale" once the last good answer is
 * older than the live limit, whatever the reason (a poll that hangs, a worker that stopped, a tab that slept).
 */
export function effectiveFreshness(freshness: Freshness, updatedAt: number | null, now: number, intervalMs: number): Freshness {
  if (freshness !== 'live') return freshness;
  if (updatedAt === null || now - updatedAt > liveLimitMs(intervalMs)) return 'stale';
  return 'live';
}

export type ConnectionProblem = 'offline' | 'not-answering' | 'unreachable' | 'server-error';

/**
 * Why the list is not live, in words that are true: the device has no network ('offline'); the API was reached but
 * did not answer in time ('not-answering', a hung server or proxy); it could not be reached at all while the device is
 * online ('unreachable': refused, name not found, blocked); or it answered with an error or something unreadable
 * ('server-error'). Null when the connection is not the problem (live, loading, or an answer that refused the request).
 */
export function connectionProblem(freshness: Freshness, error: WorkerError | null, deviceOnline: boolean): ConnectionProblem | null {
  const failing = freshness === 'offline' || (freshness === 'stale' && error?.kind === 'network');
  if (!failing) return null;
  if (!deviceOnline) return 'offline';
  if (error?.kind === 'network') return error.noAnswer ? 'not-answering' : 'unreachable';
  return 'server-error';
}

/** Whole seconds until `at` (epoch ms), never negative; null when no attempt is scheduled. */
export function secondsUntil(at: number | null | undefined, now: number): number | null {
  if (at === null || at === undefined || !Number.isFinite(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The age as the freshness line words it: 0 ("just now") for 10 s, then in steps of 10 s, then of whole minutes. The
 * line changes when these words do, not at every second (a wall display's count in seconds does).
 */
export function roughAgeSeconds(age: number): number {
  return age < 10 ? 0 : age < 60 ? Math.floor(age / 10) * 10 : Math.floor(age / 60) * 60;
}

/**
 * The offline copies of an alert view and of an opened alert are written again when what they hold changes, and
 * otherwise at most this often: an offline start then knows its data's age to within a minute, and a wall display no
 * longer rewrites the same rows every poll (a write a second grew Chromium's IndexedDB files by about
 * 40 KiB a minute).
 */
export const CACHED_COPY_REFRESH_MS = 60_000;

/** Whether an offline copy is due: what it holds changed, none was written yet, or the last one is a minute old. */
export function cachedCopyDue(changed: boolean, lastSavedAt: number | null, now: number): boolean {
  return changed || lastSavedAt === null || now - lastSavedAt >= CACHED_COPY_REFRESH_MS || now < lastSavedAt;
}

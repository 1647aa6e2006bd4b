// The offline outbox (issue: what an operator does without a network is kept, shown, and delivered): what an entry is,
// how it shows before it is sent, and how entries are delivered once, in order, when answers return — with the
// conflicts that make one moot told rather than hidden. The I/O (storage, HTTP) is given by the caller: the data
// worker, or the service worker's Background Sync when no console is open.
import { backoffDelay } from './backoff.ts';
import { isActionAllowed, isAlertAction } from './actions.ts';
import { normaliseStatus } from './severity.ts';

export type OutboxCommand =
  | { kind: 'action'; action: string; text: string; timeout?: number | null }
  | { kind: 'watch'; on: boolean; tag: string }
  | { kind: 'note'; text: string };

export interface OutboxEntry {
  id: string;
  /** creation order: delivery follows it */
  seq: number;
  /** the user who made it: only their session delivers it, and their sign-out discards it */
  owner: string;
  createdAt: number;
  alertId: string;
  /** how notices name the alert ("db01 · DiskFull") */
  label: string;
  command: OutboxCommand;
  /** the alert as the user saw it: a close or a new occurrence meanwhile makes a status action moot */
  seen: { status: string; lastReceiveId: string } | null;
  attempts: number;
  /** epoch ms before which no new attempt is made (backoff with jitter) */
  nextAt: number;
  /** set just before its request goes out: found set later, the request may have arrived (a crash, a lost answer) */
  sending: boolean;
}

/** Why an entry was not delivered; the UI names the alert and says which. */
export type DropReason = 'deleted' | 'already' | 'closed' | 'changed' | 'forbidden' | 'refused';

/** The i18n key that tells each reason (placeholders: action, alert, reason). */
export const DROP_REASON_KEYS: Readonly<Record<DropReason, string>> = Object.freeze({
  deleted: 'OutboxDropDeleted',
  already: 'OutboxDropAlready',
  closed: 'OutboxDropClosed',
  changed: 'OutboxDropChanged',
  forbidden: 'OutboxDropForbidden',
  refused: 'OutboxDropRefused',
});

/** What a pending entry does, as notices and the outbox list name it: a status or custom action, watch, unwatch, note. */
export function commandName(command: OutboxCommand): string {
  return command.kind === 'action' ? command.action : command.kind === 'watch' ? (command.on ? 'watch' : 'unwatch') : 'note';
}

export interface Drop {
  entry: OutboxEntry;
  reason: DropReason;
  /** the server's message, for forbidden and refused */
  message?: string;
}

/** The status an action leads to, shown before it is sent; null when it does not change the status. */
export function statusAfter(action: string): string | null {
  switch (action) {
    case 'ack':
      return 'ack';
    case 'shelve':
      return 'shelved';
    case 'close':
      return 'closed';
    case 'open':
    case 'unack':
    case 'unshelve':
      return 'open';
    default:
      return null;
  }
}

/**
 * An alert as its pending entries will leave it: the status of the last pending status action, and the watch tag
 * of the last pending watch or unwatch. Notes do not change what a row shows.
 */
export function withPending<A extends { status: string; tags: string[] }>(alert: A, pending: readonly OutboxEntry[]): A {
  let status = alert.status;
  let tags = alert.tags;
  for (const entry of pending) {
    const c = entry.command;
    if (c.kind === 'action') status = statusAfter(c.action) ?? status;
    else if (c.kind === 'watch') tags = c.on ? [...new Set([...tags, c.tag])] : tags.filter((t) => t !== c.tag);
  }
  return status === alert.status && tags === alert.tags ? alert : { ...alert, status, tags };
}

/** What an answer was, as the outbox needs to know it. status null: no answer (network, timeout). */
export type Answer<T> = { ok: true; value: T } | { ok: false; status: number | null; message: string };

export interface OutboxIO {
  /** the owner's entries, in seq order */
  entries(): Promise<OutboxEntry[]>;
  update(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
  getAlert(id: string): Promise<Answer<{ status: string; lastReceiveId: string }>>;
  getNotes(id: string): Promise<Answer<{ text: string; user: string | null; createTime: string }[]>>;
  send(entry: OutboxEntry): Promise<Answer<unknown>>;
  now(): number;
  random?: () => number;
}

export type DeliveryEnd =
  /** nothing left */
  | 'done'
  /** the API did not answer: try again when it does (or at `nextAt`) */
  | 'offline'
  /** the session is over (401): entries wait for the next sign-in */
  | 'signed-out'
  /** the next entry waits out its backoff until `nextAt` */
  | 'waiting';

export interface Delivery {
  end: DeliveryEnd;
  delivered: OutboxEntry[];
  dropped: Drop[];
  /** when to try again (epoch ms), for 'offline' and 'waiting' */
  nextAt: number | null;
}

/** A note found on the alert after a resend: the same text by the same user, made after the entry was. */
function noteArrived(entry: OutboxEntry, notes: { text: string; user: string | null; createTime: string }[], username: string): boolean {
  if (entry.command.kind !== 'note') return false;
  const text = entry.command.text.trim();
  // a server clock a little behind the browser's must not hide the note
  const since = entry.createdAt - 5 * 60_000;
  return notes.some((n) => n.text.trim() === text && (n.user ?? '') === username && Date.parse(n.createTime) >= since);
}

/** Before (re)sending a status action: is it still meaningful for the alert as it is now? */
export function checkAction(entry: OutboxEntry, now: { status: string; lastReceiveId: string }): 'send' | 'done' | Exclude<DropReason, 'deleted' | 'forbidden' | 'refused'> {
  const c = entry.command;
  if (c.kind !== 'action' || !isAlertAction(c.action)) return 'send';
  const current = normaliseStatus(now.status);
  const target = statusAfter(c.action);
  // Our own request may have arrived before a crash or a lost answer: the alert is where we sent it.
  if (entry.sending && target !== null && current === target) return 'done';
  if (entry.seen) {
    const seen = normaliseStatus(entry.seen.status);
    if (current === 'closed' && seen !== 'closed') return c.action === 'close' ? 'already' : 'closed';
    if (now.lastReceiveId && entry.seen.lastReceiveId && now.lastReceiveId !== entry.seen.lastReceiveId) return 'changed';
  }
  if (!isActionAllowed(c.action, current)) return target !== null && current === target ? 'already' : 'changed';
  return 'send';
}

/** What an answer to the entry's own request means for it. */
function afterSend(answer: Answer<unknown>): { kind: 'delivered' } | { kind: 'drop'; reason: DropReason; message: string } | { kind: 'retry' } | { kind: 'signed-out' } {
  if (answer.ok) return { kind: 'delivered' };
  const { status, message } = answer;
  if (status === null || status >= 500 || status === 429) return { kind: 'retry' };
  if (status === 401) return { kind: 'signed-out' };
  if (status === 404) return { kind: 'drop', reason: 'deleted', message };
  if (status === 409) return { kind: 'drop', reason: 'already', message };
  if (status === 403) return { kind: 'drop', reason: 'forbidden', message };
  return { kind: 'drop', reason: 'refused', message };
}

/** Delay before the next attempt of an entry that failed `attempts` times: 5 s doubling to 5 min, with jitter. */
export function retryDelay(attempts: number, random?: () => number): number {
  return backoffDelay(Math.max(0, attempts - 1), { baseMs: 5_000, capMs: 300_000, minMs: 1_000, random });
}

/**
 * Delivers the owner's entries once, in order: each is checked against the alert as it is now, sent, and removed
 * (or dropped with its reason). It stops at the first entry that cannot go yet (no answer, backoff, sign-in needed),
 * so later entries never overtake it. Callers hold a lock, so two deliveries never run at once.
 */
export async function deliverOutbox(io: OutboxIO, username: string): Promise<Delivery> {
  const result: Delivery = { end: 'done', delivered: [], dropped: [], nextAt: null };
  const stop = (end: DeliveryEnd, nextAt: number | null = null): Delivery => ({ ...result, end, nextAt });
  const postpone = async (entry: OutboxEntry): Promise<Delivery> => {
    const attempts = entry.attempts + 1;
    const nextAt = io.now() + retryDelay(attempts, io.random);
    await io.update({ ...entry, attempts, nextAt });
    return stop('offline', nextAt);
  };
  const drop = async (entry: OutboxEntry, reason: DropReason, message?: string) => {
    await io.remove(entry.id);
    result.dropped.push({ entry, reason, ...(message ? { message } : {}) });
  };

  for (const entry of await io.entries()) {
    if (entry.nextAt > io.now()) return stop('waiting', entry.nextAt);

    // The alert as it is now: gone, moved on, or already where this entry would take it?
    const alert = await io.getAlert(entry.alertId);
    if (!alert.ok) {
      if (alert.status === 404) {
        await drop(entry, 'deleted');
        continue;
      }
      if (alert.status === 401) return stop('signed-out');
      return postpone(entry);
    }
    if (entry.command.kind === 'action') {
      const check = checkAction(entry, alert.value);
      if (check === 'done') {
        await io.remove(entry.id);
        result.delivered.push(entry);
        continue;
      }
      if (check !== 'send') {
        await drop(entry, check);
        continue;
      }
    }
    if (entry.command.kind === 'note' && entry.sending) {
      const notes = await io.getNotes(entry.alertId);
      if (!notes.ok) return notes.status === 401 ? stop('signed-out') : postpone(entry);
      if (noteArrived(entry, notes.value, username)) {
        await io.remove(entry.id);
        result.delivered.push(entry);
        continue;
      }
    }

    await io.update({ ...entry, sending: true });
    const outcome = afterSend(await io.send(entry));
    if (outcome.kind === 'delivered') {
      await io.remove(entry.id);
      result.delivered.push(entry);
    } else if (outcome.kind === 'drop') await drop(entry, outcome.reason, outcome.message);
    else if (outcome.kind === 'signed-out') {
      await io.update({ ...entry, sending: false });
      return stop('signed-out');
    } else return postpone({ ...entry, sending: true });
  }
  return result;
}

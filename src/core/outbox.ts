// The offline outbox (what an operator does without a network is kept, shown, and delivered): what an entry is,
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

/** The i18n key that tells each reason (message arguments: action, alert, reason). */
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

/** The API request an entry stands for (action, tag/untag, note), path relative to the endpoint. */
export function entryRequest(entry: OutboxEntry): { path: string; body: Record<string, unknown> } {
  const c = entry.command;
  const path = `/alert/${encodeURIComponent(entry.alertId)}`;
  if (c.kind === 'action') return { path: `${path}/action`, body: c.timeout === undefined ? { action: c.action, text: c.text } : { action: c.action, text: c.text, timeout: c.timeout } };
  if (c.kind === 'watch') return { path: `${path}/${c.on ? 'tag' : 'untag'}`, body: { tags: [c.tag] } };
  return { path: `${path}/note`, body: { text: c.text } };
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
  getAlert(id: string): Promise<Answer<AlertNow>>;
  getNotes(id: string): Promise<Answer<NoteNow[]>>;
  send(entry: OutboxEntry): Promise<Answer<unknown>>;
  now(): number;
  random?: () => number;
  /** the delivery must stop before its next request (the worker ends, or another user signed in) */
  cancelled?: () => boolean;
}

export type DeliveryEnd =
  /** nothing left */
  | 'done'
  /** the API did not answer: try again when it does (or at `nextAt`) */
  | 'offline'
  /** the session is over (401): entries wait for the next sign-in */
  | 'signed-out'
  /** the next entry waits out its backoff until `nextAt` */
  | 'waiting'
  /** stopped by `cancelled` */
  | 'cancelled';

export interface Delivery {
  end: DeliveryEnd;
  delivered: OutboxEntry[];
  dropped: Drop[];
  /** when to try again (epoch ms), for 'offline' and 'waiting' */
  nextAt: number | null;
}

/** A note found on the alert after a resend: the same text by the same user, made after the entry was. */
function noteArrived(entry: OutboxEntry, notes: NoteNow[], username: string): boolean {
  if (entry.command.kind !== 'note') return false;
  const text = entry.command.text.trim();
  // a server clock a little behind the browser's must not hide the note
  const since = entry.createdAt - 5 * 60_000;
  return notes.some((n) => n.text.trim() === text && (n.user ?? '') === username && Date.parse(n.createTime) >= since);
}

/** A note as the outbox looks for its own among the alert's notes. */
export interface NoteNow {
  text: string;
  user: string | null;
  createTime: string;
}

/** The alert as it is when an entry is about to go (GET /alert/{id}). */
export interface AlertNow {
  status: string;
  lastReceiveId: string;
  history?: readonly { type: string; text: string; user: string | null; updateTime: string }[];
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
const str = (x: unknown): string => (typeof x === 'string' ? x : '');

/** Reads GET /alert/{id}'s answer as the outbox needs it (for the service worker, which has no API client). */
export function alertNowOf(body: unknown): AlertNow {
  const alert = isObject(body) && isObject(body.alert) ? body.alert : {};
  const history = Array.isArray(alert.history) ? alert.history.filter(isObject) : [];
  return {
    status: str(alert.status),
    lastReceiveId: str(alert.lastReceiveId),
    history: history.map((h) => ({ type: str(h.type), text: str(h.text), user: typeof h.user === 'string' ? h.user : null, updateTime: str(h.updateTime) })),
  };
}

/** Reads GET /alert/{id}/notes's answer as the outbox needs it. */
export function notesNowOf(body: unknown): NoteNow[] {
  const notes = isObject(body) && Array.isArray(body.notes) ? body.notes.filter(isObject) : [];
  return notes.map((n) => ({ text: str(n.text), user: typeof n.user === 'string' ? n.user : null, createTime: str(n.createTime) }));
}

/** Our own action in the alert's history: its type, text and user, recorded after the entry was made. */
function actionArrived(entry: OutboxEntry, history: AlertNow['history'], username: string): boolean {
  const c = entry.command;
  if (c.kind !== 'action' || !history) return false;
  // the API records custom actions as type 'action'
  const type = isAlertAction(c.action) ? c.action : 'action';
  const since = entry.createdAt - 5 * 60_000;
  return history.some((h) => h.type === type && h.text === c.text && (h.user ?? '') === username && Date.parse(h.updateTime) >= since);
}

/**
 * Before (re)sending an action: is it still meaningful for the alert as it is now? 'done': a request of ours that may
 * have arrived (sent, then no answer or a crash) did arrive, as the alert's history shows.
 */
export function checkAction(entry: OutboxEntry, now: AlertNow, username: string): 'send' | 'done' | Exclude<DropReason, 'deleted' | 'forbidden' | 'refused'> {
  const c = entry.command;
  if (c.kind !== 'action') return 'send';
  if (entry.sending && actionArrived(entry, now.history, username)) return 'done';
  if (!isAlertAction(c.action)) return 'send';
  const current = normaliseStatus(now.status);
  const target = statusAfter(c.action);
  if (entry.seen) {
    const seen = normaliseStatus(entry.seen.status);
    if (current === 'closed' && seen !== 'closed') return c.action === 'close' ? 'already' : 'closed';
    if (now.lastReceiveId && entry.seen.lastReceiveId && now.lastReceiveId !== entry.seen.lastReceiveId) return 'changed';
  }
  // Someone else got there first (an ack on an acked alert would only be refused, or double the history).
  if (target !== null && current === target) return 'already';
  if (!isActionAllowed(c.action, current)) return 'changed';
  return 'send';
}

/** What an answer to the entry's own request means for it. */
function afterSend(answer: Answer<unknown>): { kind: 'delivered' } | { kind: 'drop'; reason: DropReason; message: string } | { kind: 'retry'; status: number | null } | { kind: 'signed-out' } {
  if (answer.ok) return { kind: 'delivered' };
  const { status, message } = answer;
  if (status === null || status >= 500 || status === 429) return { kind: 'retry', status };
  if (status === 401) return { kind: 'signed-out' };
  if (status === 404) return { kind: 'drop', reason: 'deleted', message };
  if (status === 409) return { kind: 'drop', reason: 'already', message };
  if (status === 403) return { kind: 'drop', reason: 'forbidden', message };
  return { kind: 'drop', reason: 'refused', message };
}

/**
 * Delay before the next attempt of an entry that failed `attempts` times, with jitter. With no answer at all, 5 s
 * growing to 30 s: the network's return is noticed soon even by a console whose polls back off further (a poll
 * that answers, or the browser's online event, sends everything at once anyway). With an error answer (5xx, 429),
 * 5 s doubling to 5 min: a struggling server is not pressed.
 */
export function retryDelay(attempts: number, noAnswer: boolean, random?: () => number): number {
  return backoffDelay(Math.max(0, attempts - 1), { baseMs: 5_000, capMs: noAnswer ? 30_000 : 300_000, minMs: 1_000, random });
}

/**
 * Delivers the owner's entries once, in order: each is checked against the alert as it is now, sent, and removed
 * (or dropped with its reason). It stops at the first entry that cannot go yet (no answer, backoff, sign-in needed),
 * so later entries never overtake it. Callers hold a lock, so two deliveries never run at once.
 *
 * `now`: the API just answered again (or the user asked): entries waiting out a backoff go at once, since the
 * backoff only spaces attempts while answers are missing.
 */
export async function deliverOutbox(io: OutboxIO, username: string, options: { now?: boolean } = {}): Promise<Delivery> {
  const result: Delivery = { end: 'done', delivered: [], dropped: [], nextAt: null };
  const stop = (end: DeliveryEnd, nextAt: number | null = null): Delivery => ({ ...result, end, nextAt });
  /** no answer (status null) or a passing error (5xx, 429): try again later, first in line */
  const postpone = async (entry: OutboxEntry, status: number | null): Promise<Delivery> => {
    const attempts = entry.attempts + 1;
    const nextAt = io.now() + retryDelay(attempts, status === null, io.random);
    await io.update({ ...entry, attempts, nextAt });
    return stop(status === null ? 'offline' : 'waiting', nextAt);
  };
  const drop = async (entry: OutboxEntry, reason: DropReason, message?: string) => {
    await io.remove(entry.id);
    result.dropped.push({ entry, reason, ...(message ? { message } : {}) });
  };

  for (const entry of await io.entries()) {
    if (io.cancelled?.()) return stop('cancelled');
    if (!options.now && entry.nextAt > io.now()) return stop('waiting', entry.nextAt);

    // The alert as it is now: gone, moved on, or already where this entry would take it?
    const alert = await io.getAlert(entry.alertId);
    if (!alert.ok) {
      const outcome = afterSend(alert);
      if (outcome.kind === 'signed-out') return stop('signed-out');
      if (outcome.kind === 'retry') return postpone(entry, alert.status);
      // gone (404), or no longer this user's to see (403): the entry cannot go
      await drop(entry, outcome.kind === 'drop' && outcome.reason !== 'already' ? outcome.reason : 'refused', alert.status === 404 ? undefined : alert.message);
      continue;
    }
    if (entry.command.kind === 'action') {
      const check = checkAction(entry, alert.value, username);
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
      if (!notes.ok) return notes.status === 401 ? stop('signed-out') : postpone(entry, notes.status);
      if (noteArrived(entry, notes.value, username)) {
        await io.remove(entry.id);
        result.delivered.push(entry);
        continue;
      }
    }

    if (io.cancelled?.()) return stop('cancelled');
    await io.update({ ...entry, sending: true });
    const outcome = afterSend(await io.send(entry));
    if (outcome.kind === 'delivered') {
      await io.remove(entry.id);
      result.delivered.push(entry);
    } else if (outcome.kind === 'drop') await drop(entry, outcome.reason, outcome.message);
    else if (outcome.kind === 'signed-out') {
      await io.update({ ...entry, sending: false });
      return stop('signed-out');
    } else return postpone({ ...entry, sending: true }, outcome.status);
  }
  return result;
}

// The start's early requests: a later start of a page that opens on the alert list asks for that list the moment the
// worker's first, small script runs, before the rest of the worker has loaded, read its cache and worked out which
// list to ask for (docs/cross-origin.md, "What a start costs"). The page names the requests: the ones the last start
// of the same address made first. The HTTP client takes an early answer in place of sending its own request when it
// would send exactly that one; an answer nobody takes is dropped.
import type { EarlyStart, StartAddress } from './contract/index.ts';
import { apiCacheMode } from '../core/http-cache.ts';
import { apiHeaders, JSON_TYPE } from './api-headers.ts';

/** The Web Lock held by the tab whose worker polls for every tab of the browser (src/worker/coordinator.ts). */
export const LEADER_LOCK = 'alerta-console:poll-leader';

/** The parts of the Web Locks API the coordinator uses (navigator.locks, or a stand-in in tests). */
export interface LockManagerLike {
  request(name: string, options: { mode?: 'exclusive'; ifAvailable?: boolean; steal?: boolean }, callback: (lock: unknown) => Promise<unknown>): Promise<unknown>;
  query(): Promise<{ held?: { name?: string }[] }>;
}

/** At most this many requests (the page names one, the list's). */
export const EARLY_MAX = 4;
/** An answer not taken within this time is dropped, and its request cancelled. */
export const EARLY_KEEP_MS = 20_000;

interface Early {
  url: string;
  authorization: string | null;
  answer: Promise<Response>;
  controller: AbortController;
  timer: ReturnType<typeof setTimeout>;
}

const pending: Early[] = [];

export function isEarlyStart(data: unknown): data is EarlyStart {
  if (!data || typeof data !== 'object') return false;
  const d = data as Partial<EarlyStart>;
  return (
    d.type === 'early-start' &&
    Array.isArray(d.urls) &&
    (d.token === null || typeof d.token === 'string') &&
    typeof d.configUrl === 'string' &&
    !!d.buildConfig &&
    typeof d.buildConfig === 'object' &&
    (d.firstStartAt === null || isStartAddress(d.firstStartAt))
  );
}

function isStartAddress(data: unknown): data is StartAddress {
  if (!data || typeof data !== 'object') return false;
  const d = data as Partial<StartAddress>;
  return typeof d.pathname === 'string' && typeof d.search === 'string' && typeof d.hash === 'string' && typeof d.buildBase === 'string';
}

type Locks = Pick<LockManagerLike, 'query'>;

export interface EarlyOptions {
  fetchImpl?: typeof fetch;
  /** the browser's Web Locks (none: every start asks) */
  locks?: Locks | null;
}

/**
 * Whether another tab of the console already polls for this browser (its worker will send this tab the list), as the
 * browser's Web Locks say. Asked before this tab's worker joins the election: after it, the lock may be this tab's.
 */
export async function anotherTabPolls(locks: Locks | null | undefined): Promise<boolean> {
  if (!locks) return false;
  try {
    const state = await locks.query();
    return (state.held ?? []).some((lock) => lock.name === LEADER_LOCK);
  } catch {
    // Without the answer, ask: at worst one request is made twice.
    return false;
  }
}

/**
 * Sends the early requests at once, and cancels those not yet taken when another tab of the console polls for this
 * browser (`othersPoll`, else asked now): its worker sends this tab the list, and the requests would be wasted. The
 * browser's answer about the other tabs took 14-41 ms in a browser just started: the requests do not wait for it. On
 * any real network it comes before their preflights have been answered, so a cancelled request never reaches the API
 * as a GET.
 */
export function sendEarly(start: EarlyStart, options: EarlyOptions = {}, othersPoll?: Promise<boolean>): void {
  const urls = start.urls.filter((u): u is string => typeof u === 'string' && /^https?:\/\//.test(u)).slice(0, EARLY_MAX);
  if (!urls.length) return;
  const fetchImpl = options.fetchImpl ?? fetch;
  // The cache mode and headers of the HTTP client's own GETs, so that it takes these answers and the preflight is the same.
  const cache = apiCacheMode('GET', { anonymous: false, revalidate: false });
  const sent: Early[] = [];
  for (const url of urls) {
    const headers = apiHeaders(JSON_TYPE, start.token);
    const authorization = headers.Authorization ?? null;
    const controller = new AbortController();
    const answer = fetchImpl(url, { method: 'GET', headers, signal: controller.signal, cache });
    // A failure is the taker's to see; unhandled until then, it must not be reported as an error of the worker.
    answer.catch(() => undefined);
    const early: Early = { url, authorization, answer, controller, timer: setTimeout(() => drop(early), EARLY_KEEP_MS) };
    pending.push(early);
    sent.push(early);
  }
  // One already taken is its taker's: this tab asked for it itself.
  void (othersPoll ?? anotherTabPolls(options.locks)).then((others) => {
    if (others) for (const early of sent) if (pending.includes(early)) drop(early);
  });
}

function drop(early: Early) {
  const at = pending.indexOf(early);
  if (at >= 0) pending.splice(at, 1);
  clearTimeout(early.timer);
  early.controller.abort();
}

/**
 * The early answer of exactly this request (same URL, same token), taken once; null when there is none. The taker
 * gets `cancel` to call when it gives up waiting.
 */
export function takeEarly(url: string, authorization: string | null): { answer: Promise<Response>; cancel: () => void } | null {
  const early = pending.find((e) => e.url === url && e.authorization === authorization);
  if (!early) return null;
  pending.splice(pending.indexOf(early), 1);
  clearTimeout(early.timer);
  return { answer: early.answer, cancel: () => early.controller.abort() };
}

/** Whether early answers wait to be taken. */
export function earlyPending(): boolean {
  return pending.length > 0;
}

/** Drops every early answer not taken (the start asked for something else). */
export function dropEarly(): void {
  for (const early of [...pending]) drop(early);
}

// One HTTP client for every API call: request id, bearer token, abort, a timeout, a cap on the answer's size, JSON
// parsing and error mapping.
import type { Result, WorkerError } from './contract/index.ts';
import { errorDetail, errorText, isAlertaErrorBody } from '../core/api-errors.ts';
import { COMMAND_TIMEOUT_MS } from '../core/freshness.ts';
import { plainAnswer } from '../core/health.ts';
import { apiCacheMode, reusableWithoutAsking } from '../core/http-cache.ts';
import { takeEarly } from './early.ts';
import { apiHeaders, JSON_TYPE } from './api-headers.ts';

/** Shared by the requests of one worker: set once an answer showed the browser could give it again unasked. */
export interface CacheGuard {
  revalidate: boolean;
}

export interface HttpContext {
  endpoint: string;
  /** the current token, read at request time so a login/logout applies to the next request */
  token: () => string | null;
  fetchImpl?: typeof fetch;
  cacheGuard?: CacheGuard;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: URLSearchParams;
  body?: unknown;
  signal?: AbortSignal;
  /** config requests go out without Authorization and X-Request-ID, like the old console */
  anonymous?: boolean;
  /** no answer within this many ms: the request is aborted and fails like a lost connection (default: a command's) */
  timeoutMs?: number;
  /** the largest answer accepted, in bytes (default MAX_BODY_BYTES) */
  maxBytes?: number;
}

/** Reads an unknown JSON body into T, or null when it does not have the promised shape. */
export type Parser<T> = (body: unknown) => T | null;

/**
 * No answer of the Alerta API the console asks for comes near this: a page of 200 alerts with their history is a
 * few MB. A larger one is refused before it is parsed, so a broken proxy or server cannot exhaust the worker's memory.
 */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

export function joinUrl(endpoint: string, path: string, params?: URLSearchParams): string {
  const base = endpoint.replace(/\/+$/, '');
  const query = params && [...params.keys()].length > 0 ? `?${params.toString()}` : '';
  return `${base}${path.startsWith('/') ? path : `/${path}`}${query}`;
}

class TooLarge extends Error {}

/** The body as text, refusing it as soon as it passes `maxBytes` (a Content-Length that says so is refused unread). */
async function readText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('Content-Length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    throw new TooLarge();
  }
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      void reader.cancel().catch(() => undefined);
      throw new TooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/** The raw answer of a request: its status and body text, whatever the status. */
export interface RawAnswer {
  status: number;
  statusText: string;
  ok: boolean;
  text: string;
}

/**
 * Sends a request and reads its answer as text, with the request id, bearer token, timeout and size cap of every API
 * call; a failure to get an answer at all (network, timeout, abort, an answer too large) comes back as an error.
 */
async function send(
  ctx: HttpContext,
  path: string,
  options: RequestOptions,
  accept: string,
  revalidate = ctx.cacheGuard?.revalidate ?? false,
): Promise<Result<RawAnswer>> {
  const url = /^https?:\/\//.test(path) ? path : joinUrl(ctx.endpoint, path, options.params);
  const headers = apiHeaders(accept, options.anonymous ? undefined : ctx.token());
  const method = options.method ?? 'GET';
  let body: string | undefined;
  if (method !== 'GET') {
    // The real server answers 415 to a PUT/POST without a JSON body, so always send one.
    headers['Content-Type'] = JSON_TYPE;
    body = JSON.stringify(options.body ?? {});
  }

  // A request that never answers (a stuck proxy, an overloaded server) must not hold anything up for good.
  const timeoutMs = options.timeoutMs ?? COMMAND_TIMEOUT_MS;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  const noAnswer = (): Result<RawAnswer> =>
    timeout.signal.aborted && !options.signal?.aborted
      ? fail({ kind: 'network', message: `No answer within ${Math.round(timeoutMs / 1000)} s`, endpoint: ctx.endpoint, noAnswer: true })
      : fail({ kind: 'aborted', message: 'Request cancelled', endpoint: ctx.endpoint });

  try {
    let response: Response;
    // The default cache mode keeps the browser's preflight cache working; src/core/http-cache.ts says when not.
    const cache = apiCacheMode(method, { anonymous: options.anonymous ?? false, revalidate });
    // The start may have asked for exactly this already, before this part of the worker was loaded (early.ts).
    const early = method === 'GET' && cache === 'default' ? takeEarly(url, headers.Authorization ?? null) : null;
    try {
      response = await (early ? untilAborted(early.answer, signal, early.cancel) : (ctx.fetchImpl ?? fetch)(url, { method, headers, body, signal, cache }));
    } catch (cause) {
      if (signal.aborted) return noAnswer();
      return fail({ kind: 'network', message: describeNetworkFailure(cause), endpoint: ctx.endpoint });
    }
    if (cache === 'default' && method === 'GET' && reusableWithoutAsking(response.headers)) {
      // This answer may be a stored copy, and later ones could be: ask the server again, and from now on every time.
      if (ctx.cacheGuard) ctx.cacheGuard.revalidate = true;
      void response.body?.cancel().catch(() => undefined);
      return send(ctx, path, options, accept, true);
    }

    try {
      const text = await readText(response, options.maxBytes ?? MAX_BODY_BYTES);
      return { ok: true, value: { status: response.status, statusText: response.statusText, ok: response.ok, text } };
    } catch (cause) {
      if (cause instanceof TooLarge) return fail({ kind: 'malformed', message: `The answer from ${path.split('?')[0]} is too large`, code: response.status });
      if (signal.aborted) return noAnswer();
      return fail({ kind: 'network', message: describeNetworkFailure(cause), endpoint: ctx.endpoint });
    }
  } finally {
    clearTimeout(timer);
  }
}

/** An answer already asked for, given up (and its request cancelled) when `signal` aborts first. */
function untilAborted(answer: Promise<Response>, signal: AbortSignal, cancel: () => void): Promise<Response> {
  if (signal.aborted) {
    cancel();
    return Promise.reject(signal.reason);
  }
  return new Promise((resolve, reject) => {
    const abort = () => {
      cancel();
      reject(signal.reason);
    };
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** A JSON call of the API: the answer parsed and checked by `parse`, an error answer mapped to a WorkerError. */
export async function request<T>(
  ctx: HttpContext,
  path: string,
  parse: Parser<T>,
  options: RequestOptions = {},
): Promise<Result<T>> {
  const answer = await send(ctx, path, options, JSON_TYPE);
  if (!answer.ok) return answer;
  const { status, statusText, text } = answer.value;

  let parsed: unknown;
  try {
    parsed = text.length ? JSON.parse(text) : {};
  } catch {
    if (!answer.value.ok) return fail(httpError(status, plainAnswer(text) ?? undefined, `${status} ${statusText}`));
    return fail({ kind: 'malformed', message: 'The server sent a response that is not JSON', code: status });
  }

  if (!answer.value.ok) return fail(httpError(status, parsed));
  const value = parse(parsed);
  if (value === null) {
    return fail({ kind: 'malformed', message: `Unexpected response from ${path.split('?')[0]}`, code: status });
  }
  return { ok: true, value };
}

/**
 * A call whose answer is text, not JSON (the health check): the status and body as they came, whatever the status,
 * for the caller to read. Only getting no answer at all is an error.
 */
export function requestText(ctx: HttpContext, path: string, options: RequestOptions = {}): Promise<Result<RawAnswer>> {
  return send(ctx, path, options, 'text/plain, */*');
}

function httpError(status: number, body: unknown, fallback?: string): WorkerError {
  const kind = status === 401 ? 'auth' : status === 403 ? 'forbidden' : 'http';
  // Some answers are a bare string, e.g. the health check's 503 "HEARTBEAT_STALE: <origin>": that text is the message.
  const message = isAlertaErrorBody(body)
    ? errorText(body)
    : typeof body === 'string' && body.trim()
      ? `${body.trim().slice(0, 500)} (${status})`
      : (fallback ?? errorText(body, status));
  const detail = isAlertaErrorBody(body) ? errorDetail(body.errors) : undefined;
  return detail ? { kind, message, code: status, detail } : { kind, message, code: status };
}

function describeNetworkFailure(cause: unknown): string {
  return cause instanceof Error ? cause.message : 'Network request failed';
}

function fail<T>(error: WorkerError): Result<T> {
  return { ok: false, error };
}

export const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The answer to a request for a JSON object (config.json, /config, the user's attributes), once it comes. */
export type ObjectAnswer = Promise<Result<Record<string, unknown>>>;

/** Accepts any JSON object: for calls whose answer the caller does not read. */
export const anyObject: Parser<Record<string, unknown>> = (body) =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;

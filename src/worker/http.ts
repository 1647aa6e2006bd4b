// One HTTP client for every API call: request id, bearer token, abort, JSON parsing and error mapping.
import type { Result, WorkerError } from './contract/index.ts';
import { errorText, isAlertaErrorBody } from '../core/api-errors.ts';

export interface HttpContext {
  endpoint: string;
  /** the current token, read at request time so a login/logout applies to the next request */
  token: () => string | null;
  fetchImpl?: typeof fetch;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: URLSearchParams;
  body?: unknown;
  signal?: AbortSignal;
  /** config requests go out without Authorization and X-Request-ID, like the old console */
  anonymous?: boolean;
}

/** Reads an unknown JSON body into T, or null when it does not have the promised shape. */
export type Parser<T> = (body: unknown) => T | null;

const JSON_TYPE = 'application/json';

export function joinUrl(endpoint: string, path: string, params?: URLSearchParams): string {
  const base = endpoint.replace(/\/+$/, '');
  const query = params && [...params.keys()].length > 0 ? `?${params.toString()}` : '';
  return `${base}${path.startsWith('/') ? path : `/${path}`}${query}`;
}

export async function request<T>(
  ctx: HttpContext,
  path: string,
  parse: Parser<T>,
  options: RequestOptions = {},
): Promise<Result<T>> {
  const url = /^https?:\/\//.test(path) ? path : joinUrl(ctx.endpoint, path, options.params);
  const headers: Record<string, string> = { Accept: JSON_TYPE };
  if (!options.anonymous) {
    headers['X-Request-ID'] = crypto.randomUUID();
    const token = ctx.token();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  const method = options.method ?? 'GET';
  let body: string | undefined;
  if (method !== 'GET') {
    // The real server answers 415 to a PUT/POST without a JSON body, so always send one.
    headers['Content-Type'] = JSON_TYPE;
    body = JSON.stringify(options.body ?? {});
  }

  let response: Response;
  try {
    response = await (ctx.fetchImpl ?? fetch)(url, { method, headers, body, signal: options.signal, cache: 'no-store' });
  } catch (cause) {
    if (options.signal?.aborted) return fail({ kind: 'aborted', message: 'Request cancelled', endpoint: ctx.endpoint });
    return fail({ kind: 'network', message: describeNetworkFailure(cause), endpoint: ctx.endpoint });
  }

  let parsed: unknown;
  const text = await response.text().catch(() => '');
  try {
    parsed = text.length ? JSON.parse(text) : {};
  } catch {
    if (!response.ok) return fail(httpError(response.status, undefined, `${response.status} ${response.statusText}`));
    return fail({ kind: 'malformed', message: 'The server sent a response that is not JSON', code: response.status });
  }

  if (!response.ok) return fail(httpError(response.status, parsed));
  const value = parse(parsed);
  if (value === null) {
    return fail({ kind: 'malformed', message: `Unexpected response from ${path.split('?')[0]}`, code: response.status });
  }
  return { ok: true, value };
}

function httpError(status: number, body: unknown, fallback?: string): WorkerError {
  const kind = status === 401 ? 'auth' : status === 403 ? 'forbidden' : 'http';
  // Some answers are a bare JSON string, e.g. the health check's 503 "HEARTBEAT_STALE: <origin>": that text is the message.
  const message = isAlertaErrorBody(body)
    ? errorText(body)
    : typeof body === 'string' && body.trim()
      ? `${body.trim().slice(0, 500)} (${status})`
      : (fallback ?? errorText(body, status));
  return { kind, message, code: status };
}

function describeNetworkFailure(cause: unknown): string {
  return cause instanceof Error ? cause.message : 'Network request failed';
}

function fail<T>(error: WorkerError): Result<T> {
  return { ok: false, error };
}

export const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Accepts any JSON object: for calls whose answer the caller does not read. */
export const anyObject: Parser<Record<string, unknown>> = (body) =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;

// The headers of an API request, in one place: the HTTP client's (http.ts) and the start's early requests (early.ts)
// must send the same ones, so that the client can take an early answer and the browser's preflight is the same.

export const JSON_TYPE = 'application/json';

/**
 * The headers of an API request: what it accepts and, unless anonymous (`token` undefined), a request id and the
 * bearer token when there is one.
 */
export function apiHeaders(accept: string, token: string | null | undefined): Record<string, string> {
  const headers: Record<string, string> = { Accept: accept };
  if (token === undefined) return headers;
  headers['X-Request-ID'] = crypto.randomUUID();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

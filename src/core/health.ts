// What the API's health check says. Alerta answers GET /management/healthcheck with plain text, not JSON: "OK" with
// 200 when healthy, "HEARTBEAT_STALE: <origin>" or "HEALTH_CHECK_FAILED: Internal Error!" with 503 when not. A proxy
// in front of it may answer for it (502, 504 when the API is down), and some answers say nothing about health at all
// (401, 403, 404: a route not exposed, a proxy asking for credentials).

export type HealthState = 'healthy' | 'unhealthy' | 'unknown';

export interface Health {
  state: HealthState;
  /** the server's own words when they are short plain text, else the status line ("502 Bad Gateway") */
  message: string;
  /** set when the check gave no answer in time: the seconds waited (the UI words it in the user's language) */
  noAnswerWithinS?: number;
}

/**
 * How long the health check may take before it counts as failing. Alerta's own check gives up on a database that is
 * down only after a minute (five connection attempts) and then answers "HEALTH_CHECK_FAILED" (503); a load balancer
 * would have marked it down long before, and an administrator should not look at "Loading" that long.
 */
export const HEALTH_CHECK_TIMEOUT_MS = 10_000;

/** A health check that gave no answer within `timeoutMs`: a server too slow to say it is healthy is not healthy. */
export function healthFromNoAnswer(timeoutMs: number): Health {
  const seconds = Math.round(timeoutMs / 1000);
  return { state: 'unhealthy', message: `No answer within ${seconds} s`, noAnswerWithinS: seconds };
}

/** The longest answer shown as the server's own words; an error page is summed up by its status line instead. */
const MAX_MESSAGE = 200;

/**
 * A short answer that is only text, trimmed (the health check's 503 "HEARTBEAT_STALE: cron/backup", sent as text/html by
 * the real server, is its own best explanation; an HTML error page is not); null for an empty answer, an HTML page or
 * a long body. Error answers of every call are read by it too.
 */
export function plainAnswer(text: string): string | null {
  const t = text.trim();
  if (!t || t.length > MAX_MESSAGE || /<[a-z!/][^>]*>/i.test(t)) return null;
  // A JSON string ("OK" from a server that wraps it) reads as its content.
  if (/^"[^"\\]*"$/.test(t)) return t.slice(1, -1).trim() || null;
  return t;
}

/**
 * The health an answer of the health check reports: any 2xx is healthy, a 5xx (the check failed, or a proxy found
 * the API down) unhealthy, anything else not known (the answer is about access or routing, not health).
 */
export function healthFromAnswer(status: number, statusText: string, body: string): Health {
  const words = plainAnswer(body);
  const statusLine = `${status}${statusText ? ` ${statusText}` : ''}`;
  if (status >= 200 && status < 300) return { state: 'healthy', message: words ?? 'OK' };
  if (status >= 500) return { state: 'unhealthy', message: words ? `${words} (${status})` : statusLine };
  return { state: 'unknown', message: words ? `${words} (${status})` : statusLine };
}

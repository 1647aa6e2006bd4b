// The About screen's facts: manifest, health and status of the API (/management/...).
import type { ManagementInfo, Result } from '../contract/index.ts';
import { HEALTH_CHECK_TIMEOUT_MS, healthFromAnswer, healthFromNoAnswer } from '../../core/health.ts';
import { anyObject, request, requestText, type HttpContext } from '../http.ts';

export async function management(ctx: HttpContext): Promise<Result<ManagementInfo>> {
  // A server whose database is down takes a minute to answer the status and the health check: the page waits for
  // none of them longer than a health check may take.
  const options = { timeoutMs: HEALTH_CHECK_TIMEOUT_MS };
  const [manifest, status, health] = await Promise.all([
    request(ctx, '/management/manifest', anyObject, options),
    request(ctx, '/management/status', anyObject, options),
    // Plain text ("OK", or "HEARTBEAT_STALE: <origin>" with a 503), not JSON: read by its status (src/core/health.ts).
    requestText(ctx, '/management/healthcheck', options),
  ]);
  // Nothing answered at all: that is an error, not an empty About page.
  if (!manifest.ok && !status.ok && !health.ok && manifest.error.kind === 'network') return manifest;
  return {
    ok: true,
    value: {
      manifest: manifest.ok ? manifest.value : null,
      status: status.ok ? (status.value as ManagementInfo['status']) : null,
      healthcheck: health.ok
        ? healthFromAnswer(health.value.status, health.value.statusText, health.value.text)
        : health.error.kind === 'aborted'
          ? null
          : health.error.kind === 'network' && health.error.noAnswer
            ? healthFromNoAnswer(HEALTH_CHECK_TIMEOUT_MS)
            : { state: 'unknown', message: health.error.message },
    },
  };
}

// The About screen's facts: manifest, health and status of the API (/management/...).
import type { ManagementInfo, Result } from '../contract/index.ts';
import { healthFromAnswer } from '../../core/health.ts';
import { anyObject, request, requestText, type HttpContext } from '../http.ts';

export async function management(ctx: HttpContext): Promise<Result<ManagementInfo>> {
  const [manifest, status, health] = await Promise.all([
    request(ctx, '/management/manifest', anyObject),
    request(ctx, '/management/status', anyObject),
    // Plain text ("OK", or "HEARTBEAT_STALE: <origin>" with a 503), not JSON: read by its status (src/core/health.ts).
    requestText(ctx, '/management/healthcheck'),
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
          : { state: 'unknown', message: health.error.message },
    },
  };
}

// The About screen's facts: manifest, health and status of the API (/management/...).
import type { ManagementInfo, Result } from '../contract/index.ts';
import { anyObject, isObj, request, type HttpContext } from '../http.ts';

export async function management(ctx: HttpContext): Promise<Result<ManagementInfo>> {
  const [manifest, status, health] = await Promise.all([
    request(ctx, '/management/manifest', anyObject),
    request(ctx, '/management/status', anyObject),
    request(ctx, '/management/healthcheck', (body) => (typeof body === 'string' ? body : isObj(body) ? 'OK' : null)),
  ]);
  // Nothing answered at all: that is an error, not an empty About page.
  if (!manifest.ok && !status.ok && !health.ok && manifest.error.kind === 'network') return manifest;
  return {
    ok: true,
    value: {
      manifest: manifest.ok ? manifest.value : null,
      status: status.ok ? (status.value as ManagementInfo['status']) : null,
      // A 503 with HEARTBEAT_STALE is an answer worth showing, not a failure.
      healthcheck: health.ok ? { ok: true, message: health.value } : health.error.code ? { ok: false, message: health.error.message } : null,
    },
  };
}

// Management endpoints: manifest, good-to-go, health check (503 while a heartbeat is stale), status metrics.
import type { Router } from '../http.ts';
import type { AppContext } from '../context.ts';
import { housekeeping } from '../alert-store/housekeeping.ts';

const VERSION = '9.1.0';
const TEXT_TYPE = 'text/html; charset=utf-8';

/**
 * The origin of the first heartbeat the real server's health check finds stale: silent for more than four times its
 * timeout, counted as Python's `timedelta.seconds` does (the seconds within the last day: a heartbeat silent for a day
 * and a minute counts as silent for a minute, as there).
 */
function staleHeartbeat(ctx: AppContext): string | null {
  const rows = ctx.db.prepare('SELECT origin, timeout, receive_time FROM heartbeats').all() as { origin: string; timeout: number; receive_time: string }[];
  const now = ctx.now().getTime();
  for (const h of rows) {
    const seconds = Math.floor((now - Date.parse(h.receive_time)) / 1000);
    const withinDay = ((seconds % 86_400) + 86_400) % 86_400;
    if (withinDay > h.timeout * 4) return h.origin;
  }
  return null;
}

export function registerManagementRoutes(r: Router): void {
  r.get('/management', { auth: 'none' }, ({ base }) => ({
    links: ['manifest', 'properties', 'gtg', 'healthcheck', 'status'].map((p) => ({ href: `${base}/management/${p}`, rel: p })),
    status: 'ok',
  }));

  r.get('/management/manifest', { auth: 'none' }, ({ ctx }) => ({
    build: 'DEMO',
    date: ctx.startedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    release: VERSION,
    revision: 'alerta-console-server',
  }));

  // Both answer plain text as the real server does ("OK", text/html), not JSON.
  r.get('/management/gtg', { auth: 'none' }, ({ ctx, reply }) => {
    ctx.db.prepare('SELECT 1').get();
    reply.header('content-type', TEXT_TYPE);
    return 'OK';
  });

  r.get('/management/healthcheck', { auth: 'none' }, ({ ctx, reply }) => {
    reply.header('content-type', TEXT_TYPE);
    try {
      ctx.db.prepare('SELECT 1').get();
      const stale = staleHeartbeat(ctx);
      if (stale) {
        reply.code(503);
        return `HEARTBEAT_STALE: ${stale}`;
      }
    } catch {
      reply.code(503);
      return 'HEALTH_CHECK_FAILED: Internal Error!';
    }
    return 'OK';
  });

  r.get('/management/status', { scope: 'read:management' }, ({ ctx }) => ({
    application: 'alerta',
    metrics: metrics(ctx),
    time: ctx.now().getTime(),
    uptime: ctx.now().getTime() - ctx.startedAt.getTime(),
    version: VERSION,
  }));

  // The real server's cron target: timeouts and expiry now (this server also runs them before every read of alerts).
  for (const method of ['get', 'post'] as const) {
    r[method]('/management/housekeeping', { scope: 'admin:management' }, ({ ctx }) => {
      const done = housekeeping(ctx);
      return { count: done.timedOut + done.expired, expired: done.ids.expired, status: 'ok', unack: done.ids.unack, unshelve: done.ids.unshelve };
    });
  }

  r.get('/management/properties', { scope: 'admin:management' }, ({ ctx }) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(ctx.settings)) out[k] = k === 'SECRET_KEY' ? '********' : v;
    return out;
  });
}

function metrics(ctx: AppContext): Record<string, unknown>[] {
  const total = (ctx.db.prepare('SELECT count(*) AS n FROM alerts').get() as { n: number }).n;
  const c = ctx.metrics.counters;
  const t = (name: string): { count: number; totalTime: number } => ctx.metrics.timers[name] ?? { count: 0, totalTime: 0 };
  const timer = (name: string, title: string, description: string): Record<string, unknown> => ({
    count: t(name).count, description, group: 'alerts', name, title, totalTime: t(name).totalTime, type: 'timer',
  });
  return [
    { description: 'Total number of alerts in the database', group: 'alerts', name: 'total', title: 'Total alerts', type: 'gauge', value: total },
    { count: c.blackout ?? 0, description: 'Total number of alerts suppressed by blackout period', group: 'alerts', name: 'blackout', title: 'Blackout alerts', type: 'counter' },
    { count: c.rejected ?? 0, description: 'Total number of alerts rejected by policy', group: 'alerts', name: 'rejected', title: 'Rejected alerts', type: 'counter' },
    timer('status', 'Alert status change', 'Total time and number of alerts with status changed'),
    timer('counts', 'Count alerts', 'Total time and number of count queries'),
    timer('tagged', 'Tagging alerts', 'Total time to tag number of alerts'),
    timer('untagged', 'Removing tags from alerts', 'Total time to un-tag and number of alerts'),
    timer('attributes', 'Alert attributes change', 'Total time and number of alerts with attributes changed'),
    timer('deleted', 'Deleted alerts', 'Total time and number of deleted alerts'),
    timer('received', 'Received alerts', 'Total time and number of received alerts'),
    timer('queries', 'Alert queries', 'Total time and number of alert queries'),
    { description: 'Allow consoles to auto-refresh alerts', group: 'switch', name: 'auto-refresh-allow', title: 'Alerta console auto-refresh', type: 'text', value: ctx.settings.AUTO_REFRESH_ALLOW ? 'ON' : 'OFF' },
    { description: 'Allow alerts to be submitted via the API', group: 'switch', name: 'sender-api-allow', title: 'API alert submission', type: 'text', value: ctx.settings.SENDER_API_ALLOW ? 'ON' : 'OFF' },
  ];
}

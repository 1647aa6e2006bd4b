// What every route and store function needs: the db, the settings, the alarm model and the clock.
import type { Db } from './db.ts';
import type { ServerSettings } from './settings.ts';
import type { AlarmModel } from './alert-rules.ts';
import type { Clock } from './time.ts';
import type { MailLog } from './mail.ts';

export interface Metrics {
  counters: Record<string, number>;
  timers: Record<string, { count: number; totalTime: number }>;
}

export interface AppContext {
  db: Db;
  settings: ServerSettings;
  model: AlarmModel;
  now: Clock;
  mail: MailLog;
  startedAt: Date;
  metrics: Metrics;
  /** set by the JWT module once the secret is known */
  jwtSecret: Uint8Array;
  /**
   * Tests only (StartOptions.oidcIssuer): the OpenID Connect issuer to use instead of the one the settings give, so a
   * provider on loopback can stand in for Cognito, Azure or Google, whose issuers are fixed addresses.
   */
  oidcIssuer?: string | null;
}

/** Who is calling, after authentication. */
export interface Caller {
  login: string | null;
  name: string | null;
  userId: string | null;
  email: string | null;
  roles: string[];
  groups: string[];
  scopes: string[];
  /** customers this caller may see; null = all */
  customers: string[] | null;
  authenticated: boolean;
  /** claims of the bearer token, when one was used */
  claims: Record<string, unknown> | null;
  viaKey: boolean;
}

export function modelFromSettings(s: ServerSettings): AlarmModel {
  return {
    severity: s.SEVERITY_MAP,
    normalSeverity: s.DEFAULT_NORMAL_SEVERITY,
    previousSeverity: s.DEFAULT_PREVIOUS_SEVERITY,
  };
}

export function timeMetric(ctx: AppContext, name: string, startedMs: number): void {
  const t = (ctx.metrics.timers[name] ??= { count: 0, totalTime: 0 });
  t.count++;
  t.totalTime += Math.round(performance.now() - startedMs);
}

export function countMetric(ctx: AppContext, name: string): void {
  ctx.metrics.counters[name] = (ctx.metrics.counters[name] ?? 0) + 1;
}

/** The server itself (health checks, housekeeping): sees every customer, acts as nobody. */
export const SYSTEM_CALLER: Caller = {
  login: null, name: null, userId: null, email: null, roles: [], groups: [], scopes: [], customers: null,
  authenticated: false, claims: null, viaKey: false,
};

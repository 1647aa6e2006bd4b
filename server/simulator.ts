// Keeps the demo alive: every few seconds it sends new alerts, repeats some, escalates or de-escalates some and
// clears some, like monitoring tools would. It only touches alerts it created (origin simulator/...), so the
// seeded facts stay as documented, and it deletes its own closed alerts after an hour to stay bounded.
import type { AppContext } from './context.ts';
import { parseIncomingAlert } from './alert-store/incoming.ts';
import { receiveAlert } from './alert-store/receive.ts';
import { iso, addSeconds } from './time.ts';

const POOL: { r: string; e: string; env: 'Production' | 'Development'; svc: string[]; grp: string; unit: string }[] = [
  { r: 'web11', e: 'HighLatency', env: 'Production', svc: ['Web'], grp: 'Performance', unit: 'ms' },
  { r: 'web12', e: 'Http5xxRate', env: 'Production', svc: ['Web'], grp: 'Availability', unit: '%' },
  { r: 'web13', e: 'HighCPU', env: 'Development', svc: ['Web', 'Platform'], grp: 'Performance', unit: '%' },
  { r: 'db11', e: 'SlowQuery', env: 'Production', svc: ['Database'], grp: 'Performance', unit: 's' },
  { r: 'db12', e: 'ConnectionsHigh', env: 'Development', svc: ['Database'], grp: 'Capacity', unit: '' },
  { r: 'pay11', e: 'TransactionErrors', env: 'Production', svc: ['Payments'], grp: 'Availability', unit: '%' },
  { r: 'cache11', e: 'EvictionRate', env: 'Production', svc: ['Cache'], grp: 'Performance', unit: '/s' },
  { r: 'k8s-node-11', e: 'PodCrashLoop', env: 'Production', svc: ['Platform'], grp: 'Availability', unit: ' restarts' },
  { r: 'k8s-node-12', e: 'DiskPressure', env: 'Development', svc: ['Platform'], grp: 'Capacity', unit: '%' },
  { r: 'sw-access-11', e: 'PacketLoss', env: 'Production', svc: ['Network'], grp: 'Network', unit: '%' },
  { r: 'mq11', e: 'QueueBacklog', env: 'Production', svc: ['Queue'], grp: 'Performance', unit: ' msgs' },
  { r: 'auth11', e: 'TokenErrors', env: 'Development', svc: ['Auth'], grp: 'Security', unit: '%' },
  { r: 'mon11', e: 'ScrapeFailed', env: 'Development', svc: ['Monitoring'], grp: 'Misc', unit: ' targets' },
];

const SEVERITIES = ['critical', 'major', 'minor', 'warning', 'informational'];

export interface Simulator {
  stop(): void;
  /** one step, exposed for tests */
  step(): void;
}

export function startSimulator(ctx: AppContext, intervalMs: number, random: () => number = Math.random): Simulator {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const send = (p: (typeof POOL)[number], severity: string): void => {
    const value = `${Math.round(random() * 100)}${p.unit}`;
    const inc = parseIncomingAlert(ctx, {
      resource: p.r, event: p.e, environment: p.env, severity, service: p.svc, group: p.grp, value,
      text: `${p.e} on ${p.r} is ${value}`, origin: `simulator/${p.env.toLowerCase()}`, tags: ['simulated'],
      attributes: { region: 'eu-west-1', runbookUrl: `https://runbooks.example.com/${p.e.toLowerCase()}` },
    });
    receiveAlert(ctx, inc, 'simulator', 'http://localhost/api');
  };
  const step = (): void => {
    const open = ctx.db
      .prepare("SELECT resource, event, environment, severity FROM alerts WHERE origin LIKE 'simulator/%' AND status IN ('open', 'ack')")
      .all() as { resource: string; event: string; environment: string; severity: string }[];
    const roll = random();
    const target = open.length ? pick(open) : null;
    const poolOf = (a: { resource: string; event: string }) => POOL.find((p) => p.r === a.resource && p.e === a.event);
    const tp = target ? poolOf(target) : undefined;
    if (target && tp && roll < 0.4) send(tp, target.severity);
    else if (target && tp && roll < 0.6) send(tp, pick(SEVERITIES.filter((s) => s !== target.severity)));
    else if (target && tp && roll < 0.75) send(tp, 'normal');
    else send(pick(POOL), pick(SEVERITIES));
    const hourAgo = iso(addSeconds(ctx.now(), -3600));
    ctx.db.prepare("DELETE FROM alerts WHERE origin LIKE 'simulator/%' AND status = 'closed' AND last_receive_time < ?").run(hourAgo);
  };
  const timer = setInterval(() => {
    try {
      step();
    } catch (e) {
      console.error('simulator step failed:', (e as Error).message);
    }
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer), step };
}

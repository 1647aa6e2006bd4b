// Demo data, written through the same code paths as the API so every row is something the real rules produce.
//
// Facts tests may rely on (seed 'demo', on an empty database; times relative to the server clock at start):
// - Users (password for all: DEMO_PASSWORD = 'alerta-demo'):
//     admin@alerta.dev    "Alerta Admin"   roles [admin] (also in ADMIN_USERS)       scopes admin read write
//     operator@alerta.dev "Olivia Operator" roles [user], member of group "sre-team"  scopes read write
//     viewer@alerta.dev   "Victor Viewer"   roles [guest]                             scopes from GUEST_DEFAULT_SCOPES (demo: read)
//     ops@acme.example    "Acme Ops"       roles [user], customer "Acme Corp" (customer mapping acme.example)
// - Customer "Acme Corp" matches acme.example. Group "sre-team" ("Site reliability engineers").
// - Customer "*" (every customer, as on the real server) matches operator@alerta.dev and viewer@alerta.dev, so the
//   demo's staff see all customers while a stranger who signs up sees none (CUSTOMER_VIEWS_UNMATCHED 'none').
// - API keys: DEMO_KEYS.readOnly (read:alerts, user viewer@alerta.dev), DEMO_KEYS.readWrite (read write, user admin@alerta.dev).
// - Environments Production and Development only. Services: Web, Database, Network, Payments, Platform, Cache,
//   Monitoring, Auth, Queue, Batch. Groups: Performance, Availability, Security, Capacity, Network, Misc.
// - Alerts (SEED_ALERTS below, 60 of them), among them:
//     web01 / HighCPU     Production  critical open, service [Web, Platform], duplicateCount 3, tags include watch:admin@alerta.dev
//     db01 / ReplicationLag Production critical open, previousSeverity warning → major → critical (two severity history entries)
//     web03 / NodeDown    Production  minor ack (acked by operator@alerta.dev with text "looking into it")
//     lb01 / ReplicationLag Production informational shelved
//     cache01 / CertExpiry Development normal closed (closed by action)
//     web02 / DiskFull    Production  major open, with two notes
//     web04 / ConfigDrift Production  warning open, text "<b>bold</b> config drift detected" (harmless HTML)
//     web05 / XssProbe    Development minor open, text "<img src=x onerror=alert(1)> probe blocked" (harmless HTML)
//     pay01..pay03         Payments alerts for customer "Acme Corp" (8 Acme alerts in all: every alert whose resource starts with pay or acme-)
//   Every alert has attributes.region and attributes.runbookUrl (an https URL); all severities appear.
// - Heartbeats: mon01/agent (ok), batch/cron (slow: latency above maxLatency), old-agent/01 (expired).
// - Blackouts: one active (Development, resource cache02), one pending (Production, db02 / NodeDown, starts in 30 days).
import type { AppContext, Caller } from './context.ts';
import { parseIncomingAlert } from './alert-store/incoming.ts';
import { receiveAlert } from './alert-store/receive.ts';
import { takeAction } from './alert-store/changes.ts';
import { addNote } from './alert-store/notes.ts';
import { hashPasswordCached, ensureSystemPerms } from './auth.ts';
import { createUser } from './routes/users.ts';
import { createGroup } from './routes/groups.ts';
import { createCustomer } from './routes/customers.ts';
import { createKey } from './routes/keys.ts';
import { createBlackout } from './routes/blackouts.ts';
import { upsertHeartbeat } from './routes/heartbeats.ts';
import { addSeconds } from './time.ts';
import { getMeta, setMeta } from './db.ts';

export const DEMO_PASSWORD = 'alerta-demo';

export const DEMO_USERS = [
  { name: 'Alerta Admin', login: 'admin@alerta.dev', roles: ['admin'], text: 'Demo administrator' },
  { name: 'Olivia Operator', login: 'operator@alerta.dev', roles: ['user'], text: 'NOC operator' },
  { name: 'Victor Viewer', login: 'viewer@alerta.dev', roles: ['guest'], text: 'Read-only wallboard user' },
  { name: 'Acme Ops', login: 'ops@acme.example', roles: ['user'], text: 'Operator at Acme Corp' },
] as const;

export const DEMO_KEYS = {
  readOnly: 'demo-read-only-key-for-viewer-000000000',
  readWrite: 'demo-read-write-key-for-admin-00000000',
};

type Spec = {
  r: string;
  e: string;
  env: 'Production' | 'Development';
  sev: string;
  svc: string[];
  grp: string;
  val: string;
  text?: string;
  origin?: string;
  tags?: string[];
  region?: string;
  customer?: string;
  correlate?: string[];
  /** severities received before the final one (each a correlation with a severity change) */
  before?: string[];
  dups?: number;
  action?: { action: string; text: string; user: string; timeout?: number };
  notes?: string[];
};

export const SEED_ALERTS: Spec[] = [
  { r: 'web01', e: 'HighCPU', env: 'Production', sev: 'critical', svc: ['Web', 'Platform'], grp: 'Performance', val: '97%', origin: 'prometheus/alertmanager', tags: ['dc1', 'linux', 'watch:admin@alerta.dev'], dups: 3 },
  { r: 'web02', e: 'DiskFull', env: 'Production', sev: 'major', svc: ['Web'], grp: 'Capacity', val: '91%', origin: 'nagios/mon01', notes: ['Rotated nginx logs, watching.', 'Ticket INC-1042 opened for a bigger volume.'] },
  { r: 'web03', e: 'NodeDown', env: 'Production', sev: 'minor', svc: ['Web'], grp: 'Availability', val: 'unreachable', origin: 'zabbix/zbx02', correlate: ['NodeDown', 'NodeUp'], action: { action: 'ack', text: 'looking into it', user: 'operator@alerta.dev' } },
  { r: 'web04', e: 'ConfigDrift', env: 'Production', sev: 'warning', svc: ['Web'], grp: 'Misc', val: '3 files', text: '<b>bold</b> config drift detected', origin: 'puppet/master' },
  { r: 'web05', e: 'XssProbe', env: 'Development', sev: 'minor', svc: ['Web', 'Auth'], grp: 'Security', val: '1 request', text: '<img src=x onerror=alert(1)> probe blocked', origin: 'waf/edge01' },
  { r: 'db01', e: 'ReplicationLag', env: 'Production', sev: 'critical', svc: ['Database'], grp: 'Performance', val: '95s', origin: 'prometheus/alertmanager', before: ['warning', 'major'] },
  { r: 'db02', e: 'SlowQuery', env: 'Production', sev: 'indeterminate', svc: ['Database'], grp: 'Performance', val: '2.3s', origin: 'cloudwatch/eu-west-1' },
  { r: 'db03', e: 'ConnectionsHigh', env: 'Production', sev: 'major', svc: ['Database', 'Platform'], grp: 'Capacity', val: '480/500', origin: 'prometheus/alertmanager', dups: 5 },
  { r: 'db01', e: 'BackupFailed', env: 'Development', sev: 'major', svc: ['Database'], grp: 'Availability', val: 'exit 2', origin: 'cron/backup01' },
  { r: 'db02', e: 'DeadlockDetected', env: 'Development', sev: 'warning', svc: ['Database'], grp: 'Performance', val: '4', origin: 'cloudwatch/eu-west-1' },
  { r: 'lb01', e: 'ReplicationLag', env: 'Production', sev: 'informational', svc: ['Network'], grp: 'Performance', val: '12s', origin: 'zabbix/zbx01', action: { action: 'shelve', text: 'known issue, vendor ticket open', user: 'operator@alerta.dev' } },
  { r: 'lb02', e: 'BackendDown', env: 'Production', sev: 'major', svc: ['Network', 'Web'], grp: 'Availability', val: '2/6 down', origin: 'haproxy/lb02' },
  { r: 'sw-core-1', e: 'PacketLoss', env: 'Production', sev: 'critical', svc: ['Network'], grp: 'Network', val: '12%', origin: 'snmp/poller01', dups: 2 },
  { r: 'sw-core-2', e: 'LinkFlap', env: 'Production', sev: 'warning', svc: ['Network'], grp: 'Network', val: '14 flaps', origin: 'snmp/poller01', before: ['minor', 'warning', 'minor'] },
  { r: 'fw01', e: 'PortScan', env: 'Production', sev: 'security', svc: ['Network'], grp: 'Security', val: '1,024 ports', origin: 'ids/suricata' },
  { r: 'vpn01', e: 'TunnelDown', env: 'Development', sev: 'major', svc: ['Network'], grp: 'Network', val: 'down', origin: 'snmp/poller02' },
  { r: 'pay01', e: 'MemoryHigh', env: 'Production', sev: 'critical', svc: ['Payments'], grp: 'Performance', val: '94%', origin: 'prometheus/alertmanager', customer: 'Acme Corp' },
  { r: 'pay02', e: 'TransactionErrors', env: 'Production', sev: 'major', svc: ['Payments'], grp: 'Availability', val: '2.1%', origin: 'datadog/monitor', customer: 'Acme Corp', dups: 1 },
  { r: 'pay03', e: 'SettlementDelay', env: 'Production', sev: 'minor', svc: ['Payments'], grp: 'Performance', val: '25min', origin: 'batch/scheduler', customer: 'Acme Corp' },
  { r: 'pay01', e: 'CertExpiry', env: 'Development', sev: 'warning', svc: ['Payments'], grp: 'Security', val: '12 days', origin: 'certwatch/scanner', customer: 'Acme Corp' },
  { r: 'acme-web01', e: 'HighLatency', env: 'Production', sev: 'major', svc: ['Web'], grp: 'Performance', val: '1.8s', origin: 'pingdom/check', customer: 'Acme Corp' },
  { r: 'acme-web01', e: 'Http5xxRate', env: 'Development', sev: 'warning', svc: ['Web'], grp: 'Availability', val: '3.4%', origin: 'pingdom/check', customer: 'Acme Corp' },
  { r: 'acme-db01', e: 'DiskFull', env: 'Production', sev: 'critical', svc: ['Database'], grp: 'Capacity', val: '96%', origin: 'nagios/mon02', customer: 'Acme Corp', action: { action: 'ack', text: 'extending volume', user: 'ops@acme.example' } },
  { r: 'acme-db01', e: 'BackupOk', env: 'Development', sev: 'ok', svc: ['Database'], grp: 'Availability', val: 'done', origin: 'cron/backup02', customer: 'Acme Corp' },
  { r: 'k8s-node-7', e: 'LoginFailures', env: 'Production', sev: 'critical', svc: ['Platform', 'Auth'], grp: 'Security', val: '57/min', origin: 'falco/k8s', action: { action: 'ack', text: 'security team notified', user: 'admin@alerta.dev' } },
  { r: 'k8s-node-3', e: 'PodCrashLoop', env: 'Production', sev: 'major', svc: ['Platform'], grp: 'Availability', val: '12 restarts', origin: 'kube-state-metrics', dups: 4 },
  { r: 'k8s-node-3', e: 'NodeNotReady', env: 'Development', sev: 'minor', svc: ['Platform'], grp: 'Availability', val: 'NotReady', origin: 'kube-state-metrics' },
  { r: 'k8s-api', e: 'CertExpiry', env: 'Production', sev: 'warning', svc: ['Platform', 'Auth'], grp: 'Security', val: '20 days', origin: 'certwatch/scanner' },
  { r: 'cache01', e: 'CertExpiry', env: 'Development', sev: 'security', svc: ['Cache'], grp: 'Performance', val: '115', origin: 'zabbix/zbx02', action: { action: 'close', text: 'fixed', user: 'admin@alerta.dev' } },
  { r: 'cache01', e: 'EvictionRate', env: 'Production', sev: 'minor', svc: ['Cache'], grp: 'Performance', val: '450/s', origin: 'prometheus/alertmanager' },
  { r: 'cache02', e: 'MemoryHigh', env: 'Development', sev: 'major', svc: ['Cache'], grp: 'Capacity', val: '88%', origin: 'prometheus/alertmanager' },
  { r: 'cache03', e: 'ReplicaMissing', env: 'Production', sev: 'unknown', svc: ['Cache'], grp: 'Availability', val: '?', origin: 'sentinel/cache' },
  { r: 'mon01', e: 'ScrapeFailed', env: 'Production', sev: 'debug', svc: ['Monitoring'], grp: 'Misc', val: '3 targets', origin: 'prometheus/self' },
  { r: 'mon02', e: 'RuleEvaluationSlow', env: 'Development', sev: 'trace', svc: ['Monitoring'], grp: 'Misc', val: '850ms', origin: 'prometheus/self' },
  { r: 'mon01', e: 'DiskFull', env: 'Development', sev: 'indeterminate', svc: ['Monitoring'], grp: 'Capacity', val: '79%', origin: 'nagios/mon01' },
  { r: 'mq01', e: 'QueueBacklog', env: 'Production', sev: 'major', svc: ['Queue'], grp: 'Performance', val: '18,340 msgs', origin: 'rabbitmq/mgmt', action: { action: 'ack', text: 'consumers scaled up', user: 'operator@alerta.dev', timeout: 7200 } },
  { r: 'mq02', e: 'ConsumerLag', env: 'Development', sev: 'warning', svc: ['Queue'], grp: 'Performance', val: '4,200', origin: 'kafka/burrow' },
  { r: 'mq01', e: 'NodeDown', env: 'Development', sev: 'critical', svc: ['Queue'], grp: 'Availability', val: 'down', origin: 'rabbitmq/mgmt', action: { action: 'shelve', text: 'dev broker rebuilt tonight', user: 'operator@alerta.dev', timeout: 14400 } },
  { r: 'auth01', e: 'ServiceDown', env: 'Production', sev: 'trace', svc: ['Auth'], grp: 'Availability', val: 'probe', origin: 'blackbox/probe' },
  { r: 'auth01', e: 'TokenErrors', env: 'Production', sev: 'minor', svc: ['Auth'], grp: 'Security', val: '0.7%', origin: 'datadog/monitor', before: ['major'] },
  { r: 'auth02', e: 'BruteForce', env: 'Development', sev: 'security', svc: ['Auth'], grp: 'Security', val: '320 attempts', origin: 'ids/suricata' },
  { r: 'batch01', e: 'JobFinished', env: 'Development', sev: 'ok', svc: ['Batch'], grp: 'Misc', val: '0', origin: 'batch/scheduler' },
  { r: 'batch02', e: 'JobFinished', env: 'Development', sev: 'cleared', svc: ['Batch'], grp: 'Misc', val: '0', origin: 'batch/scheduler' },
  { r: 'batch01', e: 'JobFailed', env: 'Production', sev: 'major', svc: ['Batch'], grp: 'Availability', val: 'exit 1', origin: 'batch/scheduler', dups: 2 },
  { r: 'batch03', e: 'JobSlow', env: 'Production', sev: 'informational', svc: ['Batch'], grp: 'Performance', val: '48min', origin: 'batch/scheduler' },
  { r: 'web02', e: 'NodeUp', env: 'Production', sev: 'normal', svc: ['Web'], grp: 'Availability', val: 'up', origin: 'nagios/mon01', correlate: ['NodeDown', 'NodeUp'] },
  { r: 'web06', e: 'Http5xxRate', env: 'Production', sev: 'major', svc: ['Web'], grp: 'Availability', val: '7.5%', origin: 'zabbix/zbx02', before: ['minor'] },
  { r: 'web07', e: 'TLSHandshakeErrors', env: 'Production', sev: 'warning', svc: ['Web', 'Network'], grp: 'Security', val: '140/min', origin: 'nginx/exporter' },
  { r: 'web01', e: 'HighCPU', env: 'Development', sev: 'major', svc: ['Web', 'Platform'], grp: 'Performance', val: '88%', origin: 'prometheus/alertmanager', tags: ['dc2', 'linux'] },
  { r: 'web01', e: 'MemoryLeak', env: 'Development', sev: 'informational', svc: ['Web'], grp: 'Performance', val: '+120MB/h', origin: 'prometheus/alertmanager' },
  { r: 'dns01', e: 'ResolutionFailures', env: 'Production', sev: 'minor', svc: ['Network'], grp: 'Network', val: '1.2%', origin: 'blackbox/probe' },
  { r: 'dns02', e: 'ZoneTransferFailed', env: 'Development', sev: 'normal', svc: ['Network'], grp: 'Network', val: 'ok', origin: 'bind/dns02' },
  { r: 'storage01', e: 'RaidDegraded', env: 'Production', sev: 'critical', svc: ['Platform'], grp: 'Availability', val: '1 disk failed', origin: 'ipmi/bmc', notes: ['Replacement disk ordered.'] },
  { r: 'storage02', e: 'IOPSHigh', env: 'Production', sev: 'warning', svc: ['Platform', 'Database'], grp: 'Performance', val: '18k', origin: 'cloudwatch/eu-west-1' },
  { r: 'search01', e: 'ClusterYellow', env: 'Production', sev: 'minor', svc: ['Platform'], grp: 'Availability', val: 'yellow', origin: 'elastic/monitor' },
  { r: 'search01', e: 'HeapPressure', env: 'Development', sev: 'warning', svc: ['Platform'], grp: 'Capacity', val: '82%', origin: 'elastic/monitor' },
  { r: 'cdn', e: 'OriginErrors', env: 'Production', sev: 'informational', svc: ['Web', 'Network'], grp: 'Availability', val: '0.3%', origin: 'cdn/logs' },
  { r: 'smtp01', e: 'QueueStuck', env: 'Production', sev: 'debug', svc: ['Platform'], grp: 'Misc', val: '12 msgs', origin: 'postfix/exporter' },
  { r: 'ntp01', e: 'ClockSkew', env: 'Development', sev: 'unknown', svc: ['Platform'], grp: 'Misc', val: '?', origin: 'chrony/exporter' },
  { r: 'sw-edge-4', e: 'PowerSupplyFailed', env: 'Production', sev: 'major', svc: ['Network'], grp: 'Availability', val: 'PSU2', origin: 'snmp/poller01', action: { action: 'close', text: 'PSU replaced', user: 'operator@alerta.dev' } },
];

const REGIONS = ['eu-west-1', 'us-east-1', 'ap-southeast-2'];

function callerFor(login: string): Caller {
  return {
    login, name: login, userId: null, email: login, roles: [], groups: [], scopes: ['admin', 'read', 'write'], customers: null,
    authenticated: false, claims: null, viaKey: false,
  };
}

/** Runs fn with the context clock fixed at `at`, so seeded rows get realistic, increasing times in the past. */
function at<T>(ctx: AppContext, time: Date, fn: () => T): T {
  const original = ctx.now;
  ctx.now = () => time;
  try {
    return fn();
  } finally {
    ctx.now = original;
  }
}

/** The demo users who see every customer: a customer mapping to '*' for each login. */
export const DEMO_STAFF = ['operator@alerta.dev', 'viewer@alerta.dev'];

/**
 * Gives the demo's staff their '*' customer mappings, once per database (also databases seeded before the
 * mappings existed, whose staff used to see everything through CUSTOMER_VIEWS_UNMATCHED 'all').
 */
function seedStaffCustomers(ctx: AppContext): void {
  if (getMeta(ctx.db, 'demo_staff_customers')) return;
  ctx.db.transaction(() => {
    for (const login of DEMO_STAFF) {
      const isDemoUser = ctx.db.prepare('SELECT 1 FROM users WHERE login = ?').get(login);
      if (isDemoUser && !ctx.db.prepare('SELECT 1 FROM customers WHERE match = ?').get(login)) createCustomer(ctx, '*', login);
    }
    setMeta(ctx.db, 'demo_staff_customers', '1');
  })();
}

export function seedUsers(ctx: AppContext): void {
  ensureSystemPerms(ctx);
  if ((ctx.db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n > 0) {
    seedStaffCustomers(ctx);
    return;
  }
  const hash = hashPasswordCached(DEMO_PASSWORD);
  ctx.db.transaction(() => {
    const ids: Record<string, string> = {};
    for (const u of DEMO_USERS) {
      ids[u.login] = createUser(ctx, { name: u.name, login: u.login, email: u.login, roles: [...u.roles], text: u.text, emailVerified: true }, hash);
    }
    createCustomer(ctx, 'Acme Corp', 'acme.example');
    const sre = createGroup(ctx, 'sre-team', 'Site reliability engineers');
    ctx.db.prepare('INSERT INTO group_users (group_id, user_id) VALUES (?, ?)').run(sre, ids['operator@alerta.dev']);
    const year = addSeconds(ctx.now(), 365 * 86400);
    createKey(ctx, { user: 'viewer@alerta.dev', scopes: ['read:alerts'], text: 'wallboard read-only key', expire: year, customer: null, key: DEMO_KEYS.readOnly });
    createKey(ctx, { user: 'admin@alerta.dev', scopes: ['read', 'write'], text: 'integration key', expire: year, customer: null, key: DEMO_KEYS.readWrite });
  })();
  seedStaffCustomers(ctx);
}

/** Fills an empty database with the demo alerts, heartbeats and blackouts. Times end a little before now. */
export function seedDemo(ctx: AppContext): void {
  seedUsers(ctx);
  if ((ctx.db.prepare('SELECT count(*) AS n FROM alerts').get() as { n: number }).n > 0) return;
  const end = ctx.now();
  const base = 'http://localhost/api';
  // spread the receives over the last two hours, oldest first
  let t = addSeconds(end, -2 * 3600);
  const step = Math.floor((2 * 3600 - 600) / (SEED_ALERTS.length * 2));
  const tick = (): Date => (t = addSeconds(t, step));
  ctx.db.transaction(() => {
    SEED_ALERTS.forEach((s, i) => {
      const send = (severity: string, value: string): void => {
        const inc = parseIncomingAlert(ctx, {
          resource: s.r, event: s.e, environment: s.env, severity, service: s.svc, group: s.grp, value,
          text: s.text ?? `${s.e} on ${s.r} (${s.env})`, origin: s.origin ?? 'demo/seed', type: 'exceptionAlert',
          tags: s.tags ?? [i % 2 ? 'dc2' : 'dc1', 'linux'], correlate: s.correlate ?? [], customer: s.customer ?? null,
          attributes: {
            region: s.region ?? REGIONS[i % REGIONS.length],
            runbookUrl: `https://runbooks.example.com/${s.e.toLowerCase()}`,
            ip: `10.0.${i % 4}.${10 + i}`,
          },
          rawData: JSON.stringify({ labels: { alertname: s.e, instance: s.r }, annotations: { summary: `${s.e} on ${s.r}` } }),
        });
        at(ctx, tick(), () => receiveAlert(ctx, inc, 'demo/seed', base));
      };
      for (const sev of s.before ?? []) send(sev, s.val);
      send(s.sev, s.val);
      for (let d = 0; d < (s.dups ?? 0); d++) send(s.sev, s.val);
    });
    // operator actions and notes happen after the receives
    for (const s of SEED_ALERTS) {
      if (!s.action && !s.notes) continue;
      const row = ctx.db
        .prepare('SELECT id FROM alerts WHERE resource = ? AND event = ? AND environment = ?')
        .get(s.r, s.e, s.env) as { id: string };
      if (s.action) {
        const a = s.action;
        at(ctx, tick(), () => takeAction(ctx, row.id, callerFor(a.user), a.action, a.text, a.timeout ?? null));
      }
      for (const n of s.notes ?? []) at(ctx, tick(), () => addNote(ctx, row.id, callerFor('operator@alerta.dev'), n, base));
    }
    at(ctx, addSeconds(end, -60), () =>
      upsertHeartbeat(ctx, { origin: 'mon01/agent', tags: ['dc1'], attributes: { environment: 'Production' }, type: 'Heartbeat', createTime: null, timeout: 300, customer: null }));
    at(ctx, addSeconds(end, -30), () =>
      upsertHeartbeat(ctx, { origin: 'batch/cron', tags: ['dc2'], attributes: { environment: 'Production' }, type: 'Heartbeat', createTime: addSeconds(end, -36), timeout: 600, customer: null }));
    at(ctx, addSeconds(end, -3600), () =>
      upsertHeartbeat(ctx, { origin: 'old-agent/01', tags: [], attributes: { environment: 'Development' }, type: 'Heartbeat', createTime: null, timeout: 120, customer: null }));
    at(ctx, addSeconds(end, -300), () => {
      createBlackout(ctx, {
        environment: 'Development', service: [], resource: 'cache02', event: null, group: null, tags: [], origin: null, customer: null,
        start: addSeconds(end, -300), end: addSeconds(end, 3 * 3600), duration: 3 * 3600 + 300, text: 'cache02 memory upgrade',
      }, 'admin@alerta.dev');
      createBlackout(ctx, {
        environment: 'Production', service: [], resource: 'db02', event: 'NodeDown', group: null, tags: [], origin: null, customer: null,
        start: addSeconds(end, 30 * 86400), end: addSeconds(end, 30 * 86400 + 4 * 3600), duration: 4 * 3600, text: 'planned db02 maintenance',
      }, 'admin@alerta.dev');
    });
  })();
}

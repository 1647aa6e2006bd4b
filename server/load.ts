// Synthetic load for benchmarks: inserts N realistic alerts (with their 'new' history entry) in one
// transaction with prepared statements. CLI: npm run load -- --alerts 100000 --data ./data-bench --fresh [--measure]
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb, closeDb, type Db } from './db.ts';
import { DEFAULT_SEVERITY_MAP } from './settings.ts';

export interface LoadOptions {
  /** clock for receive times (default now); alerts are spread over the `spreadHours` before it */
  now?: Date;
  spreadHours?: number;
  /** deterministic pseudo-random sequence */
  seed?: number;
  environments?: string[];
  severityMap?: Record<string, number>;
  /** the event of alert i (default: one of a dozen at random); a storm gives a few hundred of skewed sizes */
  eventOf?: (i: number) => string;
  /** every alert with this status (default: a realistic mix), and then none with the normal severity */
  status?: string;
}

const SERVICES = ['Web', 'Database', 'Network', 'Payments', 'Platform', 'Cache', 'Monitoring', 'Auth', 'Queue', 'Batch'];
const EVENTS = ['HighCPU', 'DiskFull', 'NodeDown', 'ReplicationLag', 'SlowQuery', 'PacketLoss', 'MemoryHigh', 'Http5xxRate', 'QueueBacklog', 'CertExpiry', 'PodCrashLoop', 'LoginFailures'];
const GROUPS = ['Performance', 'Availability', 'Security', 'Capacity', 'Network', 'Misc'];
// weights roughly like a busy production system: few criticals, many warnings and informational
const SEVERITIES: [string, number][] = [
  ['security', 1], ['critical', 6], ['major', 12], ['minor', 16], ['warning', 22], ['indeterminate', 4],
  ['informational', 14], ['normal', 12], ['debug', 5], ['trace', 3], ['unknown', 5],
];
const STATUSES: [string, number][] = [['open', 58], ['ack', 14], ['shelved', 5], ['closed', 23]];

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted(rand: () => number, table: [string, number][]): string {
  const total = table.reduce((n, [, w]) => n + w, 0);
  let x = rand() * total;
  for (const [v, w] of table) {
    x -= w;
    if (x < 0) return v;
  }
  return table[table.length - 1]![0];
}

/** Inserts n synthetic alerts; returns the time it took in milliseconds. */
export function loadSyntheticAlerts(db: Db, n: number, opts: LoadOptions = {}): { inserted: number; ms: number } {
  const started = performance.now();
  const rand = mulberry32(opts.seed ?? 42);
  const now = (opts.now ?? new Date()).getTime();
  const spreadMs = (opts.spreadHours ?? 24) * 3600_000;
  const envs = opts.environments ?? ['Production', 'Development'];
  const sevMap = opts.severityMap ?? DEFAULT_SEVERITY_MAP;
  const timeout = 30 * 86400;
  const insertAlert = db.prepare(
    `INSERT INTO alerts (id, resource, event, environment, severity, severity_code, correlate, status, service, grp, value, text,
       tags, attributes, origin, type, create_time, timeout, raw_data, customer, duplicate_count, repeat, previous_severity,
       trend_indication, receive_time, last_receive_id, last_receive_time, update_time, expire_at)
     VALUES (?, ?, ?, ?, ?, ?, '[]', ?, ?, ?, ?, ?, ?, ?, ?, 'exceptionAlert', ?, ?, NULL, NULL, ?, ?, 'indeterminate', ?, ?, ?, ?, ?, ?)`,
  );
  const insertHistory = db.prepare(
    `INSERT INTO history (alert_pk, id, event, severity, status, value, text, type, update_time, user, timeout)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'new', ?, 'loader', ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const id = randomUUID();
      const resource = `host-${String(Math.floor(rand() * Math.max(1000, n / 10))).padStart(5, '0')}`;
      const randomEvent = EVENTS[Math.floor(rand() * EVENTS.length)] as string;
      const event = opts.eventOf ? opts.eventOf(i) : randomEvent;
      const env = envs[Math.floor(rand() * envs.length)] as string;
      let severity = weighted(rand, SEVERITIES);
      let status = weighted(rand, STATUSES);
      if (opts.status) {
        status = opts.status;
        if (sevMap[severity] === sevMap.normal) severity = 'warning';
      } else {
        if (sevMap[severity] === sevMap.normal) status = 'closed';
        if (status === 'closed') severity = 'normal';
      }
      const svc = [SERVICES[Math.floor(rand() * SERVICES.length)] as string];
      if (rand() < 0.2) svc.push(SERVICES[Math.floor(rand() * SERVICES.length)] as string);
      const grp = GROUPS[Math.floor(rand() * GROUPS.length)] as string;
      const created = now - Math.floor(rand() * spreadMs);
      const last = Math.min(now, created + Math.floor(rand() * 600_000));
      const dup = rand() < 0.3 ? Math.floor(rand() * 20) + 1 : 0;
      const value = `${Math.floor(rand() * 100)}%`;
      const text = `${event} on ${resource} (${env})`;
      const createIso = new Date(created).toISOString();
      const lastIso = new Date(last).toISOString();
      const sevCode = sevMap[severity] ?? 99;
      const info = insertAlert.run(
        id, resource, event, env, severity, sevCode, status, JSON.stringify([...new Set(svc)]), grp, value, text,
        JSON.stringify(i % 7 === 0 ? ['dc1', 'linux'] : ['dc2']),
        JSON.stringify({ region: i % 2 ? 'eu-west-1' : 'us-east-1', runbookUrl: `https://runbooks.example.com/${event.toLowerCase()}` }),
        `loader/${env.toLowerCase()}`, createIso, timeout, dup, dup > 0 ? 1 : 0,
        sevCode < (sevMap.indeterminate ?? 5) ? 'moreSevere' : 'lessSevere',
        lastIso, id, lastIso, lastIso, new Date(last + timeout * 1000).toISOString(),
      );
      insertHistory.run(Number(info.lastInsertRowid), id, event, severity, status, value, text, createIso, timeout);
    }
  })();
  db.pragma('optimize');
  return { inserted: n, ms: Math.round(performance.now() - started) };
}

async function cli(argv: string[]): Promise<void> {
  let n = 100_000;
  let dataDir = path.resolve('data-bench');
  let fresh = false;
  let measure = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--alerts') n = Number(argv[++i]);
    else if (a === '--data') dataDir = path.resolve(String(argv[++i]));
    else if (a === '--fresh') fresh = true;
    else if (a === '--measure') measure = true;
    else {
      console.error(`unknown option ${a}\nUsage: npm run load -- --alerts N [--data DIR] [--fresh] [--measure]`);
      process.exit(2);
    }
  }
  if (!Number.isInteger(n) || n < 1) {
    console.error('--alerts must be a positive integer');
    process.exit(2);
  }
  const db = openDb(dataDir, { fresh });
  const { ms } = loadSyntheticAlerts(db, n, { seed: Date.now() & 0xffff });
  const total = (db.prepare('SELECT count(*) AS n FROM alerts').get() as { n: number }).n;
  closeDb(db);
  console.log(`inserted ${n} alerts in ${ms} ms (${Math.round(n / (ms / 1000))}/s); ${total} alerts in ${path.join(dataDir, 'alerta.sqlite')}`);
  if (!measure) return;
  const { startServer } = await import('./start.ts');
  const server = await startServer({ dataDir, seed: 'none', settings: { AUTH_REQUIRED: false } });
  const queries = [
    '/alerts?status=open&status=ack&sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=50',
    '/alerts?status=open&status=ack&sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=20',
    '/alerts?status=open&status=ack&sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=200',
    '/alerts?environment=Production&status=open&status=ack&sort-by=severity&sort-by=lastReceiveTime&page=10&page-size=50',
    '/alerts?sort-by=-lastReceiveTime&page-size=50',
    '/environments?status=open&status=ack',
    '/alerts/count',
    '/alerts?q=resource:host-0001*&page-size=50',
    '/alerts?q=text:/disk.*full/&page-size=50',
  ];
  for (const q of queries) {
    const times: number[] = [];
    for (let i = 0; i < 6; i++) {
      const t = performance.now();
      const res = await fetch(`${server.apiUrl}${q}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${q} → ${res.status}`);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`${q}\n   median ${times[3]!.toFixed(1)} ms, best ${times[0]!.toFixed(1)} ms`);
  }
  await server.close();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cli(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}

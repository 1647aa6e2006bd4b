// `npm run bench -- --soak MINUTES`: a wall display left open. One /alerts page of the built console,
// served by server/ with the demo seed and its simulator stepping every 500 ms, plus alerts with fresh ids arriving
// and being deleted (so rows keep leaving the page for good), at a short refresh interval. Every sample (a minute by
// default): the page's and the data worker's JS heap after a forced GC (each through its own DevTools target), DOM
// nodes and listeners, polls made, missed cycles, long tasks, and what the console keeps in IndexedDB. The growth per
// hour is the slope of the samples after the warm-up (the first two minutes).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../server/start.ts';
import { round } from './stats.ts';

export interface SoakOptions {
  minutes: number;
  warmupMinutes: number;
  intervalMs: number;
  sampleSeconds: number;
  snapshotsDir: string | null;
  /** a fresh alert every this many ms (FRESH_ALERT_EVERY_MS unless given: faster churn shows id-keyed growth sooner) */
  freshAlertEveryMs?: number;
  /** with snapshotsDir, also snapshot at these minutes (beside the warm-up's end and the soak's end) */
  snapshotsAt?: readonly number[];
  /** the page script installed before the console's own (tests/bench/page-probe.js) */
  probe: string;
  viewport: { width: number; height: number };
  log: (message: string) => void;
}

/** The simulator's step: new alerts, repeats, escalations and clears of its own pool. */
export const SIMULATOR_STEP_MS = 500;
/** A new alert with an id never seen before arrives this often... */
export const FRESH_ALERT_EVERY_MS = 5_000;
/** ...and the oldest of them is deleted when more than this many are there: rows that leave the page for good. */
export const FRESH_ALERTS_KEPT = 8;
/** How long after a poll's answer reached the page a sample starts (the worker's cache write is done by then). */
const AFTER_POLL_MS = 150;
/**
 * Samples before this are the warm-up (compiled code, caches filling, React's second fibre per row): two
 * minutes by default, --soak-warmup to change it.
 */
export const WARMUP_MINUTES = 2;

/** A wall display's yardstick: heap growth after GC from this minute to the soak's end (V8 has compiled by then)... */
export const LATE_FROM_MINUTE = 60;
/** ...at most this share of the heap at that minute per 10 minutes, page and worker alike. */
export const LATE_GROWTH_BUDGET_PCT = 0.5;
/** The late figure needs at least this many minutes of samples after LATE_FROM_MINUTE to say anything. */
export const LATE_MIN_SPAN_MINUTES = 20;

/** The soak's named figures (null: the soak was too short to measure it). */
export interface SoakFigures {
  /** page heap after GC, least-squares growth from minute 60 to the end, % of the minute-60 heap per 10 minutes */
  'soak.pageGrowthPctPer10MinAfter60': number | null;
  /** the same for the data worker */
  'soak.workerGrowthPctPer10MinAfter60': number | null;
}

export interface IdbFigures {
  /** navigator.storage.estimate(): the origin's whole usage (the service worker's precache included) */
  usageBytes: number | null;
  /** Chromium's usageDetails.indexedDB (on-disk, LevelDB: compaction makes it move in steps) */
  indexedDbBytes: number | null;
  /** the console's own database, store by store: rows and the JSON length of their values */
  stores: Record<string, { rows: number; jsonBytes: number }>;
  /** kv rows holding one alert's detail copy (alert:<id>) */
  alertDetailRows: number;
}

export interface SoakSample {
  /** minutes since the first row showed */
  minute: number;
  pageHeapMiB: number;
  workerHeapMiB: number | null;
  /** Memory.getDOMCounters after the GC */
  domNodes: number;
  jsEventListeners: number;
  /** elements in the document */
  domElements: number;
  rows: number;
  /** GET /api/alerts received by the server since the start */
  polls: number;
  /** good polls the page heard of since the previous sample, and cycles missed between them */
  pollsSeen: number;
  missedCycles: number;
  /** main-thread tasks over 50 ms since the start (the soak's own measuring left out) */
  longTasks: number;
  /** their durations */
  longTaskMs: number[];
  /** patches that said the view was not live (stale, offline) since the start */
  notLive: number;
  idb: IdbFigures;
  /** the machine's load average over the last minute (os.loadavg), at the sample: the machine is shared */
  load1?: number;
}

export interface Growth {
  /** least-squares slope of the samples after the warm-up, in the figure's unit per hour */
  perHour: number;
  /** the same as a share of the first sample after the warm-up, per 10 minutes */
  pctPer10Min: number;
  /** samples the slope was fitted to */
  samples: number;
}

export interface SoakVerdict {
  budget: string;
  value: string;
  verdict: 'met' | 'missed' | 'not measured';
}

export interface SoakDocument {
  generatedAt: string;
  options: { minutes: number; warmupMinutes: number; intervalMs: number; sampleSeconds: number; simulatorStepMs: number; freshAlertEveryMs: number; freshAlertsKept: number; viewport: { width: number; height: number } };
  samples: SoakSample[];
  growth: {
    pageHeap: Growth | null;
    workerHeap: Growth | null;
    domNodes: Growth | null;
    /** the same over the second half of the soak (V8 compiles hot code for the first ten minutes or so) */
    pageHeapLate: Growth | null;
    workerHeapLate: Growth | null;
  };
  /** the figures with a budget beside the per-sample table (LATE_FROM_MINUTE on) */
  figures: SoakFigures;
  /** heap snapshots after the warm-up and at the end, summarised by kind */
  heapByKind: Record<'page' | 'worker', Partial<Record<'warmup' | 'end', HeapByKind>>>;
  totals: {
    polls: number;
    pollsSeen: number;
    missedCycles: number;
    longTasks: number;
    /** what each long task ran, from the Long Animation Frames API */
    longTaskScripts: string[];
    notLive: number;
    freshAlerts: number;
    snapshots: string[];
  };
  budgets: SoakVerdict[];
}

// ---- figures (pure, unit-tested) ----------------------------------------------------------------------------------

/**
 * Growth of one figure after the warm-up: the least-squares slope over the samples from `warmupMinutes` on, per hour,
 * and relative to the first of those samples per 10 minutes. Null with fewer than two samples after the warm-up.
 */
export function growthAfterWarmup(points: readonly { minute: number; value: number | null }[], warmupMinutes = WARMUP_MINUTES): Growth | null {
  const used = points.filter((p): p is { minute: number; value: number } => p.minute >= warmupMinutes && p.value !== null && Number.isFinite(p.value));
  if (used.length < 2) return null;
  const n = used.length;
  const mx = used.reduce((s, p) => s + p.minute, 0) / n;
  const my = used.reduce((s, p) => s + p.value, 0) / n;
  const sxx = used.reduce((s, p) => s + (p.minute - mx) ** 2, 0);
  if (sxx === 0) return null;
  const perMinute = used.reduce((s, p) => s + (p.minute - mx) * (p.value - my), 0) / sxx;
  const base = used[0]!.value;
  return { perHour: perMinute * 60, pctPer10Min: base > 0 ? ((perMinute * 10) / base) * 100 : Number.NaN, samples: n };
}

/**
 * Growth from LATE_FROM_MINUTE to the end (least squares, % of the first sample from that minute per 10 minutes), or
 * null when the samples after that minute span less than LATE_MIN_SPAN_MINUTES.
 */
export function lateGrowthPct(points: readonly { minute: number; value: number | null }[]): number | null {
  const used = points.filter((p) => p.minute >= LATE_FROM_MINUTE && p.value !== null);
  if (used.length < 2 || used[used.length - 1]!.minute - used[0]!.minute < LATE_MIN_SPAN_MINUTES) return null;
  const g = growthAfterWarmup(used, LATE_FROM_MINUTE);
  return g && Number.isFinite(g.pctPer10Min) ? g.pctPer10Min : null;
}

/**
 * Cycles missed between good polls: with polls `intervalMs` apart (plus the cycle's own time), a gap of more than two
 * intervals means a cycle that should have answered did not; a gap of k intervals counts k − 1 missed. `previous` is
 * the last poll time of the sample before, so a gap across two samples counts too.
 */
export function missedCycles(times: readonly number[], intervalMs: number, previous: number | null = null): number {
  let missed = 0;
  let last = previous;
  for (const t of times) {
    if (last !== null) {
      const gap = t - last;
      if (gap > 2 * intervalMs) missed += Math.round(gap / intervalMs) - 1;
    }
    last = t;
  }
  return missed;
}

/**
 * The long tasks of the console after `since`, leaving out those that began within a window in which the soak
 * measured (a forced GC or a heap snapshot blocks the main thread by itself).
 */
export function consoleLongTasks<T extends { start: number; duration: number }>(tasks: readonly T[], measuring: readonly [number, number][], since: number): T[] {
  return tasks.filter((t) => t.start >= since && !measuring.some(([a, b]) => t.start >= a && t.start <= b));
}

/** A long animation frame as the page probe keeps it. */
export interface LongFrame {
  start: number;
  duration: number;
  scripts: { invoker: string; fn: string; url: string; at: number; ms: number }[];
}

/** "93 ms: 61 ms in TimerHandler:setInterval (index-abc.js:1234)..." from the frame that holds the task. */
export function describeLongTask(task: { start: number; duration: number }, frames: readonly LongFrame[]): string {
  const frame = frames.find((f) => task.start >= f.start - 1 && task.start <= f.start + f.duration);
  const head = `${Math.round(task.duration)} ms`;
  if (!frame) return `${head}: no frame recorded`;
  const scripts = [...frame.scripts].sort((a, b) => b.ms - a.ms).slice(0, 3);
  if (scripts.length === 0) return `${head}: no script (style, layout, paint or garbage collection)`;
  const file = (url: string) => url.split('/').pop() || url || '?';
  return `${head}: ${scripts.map((x) => `${x.ms} ms in ${x.invoker}${x.fn ? ` ${x.fn}` : ''} (${file(x.url)}:${x.at})`).join('; ')}`;
}

/** The soak's budgets, judged on a soak's samples (they are set for 20 minutes at a 1 s interval). */
export function soakVerdicts(doc: Pick<SoakDocument, 'samples' | 'growth' | 'totals' | 'options' | 'figures'>): SoakVerdict[] {
  const heap = (name: string, g: Growth | null): SoakVerdict =>
    g === null
      ? { budget: `${name} heap growth after the warm-up at most 1 % per 10 minutes`, value: 'too few samples', verdict: 'not measured' }
      : {
          budget: `${name} heap growth after the warm-up at most 1 % per 10 minutes`,
          value: `${fmtSigned(g.pctPer10Min)} % per 10 min (${fmtSigned(g.perHour)} MiB/h, ${g.samples} samples)`,
          verdict: g.pctPer10Min <= 1 ? 'met' : 'missed',
        };
  const after = doc.samples.filter((s) => s.minute >= doc.options.warmupMinutes);
  const elements = after.map((s) => s.domElements);
  const domVerdict: SoakVerdict =
    after.length < 2
      ? { budget: 'DOM constant after the warm-up', value: 'too few samples', verdict: 'not measured' }
      : {
          budget: 'DOM constant after the warm-up',
          value: `${Math.min(...elements)}–${Math.max(...elements)} elements, ${Math.min(...after.map((s) => s.domNodes))}–${Math.max(...after.map((s) => s.domNodes))} nodes`,
          verdict: domSteady(after) ? 'met' : 'missed',
        };
  const late = (name: string, pct: number | null): SoakVerdict => ({
    budget: `${name} heap growth from minute ${LATE_FROM_MINUTE} to the end at most ${LATE_GROWTH_BUDGET_PCT} % per 10 minutes`,
    value: pct === null ? `soak shorter than ${LATE_FROM_MINUTE + LATE_MIN_SPAN_MINUTES} minutes` : `${fmtSigned(pct)} % per 10 min`,
    verdict: pct === null ? 'not measured' : pct <= LATE_GROWTH_BUDGET_PCT ? 'met' : 'missed',
  });
  return [
    heap('page', doc.growth.pageHeap),
    heap('worker', doc.growth.workerHeap),
    late('page', doc.figures['soak.pageGrowthPctPer10MinAfter60']),
    late('worker', doc.figures['soak.workerGrowthPctPer10MinAfter60']),
    domVerdict,
    { budget: 'no long tasks', value: String(doc.totals.longTasks), verdict: doc.totals.longTasks === 0 ? 'met' : 'missed' },
    { budget: 'no missed cycles', value: `${doc.totals.missedCycles} of ${doc.totals.pollsSeen + doc.totals.missedCycles}`, verdict: doc.totals.missedCycles === 0 ? 'met' : 'missed' },
  ];
}

/**
 * The DOM counts as constant when the elements do not grow: the rows' content changes (a tag, a note icon) move the
 * count by a few, so the last sample may differ from the first after the warm-up by at most 2 % and no trend.
 */
function domSteady(after: readonly SoakSample[]): boolean {
  const first = after[0]!.domElements;
  const last = after[after.length - 1]!.domElements;
  return Math.abs(last - first) <= Math.max(5, first * 0.02);
}

/**
 * What the program kept, without the code V8 compiled meanwhile: strings and objects of the snapshot after the
 * warm-up and at the end, as a share of the heap after the warm-up, per 10 minutes.
 */
export function dataGrowthPctPer10Min(doc: Pick<SoakDocument, 'heapByKind' | 'samples' | 'options'>, name: 'page' | 'worker'): number | null {
  const { warmup, end } = doc.heapByKind[name];
  const first = doc.samples.find((s) => s.minute >= doc.options.warmupMinutes);
  const last = doc.samples[doc.samples.length - 1];
  const base = name === 'page' ? first?.pageHeapMiB : first?.workerHeapMiB;
  if (!warmup || !end || !first || !last || !base || last.minute <= first.minute) return null;
  const grown = end.strings + end.objects - (warmup.strings + warmup.objects);
  return (grown / (base * 1048576) / (last.minute - first.minute)) * 10 * 100;
}

/**
 * The soak as Markdown, for docs: the samples every `everyMinutes` (and the last), then the growth figures and the
 * budgets. Long tasks and missed cycles are those since the row before.
 */
export function soakMarkdown(doc: Pick<SoakDocument, 'samples' | 'figures' | 'growth' | 'budgets'> & { machine?: { loadAverage?: { start: number; end: number } } }, everyMinutes = 10): string {
  const picked: SoakSample[] = [];
  let next = 0;
  doc.samples.forEach((s, i) => {
    const last = i === doc.samples.length - 1;
    if (s.minute + 1e-6 >= next || last) {
      picked.push(s);
      while (next <= s.minute + 1e-6) next += everyMinutes;
    }
  });
  const out = [
    '| minute | page heap MiB | worker heap MiB | DOM elements | DOM nodes | polls | missed cycles | long tasks | load average |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  let missed = 0;
  let prevLong = 0;
  let at = 0;
  for (const s of picked) {
    // missed cycles of every sample since the row before
    while (at < doc.samples.length && doc.samples[at]!.minute <= s.minute) missed += doc.samples[at++]!.missedCycles;
    out.push(
      `| ${Math.round(s.minute)} | ${s.pageHeapMiB.toFixed(2)} | ${s.workerHeapMiB === null ? '–' : s.workerHeapMiB.toFixed(2)} | ${s.domElements} | ${s.domNodes} | ${s.polls} | ${missed} | ${s.longTasks - prevLong} | ${s.load1 === undefined ? '–' : s.load1.toFixed(1)} |`,
    );
    missed = 0;
    prevLong = s.longTasks;
  }
  const pct = (v: number | null | undefined) => (v === null || v === undefined ? 'not measured' : `${fmtSigned(v)} % per 10 min`);
  out.push(
    '',
    `- \`soak.pageGrowthPctPer10MinAfter60\`: ${pct(doc.figures?.['soak.pageGrowthPctPer10MinAfter60'])}; \`soak.workerGrowthPctPer10MinAfter60\`: ${pct(doc.figures?.['soak.workerGrowthPctPer10MinAfter60'])} (budget ${LATE_GROWTH_BUDGET_PCT} %)`,
  );
  if (doc.growth.pageHeapLate) out.push(`- second half of the soak: page ${pct(doc.growth.pageHeapLate.pctPer10Min)}, worker ${pct(doc.growth.workerHeapLate?.pctPer10Min)}`);
  out.push('', '| budget | verdict | value |', '|---|---|---|', ...doc.budgets.map((b) => `| ${b.budget} | ${b.verdict} | ${b.value} |`));
  return out.join('\n');
}

/** The terminal table: one line per sample, then the growth and the budgets. */
export function formatSoak(doc: SoakDocument): string {
  const head = ['minute', 'page heap MiB', 'worker heap MiB', 'DOM elements', 'DOM nodes', 'listeners', 'rows', 'polls', 'missed', 'long tasks', 'IndexedDB rows', 'IndexedDB JSON KiB', 'load'];
  const rows = doc.samples.map((s) => [
    String(s.minute),
    s.pageHeapMiB.toFixed(2),
    s.workerHeapMiB === null ? '–' : s.workerHeapMiB.toFixed(2),
    String(s.domElements),
    String(s.domNodes),
    String(s.jsEventListeners),
    String(s.rows),
    String(s.polls),
    String(s.missedCycles),
    String(s.longTasks),
    String(Object.values(s.idb.stores).reduce((n, st) => n + st.rows, 0)),
    (Object.values(s.idb.stores).reduce((n, st) => n + st.jsonBytes, 0) / 1024).toFixed(1),
    s.load1 === undefined ? '–' : s.load1.toFixed(2),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join('  ');
  const out = [line(head), ...rows.map(line), ''];
  const g = (name: string, growth: Growth | null, unit: string) =>
    `${name}: ${growth ? `${fmtSigned(growth.perHour)} ${unit}/h after the warm-up (${fmtSigned(growth.pctPer10Min)} % per 10 min)` : 'too few samples after the warm-up'}`;
  out.push(g('page heap', doc.growth.pageHeap, 'MiB'), g('worker heap', doc.growth.workerHeap, 'MiB'), g('DOM nodes', doc.growth.domNodes, 'nodes'));
  const late = (name: string, growth: Growth | null) =>
    growth ? [`${name}, second half only: ${fmtSigned(growth.perHour)} MiB/h (${fmtSigned(growth.pctPer10Min)} % per 10 min)`] : [];
  out.push(...late('page heap', doc.growth.pageHeapLate), ...late('worker heap', doc.growth.workerHeapLate));
  for (const name of ['page', 'worker'] as const) {
    const { warmup, end } = doc.heapByKind[name];
    if (!warmup || !end) continue;
    const parts = (['code', 'strings', 'objects', 'native'] as const).map((k) => `${k} ${fmtSigned((end[k] - warmup[k]) / 1024)} KiB`);
    out.push(`${name} heap snapshots, minute ${doc.options.warmupMinutes} → end (self sizes): ${parts.join(', ')}`);
    const data = dataGrowthPctPer10Min(doc, name);
    if (data !== null) out.push(`  ${name} data (strings and objects, compiled code left out): ${fmtSigned(data)} % of the heap per 10 min`);
  }
  const last = doc.samples[doc.samples.length - 1];
  if (last) {
    const stores = Object.entries(last.idb.stores).map(([name, s]) => `${name} ${s.rows} rows / ${(s.jsonBytes / 1024).toFixed(1)} KiB`).join(', ');
    out.push(`IndexedDB at the end: ${stores}; ${last.idb.alertDetailRows} alert detail copies; estimate ${kib(last.idb.indexedDbBytes)} IndexedDB, ${kib(last.idb.usageBytes)} in all`);
  }
  for (const task of doc.totals.longTaskScripts) out.push(`long task ${task}`);
  out.push(`polls: ${doc.totals.polls} received by the server, ${doc.totals.pollsSeen} answered to the page, ${doc.totals.missedCycles} missed; ${doc.totals.freshAlerts} fresh alerts sent`, '');
  out.push('budgets (growth after the warm-up: set for a 20-minute soak at a 1 s interval; from minute 60: a wall display left for days)');
  const w = Math.max(...doc.budgets.map((b) => b.budget.length));
  for (const b of doc.budgets) out.push(`  ${b.budget.padEnd(w)}  ${b.verdict.toUpperCase()}  (${b.value})`);
  return out.join('\n');
}

const kib = (bytes: number | null) => (bytes === null ? '?' : `${(bytes / 1024).toFixed(0)} KiB`);
const fmtSigned = (n: number) => (Number.isFinite(n) ? `${n >= 0 ? '+' : ''}${Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2)}` : '?');

// ---- the worker's own DevTools target -------------------------------------------------------------------------------

/** Just what the soak sends to a DevTools target: the page's session, or the worker's reached through it. */
export interface Target {
  send(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  on(event: string, handler: (params: Record<string, unknown>) => void): void;
  off(event: string, handler: (params: Record<string, unknown>) => void): void;
}

function pageTarget(cdp: CDPSession): Target {
  return {
    send: (method, params) => cdp.send(method as never, params as never) as Promise<Record<string, unknown>>,
    on: (event, handler) => cdp.on(event as never, handler as never),
    off: (event, handler) => cdp.off(event as never, handler as never),
  };
}

/**
 * The data worker's DevTools target, attached through the page's session (Target.setAutoAttach, not flattened:
 * Playwright's CDPSession cannot address a child session, so messages travel in Target.sendMessageToTarget).
 */
export async function workerTarget(cdp: CDPSession, log: (m: string) => void): Promise<Target | null> {
  const attached = new Promise<string | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), 10_000);
    cdp.on('Target.attachedToTarget', (e) => {
      if (e.targetInfo.type !== 'worker') return;
      clearTimeout(timer);
      resolve(e.sessionId);
    });
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const sessionId = await attached;
  if (!sessionId) {
    log('no dedicated worker target found: the worker heap is not measured');
    return null;
  }
  let next = 0;
  const pending = new Map<number, { resolve: (v: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, Set<(params: Record<string, unknown>) => void>>();
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    if (e.sessionId !== sessionId) return;
    const message = JSON.parse(e.message) as { id?: number; result?: Record<string, unknown>; error?: { message: string }; method?: string; params?: Record<string, unknown> };
    if (message.id !== undefined) {
      const p = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) p?.reject(new Error(message.error.message));
      else p?.resolve(message.result ?? {});
    } else if (message.method) for (const h of listeners.get(message.method) ?? []) h(message.params ?? {});
  });
  return {
    send(method, params = {}) {
      const id = ++next;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
      });
    },
    on(event, handler) {
      const set = listeners.get(event) ?? new Set();
      set.add(handler);
      listeners.set(event, set);
    },
    off(event, handler) {
      listeners.get(event)?.delete(handler);
    },
  };
}

export async function heapAfterGc(target: Target): Promise<number> {
  await target.send('HeapProfiler.collectGarbage');
  await target.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await target.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usedSize;
}

/** Self sizes of a heap snapshot by kind: compiled code apart from the objects and strings the program keeps. */
export interface HeapByKind {
  /** bytecode, optimised code and their metadata: V8 compiles hot functions for a while after start */
  code: number;
  strings: number;
  /** objects, arrays, closures, numbers and the rest of the JS heap */
  objects: number;
  /** DOM and other browser (C++) objects the snapshot shows; most live outside the JS heap figure */
  native: number;
}

export function heapByKind(snapshot: { snapshot: { meta: { node_fields: string[]; node_types: unknown[] } }; nodes: number[] }): HeapByKind {
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0] as string[];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  const out: HeapByKind = { code: 0, strings: 0, objects: 0, native: 0 };
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const type = types[snapshot.nodes[i + typeAt]!];
    const size = snapshot.nodes[i + sizeAt]!;
    if (type === 'code') out.code += size;
    else if (type === 'string' || type === 'concatenated string' || type === 'sliced string') out.strings += size;
    else if (type === 'native') out.native += size;
    else out.objects += size;
  }
  return out;
}

/** A heap snapshot of the target (after a GC), summarised by kind, and written to `file` when given. */
async function heapSnapshot(target: Target, file: string | null): Promise<HeapByKind> {
  const chunks: string[] = [];
  const onChunk = (p: Record<string, unknown>) => void chunks.push(p.chunk as string);
  target.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await target.send('HeapProfiler.collectGarbage');
    await target.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    target.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  const text = chunks.join('');
  if (file) writeFileSync(file, text);
  return heapByKind(JSON.parse(text) as Parameters<typeof heapByKind>[0]);
}

// ---- the run ------------------------------------------------------------------------------------------------------

/** What the console keeps in IndexedDB, read from the page (the worker's database, opened without a version change). */
async function idbFigures(page: Page): Promise<IdbFigures> {
  return page.evaluate(async () => {
    const estimate = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: { indexedDB?: number } };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('alerta-console');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const stores: Record<string, { rows: number; jsonBytes: number }> = {};
    let alertDetailRows = 0;
    try {
      for (const name of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(name, 'readonly').objectStore(name).getAll();
          req.onsuccess = () => resolve(req.result as unknown[]);
          req.onerror = () => reject(req.error);
        });
        stores[name] = { rows: values.length, jsonBytes: values.reduce<number>((n, v) => n + JSON.stringify(v).length, 0) };
        if (name === 'kv') alertDetailRows = values.filter((v) => String((v as { key?: unknown }).key).startsWith('alert:')).length;
      }
    } finally {
      db.close();
    }
    return { usageBytes: estimate.usage ?? null, indexedDbBytes: estimate.usageDetails?.indexedDB ?? null, stores, alertDetailRows };
  });
}

/** A new alert with an id never seen before (severity high enough to reach the first page); the oldest such goes. */
function freshAlerts(server: RunningServer, everyMs: number, log: (m: string) => void) {
  const live: string[] = [];
  let sent = 0;
  const severities = ['critical', 'major', 'minor', 'warning'];
  const tick = async () => {
    try {
      const n = ++sent;
      const res = await fetch(`${server.apiUrl}/alert`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          resource: `soak-${n}`,
          event: 'SoakChurn',
          environment: 'Production',
          severity: severities[n % severities.length],
          service: ['Web'],
          group: 'Performance',
          value: String(n),
          text: `fresh alert ${n} of the soak`,
          origin: 'bench/soak',
          tags: ['soak'],
        }),
      });
      const body = (await res.json()) as { id?: string };
      if (body.id) live.push(body.id);
      while (live.length > FRESH_ALERTS_KEPT) {
        const id = live.shift()!;
        await (await fetch(`${server.apiUrl}/alert/${id}`, { method: 'DELETE' })).arrayBuffer();
      }
    } catch (e) {
      log(`fresh alert failed: ${(e as Error).message}`);
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  return { stop: () => clearInterval(timer), sent: () => sent };
}

export async function runSoak(browser: Browser, distDir: string, opts: SoakOptions): Promise<SoakDocument> {
  const { log } = opts;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'alerta-soak-'));
  const server = await startServer({
    port: 0,
    dataDir,
    seed: 'demo',
    simulator: { intervalMs: SIMULATOR_STEP_MS },
    serveConsole: true,
    distDir,
    testHooks: true,
    settings: { AUTH_REQUIRED: false, AUTO_REFRESH_INTERVAL: opts.intervalMs },
  });
  const freshEvery = opts.freshAlertEveryMs ?? FRESH_ALERT_EVERY_MS;
  const churn = freshAlerts(server, freshEvery, log);
  const context = await browser.newContext({ viewport: opts.viewport, serviceWorkers: 'allow' });
  const snapshots: string[] = [];
  try {
    await context.addInitScript({ content: opts.probe });
    const page = await context.newPage();
    page.on('pageerror', (e) => log(`page error: ${e.message}`));
    const cdp = await context.newCDPSession(page);
    const pageCdp = pageTarget(cdp);
    await page.goto(`${server.url}/alerts`);
    await page.waitForSelector('[data-row-id]', { timeout: 30_000 });
    const worker = await workerTarget(cdp, log);
    await page.evaluate('window.__bench.recordPolls = true; window.__bench.pollTimes = []');
    const started = Date.now();
    const pageNow = async () => (await page.evaluate('performance.now()')) as number;
    // The load's own long tasks are not the soak's.
    const soakStart = await pageNow();
    const polls = () => server.testHooks!.counts()['GET /alerts'] ?? 0;
    const pollsAtStart = polls();
    let lastPoll: number | null = null;
    const samples: SoakSample[] = [];
    const totals = { pollsSeen: 0, missedCycles: 0 };
    /** each counted long task (by its start) with the scripts its frame ran */
    const explained = new Map<number, string>();
    const seenLongTasks: { start: number; duration: number }[] = [];

    // Long tasks of the measuring itself (forced GCs, reading IndexedDB, snapshots) are not the console's: the page's
    // clock before and after each measurement marks windows whose long tasks are left out.
    const measuring: [number, number][] = [];
    const sample = async (minute: number) => {
      // Between two polls (the worker has written the answer to IndexedDB, the page has rendered it): an answer in
      // flight would count a poll's transient data as growth.
      await page.evaluate(`window.__bench.afterPoll(${opts.intervalMs * 3}, ${AFTER_POLL_MS})`);
      const from = await pageNow();
      const workerHeap = worker ? await heapAfterGc(worker).catch(() => Number.NaN) : Number.NaN;
      const pageHeap = await heapAfterGc(pageCdp);
      const counters = (await cdp.send('Memory.getDOMCounters')) as { nodes: number; jsEventListeners: number };
      const idb = await idbFigures(page);
      measuring.push([from, await pageNow()]);
      const probe = (await page.evaluate(
        `(() => { const b = window.__bench; const times = b.pollTimes.splice(0); return { times, notLive: b.notLive, longTasks: b.longTasks ? b.longTasks.splice(0) : [], frames: b.frames || [], rows: b.rowCount(), elements: document.querySelectorAll('*').length }; })()`,
      )) as { times: number[]; notLive: number; longTasks: { start: number; duration: number }[]; frames: LongFrame[]; rows: number; elements: number };
      // Collected and emptied at every sample, like the poll times: the probe's records are in the heap measured.
      seenLongTasks.push(...probe.longTasks);
      const longTasks = consoleLongTasks(seenLongTasks, measuring, soakStart);
      const newTaskMs: number[] = [];
      for (const task of longTasks) {
        if (explained.has(task.start)) continue;
        explained.set(task.start, describeLongTask(task, probe.frames));
        newTaskMs.push(Math.round(task.duration));
      }
      const missed = missedCycles(probe.times, opts.intervalMs, lastPoll);
      if (probe.times.length) lastPoll = probe.times[probe.times.length - 1]!;
      totals.pollsSeen += probe.times.length;
      totals.missedCycles += missed;
      const s: SoakSample = {
        minute: round(minute, 2),
        pageHeapMiB: round(pageHeap / 1048576, 3),
        workerHeapMiB: Number.isFinite(workerHeap) ? round(workerHeap / 1048576, 3) : null,
        domNodes: counters.nodes,
        jsEventListeners: counters.jsEventListeners,
        domElements: probe.elements,
        rows: probe.rows,
        polls: polls() - pollsAtStart,
        pollsSeen: probe.times.length,
        missedCycles: missed,
        longTasks: longTasks.length,
        longTaskMs: longTasks.map((t) => Math.round(t.duration)),
        notLive: probe.notLive,
        idb,
        load1: round(os.loadavg()[0]!, 2),
      };
      samples.push(s);
      log(
        `soak minute ${s.minute}: page ${s.pageHeapMiB.toFixed(2)} MiB, worker ${s.workerHeapMiB?.toFixed(2) ?? '?'} MiB, ${s.domElements} elements, ` +
          `${s.domNodes} nodes, ${s.polls} polls, ${totals.missedCycles} missed, ${s.longTasks} long tasks${newTaskMs.length ? ` (new: ${newTaskMs.join(', ')} ms)` : ''}, load ${s.load1}`,
      );
    };
    // Heap snapshots after the warm-up and at the end tell compiled code from kept data (written with --soak-snapshots),
    // and at the minutes of --soak-snapshots-at (only written, for tests/bench/heap-diff.ts).
    const kinds: Record<'page' | 'worker', Partial<Record<'warmup' | 'end', HeapByKind>>> = { page: {}, worker: {} };
    const snapshot = async (label: 'warmup' | 'end' | number) => {
      if (opts.snapshotsDir) mkdirSync(opts.snapshotsDir, { recursive: true });
      const from = await pageNow();
      for (const [name, target] of [['page', pageCdp], ['worker', worker]] as const) {
        if (!target) continue;
        const at = label === 'warmup' ? `minute-${opts.warmupMinutes}` : label === 'end' ? 'end' : `minute-${label}`;
        const file = opts.snapshotsDir ? path.join(opts.snapshotsDir, `${name}-${at}.heapsnapshot`) : null;
        const kind = await heapSnapshot(target, file);
        if (typeof label !== 'number') kinds[name][label] = kind;
        if (file) snapshots.push(file);
      }
      measuring.push([from, await pageNow()]);
      if (opts.snapshotsDir) log(`heap snapshots written (${typeof label === 'number' ? `minute ${label}` : label})`);
    };

    await sample(0);
    const sampleMs = opts.sampleSeconds * 1000;
    const end = started + opts.minutes * 60_000;
    let snapshotTaken = false;
    const extraSnapshots = opts.snapshotsDir ? (opts.snapshotsAt ?? []).filter((m) => m !== opts.warmupMinutes && m < opts.minutes) : [];
    for (let at = started + sampleMs; at <= end + 1000; at += sampleMs) {
      await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
      const minute = (at - started) / 60_000;
      await sample(minute);
      if (!snapshotTaken && minute >= opts.warmupMinutes) {
        snapshotTaken = true;
        await snapshot('warmup');
      }
      while (extraSnapshots.length && minute >= extraSnapshots[0]!) await snapshot(extraSnapshots.shift()!);
    }
    await snapshot('end');

    const warm = opts.warmupMinutes;
    const half = Math.max(warm, opts.minutes / 2);
    const growth = {
      pageHeap: growthAfterWarmup(samples.map((s) => ({ minute: s.minute, value: s.pageHeapMiB })), warm),
      workerHeap: growthAfterWarmup(samples.map((s) => ({ minute: s.minute, value: s.workerHeapMiB })), warm),
      domNodes: growthAfterWarmup(samples.map((s) => ({ minute: s.minute, value: s.domNodes })), warm),
      pageHeapLate: opts.minutes >= 2 * warm + 4 ? growthAfterWarmup(samples.map((s) => ({ minute: s.minute, value: s.pageHeapMiB })), half) : null,
      workerHeapLate: opts.minutes >= 2 * warm + 4 ? growthAfterWarmup(samples.map((s) => ({ minute: s.minute, value: s.workerHeapMiB })), half) : null,
    };
    const last = samples[samples.length - 1]!;
    const doc: SoakDocument = {
      generatedAt: new Date().toISOString(),
      options: {
        minutes: opts.minutes,
        warmupMinutes: opts.warmupMinutes,
        intervalMs: opts.intervalMs,
        sampleSeconds: opts.sampleSeconds,
        simulatorStepMs: SIMULATOR_STEP_MS,
        freshAlertEveryMs: freshEvery,
        freshAlertsKept: FRESH_ALERTS_KEPT,
        viewport: opts.viewport,
      },
      samples,
      growth,
      figures: {
        'soak.pageGrowthPctPer10MinAfter60': lateGrowthPct(samples.map((s) => ({ minute: s.minute, value: s.pageHeapMiB }))),
        'soak.workerGrowthPctPer10MinAfter60': lateGrowthPct(samples.map((s) => ({ minute: s.minute, value: s.workerHeapMiB }))),
      },
      heapByKind: kinds,
      totals: { polls: last.polls, ...totals, longTasks: last.longTasks, longTaskScripts: [...explained.values()], notLive: last.notLive, freshAlerts: churn.sent(), snapshots },
      budgets: [],
    };
    doc.budgets = soakVerdicts(doc);
    return doc;
  } finally {
    churn.stop();
    await context.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

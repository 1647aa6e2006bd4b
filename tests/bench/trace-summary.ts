// What the main thread did in a Chromium trace written by `npm run bench -- --trace DIR`: busy time, the longest
// tasks, the work inside them by event name (self time), and the sampled script time by source file (through the
// build's source maps, when --dist names the build). Usage:
//   node --import tsx tests/bench/trace-summary.ts FILE [--dist BUILD_DIR]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { attribute, cpuSamples, sourceMapResolver, type CpuSample, type Resolver } from './startup-profile.ts';

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** the thread's CPU time in the event, where the trace records it */
  tdur?: number;
  args?: Record<string, unknown>;
}

/** The names of a thread's top-level tasks (one turn of its event loop). */
export const TOP_LEVEL = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

export interface MainThreadSummary {
  busyMs: number;
  tasks: number;
  /** self time per event name inside top-level tasks, largest first */
  selfMs: [string, number][];
  longest: { startMs: number; durMs: number; top: [string, number][] }[];
}

/** The renderer main thread with the most complete events: the page's, not an extension's or a worker's. */
export function mainThreadOf(events: TraceEvent[]): { pid: number; tid: number } | null {
  const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best: { pid: number; tid: number; n: number } | null = null;
  for (const t of names) {
    const n = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ph === 'X').length;
    if (!best || n > best.n) best = { pid: t.pid, tid: t.tid, n };
  }
  return best && { pid: best.pid, tid: best.tid };
}

/**
 * The measured poll cycles in a bench trace: from each `bench:cycle-start` mark to the next `bench:cycle-end`, in
 * trace microseconds. Empty when the trace has no marks (a trace recorded some other way).
 */
export function cycleWindows(events: TraceEvent[]): [number, number][] {
  const marks = events.filter((e) => e.name === 'bench:cycle-start' || e.name === 'bench:cycle-end').sort((a, b) => a.ts - b.ts);
  const windows: [number, number][] = [];
  let start: number | null = null;
  for (const m of marks) {
    if (m.name === 'bench:cycle-start') start = m.ts;
    else if (start !== null) {
      windows.push([start, m.ts]);
      start = null;
    }
  }
  return windows;
}

/**
 * Busy time and self time by name on one thread; nested complete events are charged to the innermost one. With
 * `windows`, only top-level tasks that start inside one of them count.
 */
export function summariseThread(events: TraceEvent[], thread: { pid: number; tid: number }, windows?: [number, number][]): MainThreadSummary {
  const inWindow = (ts: number) => !windows || windows.some(([a, b]) => ts >= a && ts < b);
  const own = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const t0 = own[0]?.ts ?? 0;
  const tasks: { ev: TraceEvent; self: Map<string, number> }[] = [];
  const total = new Map<string, number>();
  let current: { ev: TraceEvent; self: Map<string, number>; stack: { ev: TraceEvent; childDur: number }[] } | null = null;
  const close = (upTo: number) => {
    while (current && current.stack.length) {
      const top = current.stack[current.stack.length - 1]!;
      if (top.ev.ts + (top.ev.dur ?? 0) > upTo) break;
      current.stack.pop();
      const self = Math.max(0, (top.ev.dur ?? 0) - top.childDur);
      current.self.set(top.ev.name, (current.self.get(top.ev.name) ?? 0) + self);
      total.set(top.ev.name, (total.get(top.ev.name) ?? 0) + self);
      const parent = current.stack[current.stack.length - 1];
      if (parent) parent.childDur += top.ev.dur ?? 0;
    }
    if (current && current.stack.length === 0) current = null;
  };
  for (const ev of own) {
    close(ev.ts);
    if (!current) {
      if (!TOP_LEVEL.has(ev.name) || !inWindow(ev.ts)) continue;
      current = { ev, self: new Map(), stack: [] };
      tasks.push(current);
    }
    current.stack.push({ ev, childDur: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  const busy = tasks.reduce((s, t) => s + (t.ev.dur ?? 0), 0);
  const byMs = (m: Map<string, number>) => [...m].map(([k, v]): [string, number] => [k, v / 1000]).sort((a, b) => b[1] - a[1]);
  return {
    busyMs: busy / 1000,
    tasks: tasks.length,
    selfMs: byMs(total),
    longest: [...tasks]
      .sort((a, b) => (b.ev.dur ?? 0) - (a.ev.dur ?? 0))
      .slice(0, 8)
      .map((t) => ({ startMs: (t.ev.ts - t0) / 1000, durMs: (t.ev.dur ?? 0) / 1000, top: byMs(t.self).slice(0, 6) })),
  };
}

/**
 * Sampled self time (ms) by source file, per measured cycle when there are `windows` (all samples otherwise), largest
 * first, without the idle samples.
 */
export function scriptBySource(samples: CpuSample[], windows: [number, number][], resolve: Resolver): [string, number][] {
  const spans = windows.length ? windows : [[Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY] as [number, number]];
  const total = new Map<string, number>();
  for (const [from, to] of spans) for (const [k, v] of attribute(samples, from, to, resolve, 'source')) total.set(k, (total.get(k) ?? 0) + v);
  const per = windows.length || 1;
  return [...total].filter(([k]) => k !== '(idle)').map(([k, v]): [string, number] => [k, v / per]).sort((a, b) => b[1] - a[1]);
}

function cli(file: string, distDir: string | null) {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? []);
  const thread = mainThreadOf(events);
  if (!thread) {
    console.error(`${file}: no renderer main thread in this trace`);
    process.exit(1);
  }
  const windows = cycleWindows(events);
  const s = summariseThread(events, thread, windows.length ? windows : undefined);
  const ms = (n: number) => n.toFixed(2).padStart(8);
  const scope = windows.length ? ` in ${windows.length} measured cycles (${(s.busyMs / windows.length).toFixed(2)} ms per cycle)` : '';
  const lines = [`${path.basename(file)}: ${s.tasks} tasks, ${s.busyMs.toFixed(1)} ms busy on the main thread${scope}`, 'self time by event:'];
  for (const [name, v] of s.selfMs.slice(0, 15)) lines.push(`  ${ms(v)} ms  ${name}`);
  lines.push('longest tasks:');
  for (const t of s.longest) lines.push(`  at ${t.startMs.toFixed(0)} ms: ${t.durMs.toFixed(2)} ms — ${t.top.map(([n, v]) => `${n} ${v.toFixed(1)}`).join(', ')}`);
  // Sampled script time (the trace has it when recorded with the CPU profiler's category, as the bench's are).
  const samples = cpuSamples(events, thread);
  if (samples.length) {
    lines.push(`sampled self time by source${windows.length ? ', per cycle' : ''}${distDir ? '' : ' (no --dist: not source-mapped)'}:`);
    for (const [k, v] of scriptBySource(samples, windows, sourceMapResolver(distDir)).slice(0, 15)) lines.push(`  ${ms(v)} ms  ${k}`);
  }
  console.info(lines.join('\n'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  const at = process.argv.indexOf('--dist');
  if (!file) {
    console.error('Usage: node --import tsx tests/bench/trace-summary.ts TRACE.json [--dist BUILD_DIR]');
    process.exit(2);
  }
  cli(file, at > 0 ? (process.argv[at + 1] ?? null) : null);
}

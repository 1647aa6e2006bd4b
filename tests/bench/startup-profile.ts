// Where a cold start's main-thread time goes, from a Chromium trace written by `npm run bench -- --trace-start DIR`:
// the window from navigation to the first alert row (the probe's `bench:first-row` mark), the tasks in it (the long
// ones with what they did), and the sampled script time attributed through the build's source maps to the package
// or source folder it came from. Usage:
//   node --import tsx tests/bench/startup-profile.ts TRACE.json [--dist DIR]   (DIR: the build the trace loaded)
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mainThreadOf, summariseThread, type TraceEvent } from './trace-summary.ts';

export interface CallFrame {
  functionName: string;
  url: string;
  /** 0-based, as in the trace */
  lineNumber: number;
  columnNumber: number;
}

export interface CpuSample {
  /** trace microseconds */
  ts: number;
  /** microseconds until the next sample of the same profile */
  dur: number;
  frame: CallFrame;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}

/**
 * The sampled stacks of one thread's CPU profile(s) in a trace (`disabled-by-default-v8.cpu_profiler`): `Profile`
 * events open a profile, `ProfileChunk` events (same pid and id) bring nodes, samples and time deltas. Each sample is
 * charged to its innermost frame (self time) for as long as the next sample is away.
 */
export function cpuSamples(events: TraceEvent[], thread: { pid: number; tid: number }): CpuSample[] {
  const profiles = new Map<string, { start: number; nodes: Map<number, ProfileNode>; raw: { node: number; ts: number }[] }>();
  for (const e of events) {
    if (e.pid !== thread.pid || e.ph !== 'P') continue;
    const id = String((e as TraceEvent & { id?: string }).id ?? '');
    const data = (e.args?.data ?? {}) as {
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    if (e.name === 'Profile') {
      if (e.tid !== thread.tid) continue;
      profiles.set(id, { start: data.startTime ?? e.ts, nodes: new Map(), raw: [] });
    } else if (e.name === 'ProfileChunk') {
      const p = profiles.get(id);
      if (!p) continue;
      for (const n of data.cpuProfile?.nodes ?? []) p.nodes.set(n.id, n);
      const samples = data.cpuProfile?.samples ?? [];
      const deltas = data.timeDeltas ?? [];
      let ts = p.raw.length ? p.raw[p.raw.length - 1]!.ts : p.start;
      samples.forEach((node, i) => {
        ts += deltas[i] ?? 0;
        p.raw.push({ node, ts });
      });
    }
  }
  const out: CpuSample[] = [];
  for (const p of profiles.values()) {
    p.raw.forEach((s, i) => {
      const node = p.nodes.get(s.node);
      if (!node) return;
      const next = p.raw[i + 1];
      out.push({ ts: s.ts, dur: next ? Math.max(0, next.ts - s.ts) : 0, frame: node.callFrame });
    });
  }
  return out.sort((a, b) => a.ts - b.ts);
}

/** Where a generated position came from: a package (`react-dom`, `@formatjs/intl`) or a source folder (`src/app/i18n`). */
export function bucketOf(originalSource: string): string {
  // The bench builds into node_modules/.cache/alerta-bench/build-*, and a map written there may point one level too
  // deep into that folder: such a path means the project's own file.
  const normal = originalSource.replace(/\\/g, '/').replace(/(^|\/)node_modules\/\.cache\/[^/]+\//, '$1');
  const nm = normal.lastIndexOf('node_modules/');
  if (nm !== -1) {
    const parts = normal.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const src = normal.indexOf('src/');
  if (src !== -1) return path.posix.dirname(normal.slice(src));
  return normal.replace(/^(\.\.\/)+/, '');
}

export type Resolver = (frame: CallFrame) => { bucket: string; source: string };

/** Resolves frames of the built console's scripts through their (hidden) source maps in `distDir`. */
export function sourceMapResolver(distDir: string | null, root = process.cwd()): Resolver {
  const maps = new Map<string, { map: SourceMap; dir: string } | null>();
  const mapFor = (url: string): { map: SourceMap; dir: string } | null => {
    if (!distDir) return null;
    let rel: string;
    try {
      rel = decodeURIComponent(new URL(url).pathname).replace(/^\/+/, '');
    } catch {
      return null;
    }
    if (maps.has(rel)) return maps.get(rel)!;
    const file = path.join(distDir, `${rel}.map`);
    const map = existsSync(file) ? { map: new SourceMap(JSON.parse(readFileSync(file, 'utf8'))), dir: path.dirname(file) } : null;
    maps.set(rel, map);
    return map;
  };
  return (frame) => {
    if (!frame.url) {
      // (program), (idle), (garbage collector); a named function without a script is the bench's injected probe
      const name = frame.functionName.startsWith('(') ? frame.functionName : '(injected script)';
      return { bucket: name, source: name };
    }
    const found = mapFor(frame.url);
    if (!found) return { bucket: `(no map) ${fileOf(frame.url)}`, source: fileOf(frame.url) };
    const entry = found.map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string };
    if (!entry.originalSource) return { bucket: `(unmapped) ${fileOf(frame.url)}`, source: fileOf(frame.url) };
    // Sources are relative to the map's folder (the bench builds under node_modules/.cache): make them absolute first.
    const absolute = entry.originalSource.startsWith('file:') ? fileURLToPath(entry.originalSource) : path.resolve(found.dir, entry.originalSource);
    return { bucket: bucketOf(absolute), source: path.relative(root, absolute) };
  };
}

function fileOf(url: string): string {
  try {
    return new URL(url).pathname.replace(/^\/+/, '') || url;
  } catch {
    return url;
  }
}

/** Self time (ms) per bucket of the samples that fall in [from, to), largest first. */
export function attribute(samples: CpuSample[], from: number, to: number, resolve: Resolver, by: 'bucket' | 'source' = 'bucket'): [string, number][] {
  const total = new Map<string, number>();
  for (const s of samples) {
    if (s.ts < from || s.ts >= to) continue;
    const key = resolve(s.frame)[by];
    total.set(key, (total.get(key) ?? 0) + s.dur / 1000);
  }
  return [...total].sort((a, b) => b[1] - a[1]);
}

type NavData = { navigationId?: string; documentLoaderURL?: string };
const navData = (e: TraceEvent): NavData => ((e.args?.data ?? {}) as NavData);

/**
 * Navigation start of the measured page and the first-row mark: the `navigationStart` of the mark's own navigation,
 * else the last one before the mark that loaded a URL (about:blank and the service worker's start have none).
 */
export function startupWindow(events: TraceEvent[]): { from: number; to: number } | null {
  const mark = events.filter((e) => e.name === 'bench:first-row').sort((a, b) => a.ts - b.ts)[0];
  if (!mark) return null;
  const starts = events.filter((e) => e.name === 'navigationStart' && e.ts <= mark.ts).sort((a, b) => b.ts - a.ts);
  const id = navData(mark).navigationId;
  const own = (id && starts.find((e) => navData(e).navigationId === id)) || starts.find((e) => navData(e).documentLoaderURL) || starts[0];
  return { from: own?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts)), to: mark.ts };
}

/** The report printed by the CLI and by the bench after a --trace-start run. */
export function startupReport(events: TraceEvent[], resolve: Resolver): string {
  const thread = mainThreadOf(events);
  const window = startupWindow(events);
  if (!thread || !window) return 'no renderer main thread or no bench:first-row mark in this trace';
  const s = summariseThread(events, thread, [[window.from, window.to]]);
  const samples = cpuSamples(events, thread);
  const ms = (n: number) => n.toFixed(1).padStart(7);
  const lines = [
    `navigation to first row: ${((window.to - window.from) / 1000).toFixed(0)} ms; main thread busy ${s.busyMs.toFixed(0)} ms in ${s.tasks} tasks`,
    'main thread by trace event (self time):',
  ];
  for (const [name, v] of s.selfMs.slice(0, 12)) lines.push(`  ${ms(v)} ms  ${name}`);
  const byBucket = attribute(samples, window.from, window.to, resolve);
  const sampled = byBucket.reduce((sum, [, v]) => sum + v, 0);
  lines.push(`sampled main-thread time by origin (${sampled.toFixed(0)} ms, source maps; (program) = the engine outside JS, (idle) = waiting):`);
  for (const [name, v] of byBucket.slice(0, 20)) lines.push(`  ${ms(v)} ms  ${name}`);
  const top = attribute(samples, window.from, window.to, resolve, 'source').filter(([k]) => !k.startsWith('('));
  lines.push('source files with the most self time:');
  for (const [name, v] of top.slice(0, 12)) lines.push(`  ${ms(v)} ms  ${name}`);
  const long = s.longest.filter((t) => t.durMs > 50);
  lines.push(`tasks over 50 ms before the first row: ${long.length}`);
  const t0 = Math.min(...events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X').map((e) => e.ts));
  for (const t of long) {
    const start = t0 + t.startMs * 1000;
    const origins = attribute(samples, start, start + t.durMs * 1000, resolve).filter(([k]) => k !== '(idle)').slice(0, 5);
    lines.push(
      `  at ${((start - window.from) / 1000).toFixed(0)} ms: ${t.durMs.toFixed(0)} ms — ${t.top.slice(0, 4).map(([n, v]) => `${n} ${v.toFixed(0)}`).join(', ')}`,
      `      script by origin: ${origins.map(([n, v]) => `${n} ${v.toFixed(0)}`).join(', ')}`,
    );
  }
  return lines.join('\n');
}

function cli(argv: string[]) {
  const file = argv.find((a) => !a.startsWith('--'));
  const distAt = argv.indexOf('--dist');
  const dist = distAt !== -1 ? argv[distAt + 1] ?? null : null;
  if (!file) {
    console.error('Usage: node --import tsx tests/bench/startup-profile.ts TRACE.json [--dist BUILD_DIR]');
    process.exit(2);
  }
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? []);
  console.info(startupReport(events, sourceMapResolver(dist ? path.resolve(dist) : null)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) cli(process.argv.slice(2));

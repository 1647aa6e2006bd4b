import { describe, expect, it } from 'vitest';
import { cycleWindows, mainThreadOf, scriptBySource, summariseThread, type TraceEvent } from '../../../tests/bench/trace-summary.ts';
import type { CpuSample, Resolver } from '../../../tests/bench/startup-profile.ts';

const meta = (pid: number, tid: number, name: string): TraceEvent => ({ name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name } });
const x = (name: string, ts: number, dur: number, tid = 1, pid = 10): TraceEvent => ({ name, ph: 'X', pid, tid, ts, dur });

describe('trace summary', () => {
  it('picks the renderer main thread that did the work, not an idle one or a worker', () => {
    const events = [meta(10, 1, 'CrRendererMain'), meta(20, 1, 'CrRendererMain'), meta(10, 2, 'DedicatedWorker thread'), x('RunTask', 0, 10), x('RunTask', 20, 10), x('RunTask', 0, 500, 2)];
    expect(mainThreadOf(events)).toEqual({ pid: 10, tid: 1 });
  });

  it('charges nested work to the innermost event and counts busy time per top-level task', () => {
    // one 10 ms task: 6 ms Paint of which 2 ms Layerize, 1 ms FunctionCall; then a 5 ms task of Layout
    const events = [
      meta(10, 1, 'CrRendererMain'),
      x('RunTask', 0, 10_000),
      x('Paint', 1_000, 6_000),
      x('Layerize', 2_000, 2_000),
      x('FunctionCall', 8_000, 1_000),
      x('RunTask', 20_000, 5_000),
      x('Layout', 20_000, 5_000),
      // work outside any task (e.g. a stray event) is not busy time
      x('Paint', 40_000, 3_000),
    ];
    const s = summariseThread(events, { pid: 10, tid: 1 });
    expect(s.tasks).toBe(2);
    expect(s.busyMs).toBe(15);
    expect(Object.fromEntries(s.selfMs)).toEqual({ Paint: 4, Layerize: 2, FunctionCall: 1, Layout: 5, RunTask: 3 });
    expect(s.longest[0]).toMatchObject({ startMs: 0, durMs: 10 });
  });
});

describe('measured cycles in a bench trace', () => {
  const mark = (name: string, ts: number): TraceEvent => ({ name, ph: 'R', pid: 10, tid: 1, ts });

  it('pairs each cycle-start mark with the next cycle-end mark', () => {
    const events = [mark('bench:cycle-start', 100), mark('bench:cycle-end', 300), mark('bench:cycle-end', 350), mark('bench:cycle-start', 500), mark('bench:cycle-end', 900)];
    expect(cycleWindows(events)).toEqual([
      [100, 300],
      [500, 900],
    ]);
  });

  it('counts only the tasks that start inside a measured cycle (a clock tick between cycles is left out)', () => {
    const events = [meta(10, 1, 'CrRendererMain'), x('RunTask', 0, 4_000), x('RunTask', 10_000, 2_000), x('Layout', 10_000, 2_000), x('RunTask', 30_000, 8_000)];
    const s = summariseThread(events, { pid: 10, tid: 1 }, [[9_000, 20_000]]);
    expect(s.tasks).toBe(1);
    expect(s.busyMs).toBe(2);
    expect(Object.fromEntries(s.selfMs)).toEqual({ Layout: 2, RunTask: 0 });
  });
});

describe('script time by source', () => {
  const sample = (ts: number, dur: number, url: string, functionName = 'f'): CpuSample => ({ ts, dur, frame: { functionName, url, lineNumber: 0, columnNumber: 0, scriptId: '0' } as CpuSample['frame'] });
  const resolve: Resolver = (f) => ({ bucket: f.url || f.functionName, source: f.url || f.functionName });

  it('charges the samples inside the measured cycles to their source files, per cycle, without idle time', () => {
    const samples = [
      sample(100, 2000, 'src/a.ts'),
      sample(2100, 1000, 'src/b.ts'),
      sample(3100, 5000, '', '(idle)'),
      sample(9000, 4000, 'src/a.ts'),
      sample(20_000, 9000, 'src/c.ts'),
    ];
    expect(scriptBySource(samples, [[0, 5000], [8000, 12_000]], resolve)).toEqual([
      ['src/a.ts', 3],
      ['src/b.ts', 0.5],
    ]);
  });

  it('takes every sample when the trace has no measured cycles', () => {
    expect(scriptBySource([sample(0, 1000, 'src/a.ts'), sample(50_000, 3000, 'src/c.ts')], [], resolve)).toEqual([
      ['src/c.ts', 3],
      ['src/a.ts', 1],
    ]);
  });
});

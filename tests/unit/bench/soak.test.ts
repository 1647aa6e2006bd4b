import { describe, expect, it } from 'vitest';
import { consoleLongTasks, dataGrowthPctPer10Min, describeLongTask, growthAfterWarmup, heapByKind, lateGrowthPct, missedCycles, soakMarkdown, soakVerdicts, type SoakSample } from '../../../tests/bench/soak.ts';
import { OptionsError, parseOptions } from '../../../tests/bench/options.ts';

const sample = (minute: number, over: Partial<SoakSample> = {}): SoakSample => ({
  minute,
  pageHeapMiB: 6,
  workerHeapMiB: 1.2,
  domNodes: 1100,
  jsEventListeners: 300,
  domElements: 712,
  rows: 20,
  polls: minute * 57,
  pollsSeen: 57,
  missedCycles: 0,
  longTasks: 0,
  longTaskMs: [],
  notLive: 0,
  idb: { usageBytes: null, indexedDbBytes: null, stores: {}, alertDetailRows: 0 },
  ...over,
});

describe('soak growth', () => {
  it('fits the slope after the warm-up only, per hour and per 10 minutes of the first sample after it', () => {
    // a steep warm-up, then 0.1 MiB a minute from 5 MiB: 6 MiB/h, 20 % per 10 minutes
    const points = [
      { minute: 0, value: 3 },
      { minute: 1, value: 4.5 },
      { minute: 2, value: 5 },
      { minute: 3, value: 5.1 },
      { minute: 4, value: 5.2 },
    ];
    const g = growthAfterWarmup(points)!;
    expect(g.perHour).toBeCloseTo(6);
    expect(g.pctPer10Min).toBeCloseTo(20);
    expect(g.samples).toBe(3);
  });

  it('is flat for a flat figure and says nothing without two samples after the warm-up', () => {
    expect(growthAfterWarmup([2, 3, 4].map((minute) => ({ minute, value: 6 })))!.perHour).toBe(0);
    expect(growthAfterWarmup([{ minute: 1, value: 6 }, { minute: 2, value: 6 }])).toBeNull();
    expect(growthAfterWarmup([{ minute: 2, value: 6 }, { minute: 3, value: null }])).toBeNull();
  });
});

describe('missed cycles', () => {
  it('counts a gap of k intervals as k − 1 missed, a slow cycle (under two intervals) as none', () => {
    expect(missedCycles([0, 1050, 2100, 3900], 1000)).toBe(0);
    expect(missedCycles([0, 1000, 4000, 5000], 1000)).toBe(2);
  });

  it('counts the gap across two samples', () => {
    expect(missedCycles([5000, 6000], 1000, 1000)).toBe(3);
    expect(missedCycles([], 1000, 1000)).toBe(0);
  });
});

describe('soak long tasks', () => {
  it('leaves out the load and the windows in which the soak itself measured', () => {
    const tasks = [{ start: 50, duration: 120 }, { start: 1500, duration: 60 }, { start: 3000, duration: 70 }];
    expect(consoleLongTasks(tasks, [[1400, 1600]], 1000)).toEqual([{ start: 3000, duration: 70 }]);
    expect(consoleLongTasks(tasks, [], 0)).toHaveLength(3);
  });
});

describe('heap snapshot by kind', () => {
  it('tells compiled code from strings, JS objects and browser objects by the nodes\' types', () => {
    const snapshot = {
      snapshot: { meta: { node_fields: ['type', 'name', 'id', 'self_size'], node_types: [['hidden', 'object', 'string', 'code', 'native', 'concatenated string', 'closure']] } },
      // type, name, id, self_size
      nodes: [1, 0, 1, 100, 2, 0, 2, 40, 3, 0, 3, 500, 4, 0, 4, 70, 5, 0, 5, 8, 6, 0, 6, 30, 0, 0, 7, 2],
    };
    expect(heapByKind(snapshot)).toEqual({ code: 500, strings: 48, objects: 132, native: 70 });
  });
});

describe('what the soak reports beside the heap figure', () => {
  it('names the scripts of the frame a long task fell in, longest first', () => {
    const frames = [
      { start: 900, duration: 40, scripts: [] },
      {
        start: 1000,
        duration: 120,
        scripts: [
          { invoker: 'TimerHandler:setInterval', fn: 'tick', url: 'http://x/assets/index-1.js', at: 10, ms: 20 },
          { invoker: 'MessagePort.onmessage', fn: 'apply', url: 'http://x/assets/index-1.js', at: 99, ms: 70 },
        ],
      },
      { start: 2000, duration: 80, scripts: [] },
    ];
    expect(describeLongTask({ start: 1010, duration: 93.4 }, frames)).toBe(
      '93 ms: 70 ms in MessagePort.onmessage apply (index-1.js:99); 20 ms in TimerHandler:setInterval tick (index-1.js:10)',
    );
    expect(describeLongTask({ start: 2001, duration: 60 }, frames)).toBe('60 ms: no script (style, layout, paint or garbage collection)');
    expect(describeLongTask({ start: 5000, duration: 60 }, frames)).toBe('60 ms: no frame recorded');
  });

  it('the data growth leaves compiled code out and is a share of the heap after the warm-up per 10 minutes', () => {
    const kinds = (strings: number, objects: number, code: number) => ({ code, strings, objects, native: 0 });
    const samples = [sample(0), sample(2, { pageHeapMiB: 4 }), sample(12, { pageHeapMiB: 5 })];
    // 40 KiB more strings and objects over 10 minutes on a 4 MiB heap: about 1 %; 1 MiB more code does not count
    const doc = { samples, options: { warmupMinutes: 2 } as never, heapByKind: { page: { warmup: kinds(100_000, 200_000, 1e6), end: kinds(120_000, 220_960, 2e6) }, worker: {} } };
    expect(dataGrowthPctPer10Min(doc, 'page')).toBeCloseTo(1, 1);
    expect(dataGrowthPctPer10Min(doc, 'worker')).toBeNull();
  });
});

describe('soak budgets', () => {
  const doc = (samples: SoakSample[]) => {
    const grow = (k: 'pageHeapMiB' | 'workerHeapMiB') => growthAfterWarmup(samples.map((s) => ({ minute: s.minute, value: s[k] })));
    const last = samples[samples.length - 1]!;
    return {
      samples,
      growth: { pageHeap: grow('pageHeapMiB'), workerHeap: grow('workerHeapMiB'), domNodes: null, pageHeapLate: null, workerHeapLate: null },
      figures: {
        'soak.pageGrowthPctPer10MinAfter60': lateGrowthPct(samples.map((s) => ({ minute: s.minute, value: s.pageHeapMiB }))),
        'soak.workerGrowthPctPer10MinAfter60': lateGrowthPct(samples.map((s) => ({ minute: s.minute, value: s.workerHeapMiB }))),
      },
      totals: { polls: last.polls, pollsSeen: 570, missedCycles: 0, longTasks: last.longTasks, longTaskScripts: [], notLive: 0, freshAlerts: 0, snapshots: [] },
      options: { minutes: 10, warmupMinutes: 2, intervalMs: 1000, sampleSeconds: 60, simulatorStepMs: 500, freshAlertEveryMs: 5000, freshAlertsKept: 8, viewport: { width: 1, height: 1 } },
    };
  };

  it('meets every budget when heaps and DOM stay flat after the warm-up', () => {
    const samples = [0, 1, 2, 3, 4, 5].map((m) => sample(m, { pageHeapMiB: m < 2 ? 5 + m : 6.5 }));
    // a 5-minute soak says nothing about the growth after minute 60
    expect(soakVerdicts(doc(samples)).map((v) => v.verdict)).toEqual(['met', 'met', 'not measured', 'not measured', 'met', 'met', 'met']);
  });

  it('judges the growth from minute 60 to the end against 0.5 % per 10 minutes, page and worker apart', () => {
    // page: steep before minute 60 (not counted), then 0.02 MiB per 10 minutes on 6 MiB (0.33 %); worker: 0.01 MiB per
    // 10 minutes on 1.2 MiB (0.83 %)
    const samples = Array.from({ length: 25 }, (_, k) => k * 10).map((m) =>
      sample(m, { pageHeapMiB: m < 60 ? 5 + m / 60 : 6 + ((m - 60) / 10) * 0.02, workerHeapMiB: m < 60 ? 1.2 : 1.2 + ((m - 60) / 10) * 0.01 }),
    );
    const verdicts = soakVerdicts(doc(samples));
    expect(verdicts[2]).toMatchObject({ budget: 'page heap growth from minute 60 to the end at most 0.5 % per 10 minutes', verdict: 'met' });
    expect(verdicts[2]!.value).toBe('+0.33 % per 10 min');
    expect(verdicts[3]).toMatchObject({ budget: 'worker heap growth from minute 60 to the end at most 0.5 % per 10 minutes', verdict: 'missed' });
  });

  it('misses the heap budget at a growth of 0.1 MiB a minute on 6 MiB, and a growing DOM', () => {
    const samples = [0, 1, 2, 3, 4, 5].map((m) => sample(m, { pageHeapMiB: 6 + 0.1 * m, domElements: 700 + 20 * m }));
    const verdicts = soakVerdicts(doc(samples));
    expect(verdicts[0]).toMatchObject({ verdict: 'missed' });
    expect(verdicts[1]).toMatchObject({ verdict: 'met' });
    expect(verdicts[4]).toMatchObject({ budget: 'DOM constant after the warm-up', verdict: 'missed' });
  });
});

describe('growth from minute 60', () => {
  it('is the slope after minute 60 only, as a share of the heap at minute 60 per 10 minutes', () => {
    const points = [0, 30, 60, 70, 80, 90].map((minute) => ({ minute, value: minute < 60 ? minute : 100 + (minute - 60) * 0.1 }));
    // 1 per 10 minutes on 100
    expect(lateGrowthPct(points)).toBeCloseTo(1);
  });

  it('says nothing before 20 minutes of samples after minute 60', () => {
    expect(lateGrowthPct([0, 30, 60, 70, 79].map((minute) => ({ minute, value: 5 })))).toBeNull();
    expect(lateGrowthPct([60, 70, 80].map((minute) => ({ minute, value: 5 })))).toBe(0);
    expect(lateGrowthPct([60, 70, 80].map((minute) => ({ minute, value: minute === 70 ? null : 5 })))).toBe(0);
  });
});

describe('the soak for the docs', () => {
  it('shows a row every 10 minutes and the last, with the long tasks and missed cycles since the row before', () => {
    const samples = Array.from({ length: 26 }, (_, m) => sample(m, { pageHeapMiB: 6 + m / 100, longTasks: Math.floor(m / 4), missedCycles: m === 13 ? 2 : 0, load1: 1.25 }));
    const md = soakMarkdown({
      samples,
      figures: { 'soak.pageGrowthPctPer10MinAfter60': null, 'soak.workerGrowthPctPer10MinAfter60': 0.123 },
      growth: { pageHeap: null, workerHeap: null, domNodes: null, pageHeapLate: null, workerHeapLate: null },
      budgets: [{ budget: 'no long tasks', value: '6', verdict: 'missed' }],
    });
    const rows = md.split('\n').filter((l) => /^\| \d/.test(l));
    expect(rows.map((r) => r.split('|')[1]!.trim())).toEqual(['0', '10', '20', '25']);
    // minute 20: 5 long tasks in all, 2 before minute 10 → 3 since; the 2 missed cycles of minute 13
    expect(rows[2]).toBe('| 20 | 6.20 | 1.20 | 712 | 1100 | 1140 | 2 | 3 | 1.3 |');
    expect(md).toContain('`soak.pageGrowthPctPer10MinAfter60`: not measured; `soak.workerGrowthPctPer10MinAfter60`: +0.12 % per 10 min');
    expect(md).toContain('| no long tasks | missed | 6 |');
  });
});

describe('soak options', () => {
  it('--soak runs alone, at a 1 s interval, a sample a minute, into soak-results.json', () => {
    expect(parseOptions(['--soak', '20'])).toMatchObject({ soak: 20, soakIntervalMs: 1000, soakSampleSeconds: 60, soakWarmupMinutes: 2, soakSnapshots: null, out: 'soak-results.json' });
    expect(parseOptions(['--soak', '30', '--soak-warmup', '15']).soakWarmupMinutes).toBe(15);
    expect(parseOptions(['--soak', '5', '--soak-interval', '2000', '--soak-sample', '30', '--out', 'x.json', '--soak-snapshots', 'snaps'])).toMatchObject({
      soak: 5,
      soakIntervalMs: 2000,
      soakSampleSeconds: 30,
      out: 'x.json',
      soakSnapshots: 'snaps',
    });
    expect(parseOptions([]).soak).toBeNull();
  });

  it('refuses a soak shorter than a minute, an interval under the console’s 1 s floor, or a soak with Lighthouse', () => {
    expect(() => parseOptions(['--soak', '0'])).toThrow(OptionsError);
    expect(() => parseOptions(['--soak', '5', '--soak-interval', '500'])).toThrow(OptionsError);
    expect(() => parseOptions(['--soak', '5', '--lighthouse'])).toThrow(OptionsError);
    expect(() => parseOptions(['--soak', '10', '--soak-warmup', '9'])).toThrow(OptionsError);
  });

  it('takes more snapshots at the minutes given, sorted, only within the soak and with a folder to write them to', () => {
    expect(parseOptions(['--soak', '120', '--soak-snapshots', 'snaps', '--soak-snapshots-at', '120,30,60']).soakSnapshotsAt).toEqual([30, 60, 120]);
    expect(parseOptions(['--soak', '120']).soakSnapshotsAt).toEqual([]);
    expect(() => parseOptions(['--soak', '120', '--soak-snapshots-at', '30'])).toThrow(/needs --soak and --soak-snapshots/);
    expect(() => parseOptions(['--soak', '20', '--soak-snapshots', 'snaps', '--soak-snapshots-at', '30'])).toThrow(/within the soak/);
    expect(() => parseOptions(['--soak', '20', '--soak-snapshots', 'snaps', '--soak-snapshots-at', 'ten'])).toThrow(OptionsError);
  });

  it('churns a fresh alert every 5 s unless told otherwise (not faster than 5 a second)', () => {
    expect(parseOptions(['--soak', '20']).soakFreshMs).toBe(5000);
    expect(parseOptions(['--soak', '20', '--soak-fresh-every', '1000']).soakFreshMs).toBe(1000);
    expect(() => parseOptions(['--soak', '20', '--soak-fresh-every', '50'])).toThrow(OptionsError);
  });
});

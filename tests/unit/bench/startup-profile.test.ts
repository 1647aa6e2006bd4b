import { describe, expect, it } from 'vitest';
import { attribute, bucketOf, cpuSamples, startupWindow, type Resolver } from '../../../tests/bench/startup-profile.ts';
import type { TraceEvent } from '../../../tests/bench/trace-summary.ts';

const frame = (id: number, url: string, functionName = 'f') => ({ id, callFrame: { functionName, url, lineNumber: 0, columnNumber: id } });

describe('startup profile', () => {
  it('names a package or a source folder from an original source path', () => {
    expect(bucketOf('../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
    expect(bucketOf('../../node_modules/@formatjs/icu-messageformat-parser/lib/parser.js')).toBe('@formatjs/icu-messageformat-parser');
    expect(bucketOf('../../node_modules/a/node_modules/b/x.js')).toBe('b');
    expect(bucketOf('../../src/app/i18n/index.ts')).toBe('src/app/i18n');
    expect(bucketOf('/r/node_modules/.cache/alerta-bench/src/worker/http.ts')).toBe('src/worker');
    expect(bucketOf('/r/node_modules/.cache/alerta-bench/node_modules/dexie/dist/dexie.js')).toBe('dexie');
  });

  it('rebuilds the samples of the main thread from Profile and ProfileChunk events, each charged until the next one', () => {
    const events = [
      { name: 'Profile', ph: 'P', pid: 1, tid: 7, ts: 0, id: '0x1', args: { data: { startTime: 1000 } } },
      { name: 'Profile', ph: 'P', pid: 1, tid: 9, ts: 0, id: '0x2', args: { data: { startTime: 1000 } } },
      {
        name: 'ProfileChunk', ph: 'P', pid: 1, tid: 8, ts: 0, id: '0x1',
        args: { data: { cpuProfile: { nodes: [frame(1, 'http://x/assets/a.js'), frame(2, '', '(idle)')], samples: [1, 1] }, timeDeltas: [10, 500] } },
      },
      { name: 'ProfileChunk', ph: 'P', pid: 1, tid: 8, ts: 0, id: '0x1', args: { data: { cpuProfile: { samples: [2] }, timeDeltas: [2000] } } },
      { name: 'ProfileChunk', ph: 'P', pid: 1, tid: 8, ts: 0, id: '0x2', args: { data: { cpuProfile: { nodes: [frame(1, 'other')], samples: [1] }, timeDeltas: [1] } } },
    ] as unknown as TraceEvent[];
    const samples = cpuSamples(events, { pid: 1, tid: 7 });
    expect(samples.map((s) => [s.ts, s.dur, s.frame.url || s.frame.functionName])).toEqual([
      [1010, 500, 'http://x/assets/a.js'],
      [1510, 2000, 'http://x/assets/a.js'],
      [3510, 0, '(idle)'],
    ]);
    const resolve: Resolver = (f) => ({ bucket: f.url ? 'pkg' : f.functionName, source: f.url });
    expect(attribute(samples, 0, 2000, resolve)).toEqual([['pkg', 2.5]]);
    expect(attribute(samples, 1500, 5000, resolve)).toEqual([['pkg', 2], ['(idle)', 0]]);
  });

  it('measures from the last navigation start before the first-row mark to the mark', () => {
    const events = [
      { name: 'navigationStart', ph: 'R', pid: 1, tid: 1, ts: 100 },
      { name: 'navigationStart', ph: 'R', pid: 1, tid: 1, ts: 500 },
      { name: 'bench:first-row', ph: 'R', pid: 1, tid: 1, ts: 9000 },
      { name: 'navigationStart', ph: 'R', pid: 1, tid: 1, ts: 9500 },
    ] as TraceEvent[];
    expect(startupWindow(events)).toEqual({ from: 500, to: 9000 });
    expect(startupWindow(events.filter((e) => e.name !== 'bench:first-row'))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { OptionsError, parseOptions } from '../../../tests/bench/options.ts';

describe('bench options', () => {
  it('runs every size and page size by default', () => {
    const o = parseOptions([]);
    expect(o).toMatchObject({ alerts: [50, 10_000, 100_000], rows: [20, 200], out: 'bench-results.json', build: true, quick: false, memoryCycles: 200 });
    expect(o.serverOnlyAlerts).toEqual([]);
  });

  it('--quick runs 10,000 alerts × 200 rows three times and still measures the server at 100,000 alerts', () => {
    const o = parseOptions(['--quick']);
    expect(o).toMatchObject({ alerts: [10_000], rows: [200], runs: 3, quick: true, serverOnlyAlerts: [100_000] });
  });

  it('reads lists, numbers and the output file in both spellings', () => {
    const o = parseOptions(['--alerts', '50,10_000', '--rows=20', '--runs', '2', '--out', 'x.json', '--no-build', '--extra-css', 'fix.css']);
    expect(o).toMatchObject({ alerts: [50, 10_000], rows: [20], runs: 2, out: 'x.json', build: false, extraCss: 'fix.css' });
  });

  it('--real-latency sets the start-up phase’s round trip: 150 ms by default, 0 leaves the phase out, never absurd', () => {
    expect(parseOptions([]).realLatencyMs).toBe(150);
    expect(parseOptions(['--real-latency', '300']).realLatencyMs).toBe(300);
    expect(parseOptions(['--real-latency=0']).realLatencyMs).toBe(0);
    expect(() => parseOptions(['--real-latency', '-5'])).toThrow(OptionsError);
    expect(() => parseOptions(['--real-latency', 'slow'])).toThrow(new OptionsError('--real-latency slow: expected a whole number of at least 0'));
    expect(() => parseOptions(['--real-latency', '60000'])).toThrow(new OptionsError('--real-latency 60000: at most 3000 ms per round trip'));
  });

  it('--dist measures a given build and skips building', () => {
    expect(parseOptions(['--dist', '/tmp/what-if'])).toMatchObject({ dist: '/tmp/what-if', build: false });
  });

  it('--lighthouse adds the Lighthouse phase; --lighthouse-only and --url run only it', () => {
    expect(parseOptions([])).toMatchObject({ lighthouse: null, lighthouseRuns: 3, url: null });
    expect(parseOptions(['--quick', '--lighthouse'])).toMatchObject({ lighthouse: 'also', quick: true });
    expect(parseOptions(['--lighthouse-only', '--lighthouse-runs', '5'])).toMatchObject({ lighthouse: 'only', lighthouseRuns: 5, build: true });
    expect(parseOptions(['--url', 'https://alerta.example.com/alerts', '--lighthouse'])).toMatchObject({ lighthouse: 'only', url: 'https://alerta.example.com/alerts', build: false });
    expect(() => parseOptions(['--url', 'alerta.example.com'])).toThrow(new OptionsError('--url alerta.example.com: not an absolute URL'));
    expect(() => parseOptions(['--url', 'file:///etc/passwd'])).toThrow(OptionsError);
    expect(() => parseOptions(['--url', 'https://a.example/', '--dist', 'x'])).toThrow(OptionsError);
    expect(() => parseOptions(['--lighthouse-runs', '0'])).toThrow(OptionsError);
  });

  it('--storm runs the storm scenario alone; --quick runs it too; with sizes, besides them', () => {
    expect(parseOptions([]).storm).toBe(false);
    expect(parseOptions(['--quick'])).toMatchObject({ storm: true, alerts: [10_000] });
    expect(parseOptions(['--storm'])).toMatchObject({ storm: true, alerts: [], serverOnlyAlerts: [] });
    expect(parseOptions(['--storm', '--alerts', '10000'])).toMatchObject({ storm: true, alerts: [10_000] });
  });

  it('with --quick and explicit sizes measures exactly those sizes', () => {
    expect(parseOptions(['--quick', '--alerts', '500']).serverOnlyAlerts).toEqual([]);
  });

  it('--js-flags runs the measured Chromium with V8 flags given after "=", and nothing else looks like one', () => {
    expect(parseOptions([]).jsFlags).toBeNull();
    expect(parseOptions(['--soak', '10', '--js-flags=--no-maglev --no-turbofan']).jsFlags).toBe('--no-maglev --no-turbofan');
    expect(parseOptions(['--js-flags=--max-lazy --stack-size=900']).jsFlags).toBe('--max-lazy --stack-size=900');
    expect(() => parseOptions(['--js-flags', '--no-turbofan'])).toThrow(/--js-flags needs its V8 flags after "="/);
    expect(() => parseOptions(['--js-flags='])).toThrow(/--js-flags needs its V8 flags after "="/);
    expect(() => parseOptions(['--js-flags=no-turbofan; rm -rf /'])).toThrow(/expected V8 flags such as --no-turbofan/);
  });

  it('rejects bad input with a message that names the option', () => {
    expect(() => parseOptions(['--alerts', 'ten'])).toThrow(new OptionsError('--alerts ten: expected a whole number of at least 1'));
    expect(() => parseOptions(['--rows', '30'])).toThrow(/--rows 30: the console offers 5, 10, 20, 50, 100, 200/);
    expect(() => parseOptions(['--runs'])).toThrow(/--runs needs a value/);
    expect(() => parseOptions(['--out', '--quick'])).toThrow(/--out needs a value/);
    expect(() => parseOptions(['--fast'])).toThrow(/unknown option --fast/);
  });
});

// Everything that reads alert data (and the search box's input) takes time linear in its input, whatever its shape:
// an alert text of megabytes built to be slow (unmatched or deeply nested tags, runs of attributes, entities, near
// misses of an end tag, unterminated comments), a long or deeply nested query, a template of unclosed blocks. A
// property test of the bound, not of a fixed time: the time at 4n is compared with the time at n. Linear work takes
// about 4 times as long, quadratic 16 times; the bound (10) leaves room for a noisy machine, and each figure is the best
// of several tries.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sanitizeHtml, sanitizeHtmlBounded } from '../../../src/core/sanitize-html.ts';
import { plainText } from '../../../src/core/sanitize-policy.ts';
import { parseQuery } from '../../../src/core/query-syntax.ts';
import { checkQuery } from '../../../src/core/query-check.ts';
import { renderClipboardTemplate } from '../../../src/core/clipboard-template.ts';
import { alertsToCsv } from '../../../src/core/csv.ts';
import { parseIsoTimestamp } from '../../../src/core/date-format.ts';
import { suggest, wordAt } from '../../../src/core/query-suggest.ts';
import type { Alert } from '../../../src/core/types.ts';
import { cpuMsOf } from '../cpu-time.ts';

const LINEAR_BOUND = 10;

/** The least CPU time of `tries` runs, in ms (CPU time: a busy machine does not stretch it). */
function bestOf(tries: number, run: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < tries; i++) best = Math.min(best, cpuMsOf(run));
  return best;
}

/**
 * How much longer the work takes at 4n than at n, n grown until the work takes a few milliseconds (so the clock's
 * grain and the call's own cost do not count); the least of up to four measurements at each of n/2, n and 2n (the
 * suite runs beside other test files on a shared machine, so one measurement can catch a busy core). Quadratic work grows
 * 16 times at every size; the engine's own steps (a string or a heap growing past one of its size classes: Node 24
 * takes 13 times as long to double the quotes of 2 MiB as of 512 KiB, and twice as long again at 4 MiB) show at one.
 */
function growth(make: (n: number) => string, work: (input: string) => unknown): number {
  let n = 64;
  // Warmed up first: the first calls of a function run unoptimised and would make the small size look slow.
  for (let i = 0; i < 3; i++) work(make(n));
  while (n < 4_000_000 && bestOf(2, () => work(make(n))) < 5) n *= 2;
  let least = Number.POSITIVE_INFINITY;
  for (const from of [n / 2, n, n * 2]) {
    if (least < LINEAR_BOUND) break;
    const small = make(from);
    const large = make(from * 4);
    for (let attempt = 0; attempt < 4 && least >= LINEAR_BOUND; attempt++) {
      const a = bestOf(3, () => work(small));
      const b = bestOf(3, () => work(large));
      least = Math.min(least, b / Math.max(a, 0.01));
    }
  }
  if (least >= LINEAR_BOUND) console.warn(`growth ${least.toFixed(1)} from n = ${n} of ${JSON.stringify(make(1).slice(0, 40))}`);
  return least;
}

/** A shape of input: `unit` repeated n times, between a start and an end. */
const shape = (head: string, unit: string, tail = '') => (n: number) => head + unit.repeat(n) + tail;

const alert = { id: 'a', resource: 'web01', event: 'Disk', environment: 'Production', severity: 'major', status: 'open', service: ['Web'], tags: [], attributes: {}, text: 't', history: [] } as unknown as Alert;

describe('reading hostile input takes linear time', () => {
  it('the HTML sanitiser, on shapes built against it (1 MiB of unmatched end tags in well under 200 ms)', () => {
    const shapes = fc.constantFrom(
      (n: number) => '<b>'.repeat(n) + '</i>'.repeat(n),
      shape('', '<div>'),
      shape('', '<b><i>', '</u>'),
      shape('<a ', 'x=1 ', '>'),
      shape('', '<a x="1" '),
      shape('<a href="', '&#x41;', '">x</a>'),
      shape('<script>', '</scrip'),
      shape('<!--', '--'),
      shape('', '<a<'),
      shape('', '</ '),
      shape('', '<svg>', 'x'),
      shape('', '<textarea>x'),
      shape('', '&amp;&lt;'),
    );
    fc.assert(fc.property(shapes, (make) => growth(make, sanitizeHtml) < LINEAR_BOUND), { numRuns: 13 });
    const mib = '<b>'.repeat(149_797) + '</i>'.repeat(149_797);
    expect(mib.length).toBeGreaterThanOrEqual(1_048_576);
    sanitizeHtml(mib.slice(0, 10_000));
    expect(bestOf(3, () => sanitizeHtml(mib))).toBeLessThan(200);
  }, 120_000);

  it('the sanitiser keeps nesting to MAX_DEPTH and renders at most MAX_RENDERED_CHARS, saying how much it left out', () => {
    const deep = sanitizeHtml('<b>'.repeat(1000) + 'deep');
    expect(deep.match(/<b>/g)).toHaveLength(32);
    expect(deep.endsWith('deep' + '</b>'.repeat(32))).toBe(true);
    const long = sanitizeHtmlBounded('<i>' + 'x'.repeat(250_000), 100_000);
    expect(long.cut).toBe(150_003);
    expect(long.html).toBe(`<i>${'x'.repeat(99_997)}</i>`);
    expect(sanitizeHtmlBounded('<i>short</i>', 100_000)).toEqual({ html: '<i>short</i>', cut: 0 });
  });

  it('the plain text of markup', () => {
    fc.assert(fc.property(fc.constantFrom(shape('', '<'), shape('', '<a>&amp;'), shape('<', 'x')), (make) => growth(make, plainText) < LINEAR_BOUND), { numRuns: 3 });
  }, 60_000);

  it('the query parser and the search box’s check, on long terms, deep nesting and long chains', () => {
    const shapes = fc.constantFrom(
      shape('resource:', 'a'),
      (n: number) => '('.repeat(n) + 'a' + ')'.repeat(n),
      (n: number) => Array.from({ length: n }, (_, i) => `a${i}`).join(' OR '),
      shape('', '"'),
      shape('', 'NOT ', 'a'),
      shape('resource:/', '(a', '/'),
      shape('a:[', '1', ' TO *]'),
      shape('text:"', 'x ', '"'),
      shape('', 'a AND (b OR '),
    );
    fc.assert(fc.property(shapes, (make) => growth(make, parseQuery) < LINEAR_BOUND && growth(make, (q) => checkQuery(q)) < LINEAR_BOUND), { numRuns: 9 });
  }, 180_000);

  it('the search box’s suggestions for a long word', () => {
    const values = { resource: [{ value: 'w'.repeat(100), count: 1 }], event: [{ value: 'Disk', count: 3 }] };
    fc.assert(
      fc.property(fc.constantFrom(shape('resource:', 'w'), shape('', 'a '), shape('', '('), shape('', 'w')), (make) => growth(make, (s) => (wordAt(s, s.length), suggest(s, s.length, values))) < LINEAR_BOUND),
      { numRuns: 4 },
    );
  }, 60_000);

  it('clipboard templates, on unclosed blocks, many outputs and long filter chains', () => {
    const shapes = fc.constantFrom(shape('', '{% if resource %}'), shape('', '{% for t in tags %}'), shape('', '{{ resource }}'), shape('', '{{'), shape('{{ resource', ' | upper', ' }}'), shape('', '{% if resource %}', '{% endif %}'));
    fc.assert(fc.property(shapes, (make) => growth(make, (t) => renderClipboardTemplate(t, alert)) < LINEAR_BOUND), { numRuns: 6 });
  }, 120_000);

  it('the CSV of alerts whose text is quotes, commas and line breaks', () => {
    fc.assert(fc.property(fc.constantFrom('"', ',', '\n', '"\r\n,'), (unit) => growth((n) => unit.repeat(n), (text) => alertsToCsv([{ ...alert, text }])) < LINEAR_BOUND), { numRuns: 4 });
  }, 60_000);

  it('dates read from alerts and forms', () => {
    fc.assert(fc.property(fc.constantFrom(shape('', '2026-'), shape('2026-12-07T', '1'), shape('', ' ')), (make) => growth(make, (s) => parseIsoTimestamp(s)) < LINEAR_BOUND), { numRuns: 3 });
  }, 60_000);
});

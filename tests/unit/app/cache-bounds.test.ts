// The page's caches keep what it shows again and again (sanitised alert HTML, formatted dates, measured text,
// date formatters), each up to a bound: on a wall display open for days, alerts and times keep coming, so a cache
// without one grows for as long as the page lives. Each bound is checked on the heap itself (what is still reachable
// after a full GC), not on the cache's own counter.
import { describe, expect, it } from 'vitest';
import { SANITIZE_CACHE_LIMIT, SANITIZE_CACHE_MAX_CHARS, sanitizeHtml } from '../../../src/app/components/sanitizer.ts';
import { cachedDate, DATE_CACHE_MAX } from '../../../src/app/screens/alerts/rows/AlertCells.tsx';
import { MAX_MEASURED_TEXTS, measurer } from '../../../src/app/screens/alerts/table/column-layout.ts';
import { formatDate, MAX_DATE_FORMATTERS } from '../../../src/core/date-format.ts';
import { retainedObjects, retainedStrings } from './retained.ts';

/** Strings made at run time (not source text, which the heap keeps anyway). */
const made = (parts: (string | number)[]) => parts.join('');

describe('cache bounds', () => {
  it('sanitised alert HTML: at most SANITIZE_CACHE_LIMIT texts, the newest kept', async () => {
    const total = SANITIZE_CACHE_LIMIT + 500;
    for (let i = 0; i < total; i++) expect(sanitizeHtml(made(['<b onclick="x">bound-marker-', i, '</b>'])).html).toBe(`<b>bound-marker-${i}</b>`);
    const kept = await retainedStrings(/^<b onclick="x">bound-marker-\d+<\/b>$/);
    expect(kept.length).toBeLessThanOrEqual(SANITIZE_CACHE_LIMIT);
    expect(kept).toContain(`<b onclick="x">bound-marker-${total - 1}</b>`);
  }, 120_000);

  it('sanitised alert HTML: at most SANITIZE_CACHE_MAX_CHARS characters of long texts, the newest kept', async () => {
    // 1,500 texts of about 900 characters (a heap snapshot names a string by its first 1,024 characters, so each is
    // seen whole): with their results about 2.7 million characters, under the count bound but over the size bound
    const filler = 'x'.repeat(860);
    const total = 1500;
    for (let i = 0; i < total; i++) sanitizeHtml(made(['<i onclick="x">long-marker-', i, ' ', filler, '</i>']));
    const kept = await retainedStrings(/^<i onclick="x">long-marker-\d+ x+<\/i>$/);
    const perEntry = kept[0]!.length + kept[0]!.length - ' onclick="x"'.length;
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThanOrEqual(Math.floor(SANITIZE_CACHE_MAX_CHARS / perEntry));
    expect(kept.some((s) => s.startsWith(`<i onclick="x">long-marker-${total - 1} `))).toBe(true);
    // one text beyond the budget is sanitised but not kept
    const huge = made(['<u onclick="x">huge-marker ', 'y'.repeat(SANITIZE_CACHE_MAX_CHARS), '</u>']);
    expect(sanitizeHtml(huge).html.length).toBe('<u>huge-marker </u>'.length + SANITIZE_CACHE_MAX_CHARS);
    expect(await retainedStrings(/^<u>huge-marker y/)).toEqual([]);
  }, 120_000);

  it('formatted card dates: at most DATE_CACHE_MAX', async () => {
    const t0 = Date.parse('2031-01-01T00:00:00Z');
    const total = DATE_CACHE_MAX * 3;
    // a minute apart: each is a new text in a format without seconds
    for (let i = 0; i < total; i++) cachedDate(new Date(t0 + i * 60_000).toISOString(), '[date-marker] YYYY-MM-DD HH:mm', 'utc', 'en');
    const kept = await retainedStrings(/^date-marker \d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThanOrEqual(DATE_CACHE_MAX);
  }, 120_000);

  it('measured text widths: at most MAX_MEASURED_TEXTS between two measures of the page', async () => {
    const measure = measurer(made(['13px ', 'width-marker']));
    const total = MAX_MEASURED_TEXTS + 5000;
    for (let i = 0; i < total; i++) measure(made(['measured text ', i]));
    // (the cache's keys join font and text; the texts they hold are what is counted)
    const kept = await retainedStrings(/^measured text \d+$/);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThanOrEqual(MAX_MEASURED_TEXTS);
  }, 120_000);

  it('date formatters: at most MAX_DATE_FORMATTERS, however many languages and zones were asked for', async () => {
    const languages = Intl.DateTimeFormat.supportedLocalesOf(
      'af am ar az be bg bn bs ca cs cy da de el es et eu fa fi fr ga gl gu he hi hr hu hy id is it ja ka kk km kn ko lo lt lv mk ml mn mr ms my nb ne nl pa pl pt ro ru si sk sl sq sr sv sw ta te th tr uk ur uz vi zh zu'.split(' '),
    );
    expect(languages.length * 2).toBeGreaterThan(MAX_DATE_FORMATTERS);
    for (const locale of languages) for (const timezone of ['utc', 'local'] as const) formatDate('2031-01-01T12:00:00Z', 'LL', { timezone, locale });
    expect(await retainedObjects('DateTimeFormat')).toBeLessThanOrEqual(MAX_DATE_FORMATTERS);
  }, 120_000);
});

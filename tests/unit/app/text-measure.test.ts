// @vitest-environment happy-dom
// The table's column widths measure the page's text on a canvas. Chromium keeps what a 2D context measured (about
// 1.2 KiB of native memory per distinct string, never evicted while the context lives: 4,000 strings held 4.8 MiB
// in a probe), so a wall display whose alerts come and go grew for as long as it ran (the page's native
// heap +1.5 MiB in a 20-minute soak). The measurer starts a fresh canvas after MAX_TEXTS_PER_CANVAS strings.
import { afterEach, expect, it, vi } from 'vitest';
import { MAX_TEXTS_PER_CANVAS, measurer } from '../../../src/app/screens/alerts/table/column-layout.ts';

afterEach(() => vi.restoreAllMocks());

it('measures on one canvas until it has measured its share of strings, then on a fresh one, with the same widths', () => {
  const contexts: { measured: number }[] = [];
  const create = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation(((tag: string) => {
    if (tag !== 'canvas') return create(tag);
    const ctx = { font: '', measured: 0, measureText(text: string) { ctx.measured++; return { width: text.length * 7 }; } };
    contexts.push(ctx);
    return { getContext: () => ctx } as unknown as HTMLCanvasElement;
  }) as typeof document.createElement);

  const measure = measurer('13px test-font');
  const total = MAX_TEXTS_PER_CANVAS * 2 + 10;
  for (let i = 0; i < total; i++) expect(measure(`text ${i}`)).toBe(`text ${i}`.length * 7);
  expect(contexts.length).toBe(3);
  expect(Math.max(...contexts.map((c) => c.measured))).toBeLessThanOrEqual(MAX_TEXTS_PER_CANVAS);
  expect(contexts.reduce((sum, c) => sum + c.measured, 0)).toBe(total);
});

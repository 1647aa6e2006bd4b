import { describe, expect, it, vi } from 'vitest';
import { formatPlainNumber } from '../../../src/core/icu-message.ts';

describe('formatPlainNumber', () => {
  it('writes what Intl.NumberFormat writes, in every console language, for 0-999 (the fast path) and beyond', () => {
    for (const locale of ['en', 'fr', 'de', 'tr', 'de-CH', 'fr-CA']) {
      const intl = new Intl.NumberFormat(locale);
      for (let n = 0; n < 1000; n++) expect(formatPlainNumber(locale, n)).toBe(intl.format(n));
      for (const n of [1000, 1234.5, 99999, -1, -999, 0.5, 1e21]) expect(formatPlainNumber(locale, n)).toBe(intl.format(n));
    }
  });

  it('writes counts of thousands and more like Intl.NumberFormat, without creating one (its first costs ICU\'s set-up)', async () => {
    vi.resetModules();
    const created = vi.spyOn(Intl, 'NumberFormat');
    try {
      const fresh = await import('../../../src/core/icu-message.ts');
      const out: Record<string, string[]> = {};
      const samples = [1000, 1001, 9999, 10_000, 12_345, 99_999, 100_000, 999_999, 1_000_000, 1_234_567, 2 ** 31, 1e12, Number.MAX_SAFE_INTEGER];
      for (const locale of ['en', 'fr', 'de', 'tr']) out[locale] = samples.map((n) => fresh.formatPlainNumber(locale, n));
      expect(created).not.toHaveBeenCalled();
      created.mockRestore();
      for (const locale of ['en', 'fr', 'de', 'tr']) {
        const intl = new Intl.NumberFormat(locale);
        expect(out[locale]).toEqual(samples.map((n) => intl.format(n)));
        for (let n = 1000; n < 200_000; n += 997) expect(fresh.formatPlainNumber(locale, n)).toBe(intl.format(n));
      }
    } finally {
      created.mockRestore();
    }
  });

  it('leaves other languages to Intl, whose digits may not be ASCII', () => {
    expect(formatPlainNumber('ar-EG', 12)).toBe(new Intl.NumberFormat('ar-EG').format(12));
    expect(formatPlainNumber('ar-EG', 12)).not.toBe('12');
  });
});

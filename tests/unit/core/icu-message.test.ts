import { describe, expect, it } from 'vitest';
import { formatPlainNumber } from '../../../src/core/icu-message.ts';

describe('formatPlainNumber', () => {
  it('writes what Intl.NumberFormat writes, in every console language, for 0-999 (the fast path) and beyond', () => {
    for (const locale of ['en', 'fr', 'de', 'tr', 'de-CH', 'fr-CA']) {
      const intl = new Intl.NumberFormat(locale);
      for (let n = 0; n < 1000; n++) expect(formatPlainNumber(locale, n)).toBe(intl.format(n));
      for (const n of [1000, 1234.5, 99999, -1, -999, 0.5, 1e21]) expect(formatPlainNumber(locale, n)).toBe(intl.format(n));
    }
  });

  it('leaves other languages to Intl, whose digits may not be ASCII', () => {
    expect(formatPlainNumber('ar-EG', 12)).toBe(new Intl.NumberFormat('ar-EG').format(12));
    expect(formatPlainNumber('ar-EG', 12)).not.toBe('12');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { compareNames } from '../../../src/core/names.ts';

const byLocale = (a: string, b: string) => Math.sign(a.localeCompare(b, undefined, { sensitivity: 'base' }));

describe('compareNames', () => {
  afterEach(() => vi.restoreAllMocks());

  it('orders plain names as the platform collation does (case ignored, digits before letters, spaces first)', () => {
    const names = ['Production', 'production', 'Development', 'dev', 'Dev 2', 'Dev2', 'dev10', 'DEV1', 'a', 'A', 'b', '', 'z9', 'Z 9', '10', '9', 'Staging', 'QA'];
    for (const a of names) for (const b of names) expect(Math.sign(compareNames(a, b)), `${a} vs ${b}`).toBe(byLocale(a, b));
    // random plain names
    const alphabet = 'aAbBzZ09 ';
    const random = () => Array.from({ length: 1 + Math.floor(Math.random() * 5) }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
    for (let i = 0; i < 2000; i++) {
      const [a, b] = [random(), random()];
      expect(Math.sign(compareNames(a, b)), `${a} vs ${b}`).toBe(byLocale(a, b));
    }
  });

  it('asks the platform for names with accents or punctuation, which it orders by their letters', () => {
    expect(compareNames('Ärger', 'Zeta')).toBeLessThan(0);
    expect(compareNames('café', 'Cafe')).toBe(0);
    expect(compareNames('ops_eu', 'ops-eu')).toBe(byLocale('ops_eu', 'ops-eu'));
  });

  it('does not touch the platform collation for plain names (its first use costs 15 ms)', () => {
    const spy = vi.spyOn(String.prototype, 'localeCompare');
    ['Production', 'Development', 'Staging', 'QA 2'].sort(compareNames);
    expect(spy).not.toHaveBeenCalled();
  });
});

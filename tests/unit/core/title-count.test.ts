import { expect, it } from 'vitest';
import { titleWithCount } from '../../../src/core/title-count.ts';

it('prefixes the title with the count, replacing an earlier count', () => {
  expect(titleWithCount('Alerts | Alerta', 3)).toBe('(3) Alerts | Alerta');
  expect(titleWithCount('(3) Alerts | Alerta', 5)).toBe('(5) Alerts | Alerta');
  expect(titleWithCount('(3) Alerts | Alerta', 0)).toBe('Alerts | Alerta');
  expect(titleWithCount('Alerts | Alerta', 12345)).toBe('(999+) Alerts | Alerta');
  expect(titleWithCount('(999+) Alerts | Alerta', 2)).toBe('(2) Alerts | Alerta');
});

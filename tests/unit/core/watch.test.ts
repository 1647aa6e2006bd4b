import { describe, expect, it } from 'vitest';
import { isWatchedBy, watchTag } from '../../../src/core/watch.ts';

describe('watch marker', () => {
  it('is the tag watch:<username>', () => {
    expect(watchTag('admin@alerta.dev')).toBe('watch:admin@alerta.dev');
  });

  it('counts an alert as watched only by the user whose tag it carries', () => {
    const alert = { tags: ['foo', 'watch:alice'] };
    expect(isWatchedBy(alert, 'alice')).toBe(true);
    expect(isWatchedBy(alert, 'bob')).toBe(false);
    expect(isWatchedBy({ tags: ['watch:alice2'] }, 'alice')).toBe(false);
  });

  it('treats an anonymous user as watching nothing', () => {
    expect(isWatchedBy({ tags: ['watch:'] }, '')).toBe(false);
    expect(isWatchedBy({ tags: ['watch:null'] }, null)).toBe(false);
  });
});

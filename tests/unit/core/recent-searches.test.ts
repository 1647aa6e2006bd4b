import { describe, expect, it } from 'vitest';
import { addRecent, MAX_RECENT, parseRecent, recentKey, removeRecent } from '../../../src/core/recent-searches.ts';

describe('recent searches', () => {
  it('puts the newest first, each once, and keeps ten', () => {
    let list: string[] = [];
    for (let i = 0; i < 15; i++) list = addRecent(list, `q${i}`);
    expect(list).toHaveLength(MAX_RECENT);
    expect(list[0]).toBe('q14');
    expect(list.at(-1)).toBe('q5');
    list = addRecent(list, '  q9 ');
    expect(list[0]).toBe('q9');
    expect(list.filter((x) => x === 'q9')).toHaveLength(1);
    expect(list).toHaveLength(MAX_RECENT);
  });

  it('does not remember an empty search or a giant paste', () => {
    expect(addRecent(['a'], '   ')).toEqual(['a']);
    expect(addRecent(['a'], 'x'.repeat(5000))).toEqual(['a']);
  });

  it('removes one', () => {
    expect(removeRecent(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });

  it('reads only what it can trust from storage', () => {
    expect(parseRecent(null)).toEqual([]);
    expect(parseRecent('not json')).toEqual([]);
    expect(parseRecent('{"a":1}')).toEqual([]);
    expect(parseRecent(JSON.stringify(['a', 1, null, 'a', '', 'b', ...Array.from({ length: 20 }, (_, i) => `x${i}`)]))).toEqual([
      'a', 'b', 'x0', 'x1', 'x2', 'x3', 'x4', 'x5', 'x6', 'x7',
    ]);
  });

  it('keeps each user on their own key', () => {
    expect(recentKey('alice')).not.toBe(recentKey('bob'));
  });
});

import { describe, expect, it } from 'vitest';
import { containsTerm, exactTerm, excludeTerm, bareWord } from '../../../src/core/query-values.ts';
import { readLeaves } from './server-reading.ts';

describe('exact terms', () => {
  it('anchor a phrase, with regex characters, quotes, backslashes and controls as \\uXXXX', () => {
    expect(exactTerm('resource', 'web01')).toBe('resource:"^web01$"');
    expect(exactTerm('text', 'Slow query (2.3s)')).toBe('text:"\\Y|^Slow query \\u00282\\u002e3s\\u0029$|\\Y"');
    expect(exactTerm('resource', 'a"b\\tc')).toBe('resource:"^a\\u0022b\\u005ctc$"');
    expect(exactTerm('_.region', 'eu-west-1')).toBe('_.region:"^eu-west-1$"');
    expect(excludeTerm('resource', 'web01')).toBe('NOT resource:"^web01$"');
  });

  it('never hold a backslash before t, n, f or r (the server would make it whitespace) and parse as one term', () => {
    for (const v of ['\\n', 'a\tb', 'x\\ty', '"q"', 'é ü 🙂', 'line\nbreak', 'עברית']) {
      const t = exactTerm('text', v)!;
      expect(t).not.toMatch(/\\[tnfr]/);
      expect(readLeaves(t)).toHaveLength(1);
    }
  });

  it('list columns compare elements as they are; unexpressible values and fields are null', () => {
    expect(exactTerm('tags', 'watch:alice')).toBe('tags:"watch:alice"');
    expect(exactTerm('service', 'a"b')).toBeNull();
    expect(exactTerm('timeout', '5')).toBeNull();
    expect(exactTerm('createTime', 'x')).toBeNull();
    expect(exactTerm('_.a b', 'x')).toBeNull();
    expect(exactTerm('resource', '')).toBeNull();
  });

  it('contains: anywhere in the default field, any character', () => {
    expect(containsTerm('disk full')).toBe('"\\Y|disk full|\\Y"');
    expect(containsTerm("can't 100% \"x\"")).toBe('"\\Y|can\'t 100% \\u0022x\\u0022|\\Y"');
    expect(containsTerm('')).toBeNull();
  });

  it('bare words only where the parser reads one word', () => {
    expect(bareWord('web01')).toBe('web01');
    expect(bareWord('a b')).toBeNull();
    expect(bareWord('AND')).toBeNull();
  });
});

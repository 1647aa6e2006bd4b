import { describe, expect, it } from 'vitest';
import { allOf, anyOf, asOperand, exactAnyTerm } from '../../../src/core/query-join.ts';
import { containsTerm, exactTerm, excludeTerm, bareWord } from '../../../src/core/query-values.ts';
import { parseQuery, serverConditions, type Cond } from '../../../src/core/query-syntax.ts';

/** Every leaf condition the real server builds from q (what it reads), as text. */
function readLeaves(q: string): string[] {
  const p = parseQuery(q);
  if (!p.ok) throw new Error(`the real server refuses ${q}`);
  expect(p.text.slice(p.end).trim()).toBe(''); // nothing ignored
  const out: string[] = [];
  const walk = (c: Cond): void => {
    if (c.c === 'and' || c.c === 'or') {
      walk(c.l);
      walk(c.r);
    } else if (c.c === 'not' || c.c === 'mod' || c.c === 'sub') walk(c.e);
    else out.push(JSON.stringify(c));
  };
  walk(serverConditions(p.ast));
  return out;
}

/** The operators the server applies, from the root down (depth first). */
function ops(q: string): string[] {
  const p = parseQuery(q);
  if (!p.ok) throw new Error('refused');
  const out: string[] = [];
  const walk = (c: Cond): void => {
    if (c.c === 'and' || c.c === 'or') {
      out.push(c.c);
      walk(c.l);
      walk(c.r);
    } else if (c.c === 'not' || c.c === 'mod' || c.c === 'sub') walk(c.e);
  };
  walk(serverConditions(p.ast));
  return out;
}

describe('allOf / anyOf: the real server reads every operand', () => {
  it.each([2, 3, 4, 5, 8, 13, 100])('%i terms joined with AND are all read, all with AND', (n) => {
    const terms = Array.from({ length: n }, (_, i) => `resource:r${i}`);
    const q = allOf(terms)!;
    expect(readLeaves(q)).toHaveLength(n);
    expect(new Set(ops(q))).toEqual(new Set(['and']));
    const p = parseQuery(q);
    expect(p.ok && p.depth).toBeLessThan(974);
  });

  it('a flat chain would lose its third operand (the reason for the pairs)', () => {
    expect(readLeaves('resource:a AND resource:b AND resource:c')).toHaveLength(2);
  });

  it('OR chains are read whole too, and a user query with its own OR stays inside its group', () => {
    expect(readLeaves(anyOf(['a', 'b', 'c', 'd', 'e'])!)).toHaveLength(5);
    const q = allOf(['x OR y', 'NOT z', '"disk"'])!;
    expect(readLeaves(q)).toHaveLength(4);
    expect(ops(q)).toEqual(['and', 'or', 'and']);
  });

  it('a search, the text filter and watch-only are all read', () => {
    const q = allOf(['severity:critical AND environment:Production', containsTerm('disk')!, exactTerm('tags', 'watch:bob')!])!;
    const leaves = readLeaves(q);
    expect(leaves).toHaveLength(4);
    expect(leaves.join()).toContain('watch:bob');
  });

  it('keeps only what the server reads of a query it partly ignores, so what follows is not ignored with it', () => {
    expect(asOperand('resource:db01)')).toBe('resource:db01');
    const q = allOf(['resource:db01) junk', 'tags:x'])!;
    expect(readLeaves(q)).toHaveLength(2);
  });

  it('one query alone is sent as written; empty ones are skipped', () => {
    expect(allOf(['  a OR b  '])).toBe('a OR b');
    expect(allOf([' ', ''])).toBeNull();
    expect(allOf(['a', ' ', 'b'])).toBe('a AND b');
  });
});

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

  it('any of several values: one alternation on text columns, pairs on list columns', () => {
    expect(exactAnyTerm('resource', ['db01', 'db02', 'db01'])).toBe('resource:"\\Y|^(?:db01|db02)$|\\Y"');
    expect(exactAnyTerm('resource', ['db01'])).toBe('resource:"^db01$"');
    const tags = exactAnyTerm('tags', ['a', 'b', 'c'])!;
    expect(readLeaves(tags)).toHaveLength(3);
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

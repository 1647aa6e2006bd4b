// Queries joined so that Alerta 9.1.0 reads every one of them (src/core/query-join.ts).
import { describe, expect, it } from 'vitest';
import { allOf, anyOf, asOperand, exactAnyTerm } from '../../../src/core/query-join.ts';
import { parseQuery } from '../../../src/core/query-syntax.ts';
import { containsTerm, exactTerm } from '../../../src/core/query-values.ts';
import { ops, readLeaves } from './server-reading.ts';

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

describe('exact terms for any of several values', () => {
  it('any of several values: one alternation on text columns, pairs on list columns', () => {
    expect(exactAnyTerm('resource', ['db01', 'db02', 'db01'])).toBe('resource:"\\Y|^(?:db01|db02)$|\\Y"');
    expect(exactAnyTerm('resource', ['db01'])).toBe('resource:"^db01$"');
    const tags = exactAnyTerm('tags', ['a', 'b', 'c'])!;
    expect(readLeaves(tags)).toHaveLength(3);
  });
});

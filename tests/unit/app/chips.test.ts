import { describe, expect, it } from 'vitest';
import { chipOverflow, initialsOf, MAX_CHIPS } from '../../../src/app/components/chips.ts';

describe('profile card chips', () => {
  it('shows at most three chips, then counts the others', () => {
    expect(MAX_CHIPS).toBe(3);
    expect(chipOverflow(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], others: 2 });
    expect(chipOverflow(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], others: 0 });
    expect(chipOverflow(['a'])).toEqual({ shown: ['a'], others: 0 });
  });
  it('treats a missing list as empty', () => {
    expect(chipOverflow(undefined)).toEqual({ shown: [], others: 0 });
    expect(chipOverflow(null)).toEqual({ shown: [], others: 0 });
  });
});

describe('avatar initials', () => {
  it('takes the first and last word of a name, or the first letter of an e-mail login', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('Jean Paul Sartre')).toBe('JS');
    expect(initialsOf('ops@acme.example')).toBe('O');
    expect(initialsOf('ömer')).toBe('Ö');
  });
  it('shows a question mark when there is no name', () => {
    expect(initialsOf('')).toBe('?');
    expect(initialsOf(null)).toBe('?');
  });
});

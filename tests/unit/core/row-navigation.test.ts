import { describe, expect, it } from 'vitest';
import { moveIndex, refocusAfterChange, rowCommand } from '../../../src/core/row-navigation.ts';

describe('row keyboard commands', () => {
  it('arrows, j/k, Home, End and the page keys move focus', () => {
    expect(rowCommand({ key: 'ArrowDown' })).toEqual({ kind: 'move', to: 'next' });
    expect(rowCommand({ key: 'j' })).toEqual({ kind: 'move', to: 'next' });
    expect(rowCommand({ key: 'ArrowUp' })).toEqual({ kind: 'move', to: 'previous' });
    expect(rowCommand({ key: 'k' })).toEqual({ kind: 'move', to: 'previous' });
    expect(rowCommand({ key: 'Home' })).toEqual({ kind: 'move', to: 'first' });
    expect(rowCommand({ key: 'End' })).toEqual({ kind: 'move', to: 'last' });
    expect(rowCommand({ key: 'PageDown' })).toEqual({ kind: 'move', to: 'pageDown' });
    expect(rowCommand({ key: 'PageUp' })).toEqual({ kind: 'move', to: 'pageUp' });
  });

  it('Enter opens, Space and x select, Escape clears the selection', () => {
    expect(rowCommand({ key: 'Enter' })).toEqual({ kind: 'open' });
    expect(rowCommand({ key: ' ' })).toEqual({ kind: 'toggleSelect' });
    expect(rowCommand({ key: 'x' })).toEqual({ kind: 'toggleSelect' });
    expect(rowCommand({ key: 'Escape' })).toEqual({ kind: 'clearSelection' });
  });

  it('a, s, c, o act on the focused alert, w toggles watching, Delete deletes', () => {
    expect(rowCommand({ key: 'a' })).toEqual({ kind: 'act', action: 'ack' });
    expect(rowCommand({ key: 's' })).toEqual({ kind: 'act', action: 'shelve' });
    expect(rowCommand({ key: 'c' })).toEqual({ kind: 'act', action: 'close' });
    expect(rowCommand({ key: 'o' })).toEqual({ kind: 'act', action: 'open' });
    expect(rowCommand({ key: 'w' })).toEqual({ kind: 'watch' });
    expect(rowCommand({ key: 'Delete' })).toEqual({ kind: 'delete' });
  });

  it('f, the context-menu key and Shift+F10 open the menu of the row’s values; F10 alone is left to the browser', () => {
    expect(rowCommand({ key: 'f' })).toEqual({ kind: 'valueMenu' });
    expect(rowCommand({ key: 'ContextMenu' })).toEqual({ kind: 'valueMenu' });
    expect(rowCommand({ key: 'F10', shiftKey: true })).toEqual({ kind: 'valueMenu' });
    expect(rowCommand({ key: 'F10' })).toBeNull();
    expect(rowCommand({ key: 'f', ctrlKey: true })).toBeNull();
  });

  it('leaves browser shortcuts and unknown keys alone', () => {
    expect(rowCommand({ key: 'c', ctrlKey: true })).toBeNull();
    expect(rowCommand({ key: 'a', metaKey: true })).toBeNull();
    expect(rowCommand({ key: 'ArrowDown', altKey: true })).toBeNull();
    expect(rowCommand({ key: 'Tab' })).toBeNull();
    expect(rowCommand({ key: 'z' })).toBeNull();
  });
});

describe('moving focus between rows', () => {
  it('steps one row and stops at both ends', () => {
    expect(moveIndex('next', 0, 3)).toBe(1);
    expect(moveIndex('next', 2, 3)).toBe(2);
    expect(moveIndex('previous', 1, 3)).toBe(0);
    expect(moveIndex('previous', 0, 3)).toBe(0);
  });

  it('jumps to the first and last row', () => {
    expect(moveIndex('first', 7, 20)).toBe(0);
    expect(moveIndex('last', 0, 20)).toBe(19);
  });

  it('pages by the jump size, clamped', () => {
    expect(moveIndex('pageDown', 0, 50, 10)).toBe(10);
    expect(moveIndex('pageDown', 45, 50, 10)).toBe(49);
    expect(moveIndex('pageUp', 25, 50, 10)).toBe(15);
    expect(moveIndex('pageUp', 3, 50, 10)).toBe(0);
  });

  it('starts from the top when nothing had focus, and gives -1 for an empty list', () => {
    expect(moveIndex('next', -1, 5)).toBe(0);
    expect(moveIndex('previous', 9, 5)).toBe(0);
    expect(moveIndex('next', 0, 0)).toBe(-1);
  });
});

describe('focus after the page changed', () => {
  it('keeps the same alert when it is still on the page, wherever it moved', () => {
    expect(refocusAfterChange('b', ['a', 'b', 'c'], ['c', 'a', 'b'])).toBe('b');
  });

  it('moves to the row now at the old position when the focused alert left', () => {
    expect(refocusAfterChange('b', ['a', 'b', 'c'], ['a', 'c'])).toBe('c');
    expect(refocusAfterChange('c', ['a', 'b', 'c'], ['a', 'b'])).toBe('b');
  });

  it('gives null for an empty page or when nothing had focus', () => {
    expect(refocusAfterChange('a', ['a'], [])).toBeNull();
    expect(refocusAfterChange(null, ['a'], ['a'])).toBeNull();
  });
});

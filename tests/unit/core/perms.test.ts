import { describe, expect, it } from 'vitest';
import { expandScopes, hasPerms, isAdmin, scopesMeet, type PermsContext } from '../../../src/core/perms.ts';

const user = (scopes: string[]): PermsContext => ({
  authRequired: true,
  allowReadonly: false,
  authenticated: true,
  scopes,
});

describe('has-perms', () => {
  it('allows everything when auth is not required, even anonymously', () => {
    const ctx = { authRequired: false, allowReadonly: false, authenticated: false, scopes: [] };
    expect(hasPerms('admin:users', ctx)).toBe(true);
    expect(hasPerms('read:alerts', ctx)).toBe(true);
  });

  it('denies an anonymous user when read-only access is off', () => {
    const ctx = { authRequired: true, allowReadonly: false, authenticated: false, scopes: ['admin'] };
    expect(hasPerms('read:alerts', ctx)).toBe(false);
  });

  it("gives an anonymous user the config's readonly_scopes when read-only access is on", () => {
    const ctx = { authRequired: true, allowReadonly: true, authenticated: false, scopes: [], readonlyScopes: ['read:alerts'] };
    expect(hasPerms('read:alerts', ctx)).toBe(true);
    expect(hasPerms('read:heartbeats', ctx)).toBe(false);
    expect(hasPerms('write:alerts', ctx)).toBe(false);
  });

  it('defaults readonly_scopes to read', () => {
    const ctx = { authRequired: true, allowReadonly: true, authenticated: false, scopes: [] };
    expect(hasPerms('read:alerts', ctx)).toBe(true);
    expect(hasPerms('read:management', ctx)).toBe(true);
    expect(hasPerms('write:alerts', ctx)).toBe(false);
    expect(hasPerms('admin:users', ctx)).toBe(false);
  });

  const table: [string, string[], boolean][] = [
    // exact scope
    ['read:alerts', ['read:alerts'], true],
    ['read:alerts', ['read:heartbeats'], false],
    // wildcard prefix before the colon
    ['read:alerts', ['read'], true],
    ['write:keys', ['write'], true],
    // read met by matching write or admin
    ['read:alerts', ['write:alerts'], true],
    ['read:alerts', ['admin:alerts'], true],
    ['read:alerts', ['write:heartbeats'], false],
    ['read:alerts', ['write'], true],
    // write met by admin, not by read
    ['write:alerts', ['admin:alerts'], true],
    ['write:alerts', ['read:alerts'], false],
    ['write:alerts', ['admin:heartbeats'], false],
    // admin alone meets admin, write, read and delete scopes
    ['admin:users', ['admin'], true],
    ['write:alerts', ['admin'], true],
    ['read:management', ['admin'], true],
    ['delete:alerts', ['admin'], true],
    ['delete:alerts', ['admin:alerts'], true],
    ['delete:alerts', ['write:alerts'], false],
    // a lower scope never meets a higher one
    ['admin:users', ['write', 'read'], false],
    ['admin:users', ['admin:perms'], false],
    // nothing held
    ['read:alerts', [], false],
  ];
  it.each(table)('required %s with scopes %j → %s', (required, scopes, expected) => {
    expect(hasPerms(required, user(scopes))).toBe(expected);
    expect(scopesMeet(required, scopes)).toBe(expected);
  });
});

describe('admin', () => {
  it('is true only for a logged-in user holding the admin scope', () => {
    expect(isAdmin(['admin', 'read'], true)).toBe(true);
    expect(isAdmin(['admin'], false)).toBe(false);
    expect(isAdmin(['admin:users', 'write'], true)).toBe(false);
  });
});

describe('scope expansion against the server scope list', () => {
  const known = ['read', 'write', 'admin', 'read:alerts', 'write:alerts', 'delete:alerts', 'admin:alerts', 'read:heartbeats', 'admin:users'];

  it('grants every known scope a held scope is a prefix of', () => {
    expect(expandScopes(['read'], known)).toEqual(['read', 'read:alerts', 'read:heartbeats']);
  });

  it('lets admin:x grant delete:x, write:x and read:x where they exist', () => {
    expect(expandScopes(['admin:alerts'], known)).toEqual(['admin:alerts', 'delete:alerts', 'read:alerts', 'write:alerts']);
  });

  it('lets write:x grant read:x', () => {
    expect(expandScopes(['write:alerts'], known)).toEqual(['read:alerts', 'write:alerts']);
  });

  it('de-duplicates and sorts, and keeps held scopes the server does not list', () => {
    expect(expandScopes(['read:alerts', 'read', 'custom:thing'], known)).toEqual([
      'custom:thing',
      'read',
      'read:alerts',
      'read:heartbeats',
    ]);
  });

  it('does not treat a longer word as a prefix match', () => {
    expect(expandScopes(['read:alert'], ['read:alerts'])).toEqual(['read:alert']);
  });
});

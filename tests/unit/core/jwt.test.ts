import { describe, expect, it } from 'vitest';
import { customersOf, decodeJwt, isTokenValid, msUntilExpiry, tokenExpiresAt, usernameOf, userScopes } from '../../../src/core/jwt.ts';

function b64url(s: string): string {
  return Buffer.from(s, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
function token(payload: unknown): string {
  return `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify(payload))}.c2ln`;
}

const claims = {
  preferred_username: 'admin@alerta.dev',
  name: 'Alerta Admin',
  email: 'admin@alerta.dev',
  email_verified: true,
  provider: 'basic',
  roles: ['admin'],
  scope: 'admin read write',
  customers: [],
  exp: 1796452396,
  iat: 1795242796,
  sub: '172a80b3-36bc-4a88-af36-dd8d46897e02',
};

describe('decodeJwt', () => {
  it('reads the claims of an Alerta token', () => {
    expect(decodeJwt(token(claims))).toEqual(claims);
  });

  it('decodes UTF-8 names and base64url characters', () => {
    const c = decodeJwt(token({ name: 'Zoë Ğüneş ✓', preferred_username: '??>>' }));
    expect(c?.name).toBe('Zoë Ğüneş ✓');
    expect(c?.preferred_username).toBe('??>>');
  });

  it('leaves out claims of the wrong type', () => {
    expect(decodeJwt(token({ exp: '123', scope: ['read'], roles: ['a', 1], name: 'x' }))).toEqual({ roles: ['a'], name: 'x' });
  });

  it('returns null for garbage instead of throwing', () => {
    for (const t of [null, undefined, '', 'abc', 'a.b', 'a.b.c.d', 'x.!!!.y', `x.${b64url('not json')}.y`, `x.${b64url('[1]')}.y`, `x.${b64url('null')}.y`, 'x.a.y']) {
      expect(decodeJwt(t)).toBeNull();
    }
  });

  it('is not fooled by the fake placeholder token of the contract captures', () => {
    const fake = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJGQUtFIjoiUExBQ0VIT0xERVItVE9LRU4ifQ.FAKE_SIGNATURE_PLACEHOLDER';
    expect(decodeJwt(fake)).toEqual({});
  });
});

describe('token validity', () => {
  const exp = 1_000_000;
  it('gives the expiry in ms', () => {
    expect(tokenExpiresAt({ exp })).toBe(1_000_000_000);
    expect(tokenExpiresAt({})).toBeNull();
  });

  it('is valid until shortly before exp', () => {
    expect(isTokenValid({ exp }, exp * 1000 - 60_000)).toBe(true);
    expect(isTokenValid({ exp }, exp * 1000 - 5_000)).toBe(false);
    expect(isTokenValid({ exp }, exp * 1000 + 1)).toBe(false);
    expect(isTokenValid({ exp }, exp * 1000 - 5_000, 0)).toBe(true);
  });

  it('accepts a token without exp and rejects no token', () => {
    expect(isTokenValid({}, Date.now())).toBe(true);
    expect(isTokenValid(null, Date.now())).toBe(false);
  });

  it('tells how long until expiry', () => {
    expect(msUntilExpiry({ exp }, exp * 1000 - 70_000)).toBe(60_000);
    expect(msUntilExpiry({ exp }, exp * 1000 + 5)).toBe(0);
    expect(msUntilExpiry({}, 0)).toBeNull();
  });
});

describe('claims used by the UI', () => {
  it('splits the space-separated scope claim', () => {
    expect(userScopes({ scope: 'admin  read\twrite ' })).toEqual(['admin', 'read', 'write']);
    expect(userScopes({})).toEqual([]);
    expect(userScopes(null)).toEqual([]);
  });

  it('returns the customer list, empty meaning all customers', () => {
    expect(customersOf({ customers: ['Acme Corp'] })).toEqual(['Acme Corp']);
    expect(customersOf({ customers: [] })).toEqual([]);
    expect(customersOf({})).toEqual([]);
  });

  it('names the user by preferred_username, else e-mail, else subject', () => {
    expect(usernameOf(claims)).toBe('admin@alerta.dev');
    expect(usernameOf({ email: 'a@b.c', sub: 's' })).toBe('a@b.c');
    expect(usernameOf({ sub: 's' })).toBe('s');
    expect(usernameOf(null)).toBeNull();
  });
});

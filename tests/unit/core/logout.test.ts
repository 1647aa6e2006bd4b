import { describe, expect, it } from 'vitest';
import { logoutRedirect, logoutRedirectParam } from '../../../src/core/logout.ts';

describe('logout redirect', () => {
  it('without a logoutUrl the console shows its own logged-out page', () => {
    expect(logoutRedirect(null, 'basic', 'https://c.example')).toBeNull();
    expect(logoutRedirect('', 'keycloak', 'https://c.example')).toBeNull();
  });

  it('keycloak gets redirect_uri pointing at the console /logout page', () => {
    const url = new URL(logoutRedirect('https://sso.example/realms/x/protocol/openid-connect/logout', 'keycloak', 'https://c.example/console/')!);
    expect(url.origin + url.pathname).toBe('https://sso.example/realms/x/protocol/openid-connect/logout');
    expect(url.searchParams.get('redirect_uri')).toBe('https://c.example/console/logout');
    expect(url.searchParams.has('post_logout_redirect_url')).toBe(false);
  });

  it('other providers get post_logout_redirect_url, keeping existing query parameters', () => {
    const url = new URL(logoutRedirect('https://login.example/logout?client_id=abc', 'openid', 'https://c.example')!);
    expect(url.searchParams.get('client_id')).toBe('abc');
    expect(url.searchParams.get('post_logout_redirect_url')).toBe('https://c.example/logout');
    expect(logoutRedirectParam('azure')).toBe('post_logout_redirect_url');
  });

  it('refuses URLs that are not http(s)', () => {
    expect(logoutRedirect('javascript:alert(1)', 'openid', 'https://c.example')).toBeNull();
    expect(logoutRedirect('not a url', 'openid', 'https://c.example')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { LEGACY_LOGOUT_PARAM, logoutRedirect } from '../../../src/core/logout.ts';

describe('logout redirect', () => {
  it('without a logoutUrl the console shows its own logged-out page', () => {
    expect(logoutRedirect(null, 'basic', 'https://c.example', 'cid')).toBeNull();
    expect(logoutRedirect('', 'keycloak', 'https://c.example', 'cid')).toBeNull();
  });

  it('sends the standard post_logout_redirect_uri and client_id, pointing at the console /logout page', () => {
    const url = new URL(logoutRedirect('https://idp.example/session/end', 'openid', 'https://c.example/console/', 'alerta-console')!);
    expect(url.origin + url.pathname).toBe('https://idp.example/session/end');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('https://c.example/console/logout');
    expect(url.searchParams.get('client_id')).toBe('alerta-console');
  });

  it('keeps the old console’s post_logout_redirect_url for the providers other than Keycloak', () => {
    for (const provider of ['openid', 'azure', 'gitlab', 'cognito']) {
      const url = new URL(logoutRedirect('https://idp.example/logout', provider, 'https://c.example', 'cid')!);
      expect(url.searchParams.get(LEGACY_LOGOUT_PARAM)).toBe('https://c.example/logout');
    }
    expect(LEGACY_LOGOUT_PARAM).toBe('post_logout_redirect_url');
  });

  it('gives Keycloak the standard parameters only: Keycloak 18+ refuses redirect_uri', () => {
    const url = new URL(logoutRedirect('https://sso.example/realms/x/protocol/openid-connect/logout', 'keycloak', 'https://c.example/console/', 'cid')!);
    expect([...url.searchParams.keys()].sort()).toEqual(['client_id', 'post_logout_redirect_uri']);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('https://c.example/console/logout');
  });

  it('keeps the parameters already in the provider URL and does not add a client_id without one', () => {
    const url = new URL(logoutRedirect('https://login.example/logout?client_id=abc', 'openid', 'https://c.example', 'other')!);
    expect(url.searchParams.getAll('client_id')).toEqual(['abc']);
    const none = new URL(logoutRedirect('https://login.example/logout', 'openid', 'https://c.example', null)!);
    expect(none.searchParams.has('client_id')).toBe(false);
    expect(none.searchParams.get('post_logout_redirect_uri')).toBe('https://c.example/logout');
  });

  it('never follows a non-web logout URL', () => {
    expect(logoutRedirect('javascript:alert(1)', 'openid', 'https://c.example', 'cid')).toBeNull();
    expect(logoutRedirect('not a url', 'openid', 'https://c.example', 'cid')).toBeNull();
  });
});

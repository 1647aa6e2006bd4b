import { describe, expect, it } from 'vitest';
import {
  authorizationEndpoint,
  buildAuthorizeRequest,
  DEFAULT_OAUTH_SCOPE,
  popupFeatures,
  POPUP_SIZE,
  readPopupAnswer,
  readSamlMessage,
  samlUrl,
  socialLoginPayload,
} from '../../../src/core/oauth.ts';
import { OAUTH_PROVIDERS, signInKind, signupAvailable } from '../../../src/core/providers.ts';

const REDIRECT = 'https://console.example.org/';

describe('sign-in kind per provider', () => {
  it('uses the form for basic and ldap, and basic when no provider is configured', () => {
    expect(signInKind('basic')).toBe('form');
    expect(signInKind('ldap')).toBe('form');
    expect(signInKind(null)).toBe('form');
  });
  it('uses the popup for the eight OAuth providers the old console knew', () => {
    expect(OAUTH_PROVIDERS).toEqual(['azure', 'cognito', 'github', 'gitlab', 'google', 'keycloak', 'openid', 'pingfederate']);
    for (const p of OAUTH_PROVIDERS) expect(signInKind(p)).toBe('oauth');
  });
  it('uses a window for saml2 and reports anything else as unknown', () => {
    expect(signInKind('saml2')).toBe('saml');
    expect(signInKind('kerberos')).toBe('unknown');
  });
});

describe('sign-up availability', () => {
  it('needs signup_enabled and the basic provider', () => {
    expect(signupAvailable({ signup_enabled: true, provider: 'basic' })).toBe(true);
    expect(signupAvailable({ signup_enabled: false, provider: 'basic' })).toBe(false);
    expect(signupAvailable({ signup_enabled: true, provider: 'ldap' })).toBe(false);
    expect(signupAvailable(null)).toBe(false);
  });
});

describe('authorization endpoints', () => {
  it('builds each provider URL from the config', () => {
    expect(authorizationEndpoint('github', { github_url: 'https://github.example.com/' })).toBe(
      'https://github.example.com/login/oauth/authorize',
    );
    expect(authorizationEndpoint('github', {})).toBe('https://github.com/login/oauth/authorize');
    expect(authorizationEndpoint('gitlab', { gitlab_url: null })).toBe('https://gitlab.com/oauth/authorize');
    expect(authorizationEndpoint('google', {})).toBe('https://accounts.google.com/o/oauth2/auth');
    expect(authorizationEndpoint('azure', { azure_tenant: 'contoso' })).toBe(
      'https://login.microsoftonline.com/contoso/oauth2/v2.0/authorize',
    );
    expect(authorizationEndpoint('cognito', { cognito_domain: 'acme', aws_region: 'eu-west-1' })).toBe(
      'https://acme.auth.eu-west-1.amazoncognito.com/login',
    );
    expect(authorizationEndpoint('openid', { oidc_auth_url: 'https://idp.example/authorize' })).toBe('https://idp.example/authorize');
    expect(authorizationEndpoint('pingfederate', { pingfederate_url: 'https://ping.example/as/authorization.oauth2' })).toBe(
      'https://ping.example/as/authorization.oauth2',
    );
  });
  it('adds /auth to the Keycloak URL once, with the realm', () => {
    expect(authorizationEndpoint('keycloak', { keycloak_url: 'https://kc.example', keycloak_realm: 'master' })).toBe(
      'https://kc.example/auth/realms/master/protocol/openid-connect/auth',
    );
    expect(authorizationEndpoint('keycloak', { keycloak_url: 'https://kc.example/auth/', keycloak_realm: 'ops' })).toBe(
      'https://kc.example/auth/realms/ops/protocol/openid-connect/auth',
    );
  });
  it('is null when the config lacks the provider URL, realm or tenant, or holds a non-http URL', () => {
    expect(authorizationEndpoint('keycloak', { keycloak_url: 'https://kc.example' })).toBeNull();
    expect(authorizationEndpoint('azure', {})).toBeNull();
    expect(authorizationEndpoint('openid', {})).toBeNull();
    expect(authorizationEndpoint('pingfederate', { pingfederate_url: 'javascript:alert(1)' })).toBeNull();
  });
});

describe('authorize request', () => {
  it('asks for a code with the client id, redirect URI, state and the default scope openid profile email', () => {
    const r = buildAuthorizeRequest('google', { client_id: 'abc' }, REDIRECT, 'xyz');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const url = new URL(r.value.url);
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/auth');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('abc');
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.searchParams.get('state')).toBe('xyz');
    expect(url.searchParams.get('scope')).toBe(DEFAULT_OAUTH_SCOPE);
    expect(DEFAULT_OAUTH_SCOPE).toBe('openid profile email');
  });
  it('asks GitHub for its own scopes, since it has no OpenID Connect', () => {
    const r = buildAuthorizeRequest('github', { client_id: 'abc' }, REDIRECT, 's');
    expect(r.ok && new URL(r.value.url).searchParams.get('scope')).toBe('user:email read:org');
  });
  it('refuses an unknown provider and a provider without client id', () => {
    expect(buildAuthorizeRequest('myspace', { client_id: 'abc' }, REDIRECT, 's')).toEqual({ ok: false, error: 'AuthProviderUnknown' });
    expect(buildAuthorizeRequest('google', { client_id: null }, REDIRECT, 's')).toEqual({ ok: false, error: 'AuthNotPossible' });
  });
  it('posts the code with clientId and redirectUri, as the Alerta server reads them', () => {
    const r = buildAuthorizeRequest('gitlab', { client_id: 'cid' }, REDIRECT, 'st');
    if (!r.ok) throw new Error('expected a request');
    expect(socialLoginPayload(r.value, 'the-code')).toEqual({ code: 'the-code', clientId: 'cid', redirectUri: REDIRECT, state: 'st' });
  });
});

describe('popup answer', () => {
  it('stays pending while the popup is on the provider or has no code yet', () => {
    expect(readPopupAnswer('https://accounts.google.com/signin', REDIRECT, 's')).toEqual({ kind: 'pending' });
    expect(readPopupAnswer('https://console.example.org/', REDIRECT, 's')).toEqual({ kind: 'pending' });
    expect(readPopupAnswer('about:blank', REDIRECT, 's')).toEqual({ kind: 'pending' });
  });
  it('returns the code when the state matches, from the query or the fragment', () => {
    expect(readPopupAnswer('https://console.example.org/?code=c1&state=s', REDIRECT, 's')).toEqual({ kind: 'code', code: 'c1' });
    expect(readPopupAnswer('https://console.example.org/#code=c2&state=s', REDIRECT, 's')).toEqual({ kind: 'code', code: 'c2' });
  });
  it('rejects a code with another state, and reports the provider error', () => {
    expect(readPopupAnswer('https://console.example.org/?code=c1&state=other', REDIRECT, 's')).toMatchObject({ kind: 'error' });
    expect(readPopupAnswer('https://console.example.org/?error=access_denied&error_description=User+said+no', REDIRECT, 's')).toEqual({
      kind: 'error',
      error: 'AuthNotPossible',
      detail: 'User said no',
    });
  });
});

describe('popup window and SAML', () => {
  it('opens a 1020x618 popup centred on the opener', () => {
    expect(POPUP_SIZE).toEqual({ width: 1020, height: 618 });
    expect(popupFeatures({ left: 0, top: 0, width: 1920, height: 1080 })).toBe('width=1020,height=618,left=450,top=231,resizable,scrollbars');
    expect(popupFeatures({ left: 0, top: 0, width: 800, height: 600 })).toContain('left=0,top=0');
  });
  it('opens SAML on the API and accepts only an ok message with a token from the API origin', () => {
    expect(samlUrl('https://api.example/api/')).toBe('https://api.example/api/auth/saml');
    expect(readSamlMessage({ status: 'ok', token: 't' }, 'https://api.example', 'https://api.example/api')).toEqual({ token: 't' });
    expect(readSamlMessage({ status: 'ok', token: 't' }, 'https://evil.example', 'https://api.example/api')).toBeNull();
    expect(readSamlMessage({ status: 'error' }, 'https://api.example', 'https://api.example/api')).toBeNull();
    expect(readSamlMessage('ok', 'https://api.example', 'https://api.example/api')).toBeNull();
  });
});

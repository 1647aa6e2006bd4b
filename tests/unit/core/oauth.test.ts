import { describe, expect, it } from 'vitest';
import {
  answerParams,
  authorizationEndpoint,
  buildAuthorizeRequest,
  DEFAULT_OAUTH_SCOPE,
  OPENID_PROVIDERS,
  popupFeatures,
  POPUP_SIZE,
  providerHost,
  readAnswer,
  readSamlMessage,
  samlUrl,
  socialLoginPath,
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
  it('builds the Keycloak URL from KEYCLOAK_URL as Alerta uses it for the issuer, without adding /auth (Keycloak 17+)', () => {
    expect(authorizationEndpoint('keycloak', { keycloak_url: 'https://kc.example', keycloak_realm: 'master' })).toBe(
      'https://kc.example/realms/master/protocol/openid-connect/auth',
    );
    // An older Keycloak's KEYCLOAK_URL carries /auth itself (the issuer Alerta checks is KEYCLOAK_URL/realms/REALM).
    expect(authorizationEndpoint('keycloak', { keycloak_url: 'https://kc.example/auth/', keycloak_realm: 'ops' })).toBe(
      'https://kc.example/auth/realms/ops/protocol/openid-connect/auth',
    );
  });
  it('uses the authorization endpoint the server discovered (oidc_auth_url) for every OpenID Connect provider', () => {
    const discovered = 'https://kc.example/realms/alerta/protocol/openid-connect/auth';
    for (const p of OPENID_PROVIDERS) {
      const config = { oidc_auth_url: discovered, keycloak_url: 'https://kc.example', keycloak_realm: 'alerta', azure_tenant: 't', aws_region: 'eu-west-1', cognito_domain: 'd', pingfederate_url: 'https://ping.example/as' };
      expect(authorizationEndpoint(p, config)).toBe(discovered);
    }
    expect(OPENID_PROVIDERS).toEqual(['azure', 'cognito', 'gitlab', 'google', 'keycloak', 'openid', 'pingfederate']);
    // GitHub is plain OAuth 2: never the OpenID endpoint.
    expect(authorizationEndpoint('github', { oidc_auth_url: discovered })).toBe('https://github.com/login/oauth/authorize');
  });
  it('builds the URL only when the discovered one is missing or not a web address', () => {
    expect(authorizationEndpoint('keycloak', { oidc_auth_url: null, keycloak_url: 'https://kc.example', keycloak_realm: 'x' })).toBe(
      'https://kc.example/realms/x/protocol/openid-connect/auth',
    );
    expect(authorizationEndpoint('azure', { oidc_auth_url: 'javascript:alert(1)', azure_tenant: 'contoso' })).toBe(
      'https://login.microsoftonline.com/contoso/oauth2/v2.0/authorize',
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

describe('routes of the Alerta server (alerta/auth at v9.1.0)', () => {
  it('posts Cognito and PingFederate codes to /auth/openid, the others to their own route', () => {
    expect(socialLoginPath('cognito')).toBe('/auth/openid');
    expect(socialLoginPath('pingfederate')).toBe('/auth/openid');
    expect(socialLoginPath('openid')).toBe('/auth/openid');
    expect(socialLoginPath('keycloak')).toBe('/auth/keycloak');
    expect(socialLoginPath('azure')).toBe('/auth/azure');
    expect(socialLoginPath('github')).toBe('/auth/github');
    expect(socialLoginPath('gitlab')).toBe('/auth/gitlab');
    expect(socialLoginPath('google')).toBe('/auth/google');
    expect(socialLoginPath('myspace')).toBeNull();
  });
  it('carries the route in the request', () => {
    const r = buildAuthorizeRequest('cognito', { client_id: 'c', cognito_domain: 'd', aws_region: 'r' }, REDIRECT, 's');
    expect(r.ok && r.value.route).toBe('/auth/openid');
  });
});

describe('the silent check (prompt=none)', () => {
  it('asks OpenID Connect providers the same request with prompt=none first', () => {
    const r = buildAuthorizeRequest('openid', { client_id: 'abc', oidc_auth_url: 'https://idp.example/auth' }, REDIRECT, 'st');
    if (!r.ok) throw new Error('expected a request');
    const check = new URL(r.value.checkUrl!);
    const page = new URL(r.value.url);
    expect(check.searchParams.get('prompt')).toBe('none');
    expect(page.searchParams.has('prompt')).toBe(false);
    check.searchParams.delete('prompt');
    expect(check.toString()).toBe(page.toString());
  });
  it('asks GitHub and Cognito directly, since they would show a page instead', () => {
    const gh = buildAuthorizeRequest('github', { client_id: 'abc' }, REDIRECT, 's');
    const cg = buildAuthorizeRequest('cognito', { client_id: 'abc', cognito_domain: 'd', aws_region: 'r' }, REDIRECT, 's');
    expect(gh.ok && gh.value.checkUrl).toBeNull();
    expect(cg.ok && cg.value.checkUrl).toBeNull();
  });
});

describe('the provider answer', () => {
  const read = (href: string, silent = false) => readAnswer(answerParams(href)!, silent);
  it('is a code, from the query or the fragment', () => {
    expect(read('https://console.example.org/?code=c1&state=s')).toEqual({ kind: 'code', code: 'c1' });
    expect(read('https://console.example.org/#code=c2&state=s')).toEqual({ kind: 'code', code: 'c2' });
  });
  it('reads access_denied as the user cancelling, not as a failure', () => {
    expect(read('https://console.example.org/?error=access_denied&error_description=End-User+aborted+interaction&state=s')).toEqual({ kind: 'cancelled' });
  });
  it('reads any other error as the provider refusing, with its description', () => {
    expect(read('https://console.example.org/?error=invalid_scope&error_description=scope+x+is+unknown')).toEqual({
      kind: 'refused',
      error: 'invalid_scope',
      description: 'scope x is unknown',
    });
  });
  it('after the silent check, any error only means the sign-in page is needed', () => {
    expect(read('https://console.example.org/?error=login_required&state=s', true)).toBe('continue');
    expect(read('https://console.example.org/?error=consent_required&state=s', true)).toBe('continue');
    expect(read('https://console.example.org/?code=c&state=s', true)).toEqual({ kind: 'code', code: 'c' });
  });
  it('is nothing without a code or an error', () => {
    expect(read('https://console.example.org/?state=s')).toBeNull();
    expect(answerParams('not a url')).toBeNull();
  });
  it('names the provider host for messages', () => {
    expect(providerHost('https://login.example.com:8443/realms/x/auth?a=1')).toBe('login.example.com:8443');
    expect(providerHost('nonsense')).toBe('');
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

// The sign-in providers: which sign in with a form, which through a popup, their names, and whether sign-up is
// offered. Kept apart from the OAuth URL building (oauth.ts), which only the login screen needs.
import type { Config } from './types.ts';
/** Providers that sign in with a username and password form. */
export const FORM_PROVIDERS: readonly string[] = Object.freeze(['basic', 'ldap']);

/** OAuth 2 / OpenID Connect providers the old console knew, signed in through a popup. */
export const OAUTH_PROVIDERS = Object.freeze([
  'azure',
  'cognito',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'openid',
  'pingfederate',
] as const);
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** Names shown on the sign-in button (brand names, not translated). */
export const PROVIDER_NAMES: Readonly<Record<string, string>> = Object.freeze({
  basic: 'Basic',
  ldap: 'LDAP',
  azure: 'Azure AD',
  cognito: 'Cognito',
  github: 'GitHub',
  gitlab: 'GitLab',
  google: 'Google',
  keycloak: 'Keycloak',
  openid: 'OpenID',
  pingfederate: 'PingFederate',
  saml2: 'SAML',
});

export type SignInKind = 'form' | 'oauth' | 'saml' | 'unknown';

export function signInKind(provider: string | null | undefined): SignInKind {
  const p = (provider ?? 'basic').toLowerCase();
  if (FORM_PROVIDERS.includes(p)) return 'form';
  if ((OAUTH_PROVIDERS as readonly string[]).includes(p)) return 'oauth';
  if (p === 'saml2' || p === 'saml') return 'saml';
  return 'unknown';
}

/** Sign-up is offered only with signup_enabled and the basic provider, as in the old console. */
export function signupAvailable(config: Pick<Config, 'signup_enabled' | 'provider'> | null | undefined): boolean {
  return !!config?.signup_enabled && (config.provider ?? 'basic') === 'basic';
}


// Social login: the authorization URL each OAuth provider opens, and how the popup's
// answer is read. The UI opens the window; the worker posts the result. The providers themselves: providers.ts.
import type { Config } from './types.ts';
import { OAUTH_PROVIDERS, type OAuthProvider } from './providers.ts';

export const DEFAULT_OAUTH_SCOPE = 'openid profile email';

/** The popup's size, the old console's. */
export const POPUP_SIZE: Readonly<{ width: number; height: number }> = Object.freeze({ width: 1020, height: 618 });

type OAuthConfig = Pick<
  Config,
  'client_id' | 'github_url' | 'gitlab_url' | 'keycloak_url' | 'keycloak_realm' | 'pingfederate_url' | 'oidc_auth_url' | 'azure_tenant' | 'aws_region' | 'cognito_domain'
>;

const trimSlash = (s: string) => s.replace(/\/+$/, '');

/** GitHub does not speak OpenID Connect; GitLab's plain OAuth app wants only `openid`. */
const SCOPES: Partial<Record<OAuthProvider, string>> = {
  github: 'user:email read:org',
  gitlab: 'openid',
};

function isHttpUrl(s: string | null | undefined): s is string {
  if (!s) return false;
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The provider's authorization endpoint from the config, or null when the config lacks what it needs. */
export function authorizationEndpoint(provider: OAuthProvider, config: Partial<OAuthConfig>): string | null {
  let url: string | null = null;
  switch (provider) {
    case 'azure':
      url = config.azure_tenant
        ? `https://login.microsoftonline.com/${encodeURIComponent(config.azure_tenant)}/oauth2/v2.0/authorize`
        : null;
      break;
    case 'cognito':
      url =
        config.cognito_domain && config.aws_region
          ? `https://${config.cognito_domain}.auth.${config.aws_region}.amazoncognito.com/login`
          : null;
      break;
    case 'github':
      url = `${trimSlash(config.github_url || 'https://github.com')}/login/oauth/authorize`;
      break;
    case 'gitlab':
      url = `${trimSlash(config.gitlab_url || 'https://gitlab.com')}/oauth/authorize`;
      break;
    case 'google':
      url = 'https://accounts.google.com/o/oauth2/auth';
      break;
    case 'keycloak': {
      if (!config.keycloak_url || !config.keycloak_realm) return null;
      // The old console appended /auth (Keycloak before 17); a URL that already ends with it is not doubled.
      const base = trimSlash(config.keycloak_url);
      const root = base.endsWith('/auth') ? base : `${base}/auth`;
      url = `${root}/realms/${encodeURIComponent(config.keycloak_realm)}/protocol/openid-connect/auth`;
      break;
    }
    case 'openid':
      url = config.oidc_auth_url ?? null;
      break;
    case 'pingfederate':
      url = config.pingfederate_url ?? null;
      break;
  }
  return isHttpUrl(url) ? url : null;
}

export interface AuthorizeRequest {
  provider: OAuthProvider;
  /** the URL to open in the popup */
  url: string;
  /** where the provider sends the browser back; also posted to the API with the code */
  redirectUri: string;
  clientId: string;
  state: string;
}

export type AuthorizeResult = { ok: true; value: AuthorizeRequest } | { ok: false; error: 'AuthProviderUnknown' | 'AuthNotPossible' };

/**
 * The authorization-code request a popup opens. `redirectUri` is the console's own origin and base path, as the
 * old console registered it with the providers; `state` must be random and is checked when the popup returns.
 */
export function buildAuthorizeRequest(
  provider: string,
  config: Partial<OAuthConfig>,
  redirectUri: string,
  state: string,
): AuthorizeResult {
  if (!(OAUTH_PROVIDERS as readonly string[]).includes(provider)) return { ok: false, error: 'AuthProviderUnknown' };
  const p = provider as OAuthProvider;
  const endpoint = authorizationEndpoint(p, config);
  const clientId = config.client_id ?? '';
  if (!endpoint || !clientId) return { ok: false, error: 'AuthNotPossible' };
  const url = new URL(endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', SCOPES[p] ?? DEFAULT_OAUTH_SCOPE);
  url.searchParams.set('state', state);
  return { ok: true, value: { provider: p, url: url.toString(), redirectUri, clientId, state } };
}

export type PopupAnswer =
  | { kind: 'pending' }
  | { kind: 'code'; code: string }
  | { kind: 'error'; error: 'AuthNotPossible'; detail: string };

/**
 * Reads the URL the popup came back to. Until it is the console's redirect URI (same origin), the flow is
 * pending; then it carries `code` (and the same `state`), or the provider's `error`.
 */
export function readPopupAnswer(popupUrl: string, redirectUri: string, state: string): PopupAnswer {
  let url: URL;
  let expected: URL;
  try {
    url = new URL(popupUrl);
    expected = new URL(redirectUri);
  } catch {
    return { kind: 'pending' };
  }
  if (url.origin !== expected.origin) return { kind: 'pending' };
  // Implicit-flow providers answer in the fragment, code-flow ones in the query.
  const params = new URLSearchParams(url.search);
  for (const [k, v] of new URLSearchParams(url.hash.replace(/^#/, ''))) if (!params.has(k)) params.set(k, v);
  const error = params.get('error');
  if (error) return { kind: 'error', error: 'AuthNotPossible', detail: params.get('error_description') || error };
  const code = params.get('code');
  if (!code) return { kind: 'pending' };
  if (params.get('state') !== state) return { kind: 'error', error: 'AuthNotPossible', detail: 'state mismatch' };
  return { kind: 'code', code };
}

/** The body posted to /auth/{provider}, as the Alerta server reads it. */
export function socialLoginPayload(req: AuthorizeRequest, code: string): Record<string, unknown> {
  return { code, clientId: req.clientId, redirectUri: req.redirectUri, state: req.state };
}

/** Popup window features, centred on the opener. */
export function popupFeatures(screen: { left: number; top: number; width: number; height: number }): string {
  const { width, height } = POPUP_SIZE;
  const left = Math.max(0, Math.round(screen.left + (screen.width - width) / 2));
  const top = Math.max(0, Math.round(screen.top + (screen.height - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top},resizable,scrollbars`;
}

/** The SAML flow: a window on the API and a message `{status: 'ok', token}` back from it, as in the old console. */
export function samlUrl(endpoint: string): string {
  return `${trimSlash(endpoint)}/auth/saml`;
}

/** A SAML window's message: `{status: 'ok', token}` from the API's origin; anything else is ignored. */
export function readSamlMessage(data: unknown, origin: string, endpoint: string): { token: string } | null {
  let apiOrigin: string;
  try {
    apiOrigin = new URL(endpoint).origin;
  } catch {
    return null;
  }
  if (origin !== apiOrigin) return null;
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  return d.status === 'ok' && typeof d.token === 'string' && d.token ? { token: d.token } : null;
}

// Social sign-in: the authorization request each OAuth provider gets, the Alerta route that takes the code back, and
// how the answer that comes back to the console's redirect page is read. The UI opens the window; the rules for
// waiting on it live in sign-in-watch.ts; the providers themselves in providers.ts. Administrators: docs/sso.md.
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

/**
 * The providers Alerta 9.1.0 signs in through OpenID Connect (alerta/auth/oidc.py). For them the server reads the
 * provider's discovery document at start and publishes its authorization endpoint as `/config` `oidc_auth_url`:
 * that address is right whatever the provider's version or path layout (Keycloak 17 and later dropped `/auth`),
 * so it wins over any address built from the other settings. GitHub is plain OAuth 2.
 */
export const OPENID_PROVIDERS: readonly OAuthProvider[] = Object.freeze(['azure', 'cognito', 'gitlab', 'google', 'keycloak', 'openid', 'pingfederate']);

/**
 * Where the Alerta server takes each provider's code (the POST routes of alerta/auth/ at v9.1.0): Cognito and
 * PingFederate have no route of their own and sign in through the generic OpenID Connect one, as the old console
 * did for Cognito; `/auth/cognito` and `/auth/pingfederate` answer 404.
 */
export const SOCIAL_LOGIN_ROUTES: Readonly<Record<OAuthProvider, string>> = Object.freeze({
  azure: '/auth/azure',
  cognito: '/auth/openid',
  github: '/auth/github',
  gitlab: '/auth/gitlab',
  google: '/auth/google',
  keycloak: '/auth/keycloak',
  openid: '/auth/openid',
  pingfederate: '/auth/openid',
});

const isOAuthProvider = (p: string): p is OAuthProvider => (OAUTH_PROVIDERS as readonly string[]).includes(p);

/** The API path a provider's code is posted to, or null for a provider the console does not know. */
export function socialLoginPath(provider: string): string | null {
  return isOAuthProvider(provider) ? SOCIAL_LOGIN_ROUTES[provider] : null;
}

/**
 * Providers that honour OpenID Connect's `prompt=none` (answer at once, without any page, with a code or with an
 * error such as `login_required`). The console asks them that way first: the answer coming back to the console
 * within seconds proves the browser reaches the provider, and a live provider session signs in without a click.
 * GitHub (not OpenID Connect) and Cognito's hosted pages would show a page instead, so they are asked directly.
 */
export const SILENT_CHECK_PROVIDERS: readonly OAuthProvider[] = Object.freeze(['azure', 'gitlab', 'google', 'keycloak', 'openid', 'pingfederate']);

/** GitHub does not speak OpenID Connect; GitLab's plain OAuth app wants only `openid`. */
const SCOPES: Partial<Record<OAuthProvider, string>> = {
  github: 'user:email read:org',
  gitlab: 'openid',
};

export function isHttpUrl(s: string | null | undefined): s is string {
  if (!s) return false;
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The provider's authorization endpoint: the one the Alerta server discovered (`oidc_auth_url`) for the OpenID
 * Connect providers, otherwise built from the config; null when the config lacks what it needs.
 */
export function authorizationEndpoint(provider: OAuthProvider, config: Partial<OAuthConfig>): string | null {
  if (OPENID_PROVIDERS.includes(provider) && isHttpUrl(config.oidc_auth_url)) return config.oidc_auth_url;
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
    case 'keycloak':
      // Alerta requires the realm's issuer to be exactly KEYCLOAK_URL/realms/REALM, so KEYCLOAK_URL already holds
      // whatever prefix the Keycloak in use needs (`https://kc.example` since 17, `https://kc.example/auth`
      // before): nothing is added to it.
      url =
        config.keycloak_url && config.keycloak_realm
          ? `${trimSlash(config.keycloak_url)}/realms/${encodeURIComponent(config.keycloak_realm)}/protocol/openid-connect/auth`
          : null;
      break;
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
  /** the sign-in page: the authorization request the user answers */
  url: string;
  /** the same request with `prompt=none`, asked first (see SILENT_CHECK_PROVIDERS); null when not used */
  checkUrl: string | null;
  /** where the provider sends the browser back; also posted to the API with the code */
  redirectUri: string;
  clientId: string;
  state: string;
  /** the API path the code is posted to */
  route: string;
}

export type AuthorizeResult = { ok: true; value: AuthorizeRequest } | { ok: false; error: 'AuthProviderUnknown' | 'AuthNotPossible' };

/**
 * The authorization-code request of a sign-in. `redirectUri` is the console's own origin and base path, as the
 * old console registered it with the providers; `state` must be random and is checked when the answer comes back.
 * No PKCE: the Alerta server exchanges the code and sends no verifier.
 */
export function buildAuthorizeRequest(
  provider: string,
  config: Partial<OAuthConfig>,
  redirectUri: string,
  state: string,
): AuthorizeResult {
  if (!isOAuthProvider(provider)) return { ok: false, error: 'AuthProviderUnknown' };
  const endpoint = authorizationEndpoint(provider, config);
  const clientId = config.client_id ?? '';
  if (!endpoint || !clientId) return { ok: false, error: 'AuthNotPossible' };
  const url = new URL(endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', SCOPES[provider] ?? DEFAULT_OAUTH_SCOPE);
  url.searchParams.set('state', state);
  let checkUrl: string | null = null;
  if (SILENT_CHECK_PROVIDERS.includes(provider)) {
    const check = new URL(url);
    check.searchParams.set('prompt', 'none');
    checkUrl = check.toString();
  }
  return {
    ok: true,
    value: { provider, url: url.toString(), checkUrl, redirectUri, clientId, state, route: SOCIAL_LOGIN_ROUTES[provider] },
  };
}

/** The body posted to the provider's route, as the Alerta server reads it (`code`, `clientId`, `redirectUri`). */
export function socialLoginPayload(req: Pick<AuthorizeRequest, 'clientId' | 'redirectUri' | 'state'>, code: string): Record<string, unknown> {
  return { code, clientId: req.clientId, redirectUri: req.redirectUri, state: req.state };
}

/** What a provider's answer means for the sign-in. */
export type SignInAnswer =
  | { kind: 'code'; code: string }
  /** `access_denied` after the sign-in page: the user said no or cancelled, which is their choice, not a failure */
  | { kind: 'cancelled' }
  /** any other error: the provider refused the request (`error`, with its `error_description` if any) */
  | { kind: 'refused'; error: string; description: string };

/** The query and the fragment of an address, as one set of parameters (implicit-flow providers use the fragment). */
export function answerParams(href: string): URLSearchParams | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const params = new URLSearchParams(url.search);
  for (const [k, v] of new URLSearchParams(url.hash.replace(/^#/, ''))) if (!params.has(k)) params.set(k, v);
  return params;
}

/** Answers are short; anything longer is not from a provider and is not carried around. */
const MAX_PARAM = 4096;

/**
 * Reads the provider's answer. `silentCheck`: the request was the `prompt=none` one, whose errors
 * (`login_required`, `consent_required`...) only mean that the user has to answer the sign-in page.
 */
export function readAnswer(params: URLSearchParams, silentCheck: boolean): SignInAnswer | 'continue' | null {
  const code = params.get('code');
  const error = params.get('error');
  if (code && code.length <= MAX_PARAM && !error) return { kind: 'code', code };
  if (!error) return null;
  if (silentCheck) return 'continue';
  if (error === 'access_denied') return { kind: 'cancelled' };
  const description = (params.get('error_description') ?? '').slice(0, MAX_PARAM);
  return { kind: 'refused', error: error.slice(0, 200), description };
}

/** Popup window features, centred on the opener. */
export function popupFeatures(screen: { left: number; top: number; width: number; height: number }): string {
  const { width, height } = POPUP_SIZE;
  const left = Math.max(0, Math.round(screen.left + (screen.width - width) / 2));
  const top = Math.max(0, Math.round(screen.top + (screen.height - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top},resizable,scrollbars`;
}

/** The host a sign-in page lives on, for messages ("login.example.com did not answer"). */
export function providerHost(url: string | null | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
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

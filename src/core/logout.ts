// Where the browser goes after signing out: the identity provider's end-session endpoint (the `logoutUrl` the Alerta
// server discovered), asked to send the browser back to this console's /logout page, or simply that page.
//
// The parameters are OpenID Connect RP-Initiated Logout's: `post_logout_redirect_uri`, which a provider follows only
// when it can tell which client asks, hence `client_id` (the standard's alternative, `id_token_hint`, is not
// available: the Alerta server keeps the provider's ID token to itself). The old console sent
// `post_logout_redirect_url`, which no standard provider reads; it is still sent to the providers other than
// Keycloak, for setups built around it. It sent Keycloak `redirect_uri` instead, which Keycloak 18 and later refuse
// ("Invalid parameter: redirect_uri") and which earlier versions only read when `post_logout_redirect_uri` is absent,
// so Keycloak gets the standard parameters alone.

/** The old console's parameter, kept for the providers other than Keycloak. */
export const LEGACY_LOGOUT_PARAM = 'post_logout_redirect_url';

/**
 * @param logoutUrl the `logoutUrl` of the POST /auth/logout answer, if any
 * @param consoleBase the console's own origin and base path, e.g. https://alerta.example.com/console
 * @param clientId the OAuth client id of the console (`/config` `client_id`)
 * @returns the absolute URL to leave for, or null to show the console's own "You have been logged out" page
 */
export function logoutRedirect(
  logoutUrl: string | null | undefined,
  provider: string | null | undefined,
  consoleBase: string,
  clientId: string | null | undefined,
): string | null {
  if (!logoutUrl) return null;
  let url: URL;
  try {
    url = new URL(logoutUrl);
  } catch {
    return null;
  }
  // Only web URLs: a javascript: or data: URL from a tampered answer must never become a navigation.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const back = `${consoleBase.replace(/\/+$/, '')}/logout`;
  url.searchParams.set('post_logout_redirect_uri', back);
  if (clientId && !url.searchParams.has('client_id') && !url.searchParams.has('id_token_hint')) url.searchParams.set('client_id', clientId);
  if (provider !== 'keycloak') url.searchParams.set(LEGACY_LOGOUT_PARAM, back);
  return url.toString();
}

// Where the browser goes after signing out: the identity provider's logout URL with its redirect
// parameter back to this console's /logout page, or simply the console's /logout page.

/** keycloak names the parameter redirect_uri; the other OpenID providers post_logout_redirect_url. */
export function logoutRedirectParam(provider: string | null | undefined): string {
  return provider === 'keycloak' ? 'redirect_uri' : 'post_logout_redirect_url';
}

/**
 * @param logoutUrl the `logoutUrl` of the POST /auth/logout answer, if any
 * @param consoleBase the console's own origin and base path, e.g. https://alerta.example.com/console
 * @returns the absolute URL to leave for, or null to show the console's own "You have been logged out" page
 */
export function logoutRedirect(logoutUrl: string | null | undefined, provider: string | null | undefined, consoleBase: string): string | null {
  if (!logoutUrl) return null;
  let url: URL;
  try {
    url = new URL(logoutUrl);
  } catch {
    return null;
  }
  // Only web URLs: a javascript: or data: URL from a tampered answer must never become a navigation.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.searchParams.set(logoutRedirectParam(provider), `${consoleBase.replace(/\/+$/, '')}/logout`);
  return url.toString();
}

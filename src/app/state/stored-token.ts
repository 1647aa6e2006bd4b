// The signed-in token as this browser keeps it (localStorage, shared by the console's tabs). Apart from the session's
// state so that the page's first script (src/app/boot.ts) reads it without loading the store.

export const AUTH_TOKEN_KEY = 'auth.token';

export function readToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string | null) {
  try {
    if (token) localStorage.setItem(AUTH_TOKEN_KEY, token);
    else localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // Storage may be disabled; the worker still holds the token for this tab.
  }
}

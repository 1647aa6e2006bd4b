// Sign-in calls (/auth/...): each returns the token the server issues, or nothing.
import type { SignupInput, Result } from '../contract/index.ts';
import { anyObject, request, type HttpContext } from '../http.ts';
import { socialLoginPath } from '../../core/oauth.ts';

const tokenOf = (body: unknown): string | null => {
  const o = anyObject(body);
  return o && typeof o.token === 'string' && o.token ? o.token : null;
};

export function login(ctx: HttpContext, username: string, password: string): Promise<Result<string>> {
  return request(ctx, '/auth/login', tokenOf, { method: 'POST', body: { username: username.trim(), password } });
}

export function signup(ctx: HttpContext, input: SignupInput): Promise<Result<string>> {
  return request(ctx, '/auth/signup', tokenOf, { method: 'POST', body: input });
}

/** POST of a provider's code to the provider's route (src/core/oauth.ts: Cognito's goes to /auth/openid). */
export function socialLogin(ctx: HttpContext, provider: string, payload: Record<string, unknown>): Promise<Result<string>> {
  const path = socialLoginPath(provider);
  if (!path) return Promise.resolve({ ok: false, error: { kind: 'internal', message: `Unknown authentication provider: ${provider}` } });
  return request(ctx, path, tokenOf, { method: 'POST', body: payload });
}

export async function confirmEmail(ctx: HttpContext, token: string): Promise<Result<void>> {
  const r = await request(ctx, `/auth/confirm/${encodeURIComponent(token)}`, anyObject, { method: 'POST', body: {} });
  return r.ok ? { ok: true, value: undefined } : r;
}

export async function forgotPassword(ctx: HttpContext, email: string): Promise<Result<void>> {
  const r = await request(ctx, '/auth/forgot', anyObject, { method: 'POST', body: { email: email.trim() } });
  return r.ok ? { ok: true, value: undefined } : r;
}

export async function resetPassword(ctx: HttpContext, token: string, password: string): Promise<Result<void>> {
  const r = await request(ctx, `/auth/reset/${encodeURIComponent(token)}`, anyObject, { method: 'POST', body: { password } });
  return r.ok ? { ok: true, value: undefined } : r;
}

/** POST /auth/logout; the answer may name the identity provider's logout URL. */
export async function logout(ctx: HttpContext): Promise<Result<{ logoutUrl: string | null }>> {
  return request(
    ctx,
    '/auth/logout',
    (body) => {
      const o = anyObject(body);
      return { logoutUrl: o && typeof o.logoutUrl === 'string' && o.logoutUrl ? o.logoutUrl : null };
    },
    { method: 'POST', body: {} },
  );
}

// The signed-in user's own record and attributes (preferences and saved searches live there, as with the
// old console, so they follow the user from browser to browser).
import type { User } from '../../core/types.ts';
import type { Result } from '../contract/index.ts';
import { anyObject, request, type HttpContext, type ObjectAnswer } from '../http.ts';

export function getMyAttributes(ctx: HttpContext): ObjectAnswer {
  return request(ctx, '/user/me/attributes', (body) => {
    const o = anyObject(body);
    if (!o) return null;
    return anyObject(o.attributes) ?? {};
  });
}

export async function putMyAttributes(ctx: HttpContext, attributes: Record<string, unknown>): Promise<Result<void>> {
  const r = await request(ctx, '/user/me/attributes', anyObject, { method: 'PUT', body: { attributes } });
  return r.ok ? { ok: true, value: undefined } : r;
}

export function getMe(ctx: HttpContext): Promise<Result<User>> {
  return request(ctx, '/user/me', (body) => {
    const user = anyObject(body) ? anyObject((body as Record<string, unknown>).user) : null;
    return user && typeof user.id === 'string' ? (user as unknown as User) : null;
  });
}

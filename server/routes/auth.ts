// Login, signup, email confirmation, password reset, logout and userinfo for the basic provider.
import { randomBytes, randomUUID } from 'node:crypto';
import { FLASK_404, type Router, type RouteCtx } from '../http.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { checkLogin, issueToken, type UserRow } from '../auth.ts';
import { hashPassword } from '../passwords.ts';
import { addSeconds, instant, iso } from '../time.ts';
import { OIDC_ROUTES, oidcEnabled, openidLogin } from '../oidc.ts';

const obj = (body: unknown): Record<string, unknown> =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/**
 * Where the console lives, for links in mails: the CONSOLE_URL setting (by default the server's own console URL).
 * Never the request's Origin or Host, which whoever asks for a reset mail can choose.
 */
function consoleOrigin(rc: RouteCtx): string {
  return rc.ctx.settings.CONSOLE_URL.replace(/\/+$/, '');
}

function issueOneTimeToken(ctx: AppContext, kind: 'confirm' | 'reset', userId: string): string {
  const token = randomBytes(24).toString('base64url');
  ctx.db.prepare('INSERT INTO tokens (token, kind, user_id, expire_time) VALUES (?, ?, ?, ?)')
    .run(token, kind, userId, iso(addSeconds(ctx.now(), 86400)));
  return token;
}

function consumeToken(ctx: AppContext, kind: 'confirm' | 'reset', token: string): string {
  const row = ctx.db.prepare('SELECT * FROM tokens WHERE token = ? AND kind = ?').get(token, kind) as
    | { user_id: string; expire_time: string }
    | undefined;
  if (!row) throw new ApiError(kind === 'confirm' ? 'confirm token is invalid' : 'reset token is invalid', 400);
  ctx.db.prepare('DELETE FROM tokens WHERE token = ?').run(token);
  if (!(instant(row.expire_time) > ctx.now().getTime())) throw new ApiError(`${kind} token has expired`, 400);
  return row.user_id;
}

export function sendConfirmation(rc: RouteCtx, user: UserRow): void {
  const token = issueOneTimeToken(rc.ctx, 'confirm', user.id);
  rc.ctx.mail.send({
    to: user.email,
    subject: '[Alerta] Please verify your email',
    text: `Hello ${user.name},\n\nPlease verify your email address by opening this link:\n${consoleOrigin(rc)}/confirm/${token}\n\nThe link is valid for 24 hours.`,
  });
}

export function registerAuthRoutes(r: Router): void {
  r.post('/auth/login', { auth: 'none' }, async (rc) => {
    const { ctx, body, base, req } = rc;
    const b = obj(body);
    const login = typeof b.username === 'string' ? b.username : typeof b.email === 'string' ? b.email : '';
    const password = typeof b.password === 'string' ? b.password : '';
    if (!login || !password) throw new ApiError("must supply 'username' and 'password'", 401);
    const user = ctx.db.prepare('SELECT * FROM users WHERE login = ? OR email = ?').get(login, login) as UserRow | undefined;
    // off the event loop, as slow for an unknown login as for a known one, and limited per address and account
    const ok = await checkLogin(ctx, req.ip, login, password, user?.password);
    if (!user || !ok) throw new ApiError('Invalid username or password', 401);
    if (user.status !== 'active') throw new ApiError(`User ${user.login} not active`, 403);
    if (ctx.settings.EMAIL_VERIFICATION && user.email_verified !== 1) {
      sendConfirmation(rc, user);
      throw new ApiError('email not verified', 403);
    }
    return { token: await issueToken(ctx, user, `${base}/`) };
  });

  r.post('/auth/signup', { auth: 'none' }, async (rc) => {
    const { ctx, body, base } = rc;
    if (!ctx.settings.SIGNUP_ENABLED || ctx.settings.AUTH_PROVIDER !== 'basic') throw new ApiError('User signup is disabled', 403);
    const b = obj(body);
    const email = typeof b.email === 'string' ? b.email.trim() : '';
    const password = typeof b.password === 'string' ? b.password : '';
    const missing = [!email && 'email', !password && 'password'].filter(Boolean) as string[];
    if (missing.length) {
      throw new ApiError(`Missing mandatory value for '${missing[0]}'`, 400, missing.map((m) => `Missing mandatory value for '${m}'`));
    }
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new ApiError(`Invalid email address '${email}'`, 400);
    if (password.length < 6) throw new ApiError('Password must be at least 6 characters', 400);
    const name = typeof b.name === 'string' && b.name.trim() ? b.name.trim() : email.split('@')[0] as string;
    const text = typeof b.text === 'string' ? b.text : '';
    if (ctx.db.prepare('SELECT 1 FROM users WHERE login = ? OR email = ?').get(email, email)) {
      throw new ApiError('user with that email already exists', 409);
    }
    const hash = await hashPassword(password);
    if (ctx.db.prepare('SELECT 1 FROM users WHERE login = ? OR email = ?').get(email, email)) {
      throw new ApiError('user with that email already exists', 409);
    }
    const now = iso(ctx.now());
    const id = randomUUID();
    const roles = ctx.settings.ADMIN_USERS.includes(email) ? ctx.settings.ADMIN_ROLES : ctx.settings.USER_ROLES;
    ctx.db.prepare(
      `INSERT INTO users (id, name, login, password, email, status, roles, attributes, create_time, last_login, text, update_time, email_verified)
       VALUES (?, ?, ?, ?, ?, 'active', ?, '{}', ?, NULL, ?, ?, 0)`,
    ).run(id, name, email, hash, email, JSON.stringify(roles), now, text, now);
    const user = ctx.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow;
    sendConfirmation(rc, user);
    if (ctx.settings.EMAIL_VERIFICATION) throw new ApiError('email not verified', 403);
    // Like the real server, the user row stays even when no customer matches (403 below).
    return { token: await issueToken(ctx, user, `${base}/`) };
  });

  const confirm = (rc: RouteCtx): Record<string, unknown> => {
    const userId = consumeToken(rc.ctx, 'confirm', rc.path.token as string);
    rc.ctx.db.prepare('UPDATE users SET email_verified = 1, update_time = ? WHERE id = ?').run(iso(rc.ctx.now()), userId);
    const user = rc.ctx.db.prepare('SELECT email FROM users WHERE id = ?').get(userId) as { email: string } | undefined;
    return { message: `email address ${user?.email ?? ''} confirmed`, status: 'ok' };
  };
  r.get('/auth/confirm/:token', { auth: 'none' }, confirm);
  r.post('/auth/confirm/:token', { auth: 'none', json: false }, confirm);

  r.post('/auth/forgot', { auth: 'none' }, (rc) => {
    const email = typeof obj(rc.body).email === 'string' ? (obj(rc.body).email as string).trim() : '';
    if (!email) throw new ApiError("Missing mandatory value for 'email'", 400);
    const user = rc.ctx.db.prepare('SELECT * FROM users WHERE email = ? OR login = ?').get(email, email) as UserRow | undefined;
    if (user) {
      const token = issueOneTimeToken(rc.ctx, 'reset', user.id);
      rc.ctx.mail.send({
        to: user.email,
        subject: '[Alerta] Reset password request',
        text: `Hello ${user.name},\n\nSomeone asked to reset the password of ${user.login}. To choose a new one, open:\n${consoleOrigin(rc)}/reset/${token}\n\nIf it was not you, ignore this message. The link is valid for 24 hours.`,
      });
    }
    // same answer whether or not the address exists, so it cannot be used to discover accounts
    return { message: `sent password reset email to ${email}`, status: 'ok' };
  });

  r.post('/auth/reset/:token', { auth: 'none' }, async (rc) => {
    const password = obj(rc.body).password;
    if (typeof password !== 'string' || password === '') throw new ApiError("Missing mandatory value for 'password'", 400);
    if (password.length < 6) throw new ApiError('Password must be at least 6 characters', 400);
    const userId = consumeToken(rc.ctx, 'reset', rc.path.token as string);
    const hash = await hashPassword(password);
    rc.ctx.db.prepare('UPDATE users SET password = ?, update_time = ? WHERE id = ?').run(hash, iso(rc.ctx.now()), userId);
    return { message: 'password reset successful', status: 'ok' };
  });

  // The real server's sign-in routes for identity providers (alerta/auth/ at v9.1.0). The OpenID Connect ones work
  // when AUTH_PROVIDER names such a provider (server/oidc.ts); GitHub and CAS need what this server does not have,
  // and so does SAML, whose route exists only with AUTH_PROVIDER 'saml2'. Any other /auth/<name> (Cognito and
  // PingFederate included) does not exist there either: 404.
  const notConfigured = (provider: string, ctx: AppContext) =>
    new ApiError(
      `Authentication provider '${provider}' is not configured on this server (provider: ${ctx.settings.AUTH_PROVIDER}); log in with a username and password`,
      400,
    );
  for (const name of OIDC_ROUTES) {
    r.post(`/auth/${name}`, { auth: 'none' }, ({ ctx, body, base }) => {
      if (!oidcEnabled(ctx.settings)) throw notConfigured(name, ctx);
      return openidLogin(ctx, body, base, ctx.oidcIssuer);
    });
  }
  for (const name of ['github', 'cas', 'saml']) {
    r.post(`/auth/${name}`, { auth: 'none', json: false }, ({ ctx }) => {
      if (name === 'saml' && ctx.settings.AUTH_PROVIDER !== 'saml2') throw new ApiError(`404 Not Found: ${FLASK_404}`, 404, [FLASK_404]);
      throw notConfigured(name, ctx);
    });
  }

  // The provider's end-session endpoint (discovered at start) when there is one, for the console to leave through.
  const logout = ({ ctx }: RouteCtx) =>
    ctx.settings.OIDC_LOGOUT_URL
      ? { logoutUrl: ctx.settings.OIDC_LOGOUT_URL, status: 'ok' }
      : { message: 'OIDC end_session_endpoint not configured', status: 'ok' };
  r.post('/auth/logout', { auth: 'none', json: false }, logout);
  r.get('/auth/logout', { auth: 'none' }, logout);

  r.get('/userinfo', { scope: 'read:userinfo' }, ({ ctx, caller, base }) => {
    if (caller.claims) return caller.claims;
    // API key and Basic callers have no token: describe them with the same claim names
    if (!caller.login) throw new ApiError('not found', 404);
    const user = ctx.db.prepare('SELECT email_verified FROM users WHERE login = ?').get(caller.login) as { email_verified: number } | undefined;
    return {
      customers: caller.customers ?? [],
      email: caller.email,
      email_verified: user?.email_verified === 1,
      iss: `${base}/`,
      name: caller.name,
      preferred_username: caller.login,
      provider: ctx.settings.AUTH_PROVIDER,
      roles: caller.roles,
      scope: caller.scopes.join(' '),
      sub: caller.userId,
      typ: caller.viaKey ? 'Key' : 'Basic',
    };
  });
}

// A real OpenID Connect provider on loopback for the sign-in tests: the certified `oidc-provider` package, shaped
// either as a plain provider (issuer http://127.0.0.1:PORT) or as Keycloak 17 and later (issuer
// http://127.0.0.1:PORT/realms/REALM, Keycloak's endpoint paths, no /auth). Its sign-in page is a small form of its
// own (username, password, Cancel), like Keycloak's: no consent step, no resources from elsewhere.
import http from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

export interface TestAccount {
  password: string;
  claims: Record<string, unknown>;
}

export interface OidcProviderOptions {
  /** 0: any free port */
  port: number;
  shape: 'plain' | 'keycloak';
  realm?: string;
  clientId: string;
  clientSecret: string;
  /** the console's redirect URI(s), matched exactly */
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** by login */
  accounts: Record<string, TestAccount>;
  /** send `Cross-Origin-Opener-Policy: same-origin` with every page, as some providers do */
  coop?: boolean;
}

export interface RunningProvider {
  issuer: string;
  /** the authorization endpoint, as discovery announces it */
  authorizationEndpoint: string;
  /** stop answering (connections refused), keeping the provider's state */
  stop(): Promise<void>;
  /** answer again on the same port (nothing to do when it is answering) */
  start(): Promise<void>;
  close(): Promise<void>;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head>
<body style="font-family: sans-serif; max-width: 24rem; margin: 3rem auto"><h1>${esc(title)}</h1>${body}</body></html>`;

function loginPage(action: string, abort: string, error?: string) {
  return page(
    'Sign in to the test provider',
    `${error ? `<p role="alert">${esc(error)}</p>` : ''}
    <form method="post" action="${esc(action)}">
      <p><label>Username <input name="login" autocomplete="username" required autofocus></label></p>
      <p><label>Password <input name="password" type="password" autocomplete="current-password" required></label></p>
      <p><button type="submit">Sign in</button> <a href="${esc(abort)}">Cancel</a></p>
    </form>`,
  );
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 10_000) break;
  }
  return new URLSearchParams(body);
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<RunningProvider> {
  // The issuer names the port, so the server listens before the provider exists.
  let handle: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => {
    res.writeHead(503);
    res.end();
  };
  const server = http.createServer((req, res) => handle(req, res));
  let port = options.port;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await listen();

  const origin = `http://127.0.0.1:${port}`;
  const mount = options.shape === 'keycloak' ? `/realms/${options.realm ?? 'alerta'}` : '';
  const issuer = `${origin}${mount}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };

  const keycloakRoutes = {
    authorization: '/protocol/openid-connect/auth',
    token: '/protocol/openid-connect/token',
    userinfo: '/protocol/openid-connect/userinfo',
    jwks: '/protocol/openid-connect/certs',
    end_session: '/protocol/openid-connect/logout',
  };
  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['oidc-test-cookie-key'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'nickname', 'picture', 'roles', 'groups'],
      email: ['email', 'email_verified'],
    },
    // The Alerta server sends no code verifier, like every confidential client of a code-flow setup.
    pkce: { required: () => false },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          ctx.body = page('Sign out of the test provider?', `${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">Yes, sign me out</button>`);
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          ctx.body = page('Signed out of the test provider', '<p>You are signed out.</p>');
        },
      },
    },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `${mount}/interaction/${interaction.uid}` },
    // Like Keycloak's default: no consent page for the console's own client.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx: KoaContextWithOIDC, id: string) => {
      const account = options.accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account.claims }) };
    },
    renderError: async (ctx: KoaContextWithOIDC, out: object) => {
      ctx.type = 'html';
      ctx.body = page('The test provider could not go on', `<pre>${esc(JSON.stringify(out))}</pre>`);
    },
    ...(options.shape === 'keycloak' ? { routes: keycloakRoutes } : {}),
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = false;
  const callback = provider.callback();

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<void> {
    const match = /^\/interaction\/([^/]+)(\/login|\/abort)?$/.exec(path);
    if (!match) return void callback(req, res);
    const [, uid, action] = match;
    const base = `${mount}/interaction/${uid}`;
    if (action === '/abort') {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User aborted interaction' }, { mergeWithLastSubmission: false });
      return;
    }
    if (action === '/login' && req.method === 'POST') {
      const form = await readForm(req);
      const login = form.get('login') ?? '';
      const account = options.accounts[login];
      if (!account || account.password !== form.get('password')) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(loginPage(`${base}/login`, `${base}/abort`, 'Invalid username or password.'));
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
      return;
    }
    await provider.interactionDetails(req, res);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(loginPage(`${base}/login`, `${base}/abort`));
  }

  handle = (req, res) => {
    if (options.coop) res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    const url = req.url ?? '/';
    if (mount && !url.startsWith(`${mount}/`)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not Found');
      return;
    }
    // Mounted under the realm's path, as Keycloak is: the provider sees the rest (and finds its mount in originalUrl).
    (req as http.IncomingMessage & { originalUrl?: string }).originalUrl = url;
    req.url = url.slice(mount.length) || '/';
    const path = req.url.split('?')[0] ?? '/';
    interaction(req, res, path).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(error));
    });
  };

  return {
    issuer,
    authorizationEndpoint: `${issuer}${options.shape === 'keycloak' ? keycloakRoutes.authorization : '/auth'}`,
    stop,
    start: () => (server.listening ? Promise.resolve() : listen()),
    close: async () => {
      if (server.listening) await stop();
    },
  };
}

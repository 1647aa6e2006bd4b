import { expect, test, type Page } from '@playwright/test';
import { startServer, type RunningServer } from '../../server/start.ts';
import { startOidcProvider, type RunningProvider, type TestAccount } from './oidc-provider.ts';

// Single sign-on with a real OpenID Connect provider (oidc-provider on loopback), the demo server acting as the
// Alerta server's OpenID Connect side (it exchanges the code, checks the ID token, maps the claims), and the built
// console in Chromium. Ports: E2E_PORT + 2 to + 8 (E2E_PORT and + 1 are the run's own demo servers).

// Every test opens a window at a provider, signs in there and has the code exchanged: on a busy machine (load 30+) the
// longest ones took 32 s, over the default 30 s, so each gets 90 s. Every wait inside is still for a condition.
test.describe.configure({ timeout: 90_000 });

const BASE = Number(process.env.E2E_PORT ?? 4173);
const PORT = { plain: BASE + 2, plainConsole: BASE + 3, keycloak: BASE + 4, keycloakConsole: BASE + 5, coop: BASE + 6, coopConsole: BASE + 7, cognitoConsole: BASE + 8 };
const origin = (port: number) => `http://127.0.0.1:${port}`;

const CLIENT = { id: 'alerta-console', secret: 'e2e-client-secret' };
const ACCOUNTS: Record<string, TestAccount> = {
  alice: { password: 'alice-password', claims: { preferred_username: 'alice', name: 'Alice Example', email: 'alice@example.org', email_verified: true, roles: ['ops'] } },
  mallory: { password: 'mallory-password', claims: { preferred_username: 'mallory', name: 'Mallory', email: 'mallory@example.org', email_verified: true } },
};

let plain: RunningProvider;
let keycloak: RunningProvider;
let coop: RunningProvider;
const consoles: Record<'plain' | 'keycloak' | 'coop' | 'cognito', RunningServer> = {} as never;

/** The console registered with a provider: its origin + '/' to sign in, + '/logout' to come back after signing out. */
const registered = (...ports: number[]) => ({
  redirectUris: ports.map((p) => `${origin(p)}/`),
  postLogoutRedirectUris: ports.map((p) => `${origin(p)}/logout`),
});

function consoleServer(port: number, settings: Record<string, unknown>, oidcIssuer?: string) {
  return startServer({
    port,
    host: '127.0.0.1',
    dataDir: null,
    seed: 'users',
    simulator: false,
    serveConsole: true,
    testHooks: true,
    oidcIssuer,
    settings: {
      AUTH_REQUIRED: true,
      CUSTOMER_VIEWS: false,
      OAUTH2_CLIENT_ID: CLIENT.id,
      OAUTH2_CLIENT_SECRET: CLIENT.secret,
      // ADMIN_USERS matches the login the provider gives (preferred_username), not the e-mail.
      ADMIN_USERS: ['alice'],
      ALLOWED_OIDC_ROLES: ['ops'],
      ...settings,
    },
  });
}

test.beforeAll(async () => {
  const common = { clientId: CLIENT.id, clientSecret: CLIENT.secret, accounts: ACCOUNTS };
  [plain, keycloak, coop] = await Promise.all([
    startOidcProvider({ ...common, port: PORT.plain, shape: 'plain', ...registered(PORT.plainConsole, PORT.cognitoConsole) }),
    startOidcProvider({ ...common, port: PORT.keycloak, shape: 'keycloak', realm: 'alerta', ...registered(PORT.keycloakConsole) }),
    startOidcProvider({ ...common, port: PORT.coop, shape: 'plain', coop: true, ...registered(PORT.coopConsole) }),
  ]);
  [consoles.plain, consoles.keycloak, consoles.coop, consoles.cognito] = await Promise.all([
    consoleServer(PORT.plainConsole, { AUTH_PROVIDER: 'openid', OIDC_ISSUER_URL: plain.issuer }),
    // Keycloak 17 and later: no /auth in KEYCLOAK_URL, the issuer is KEYCLOAK_URL/realms/REALM.
    consoleServer(PORT.keycloakConsole, { AUTH_PROVIDER: 'keycloak', KEYCLOAK_URL: origin(PORT.keycloak), KEYCLOAK_REALM: 'alerta' }),
    consoleServer(PORT.coopConsole, { AUTH_PROVIDER: 'openid', OIDC_ISSUER_URL: coop.issuer }),
    // Cognito's issuer is a fixed AWS address: the loopback provider stands in for it.
    consoleServer(PORT.cognitoConsole, { AUTH_PROVIDER: 'cognito', COGNITO_DOMAIN: 'alerta-e2e', AWS_REGION: 'eu-west-1' }, plain.issuer),
  ]);
});

test.afterAll(async () => {
  await Promise.all(Object.values(consoles).map((s) => s?.close().catch(() => undefined)));
  await Promise.all([plain, keycloak, coop].map((p) => p?.close().catch(() => undefined)));
});

test.beforeEach(async () => {
  for (const s of Object.values(consoles)) s.testHooks?.reset();
  await plain.start(); // a test that stopped it may have failed before starting it again
});

/** Clicks the console's sign-in button and returns the provider's window. */
async function openSignIn(page: Page, provider: string) {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Log in with ${provider}` }).click();
  return popupOpened;
}

async function signInAtProvider(popup: Page, login: string) {
  await popup.getByLabel('Username').fill(login);
  await popup.getByLabel('Password').fill(ACCOUNTS[login]!.password);
  await popup.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in at the provider's page; the window closes and the console shows the user signed in. */
async function signInThrough(popup: Page, page: Page, url: string, login: string) {
  await signInAtProvider(popup, login);
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expectSignedInAs(page, url, login);
}

async function expectSignedInAs(page: Page, url: string, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${url}/alerts`));
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByText(login, { exact: true }).first()).toBeVisible();
  await page.keyboard.press('Escape');
}

test('signs in with an OpenID Connect provider, stays signed in, and logs out through the provider back to the console', async ({ page }) => {
  const url = consoles.plain.url;
  await page.goto(`${url}/login`);
  const popup = await openSignIn(page, 'OpenID');
  await expect(popup.getByRole('heading', { name: 'Sign in to the test provider' })).toBeVisible();
  expect(new URL(popup.url()).origin).toBe(origin(PORT.plain));
  await signInThrough(popup, page, url, 'alice');
  expect(consoles.plain.testHooks!.counts()['POST /auth/openid']).toBe(1);

  // ADMIN_USERS lists the provider's login: the admin screens are there.
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' })).toBeVisible();

  await page.reload();
  await expectSignedInAs(page, url, 'alice');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.waitForURL((u) => u.origin === origin(PORT.plain));
  const leave = new URL(page.url());
  expect(leave.pathname).toBe('/session/end');
  expect(leave.searchParams.get('post_logout_redirect_uri')).toBe(`${url}/logout`);
  expect(leave.searchParams.get('client_id')).toBe(CLIENT.id);
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${url}/logout`);
  await expect(page.getByText('You have been logged out')).toBeVisible();

  // Signed out at the provider too: the next sign-in asks for the password again.
  await page.goto(`${url}/login`);
  const again = await openSignIn(page, 'OpenID');
  await expect(again.getByLabel('Password')).toBeVisible();
  await again.close();
});

test('with a live provider session, signing in again needs no page at the provider', async ({ page }) => {
  const url = consoles.plain.url;
  await page.goto(`${url}/login`);
  const first = await openSignIn(page, 'OpenID');
  await signInThrough(first, page, url, 'alice');

  // The console's session ends (expired, cleared), the provider's does not.
  await page.evaluate(() => localStorage.removeItem('auth.token'));
  await page.goto(`${url}/login`);
  const second = await openSignIn(page, 'OpenID');
  await expect.poll(() => second.isClosed()).toBe(true);
  await expect(page).toHaveURL(new RegExp(`^${url}/alerts`));
  expect(consoles.plain.testHooks!.counts()['POST /auth/openid']).toBe(2);
});

test('Keycloak 17 and later: the popup opens the realm path without /auth, and logout comes back to the console', async ({ page }) => {
  const url = consoles.keycloak.url;
  const config = (await (await fetch(`${consoles.keycloak.apiUrl}/config`)).json()) as { oidc_auth_url: string; keycloak_url: string };
  expect(config.oidc_auth_url).toBe(`${origin(PORT.keycloak)}/realms/alerta/protocol/openid-connect/auth`);

  await page.goto(`${url}/login`);
  const popup = await openSignIn(page, 'Keycloak');
  await expect(popup.getByRole('heading', { name: 'Sign in to the test provider' })).toBeVisible();
  await signInThrough(popup, page, url, 'alice');
  expect(consoles.keycloak.testHooks!.counts()['POST /auth/keycloak']).toBe(1);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.waitForURL((u) => u.origin === origin(PORT.keycloak));
  const leave = new URL(page.url());
  expect(leave.pathname).toBe('/realms/alerta/protocol/openid-connect/logout');
  expect(leave.searchParams.get('post_logout_redirect_uri')).toBe(`${url}/logout`);
  expect(leave.searchParams.get('client_id')).toBe(CLIENT.id);
  expect(leave.searchParams.has('redirect_uri')).toBe(false);
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${url}/logout`);
  await expect(page.getByText('You have been logged out')).toBeVisible();
});

test('Cognito: the code goes to /auth/openid, the route the Alerta server has', async ({ page }) => {
  const url = consoles.cognito.url;
  await page.goto(`${url}/login`);
  const popup = await openSignIn(page, 'Cognito');
  await expect(popup.getByRole('heading', { name: 'Sign in to the test provider' })).toBeVisible();
  // The discovered authorization endpoint (here the stand-in provider), not an address built from COGNITO_DOMAIN.
  expect(new URL(popup.url()).origin).toBe(origin(PORT.plain));
  await signInThrough(popup, page, url, 'alice');
  const counts = consoles.cognito.testHooks!.counts();
  expect(counts['POST /auth/openid']).toBe(1);
  expect(counts['POST /auth/cognito']).toBeUndefined();
});

test('cancelling at the provider returns to the sign-in screen quietly', async ({ page }) => {
  const url = consoles.plain.url;
  await page.goto(`${url}/login`);
  const popup = await openSignIn(page, 'OpenID');
  await popup.getByRole('link', { name: 'Cancel' }).click();
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expect(page.getByRole('button', { name: 'Log in with OpenID' })).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(`${url}/login`);
  expect(consoles.plain.testHooks!.counts()['POST /auth/openid']).toBeUndefined();
});

test('a provider that cannot be reached is reported with a retry, which works once it is back', async ({ page }) => {
  const url = consoles.plain.url;
  await plain.stop();
  await page.goto(`${url}/login`);
  const dead = await openSignIn(page, 'OpenID');
  // Reported after a few seconds (the console waits for the provider's first answer), not after ten minutes.
  await expect(page.getByRole('alert')).toContainText(`OpenID did not answer at 127.0.0.1:${PORT.plain}`, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Retry' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();

  await plain.start();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Retry' }).click();
  const popup = await popupOpened;
  await expect.poll(() => dead.isClosed()).toBe(true);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await signInAtProvider(popup, 'alice');
  await expectSignedInAs(page, url, 'alice');
});

test('a provider page that cuts the window off from the console (COOP same-origin) still signs in', async ({ page, context }) => {
  const url = consoles.coop.url;
  await page.goto(`${url}/login`);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Log in with OpenID' }).click();
  const opened = await popupOpened;
  // The window the console opened is gone for it; Chromium shows the provider's page in a new one.
  const popup = (await context.pages().find((p) => p !== page && p.url().startsWith(origin(PORT.coop)))) ?? opened;
  await expect(popup.getByRole('heading', { name: 'Sign in to the test provider' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Finish signing in in the OpenID window' })).toBeVisible();
  await signInAtProvider(popup, 'alice');
  await expectSignedInAs(page, url, 'alice');
  await expect.poll(() => popup.isClosed()).toBe(true);
});

test('an answer carrying another state is refused in the window, and the console keeps waiting', async ({ page }) => {
  const url = consoles.plain.url;
  await page.goto(`${url}/login`);
  const popup = await openSignIn(page, 'OpenID');
  await expect(popup.getByLabel('Username')).toBeVisible();
  await popup.goto(`${url}/?code=forged-code&state=forged-state`);
  await expect(popup.getByText('This sign-in answer does not belong to the sign-in started in the console')).toBeVisible();
  expect(new URL(popup.url()).search).toBe('');
  await expect(page.getByRole('button', { name: 'Authenticating...' })).toBeDisabled();
  expect(consoles.plain.testHooks!.counts()['POST /auth/openid']).toBeUndefined();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Log in with OpenID' })).toBeEnabled();
});

test('when the Alerta server cannot reach the provider, the user reads why, with the server’s text behind Details', async ({ page }) => {
  const url = consoles.plain.url;
  const hooks = consoles.plain.testHooks!;
  hooks.hold('/auth/openid', 60_000);
  await page.goto(`${url}/login`);
  const popup = await openSignIn(page, 'OpenID');
  await signInAtProvider(popup, 'alice');
  await expect.poll(() => hooks.counts()['POST /auth/openid'] ?? 0).toBe(1);
  await plain.stop();
  hooks.release();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The Alerta server could not reach OpenID to check your sign-in.');
  await expect(alert.getByText(/Could not get OpenID configuration/)).toBeHidden();
  await alert.getByText('Details').click();
  await expect(alert.getByText(/Could not get OpenID configuration from well known URL: .*\(503\)/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeEnabled();
});

test('an account the Alerta server does not allow is told so in words', async ({ page }) => {
  const url = consoles.plain.url;
  await page.goto(`${url}/login`);
  const popup = await openSignIn(page, 'OpenID');
  await signInAtProvider(popup, 'mallory');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('You signed in with OpenID, but this account may not use Alerta.');
  await alert.getByText('Details').click();
  await expect(alert.getByText('User mallory is not authorized (403)')).toBeVisible();
  await expect(page).toHaveURL(`${url}/login`);
});

import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS } from './tests/bench/chromium.ts';

// Debian's Chromium on these machines (browsers cannot be downloaded here); elsewhere Playwright's own browser.
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const port = Number(process.env.E2E_PORT ?? 4173);
// Databases outside test-results/ (which Playwright empties at start) and per port, so parallel runs on other ports
// never share or wipe each other's data.
const dataDir = (kind: string) => path.join(tmpdir(), `alerta-e2e-${port}-${kind}`);
/** The auth-on demo server, for tests that sign in (see tests/e2e/support.ts). */
process.env.AUTH_BASE_URL = `http://127.0.0.1:${port + 1}`;
/**
 * Every demo server of the run (the two below and those specs start in-process) records the security-policy
 * violations browsers report here; the global teardown fails the run if there are any (tests/e2e/csp.ts).
 */
process.env.CSP_REPORT_FILE = path.join(tmpdir(), `alerta-e2e-${port}-csp-reports.jsonl`);

export default defineConfig({
  testDir: 'tests/e2e',
  // Budgets for noticing a failure, not for speed: a passing test ends as soon as what it waits for is true. They are
  // set for a shared 2-CPU machine at a load of 40, where a cold browser takes more than 10 s to its first rows and a
  // test that posts 45 alerts and hovers each row takes more than 30 s.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  globalSetup: './tests/e2e/global-csp.ts',
  fullyParallel: false,
  workers: 1,
  // No retries: a test that passes only on a second try is a failing test, found and fixed at its cause.
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(chromiumPath ? { executablePath: chromiumPath } : {}),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  // Two demo servers, each with a fresh database and the demo seed, no simulator (tests decide what changes):
  // auth off at E2E_PORT (the default baseURL), auth on at E2E_PORT + 1 (tests that sign in use AUTH_BASE_URL).
  // The single sign-on spec (tests/e2e/sso.spec.ts) starts its identity providers and consoles at E2E_PORT + 2 to + 8.
  webServer: [
    {
      command: `node --import tsx server/main.ts --port ${port} --host 127.0.0.1 --data ${dataDir('noauth')} --fresh --no-simulator --no-auth --test-hooks`,
      url: `http://127.0.0.1:${port}/api/config`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      command: `node --import tsx server/main.ts --port ${port + 1} --host 127.0.0.1 --data ${dataDir('auth')} --fresh --no-simulator --test-hooks`,
      url: `http://127.0.0.1:${port + 1}/api/config`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
  ],
});

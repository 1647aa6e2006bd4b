// The Chromium the benchmarks drive: Debian's (browsers cannot be downloaded on these machines), or CHROMIUM_PATH; its
// arguments are also those of the end-to-end tests (playwright.config.ts).
import type { LaunchOptions } from '@playwright/test';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * The arguments of a measured Chromium: CHROMIUM_ARGS, and V8's flags when a control experiment asks for them
 * (`npm run bench -- --js-flags=...`, e.g. without V8's optimising compilers).
 */
export function chromiumArgs(jsFlags: string | null = null): string[] {
  return jsFlags ? [...CHROMIUM_ARGS, `--js-flags=${jsFlags}`] : [...CHROMIUM_ARGS];
}

export function chromiumLaunchOptions(jsFlags: string | null = null): LaunchOptions {
  return { executablePath: CHROMIUM_PATH, args: chromiumArgs(jsFlags), headless: true };
}

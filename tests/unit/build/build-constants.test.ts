// The build's constants that the About screen shows (and the service worker's build id is made of): the console's
// version is package.json's, and the build time is when the build ran, as an ISO 8601 instant.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import config from '../../../vite.config.ts';

const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };

describe('vite.config.ts build constants', () => {
  it("__APP_VERSION__ is package.json's version", () => {
    expect(JSON.parse(String(config.define?.__APP_VERSION__))).toBe(pkg.version);
  });

  it('__BUILD_TIME__ is the time the build configuration was read, as an ISO 8601 UTC instant', () => {
    const value = JSON.parse(String(config.define?.__BUILD_TIME__)) as string;
    expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const age = Date.now() - Date.parse(value);
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(5 * 60_000);
  });
});

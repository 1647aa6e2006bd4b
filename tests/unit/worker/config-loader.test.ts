// The client config at start-up: from config.json and the API's /config, with an offline copy that is
// best effort, so storage that hangs or fails never stops the console from loading.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../server/start.ts';
import { startDemoServer } from './demo-server.ts';
import { cachedConfig, loadConfig } from '../../../src/worker/config-loader.ts';
import { MemoryCache } from '../../../src/worker/cache.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startDemoServer({ AUTH_REQUIRED: false });
});
afterAll(async () => {
  await server.close();
});

describe('loading the config', () => {
  it('loads even when a write to the offline cache never completes', async () => {
    const hung = new Promise<never>(() => undefined);
    const cache = Object.assign(Object.create(new MemoryCache()) as MemoryCache, { put: () => hung });
    const loaded = await Promise.race([
      loadConfig(`${server.url}/config.json`, {}, cache),
      new Promise<'held up'>((r) => setTimeout(() => r('held up'), 2500)),
    ]);
    expect(loaded).not.toBe('held up');
    if (loaded === 'held up' || !loaded.ok) throw new Error('no config');
    expect(loaded.value.config.endpoint).toBe(server.apiUrl);
    expect(loaded.value.fromCache).toBe(false);
  });

  it('keeps the copy it could write for an offline start', async () => {
    const cache = new MemoryCache();
    const loaded = await loadConfig(`${server.url}/config.json`, {}, cache);
    expect(loaded.ok).toBe(true);
    await expect.poll(async () => (await cache.get<{ endpoint: string }>('config'))?.endpoint).toBe(server.apiUrl);
  });

  it('a later start rebuilds the config from the cached sources with this build’s values, without a request', async () => {
    const cache = new MemoryCache();
    expect(await cachedConfig(`${server.url}/config.json`, {}, cache)).toBeNull();
    const loaded = await loadConfig(`${server.url}/config.json`, {}, cache);
    if (!loaded.ok) throw new Error(loaded.error.message);
    await expect.poll(() => cachedConfig(`${server.url}/config.json`, {}, cache)).toEqual(loaded.value.config);
    // A new build's values win over the cached sources, as over fresh ones.
    const rebuilt = await cachedConfig(`${server.url}/config.json`, { client_id: 'new-build' }, cache);
    expect(rebuilt).toMatchObject({ client_id: 'new-build', endpoint: server.apiUrl, columns: loaded.value.config.columns });
    // A build that names another API: the cached /config is that of another server.
    expect(await cachedConfig(`${server.url}/config.json`, { endpoint: 'https://elsewhere.example/api' }, cache)).toBeNull();
  });

  it('a copy cached by an earlier version (the merged config) is not taken for the API’s answer', async () => {
    const cache = new MemoryCache();
    await cache.put('config', { endpoint: server.apiUrl, columns: ['severity'] });
    expect(await cachedConfig(`${server.url}/config.json`, {}, cache)).toBeNull();
  });
});

// Loads the client config from its three sources, in the old console's order: build-time values > the console's
// config.json > the API's /config. The merged result is cached, so an offline start still knows the endpoint, columns,
// colours and language.
import type { Config } from '../core/types.ts';
import type { Result } from './contract/index.ts';
import { mergeConfig, resolveEndpoint, validateConfig } from '../core/config.ts';
import { anyObject, request } from './http.ts';
import type { Cache } from './cache.ts';

/** The old console's fallback when neither build-time values nor config.json name an endpoint. */
const FALLBACK_ENDPOINT = 'http://localhost:8080';

export interface LoadedConfig {
  config: Config;
  fromCache: boolean;
}

export async function loadConfig(
  configUrl: string,
  buildConfig: Partial<Config>,
  cache: Cache,
  fetchImpl?: typeof fetch,
): Promise<Result<LoadedConfig>> {
  const noToken = () => null;
  const local = await request({ endpoint: '', token: noToken, fetchImpl }, configUrl, anyObject, { anonymous: true });
  // A missing config.json is normal (the API's /config is enough); a broken one must not stop the console.
  // Offline, the last copy tells where the API was.
  let localConfig: Partial<Config> = {};
  if (local.ok) {
    localConfig = validateConfig(local.value);
    // The offline copies are best effort, not awaited: a storage write that hangs must not stop the console loading.
    cache.put('config.local', localConfig).catch(() => undefined);
  } else if (local.error.kind === 'network') {
    localConfig = (await cache.get<Partial<Config>>('config.local')) ?? {};
  }

  const rawEndpoint = buildConfig.endpoint ?? localConfig.endpoint ?? FALLBACK_ENDPOINT;
  const endpoint = resolveEndpoint(rawEndpoint, configUrl);

  const remote = await request({ endpoint, token: noToken, fetchImpl }, '/config', anyObject, { anonymous: true });
  if (!remote.ok) {
    const cached = await cache.get<Config>('config');
    if (cached && cached.endpoint === endpoint) return { ok: true, value: { config: cached, fromCache: true } };
    return {
      ok: false,
      error: {
        kind: 'config',
        message: `Could not retrieve the client config from ${endpoint}/config: ${remote.error.message}`,
        endpoint,
        code: remote.error.code,
      },
    };
  }

  const config = mergeConfig(buildConfig, localConfig, validateConfig(remote.value));
  // The server advertises its own absolute URL; when the console was told where the API is, that choice stands.
  config.endpoint = resolveEndpoint(buildConfig.endpoint ?? localConfig.endpoint ?? config.endpoint, configUrl);
  cache.put('config', config).catch(() => undefined);
  return { ok: true, value: { config, fromCache: false } };
}

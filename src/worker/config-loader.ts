// Loads the client config from its three sources, in the old console's order: build-time values > the console's
// config.json > the API's /config. The two fetched sources are cached as they came (config.json's content, and
// /config's answer with the endpoint it came from), so that a later start can go on at once with what it had
// (revalidating meanwhile), and an offline start still knows the endpoint, columns, colours and language. Rebuilding
// from the sources lets a new build's values win.
import type { Config } from '../core/types.ts';
import type { Result } from './contract/index.ts';
import { bootstrapEndpoint, mergeConfig, resolveEndpoint, validateConfig } from '../core/config.ts';
import { anyObject, isObj, request, type ObjectAnswer } from './http.ts';
import { API_CONFIG_KEY, LOCAL_CONFIG_KEY, type Cache } from './cache.ts';

/** The API's /config answer as cached: validated, with the endpoint it was asked from. */
interface StoredApiConfig {
  endpoint: string;
  remote: Partial<Config>;
}

const isStoredApiConfig = (x: unknown): x is StoredApiConfig => isObj(x) && typeof x.endpoint === 'string' && isObj(x.remote);

export interface LoadedConfig {
  config: Config;
  fromCache: boolean;
}

/** Where /config is asked for: the build's endpoint, else config.json's, else the old console's fallback. */
function endpointFor(configUrl: string, buildConfig: Partial<Config>, localConfig: Partial<Config>): string {
  return resolveEndpoint(bootstrapEndpoint(buildConfig, localConfig), configUrl);
}

/** The merged config; the server advertises its own absolute URL, but when the console was told where the API is, that stands. */
function assemble(configUrl: string, buildConfig: Partial<Config>, localConfig: Partial<Config>, remote: Partial<Config>): Config {
  const config = mergeConfig(buildConfig, localConfig, remote);
  config.endpoint = resolveEndpoint(buildConfig.endpoint ?? localConfig.endpoint ?? config.endpoint, configUrl);
  return config;
}

/**
 * The config of the last start that reached the API, rebuilt with this build's values; null when there is none for
 * the endpoint the sources name now. No request is made.
 */
export async function cachedConfig(configUrl: string, buildConfig: Partial<Config>, cache: Cache): Promise<Config | null> {
  const local = await cache.get<unknown>(LOCAL_CONFIG_KEY);
  return withCachedApiConfig(configUrl, buildConfig, isObj(local) ? local : {}, cache);
}

async function withCachedApiConfig(configUrl: string, buildConfig: Partial<Config>, localConfig: Partial<Config>, cache: Cache): Promise<Config | null> {
  const api = await cache.get<unknown>(API_CONFIG_KEY);
  if (!isStoredApiConfig(api) || api.endpoint !== endpointFor(configUrl, buildConfig, localConfig)) return null;
  return assemble(configUrl, buildConfig, localConfig, api.remote);
}

/** The console's config.json, asked for now. */
function askLocalConfig(configUrl: string, fetchImpl?: typeof fetch): ObjectAnswer {
  return request({ endpoint: '', token: () => null, fetchImpl }, configUrl, anyObject, { anonymous: true });
}

/** The API's /config at this endpoint, asked for now. */
function askApiConfig(endpoint: string, fetchImpl?: typeof fetch): ObjectAnswer {
  return request({ endpoint, token: () => null, fetchImpl }, '/config', anyObject, { anonymous: true });
}

/**
 * The requests of a start, made before its cache is open: config.json, and as soon as it names the API, that API's
 * /config (`api` tells where, for other requests that need only the endpoint). loadConfig takes their answers. Without
 * an answer from config.json (offline) only the cache knows where the API was: loadConfig asks /config then.
 */
export interface ConfigRequests {
  local: ObjectAnswer;
  api: Promise<{ endpoint: string; answer: ObjectAnswer } | null>;
}

export function askConfig(configUrl: string, buildConfig: Partial<Config>, fetchImpl?: typeof fetch): ConfigRequests {
  const local = askLocalConfig(configUrl, fetchImpl);
  const api = local.then((answer) => {
    if (!answer.ok && answer.error.kind === 'network') return null;
    const endpoint = endpointFor(configUrl, buildConfig, answer.ok ? validateConfig(answer.value) : {});
    return { endpoint, answer: askApiConfig(endpoint, fetchImpl) };
  });
  return { local, api };
}

/**
 * The config the answers of `asked` make, as loadConfig makes it when they answer, without the cache: null when one of
 * them did not answer with a config (loadConfig then falls back on the cache, or fails).
 */
export async function configOfAnswers(configUrl: string, buildConfig: Partial<Config>, asked: ConfigRequests): Promise<Config | null> {
  const [local, api] = await Promise.all([asked.local, asked.api]);
  if (!api || (!local.ok && local.error.kind === 'network')) return null;
  const localConfig = local.ok ? validateConfig(local.value) : {};
  if (api.endpoint !== endpointFor(configUrl, buildConfig, localConfig)) return null;
  const remote = await api.answer;
  return remote.ok ? assemble(configUrl, buildConfig, localConfig, validateConfig(remote.value)) : null;
}

/** A request that needs only the API's endpoint (the preferences), asked as soon as config.json names it. */
export function askAtApi(api: ConfigRequests['api'], ask: (endpoint: string) => ObjectAnswer): Promise<{ endpoint: string; answer: ObjectAnswer } | null> {
  return api.then((known) => known && { endpoint: known.endpoint, answer: ask(known.endpoint) });
}

/** config.json (the answer to `asked`, else a request now); offline, the last copy tells where the API was. */
async function loadLocalConfig(configUrl: string, cache: Cache, fetchImpl?: typeof fetch, asked?: ObjectAnswer): Promise<Partial<Config>> {
  const local = await (asked ?? askLocalConfig(configUrl, fetchImpl));
  if (local.ok || local.error.kind !== 'network') {
    // A missing or broken config.json is normal (the API's /config is enough) and must not stop the console.
    const localConfig = local.ok ? validateConfig(local.value) : {};
    // The offline copies are best effort, not awaited: a storage write that hangs must not stop the console loading.
    cache.put(LOCAL_CONFIG_KEY, localConfig).catch(() => undefined);
    return localConfig;
  }
  return (await cache.get<Partial<Config>>(LOCAL_CONFIG_KEY)) ?? {};
}

/**
 * Reads config.json, then the API's /config at the endpoint it names (or takes the answers of `asked`, requests already
 * under way; `whenEndpointKnown` runs in between, so a request that only needs the endpoint can go out together with
 * /config). The API's answer is cached; when the API cannot be reached the cached one is used (`fromCache`), if it came
 * from the same endpoint.
 */
export async function loadConfig(
  configUrl: string,
  buildConfig: Partial<Config>,
  cache: Cache,
  fetchImpl?: typeof fetch,
  whenEndpointKnown?: (endpoint: string) => void,
  asked?: ConfigRequests,
): Promise<Result<LoadedConfig>> {
  const localConfig = await loadLocalConfig(configUrl, cache, fetchImpl, asked?.local);
  const endpoint = endpointFor(configUrl, buildConfig, localConfig);
  whenEndpointKnown?.(endpoint);

  const early = await asked?.api;
  const remote = await (early?.endpoint === endpoint ? early.answer : askApiConfig(endpoint, fetchImpl));
  if (!remote.ok) {
    const cached = await withCachedApiConfig(configUrl, buildConfig, localConfig, cache);
    if (cached) return { ok: true, value: { config: cached, fromCache: true } };
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

  const validated = validateConfig(remote.value);
  cache.put(API_CONFIG_KEY, { endpoint, remote: validated } satisfies StoredApiConfig).catch(() => undefined);
  return { ok: true, value: { config: assemble(configUrl, buildConfig, localConfig, validated), fromCache: false } };
}

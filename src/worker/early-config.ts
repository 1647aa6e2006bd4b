// The start's early config requests: the worker's first script (index.ts) asks for config.json as it starts, and as
// soon as it names the API, for /config; the page's first message brings the token, and with it the user's preferences
// are asked for there too. All before the rest of the worker has loaded; the start (session-service.ts) takes them in
// place of asking itself. A first start needs all three before its list.
import type { EarlyStart } from './contract/index.ts';
import type { ConfigSources } from '../core/config.ts';
import { askAtApi, askConfig, type ConfigRequests } from './config-loader.ts';
import { getMyAttributes } from './api/user.ts';
import type { ObjectAnswer } from './http.ts';

interface EarlyConfig {
  configUrl: string;
  buildConfig: string;
  token: string | null;
  asked: ConfigRequests;
  preferences: Promise<{ endpoint: string; answer: ObjectAnswer } | null>;
}

let early: EarlyConfig | null = null;

/** The sources as kept: the build-time values as text, compared as such. */
const sourcesOf = (sources: ConfigSources) => ({ configUrl: sources.configUrl, buildConfig: JSON.stringify(sources.buildConfig) });
const sameSources = (e: EarlyConfig, sources: ConfigSources) => e.configUrl === sources.configUrl && e.buildConfig === JSON.stringify(sources.buildConfig);

/**
 * Asks for the config's sources: config.json, then /config where it names the API. The worker's first script calls
 * this with the sources it works out itself (configSourcesAt), without waiting for the page's first message: that
 * message reaches the worker only once the page's main thread, busy with its own start, has passed it on.
 */
export function askConfigEarly(sources: ConfigSources): void {
  early = { ...sourcesOf(sources), token: null, asked: askConfig(sources.configUrl, sources.buildConfig), preferences: Promise.resolve(null) };
}

/**
 * The page's first message: with a token, the preferences are asked for at the API config.json names. The config's
 * requests already under way are kept when the page names the same sources, else asked for anew.
 */
export function askStartEarly(start: EarlyStart): void {
  const asked = early && sameSources(early, start) ? early.asked : askConfig(start.configUrl, start.buildConfig);
  const { token } = start;
  const preferences = token ? askAtApi(asked.api, (endpoint) => getMyAttributes({ endpoint, token: () => token })) : Promise.resolve(null);
  early = { ...sourcesOf(start), token, asked, preferences };
}

/**
 * The early config requests of a start with these sources, taken once (null when there are none, or they were asked
 * for other sources); the preferences only when they were asked with this token.
 */
export function takeConfigAsked(sources: ConfigSources, token: string | null): { asked: ConfigRequests; preferences: EarlyConfig['preferences'] | null } | null {
  const taken = early;
  early = null;
  if (!taken || !sameSources(taken, sources)) return null;
  return { asked: taken.asked, preferences: taken.token !== null && taken.token === token ? taken.preferences : null };
}

// The start's early config requests: the worker's first script (index.ts) asks for config.json, and as soon as it
// names the API, for /config and (with a token) the user's preferences, before the rest of the worker has loaded; the
// start (session-service.ts) takes them in place of asking itself. A first start needs all three before its list.
import type { EarlyStart } from './contract/index.ts';
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

/** Asks for the config's sources, and the preferences when there is a token. */
export function askConfigEarly(start: EarlyStart): void {
  const { token } = start;
  const asked = askConfig(start.configUrl, start.buildConfig);
  const preferences = token ? askAtApi(asked.api, (endpoint) => getMyAttributes({ endpoint, token: () => token })) : Promise.resolve(null);
  early = { configUrl: start.configUrl, buildConfig: JSON.stringify(start.buildConfig), token, asked, preferences };
}

/**
 * The early config requests of a start with these sources, taken once (null when there are none, or they were asked
 * for other sources); the preferences only when they were asked with this token.
 */
export function takeConfigAsked(
  configUrl: string,
  buildConfig: EarlyStart['buildConfig'],
  token: string | null,
): { asked: ConfigRequests; preferences: EarlyConfig['preferences'] | null } | null {
  const taken = early;
  early = null;
  if (!taken || taken.configUrl !== configUrl || taken.buildConfig !== JSON.stringify(buildConfig)) return null;
  return { asked: taken.asked, preferences: taken.token !== null && taken.token === token ? taken.preferences : null };
}

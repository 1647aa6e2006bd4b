// The start's early config requests: the worker's first script (index.ts) asks for config.json as it starts, and as
// soon as it names the API, for /config; the page's first message brings the token, and with it the user's preferences
// are asked for there too, and on a first start the list, once the config is known. All before the rest of the worker
// has loaded; the start (session-service.ts) takes them in place of asking itself.
import type { EarlyStart } from './contract/index.ts';
import type { ConfigSources } from '../core/start-sources.ts';
import { askAtApi, askConfig, configOfAnswers, type ConfigRequests } from './config-loader.ts';
import { getMyAttributes } from './api/user.ts';
import { joinUrl, type ObjectAnswer } from './http.ts';
import { anotherTabPolls, sendEarly, type EarlyOptions } from './early.ts';
import { alertsParams } from '../core/alerts-query.ts';
import { guessedStartView } from '../core/first-page.ts';

interface EarlyConfig {
  configUrl: string;
  buildConfig: string;
  token: string | null;
  asked: ConfigRequests;
  preferences: Promise<{ endpoint: string; answer: ObjectAnswer } | null>;
  /** a first start's guessed list: settled once it is sent, or nothing is guessed */
  guessed: Promise<void>;
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
  early = { ...sourcesOf(sources), token: null, asked: askConfig(sources.configUrl, sources.buildConfig), preferences: Promise.resolve(null), guessed: Promise.resolve() };
}

/**
 * The page's first message: with a token, the preferences are asked for at the API config.json names, and on a first
 * start the list (guessListEarly). The config's requests already under way are kept when the page names the same
 * sources, else asked for anew. Resolves once the guessed list is sent, or nothing is guessed.
 */
export function askStartEarly(start: EarlyStart, options: EarlyOptions = {}): Promise<void> {
  const asked = early && sameSources(early, start) ? early.asked : askConfig(start.configUrl, start.buildConfig);
  const { token } = start;
  const preferences = token ? askAtApi(asked.api, (endpoint) => getMyAttributes({ endpoint, token: () => token })) : Promise.resolve(null);
  // A guess that fails is no guess: the start asks for its list itself.
  const guessed = guessListEarly(start, asked, options).catch(() => undefined);
  early = { ...sourcesOf(start), token, asked, preferences, guessed };
  return guessed;
}

/**
 * A first start's list (the page names its address only then), guessed as the start will guess it
 * (session-service.ts, src/core/first-page.ts) and asked for as soon as config.json and /config have answered, the
 * rest of the worker still loading and opening its cache; the start's own guess takes the answer (early.ts).
 */
async function guessListEarly(start: EarlyStart, asked: ConfigRequests, options: EarlyOptions): Promise<void> {
  const at = start.firstStartAt;
  if (!at || !start.token || start.urls.length) return;
  // Asked while the config loads (two requests in a row: the browser's answer comes sooner), and before the rest of the
  // worker joins the tabs' election: after it, the lock may be this tab's own.
  const othersPoll = anotherTabPolls(options.locks);
  const [config, others] = await Promise.all([configOfAnswers(start.configUrl, start.buildConfig, asked), othersPoll]);
  if (!config || others) return;
  const view = guessedStartView(at, at.buildBase, config);
  // The answer about the other tabs came before this tab joined the election: the same one is passed on.
  if (view) sendEarly({ ...start, urls: [joinUrl(config.endpoint, '/alerts', alertsParams(view, config, new Date()))] }, options, othersPoll);
}

/**
 * The early config requests of a start with these sources, taken once (null when there are none, or they were asked
 * for other sources); the preferences only when they were asked with this token. `guessed` settles once a first
 * start's guessed list is sent, or nothing is guessed: the start's own guess waits for it, so that it is asked once.
 */
export function takeConfigAsked(
  sources: ConfigSources,
  token: string | null,
): { asked: ConfigRequests; preferences: EarlyConfig['preferences'] | null; guessed: Promise<void> } | null {
  const taken = early;
  early = null;
  if (!taken || !sameSources(taken, sources)) return null;
  return { asked: taken.asked, preferences: taken.token !== null && taken.token === token ? taken.preferences : null, guessed: taken.guessed };
}

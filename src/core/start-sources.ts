// What a start works out before anything has loaded, alike in the page and in its data worker: where the config comes
// from, and the page's address as one string. Apart from the config's rules so that the page's first script
// (src/app/boot.ts) carries nothing else.
import type { Config } from './types.ts';
import type { BrowserAddress } from './routes.ts';

/** Where a console's config comes from: its config.json and the values built in. */
export interface ConfigSources {
  /** absolute URL of the console's own config.json */
  configUrl: string;
  /** build-time values (they may name the API) */
  buildConfig: Partial<Config>;
}

/**
 * The config's sources of a console built with `env` (Vite's import.meta.env) and served at `origin`. The page and its
 * data worker (same origin, same build) each work them out, and find the same: the worker's first script asks for
 * config.json before the page's first message reaches it.
 */
export function configSourcesAt(origin: string, env: Record<string, string | boolean | undefined>): ConfigSources {
  const base = typeof env.BASE_URL === 'string' ? env.BASE_URL : '/';
  return { configUrl: new URL(`${base}config.json`, origin).href, buildConfig: buildTimeConfig(env) };
}

/** Reads build-time variables (Vite `VITE_ALERTA_ENDPOINT`, `VITE_CLIENT_ID`, `VITE_TRACKING_ID`) into config keys. */
export function buildTimeConfig(env: Record<string, string | boolean | undefined>): Partial<Config> {
  const out: Partial<Config> = {};
  const endpoint = env.VITE_ALERTA_ENDPOINT;
  const clientId = env.VITE_CLIENT_ID;
  const trackingId = env.VITE_TRACKING_ID;
  if (typeof endpoint === 'string' && endpoint.trim()) out.endpoint = endpoint.trim();
  if (typeof clientId === 'string' && clientId.trim()) out.client_id = clientId.trim();
  if (typeof trackingId === 'string' && trackingId.trim()) out.tracking_id = trackingId.trim();
  return out;
}

/** An address as one string, the same in the page and in the worker: what a start's remembered requests are filed under. */
export function addressKey(address: BrowserAddress): string {
  return `${address.pathname}${address.search}${address.hash}`;
}

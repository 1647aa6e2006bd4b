// Starting the data worker with its first message: what the page knows before anything else has loaded (the config's
// sources, the stored token, the address and the requests the last start there made first). The page's first script
// (src/app/boot.ts) does it before the shell has loaded; the shell's own call then finds the worker started.
import type { StartAddress } from '../../worker/contract/index.ts';
import { configSourcesAt, type ConfigSources } from '../../core/start-sources.ts';
import { launchWorker } from '../worker-launch.ts';
import { earlyStart } from './start-requests.ts';
import { readToken } from './stored-token.ts';

/**
 * Where the config comes from: the console's config.json, and the values built in. The same for the worker's first
 * message and its start (it takes the early requests only for the sources they were asked for), and for the worker's
 * first script, which works them out itself.
 */
export const configSources = (): ConfigSources => configSourcesAt(location.origin, import.meta.env);

/** The page's address as the worker works out the page it opens on. */
export const startAddress = (): StartAddress => ({ pathname: location.pathname, search: location.search, hash: location.hash, buildBase: import.meta.env.BASE_URL });

/**
 * Starts the worker's script loading (once), telling it what the start asks for first (the config's sources; the
 * request the last start at this address made first for its list), to ask at once.
 */
export function warmUpWorker(): void {
  launchWorker(earlyStart(startAddress(), readToken(), configSources()));
}

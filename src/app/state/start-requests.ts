// The requests each start's alert list made first, kept in localStorage by the address the page opened at: a later
// start at the same address hands them to the worker as its first message, and the worker sends them before the rest
// of it has loaded (src/worker/early.ts). Only URLs are kept, never a token; signing out forgets them.
import type { EarlyStart, StartAddress, StartRequestsMessage } from '../../worker/contract/index.ts';
import { addressKey, type ConfigSources } from '../../core/start-sources.ts';
import type { EventHandlers } from './store.ts';

const KEY = 'alerta.startRequests';
/** The addresses remembered, the most recent first. */
const KEEP = 8;

interface Remembered {
  address: string;
  urls: string[];
  signedIn: boolean;
}

function read(): Remembered[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (r): r is Remembered =>
        !!r && typeof r === 'object' && typeof r.address === 'string' && typeof r.signedIn === 'boolean' && Array.isArray(r.urls) && r.urls.every((u: unknown) => typeof u === 'string'),
    );
  } catch {
    return [];
  }
}

function write(list: Remembered[]) {
  try {
    if (list.length) localStorage.setItem(KEY, JSON.stringify(list));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage full or refused: the next start asks in its own time.
  }
}

/**
 * The first message for a worker started at `address`: the config's sources, and the requests the last start there
 * made, for this token. With a token and no signed-in start remembered anywhere (a start signed in fills the list, and
 * signing out empties it with the worker's copy of the preferences), most likely nothing of the user is cached: the
 * address, so that the worker guesses the list as soon as the config is known.
 */
export function earlyStart(address: StartAddress, token: string | null, sources: ConfigSources): EarlyStart {
  const remembered = read();
  const found = remembered.find((r) => r.address === addressKey(address));
  // A list asked for with a token is not asked for without one, nor the other way round: the answer would not do.
  const urls = found && found.signedIn === (token !== null) ? found.urls : [];
  const firstStartAt = token !== null && !remembered.some((r) => r.signedIn) ? address : null;
  return { type: 'early-start', urls, token, ...sources, firstStartAt };
}

/** Signing out: the lists the user looked at are nobody else's business. */
export function forgetStartRequests(): void {
  write([]);
}

export const startRequestsHandlers: EventHandlers<'start-requests'> = {
  'start-requests': (_store, event: StartRequestsMessage) => {
    const rest = read().filter((r) => r.address !== event.address);
    write([{ address: event.address, urls: event.urls, signedIn: event.signedIn }, ...rest].slice(0, KEEP));
  },
};

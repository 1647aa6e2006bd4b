// The link between the console and its sign-in window's redirect page, which share an origin and nothing else: the
// sign-in in progress in localStorage, and messages over a BroadcastChannel (or, where a browser has none, through a
// localStorage entry whose change the other page hears). The rules of both: src/core/sign-in-watch.ts.
import { parsePendingSignIn, PENDING_SIGN_IN_KEY, SIGN_IN_CHANNEL, type PendingSignIn, type SignInMessage } from '../core/sign-in-watch.ts';

const MESSAGE_KEY = 'alerta.sso.message';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Leaves the sign-in where the redirect page finds it; false when storage is unavailable or full. */
export function storePendingSignIn(pending: PendingSignIn): boolean {
  try {
    const s = storage();
    if (!s) return false;
    s.setItem(PENDING_SIGN_IN_KEY, JSON.stringify(pending));
    return true;
  } catch {
    return false;
  }
}

export function readPendingSignIn(): PendingSignIn | null {
  try {
    return parsePendingSignIn(storage()?.getItem(PENDING_SIGN_IN_KEY), Date.now());
  } catch {
    return null;
  }
}

/** Forgets the sign-in with this state (a newer one, started meanwhile, stays). */
export function clearPendingSignIn(state: string): void {
  try {
    const s = storage();
    if (!s) return;
    const current = parsePendingSignIn(s.getItem(PENDING_SIGN_IN_KEY), 0);
    if (!current || current.state === state) s.removeItem(PENDING_SIGN_IN_KEY);
  } catch {
    // nothing to forget without storage
  }
}

export interface SignInChannel {
  post(message: SignInMessage): void;
  close(): void;
}

export function openSignInChannel(onMessage: (data: unknown) => void): SignInChannel {
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SIGN_IN_CHANNEL) : null;
  if (channel) channel.onmessage = (event: MessageEvent) => onMessage(event.data);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== MESSAGE_KEY || !event.newValue) return;
    try {
      onMessage(JSON.parse(event.newValue));
    } catch {
      // not ours
    }
  };
  if (!channel) window.addEventListener('storage', onStorage);
  return {
    post(message) {
      if (channel) {
        channel.postMessage(message);
        return;
      }
      try {
        // a nonce makes every message a change, so the other page hears it
        storage()?.setItem(MESSAGE_KEY, JSON.stringify({ ...message, nonce: Math.random() }));
      } catch {
        // no way to talk: the window says what to do instead
      }
    },
    close() {
      channel?.close();
      window.removeEventListener('storage', onStorage);
    },
  };
}

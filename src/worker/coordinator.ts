// One poll loop per browser: the data workers of all tabs of the console elect one leader with a Web Lock; the
// leader polls for every tab and the others follow it over a BroadcastChannel. A leader whose tab closes releases the
// lock at once; one whose tab froze stops sending its heartbeat, and a follower takes the lock over.
import { LEADER_LOCK, type LockManagerLike } from './early.ts';

export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export interface CoordinationOptions {
  locks: LockManagerLike;
  channel: () => ChannelLike;
  /** this tab's id (random by default) */
  tabId?: string;
  /** how often the leader says it is alive */
  heartbeatMs?: number;
}

const TAKEOVER_LOCK = 'alerta-console:poll-takeover';
const TAB_LOCK_PREFIX = 'alerta-console:tab:';

export type ChannelMessage = { from: string } & Record<string, unknown>;

/** The default coordination of a browser worker, or null where there is nothing to coordinate with (tests, old browsers). */
export function browserCoordination(): CoordinationOptions | null {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  if (!locks || typeof BroadcastChannel === 'undefined') return null;
  return { locks, channel: () => new BroadcastChannel('alerta-console:feeds') as unknown as ChannelLike };
}

export class Coordinator {
  readonly tabId: string;
  private leader = false;
  private channel: ChannelLike | null = null;
  private release: (() => void) | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private watch: ReturnType<typeof setInterval> | null = null;
  private lastHeard = Date.now();
  private stopped = false;
  private messageHandlers: ((message: ChannelMessage) => void)[] = [];

  constructor(
    private options: CoordinationOptions | null,
    private events: {
      /** this tab now polls for everyone */
      onLead: () => void;
      /** this tab no longer does (its lock was taken over, or it is being frozen) */
      onStepDown: () => void;
      /** how long a silent leader is waited for before a follower takes over */
      takeoverAfterMs: () => number;
    },
  ) {
    this.tabId = options?.tabId ?? crypto.randomUUID();
  }

  get isLeader(): boolean {
    return this.leader;
  }

  /** Whether other tabs can exist at all (false: this worker is alone and always leads). */
  get shared(): boolean {
    return this.options !== null;
  }

  start(): void {
    if (!this.options) {
      this.becomeLeader();
      return;
    }
    const { locks } = this.options;
    this.channel = this.options.channel();
    this.channel.addEventListener('message', (event) => this.receive(event.data));
    // This tab's own lock, held for its whole life: the leader reads which tabs are still there from the held locks.
    void locks.request(TAB_LOCK_PREFIX + this.tabId, {}, () => new Promise(() => undefined)).catch(() => undefined);
    this.queueForLead();
    this.watch = setInterval(() => void this.checkLeader(), 1000);
  }

  /** Broadcasts to the other tabs' workers. */
  send(message: Record<string, unknown>): void {
    this.channel?.postMessage({ ...message, from: this.tabId });
  }

  onMessage(handler: (message: ChannelMessage) => void): void {
    this.messageHandlers.push(handler);
  }

  /** The tabs whose workers are alive (their tab locks are held); this tab's own included. */
  async liveTabs(): Promise<Set<string>> {
    if (!this.options) return new Set([this.tabId]);
    const state = await this.options.locks.query();
    return new Set((state.held ?? []).map((l) => l.name ?? '').filter((n) => n.startsWith(TAB_LOCK_PREFIX)).map((n) => n.slice(TAB_LOCK_PREFIX.length)));
  }

  /** The page is being frozen or hidden for good: hand the polling to another tab now. */
  suspend(): void {
    if (this.leader) this.stepDown();
  }

  /** Back from a freeze: follow the leader, or lead again when nobody does. */
  resume(): void {
    this.lastHeard = Date.now();
    if (!this.leader && this.options && !this.release) this.queueForLead();
  }

  stop(): void {
    this.stopped = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.watch) clearInterval(this.watch);
    this.release?.();
    this.channel?.close();
  }

  private queueForLead(steal = false) {
    const locks = this.options!.locks;
    let resolveHeld!: () => void;
    const held = new Promise<void>((resolve) => (resolveHeld = resolve));
    this.release = resolveHeld;
    void locks
      .request(LEADER_LOCK, steal ? { steal: true } : {}, async () => {
        if (this.stopped || this.release !== resolveHeld) return;
        this.becomeLeader();
        await held;
      })
      .catch(() => {
        // The lock was taken over while this tab held it (it was frozen): it follows from now on.
        if (this.release === resolveHeld) {
          this.release = null;
          if (this.leader) this.stepDown(false);
        }
      });
  }

  private becomeLeader() {
    this.leader = true;
    this.lastHeard = Date.now();
    if (this.options) {
      this.send({ type: 'leader' });
      this.heartbeat = setInterval(() => this.send({ type: 'alive' }), this.options.heartbeatMs ?? 1000);
    }
    this.events.onLead();
  }

  private stepDown(release = true) {
    this.leader = false;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.events.onStepDown();
    if (release) {
      this.release?.();
      this.release = null;
    }
  }

  private receive(data: unknown) {
    if (!data || typeof data !== 'object') return;
    const message = data as ChannelMessage;
    if (message.from === this.tabId) return;
    if (message.type === 'leader' || message.type === 'alive') {
      this.lastHeard = Date.now();
      // Another tab leads (it took over while this one was frozen): follow it.
      if (this.leader && message.type === 'leader') this.stepDown();
      if (!this.leader && !this.release) this.queueForLead();
    }
    for (const handler of this.messageHandlers) handler(message);
  }

  /** A follower that has not heard the leader for too long takes over (one follower: the takeover lock decides). */
  private async checkLeader() {
    if (!this.options || this.leader || this.stopped) return;
    if (Date.now() - this.lastHeard < this.events.takeoverAfterMs()) return;
    await this.options.locks.request(TAKEOVER_LOCK, { ifAvailable: true }, async (lock) => {
      if (!lock || this.leader || Date.now() - this.lastHeard < this.events.takeoverAfterMs()) return;
      this.lastHeard = Date.now();
      this.release?.();
      this.queueForLead(true);
    });
  }
}

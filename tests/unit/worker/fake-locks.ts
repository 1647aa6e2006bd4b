// An in-memory Web Locks manager shared by several "tabs" (data services) of one test, with the parts of the API the
// coordinator uses: exclusive locks granted in order, ifAvailable, steal (the holder's request rejects with an
// AbortError), query(), and kill(tab) for a tab whose worker ends (its locks go, as a closed tab's do).
import type { LockManagerLike } from '../../../src/worker/early.ts';

interface Waiter {
  tab: string;
  grant: () => void;
}

interface Holder {
  tab: string;
  abort: (reason: Error) => void;
  released: boolean;
}

export class FakeLocks {
  private held = new Map<string, Holder>();
  private queues = new Map<string, Waiter[]>();

  for(tab: string): LockManagerLike {
    return {
      request: (name, options, callback) => this.request(tab, name, options, callback),
      query: async () => ({ held: [...this.held.keys()].map((name) => ({ name })) }),
    };
  }

  holder(name: string): string | undefined {
    return this.held.get(name)?.tab;
  }

  /** The tab's worker ended: its locks are released and its queued requests dropped. */
  kill(tab: string): void {
    for (const [name, queue] of this.queues) this.queues.set(name, queue.filter((w) => w.tab !== tab));
    for (const [name, holder] of [...this.held]) if (holder.tab === tab) this.releaseLock(name, holder);
  }

  private request(
    tab: string,
    name: string,
    options: { ifAvailable?: boolean; steal?: boolean },
    callback: (lock: unknown) => Promise<unknown>,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const grant = () => {
        const holder: Holder = { tab, released: false, abort: (e) => reject(e) };
        this.held.set(name, holder);
        void Promise.resolve()
          .then(() => callback({ name }))
          .then(
            (value) => {
              if (!holder.released) resolve(value);
              this.releaseLock(name, holder);
            },
            (error: unknown) => {
              if (!holder.released) reject(error);
              this.releaseLock(name, holder);
            },
          );
      };
      const current = this.held.get(name);
      if (options.steal) {
        if (current) {
          current.released = true;
          this.held.delete(name);
          const error = new Error('The lock was stolen');
          error.name = 'AbortError';
          current.abort(error);
        }
        grant();
      } else if (!current) grant();
      else if (options.ifAvailable) void Promise.resolve(callback(null)).then(resolve, reject);
      else this.queues.set(name, [...(this.queues.get(name) ?? []), { tab, grant }]);
    });
  }

  private releaseLock(name: string, holder: Holder) {
    holder.released = true;
    if (this.held.get(name) !== holder) return;
    this.held.delete(name);
    const queue = this.queues.get(name) ?? [];
    const next = queue.shift();
    this.queues.set(name, queue);
    next?.grant();
  }
}

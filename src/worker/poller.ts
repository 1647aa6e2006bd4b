// The polling loop: one cycle at a time, the next one scheduled after the last one finished, superseded cycles
// aborted and their late answers ignored, backoff while the network is gone, and a deadline per cycle: a cycle that
// has not finished in time is aborted and counts as a lost connection, so nothing ever stops the loop for good.
import { backoffDelay, retryCeilingMs } from '../core/backoff.ts';

export type CycleOutcome =
  | 'ok'
  /** the answer lacked part of what the view shows (a first start's rows, guessed without their notes): again soon */
  | 'soon'
  /** no response: retry with backoff */
  | 'network'
  /** a 4xx that polling again will not fix soon: wait long */
  | 'client-error'
  /** the session is gone: stop until told otherwise */
  | 'stop';

export interface PollerOptions {
  /** one cycle; must honour the signal and must not throw */
  cycle: (signal: AbortSignal) => Promise<CycleOutcome>;
  intervalMs: () => number;
  /** the cadence while the page is hidden (unless kiosk) */
  hiddenIntervalMs?: (interval: number) => number;
  /** how long one cycle may take before it is aborted and counted as a lost connection (default: no deadline) */
  timeoutMs?: (interval: number) => number;
  /** told when a cycle passed its deadline (its own requests normally time out first and say so themselves) */
  onTimeout?: () => void;
  /** told when the next cycle will run after one that failed (epoch ms), and null after one that succeeded */
  onRetryAt?: (at: number | null) => void;
  /** the longest wait between retries (default: retryCeilingMs of the interval) */
  backoffCapMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  random?: () => number;
}

/**
 * The wait before completing a view whose answer lacked a part ('soon'): long enough for the page to have drawn what
 * came (a newer answer arriving while React renders the first rows would start that render again), short enough that
 * the missing part follows at once to the eye.
 */
export const SOON_MS = 500;

/** waiting after a 4xx: the answer will not change in seconds, and hammering the server helps nobody */
const CLIENT_ERROR_WAIT_MS = 60_000;

export class Poller {
  private timer: unknown = null;
  private controller: AbortController | null = null;
  private generation = 0;
  private running = false;
  private hidden = false;
  private failures = 0;
  private inFlight: Promise<void> | null = null;

  constructor(private options: PollerOptions) {}

  get active() {
    return this.running;
  }

  /** The time between cycles now: the interval, or the slower cadence of a hidden page. */
  cadenceMs(): number {
    const interval = Math.max(1000, this.options.intervalMs());
    return this.hidden ? (this.options.hiddenIntervalMs?.(interval) ?? Math.max(interval * 6, 30_000)) : interval;
  }

  /** Starts polling, the first cycle after `delayMs` (default now). */
  startIn(delayMs: number): void {
    this.running = true;
    this.failures = 0;
    this.clearTimer();
    const setTimer = this.options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.timer = setTimer(() => {
      this.timer = null;
      void this.runNow();
    }, Math.max(0, delayMs));
  }

  /** Starts (or restarts) polling now: aborts the cycle in flight and drops its answer. */
  start(): Promise<void> {
    this.running = true;
    this.failures = 0;
    return this.runNow();
  }

  stop(): void {
    this.running = false;
    this.generation++;
    this.clearTimer();
    this.controller?.abort();
    this.controller = null;
  }

  /** A manual refresh: a cycle now, then the usual cadence. */
  refresh(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return this.runNow();
  }

  setHidden(hidden: boolean): void {
    const wasHidden = this.hidden;
    this.hidden = hidden;
    // Coming back to a hidden-then-visible tab: the data may be minutes old, so poll at once.
    if (wasHidden && !hidden && this.running) void this.runNow();
  }

  private runNow(): Promise<void> {
    this.clearTimer();
    this.controller?.abort();
    const generation = ++this.generation;
    const controller = new AbortController();
    this.controller = controller;
    const run = (async () => {
      const deadline = this.options.timeoutMs?.(Math.max(1000, this.options.intervalMs()));
      const outcome = deadline === undefined ? await this.options.cycle(controller.signal) : await this.withDeadline(controller, deadline);
      // A newer cycle (view change, refresh, stop) took over: this answer is stale, schedule nothing.
      if (generation !== this.generation || !this.running) return;
      this.controller = null;
      this.schedule(outcome);
    })();
    this.inFlight = run;
    return run;
  }

  /** The cycle's outcome, or 'network' when it has not finished by the deadline (it is aborted then). */
  private withDeadline(controller: AbortController, ms: number): Promise<CycleOutcome> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        controller.abort();
        this.options.onTimeout?.();
        resolve('network');
      }, ms);
      void this.options.cycle(controller.signal).then((outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      });
    });
  }

  private schedule(outcome: CycleOutcome) {
    if (outcome === 'stop') {
      this.running = false;
      return;
    }
    const interval = Math.max(1000, this.options.intervalMs());
    let delay: number;
    if (outcome === 'ok') {
      this.failures = 0;
      delay = this.cadenceMs();
    } else if (outcome === 'soon') {
      this.failures = 0;
      delay = SOON_MS;
    } else if (outcome === 'network') {
      delay = backoffDelay(this.failures++, {
        baseMs: interval,
        capMs: Math.max(interval, this.options.backoffCapMs ?? retryCeilingMs(interval)),
        minMs: interval,
        random: this.options.random,
      });
    } else {
      delay = Math.max(interval, CLIENT_ERROR_WAIT_MS);
    }
    this.options.onRetryAt?.(outcome === 'ok' || outcome === 'soon' ? null : Date.now() + delay);
    const setTimer = this.options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.timer = setTimer(() => {
      this.timer = null;
      void this.runNow();
    }, delay);
  }

  private clearTimer() {
    if (this.timer !== null) {
      (this.options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)))(this.timer);
      this.timer = null;
    }
  }

  /** For tests: resolves when the current cycle finished. */
  settled(): Promise<void> {
    return this.inFlight ?? Promise.resolve();
  }
}

import { describe, expect, it, vi, beforeEach, afterEach } from 'vitest';
import { Poller, SOON_MS, type CycleOutcome } from '../../../src/worker/poller.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A cycle whose answers the test controls: each call waits until the test resolves it. */
function controlledCycle() {
  const calls: { signal: AbortSignal; resolve: (o: CycleOutcome) => void }[] = [];
  const cycle = (signal: AbortSignal) => new Promise<CycleOutcome>((resolve) => calls.push({ signal, resolve }));
  return { calls, cycle };
}

async function flush() {
  await vi.advanceTimersByTimeAsync(0);
}

describe('Poller', () => {
  it('starts the next cycle only after the last one finished, one interval later', async () => {
    const { calls, cycle } = controlledCycle();
    const poller = new Poller({ cycle, intervalMs: () => 5000 });
    void poller.start();
    expect(calls).toHaveLength(1);
    // The request is slow: no second cycle piles up behind it.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toHaveLength(1);
    calls[0]!.resolve('ok');
    await flush();
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    poller.stop();
  });

  it('a cycle whose answer lacked part of the view asks to poll again soon, then the usual interval follows', async () => {
    const { calls, cycle } = controlledCycle();
    const retryAt: (number | null)[] = [];
    const poller = new Poller({ cycle, intervalMs: () => 5000, onRetryAt: (at) => retryAt.push(at) });
    void poller.start();
    calls[0]!.resolve('soon');
    await flush();
    await vi.advanceTimersByTimeAsync(SOON_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    // Not a failure: nothing says a retry is due.
    expect(retryAt).toEqual([null]);
    calls[1]!.resolve('ok');
    await flush();
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    poller.stop();
  });

  it('a restart aborts the cycle in flight and ignores its late answer: never two loops', async () => {
    const { calls, cycle } = controlledCycle();
    const poller = new Poller({ cycle, intervalMs: () => 1000 });
    void poller.start();
    void poller.start();
    void poller.start();
    expect(calls).toHaveLength(3);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(true);
    expect(calls[2]!.signal.aborted).toBe(false);
    // The superseded cycles answer late; only the current one schedules a follow-up.
    calls[0]!.resolve('ok');
    calls[1]!.resolve('ok');
    calls[2]!.resolve('ok');
    await flush();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(4);
    calls[3]!.resolve('ok');
    await flush();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(5);
    poller.stop();
  });

  it('stop cancels the timer and the request; nothing runs afterwards', async () => {
    const { calls, cycle } = controlledCycle();
    const poller = new Poller({ cycle, intervalMs: () => 1000 });
    void poller.start();
    calls[0]!.resolve('ok');
    await flush();
    poller.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(poller.active).toBe(false);
  });

  it('backs off with jitter while the network is gone, never faster than the interval, capped', async () => {
    const { calls, cycle } = controlledCycle();
    const poller = new Poller({ cycle, intervalMs: () => 2000, backoffCapMs: 16_000, random: () => 0.999 });
    void poller.start();
    const gaps: number[] = [];
    let last = Date.now();
    for (let i = 0; i < 6; i++) {
      calls[i]!.resolve('network');
      await flush();
      while (calls.length === i + 1) await vi.advanceTimersByTimeAsync(100);
      gaps.push(Date.now() - last);
      last = Date.now();
    }
    expect(gaps[0]).toBeGreaterThanOrEqual(2000);
    expect(gaps[1]).toBeGreaterThan(gaps[0]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(16_100);
    // Back to normal after a success: the next wait is the interval again.
    calls[6]!.resolve('ok');
    await flush();
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(8);
    poller.stop();
  });

  it('without a cap of its own, waits at most retryCeilingMs between retries: 15 s at a 5 s interval, and says when', async () => {
    const { calls, cycle } = controlledCycle();
    const retries: (number | null)[] = [];
    const poller = new Poller({ cycle, intervalMs: () => 5000, random: () => 0.999, onRetryAt: (at) => retries.push(at) });
    void poller.start();
    const gaps: number[] = [];
    let last = Date.now();
    for (let i = 0; i < 8; i++) {
      calls[i]!.resolve('network');
      await flush();
      expect(retries[i]).toBeGreaterThan(Date.now());
      const announced = retries[i]! - Date.now();
      while (calls.length === i + 1) await vi.advanceTimersByTimeAsync(100);
      gaps.push(Date.now() - last);
      expect(Math.abs(Date.now() - last - announced)).toBeLessThanOrEqual(100);
      last = Date.now();
    }
    expect(Math.max(...gaps)).toBeGreaterThan(14_000);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(15_100);
    calls[8]!.resolve('ok');
    await flush();
    expect(retries.at(-1)).toBeNull();
    poller.stop();
  });

  it('waits long after a client error and stops for good when told', async () => {
    const { calls, cycle } = controlledCycle();
    const poller = new Poller({ cycle, intervalMs: () => 1000 });
    void poller.start();
    calls[0]!.resolve('client-error');
    await flush();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve('stop');
    await flush();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toHaveLength(2);
    expect(poller.active).toBe(false);
  });

  it('slows down in a hidden tab and polls at once when visible again', async () => {
    const { calls, cycle } = controlledCycle();
    const poller = new Poller({ cycle, intervalMs: () => 5000 });
    poller.setHidden(true);
    void poller.start();
    calls[0]!.resolve('ok');
    await flush();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
    poller.setHidden(false);
    await flush();
    expect(calls).toHaveLength(2);
    poller.stop();
  });
});

describe('Poller deadline', () => {
  it('a cycle that never answers is aborted at its deadline, counts as a lost connection, and polling goes on', async () => {
    const { calls, cycle } = controlledCycle();
    const poller = new Poller({ cycle, intervalMs: () => 5000, timeoutMs: (i) => i + 5000, random: () => 0 });
    void poller.start();
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(calls[0]!.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[0]!.signal.aborted).toBe(true);
    // backoff after a failure: never sooner than the interval
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve('ok');
    await flush();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toHaveLength(3);
    poller.stop();
  });

  it('startIn keeps the cadence of a poll made elsewhere (a new leader waits for the next due cycle)', async () => {
    const { calls, cycle } = controlledCycle();
    const poller = new Poller({ cycle, intervalMs: () => 5000 });
    poller.startIn(3_000);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    poller.stop();
  });
});

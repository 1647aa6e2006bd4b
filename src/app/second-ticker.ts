// One timer for everything on screen that changes every second (the freshness age, the time-left and duration
// cells): one wake-up per second instead of one per clock, all of them in the same frame.
type Tick = (now: number) => void;

const tickers = new Set<Tick>();
let timer: ReturnType<typeof setInterval> | null = null;

/**
 * The timer, started in a function of its own: a callback created inside onSecond would share that call's closure
 * scope and so keep its `tick` (the first cell that ticked, with the detached row around it) while the timer runs.
 */
function startTimer(): ReturnType<typeof setInterval> {
  return setInterval(() => {
    const now = Date.now();
    for (const t of tickers) t(now);
  }, 1000);
}

/** Calls `tick` every second until the returned function is called. */
export function onSecond(tick: Tick): () => void {
  tickers.add(tick);
  timer ??= startTimer();
  return () => {
    tickers.delete(tick);
    if (tickers.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

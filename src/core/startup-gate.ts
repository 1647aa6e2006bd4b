// What waits for the console's first rows: service-worker registration, the app badge, the install offer,
// storage persistence. Before the first rows nothing but the first screen may use the main thread; afterwards each
// waiting task runs once, in the order given, each in its own turn (never all in one long task). When the first rows
// never come (another route, a failed start) the deadline starts them anyway.

export interface StartupGate {
  /** runs `task` once the console has started (at once, in its own turn, when it already has) */
  whenStarted(task: () => void): void;
  /** the first rows are on screen: start */
  firstRowsShown(): void;
  readonly started: boolean;
}

export interface GateTiming {
  /** runs a task in a later turn of the event loop (an idle callback in the browser) */
  schedule: (task: () => void) => void;
  /** calls `start` after `ms` */
  setTimer: (start: () => void, ms: number) => void;
  /** how long to wait for the first rows at most */
  deadlineMs: number;
  /** told once, when the gate opens */
  onStart?: (reason: 'first-rows' | 'deadline') => void;
}

export function createStartupGate(timing: GateTiming): StartupGate {
  let started = false;
  const waiting: (() => void)[] = [];
  const open = (reason: 'first-rows' | 'deadline') => {
    if (started) return;
    started = true;
    timing.onStart?.(reason);
    for (const task of waiting.splice(0)) timing.schedule(task);
  };
  timing.setTimer(() => open('deadline'), timing.deadlineMs);
  return {
    whenStarted(task) {
      if (started) timing.schedule(task);
      else waiting.push(task);
    },
    firstRowsShown() {
      open('first-rows');
    },
    get started() {
      return started;
    },
  };
}

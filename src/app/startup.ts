// The console's start-up gate (src/core/startup-gate.ts) in the browser: the first alerts snapshot, once painted,
// opens it (state/connect.ts says when it arrived); waiting tasks then run in idle time. Other routes (login, admin,
// an alert's page) and failed starts open it at the deadline.
import { atom } from 'jotai';
import { createStartupGate } from '../core/startup-gate.ts';
import { store } from './state/store.ts';

/** Longest wait for the first rows before the deferred work starts anyway. */
export const STARTUP_DEADLINE_MS = 5000;

/** true once the first rows are on screen (or the deadline passed): the badge and the install offer wait for it. */
export const startedAtom = atom(false);

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number };

/** Runs `task` when the main thread is idle (within 2 s at the latest). */
export function inIdleTime(task: () => void): void {
  const w = window as IdleWindow;
  if (w.requestIdleCallback) w.requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 0);
}

const gate = createStartupGate({
  schedule: inIdleTime,
  setTimer: (start, ms) => setTimeout(start, ms),
  deadlineMs: STARTUP_DEADLINE_MS,
  onStart: () => store.set(startedAtom, true),
});

/** Runs `task` once the first rows are on screen, in idle time. */
export const whenStarted = (task: () => void): void => gate.whenStarted(task);

/** The first snapshot of the alert list reached the store: open the gate once the browser has painted it. */
export function firstRowsArrived(): void {
  if (gate.started) return;
  // The first frame after this one is the one that shows the rows; the task after it runs once they are painted.
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => gate.firstRowsShown(), 0)));
}

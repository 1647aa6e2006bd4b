// The console's start-up gate (src/core/startup-gate.ts) in the browser: the alert list's first rows, once painted,
// open it (AlertList says when it rendered them); waiting tasks then run in idle time. Other routes (login, admin,
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

/**
 * The alert list has rendered its first rows (or said it has none): open the gate once the browser has painted them.
 * Not when their data arrives: the rows are rendered as a transition, in slices with idle time between them, and the
 * deferred work (the service worker's script first) must not start in that idle time, before the rows are on screen.
 */
export function listShown(): void {
  if (gate.started) return;
  // This frame paints the rows; the task after the next one runs once they are painted.
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => gate.firstRowsShown(), 0)));
}

import { describe, expect, it } from 'vitest';
import { createStartupGate } from '../../../src/core/startup-gate.ts';

function harness(deadlineMs = 5000) {
  const turns: (() => void)[] = [];
  const timers: { at: number; run: () => void }[] = [];
  const reasons: string[] = [];
  const gate = createStartupGate({
    schedule: (task) => turns.push(task),
    setTimer: (run, ms) => timers.push({ at: ms, run }),
    deadlineMs,
    onStart: (reason) => reasons.push(reason),
  });
  const runTurns = () => {
    const n = turns.length;
    for (const task of turns.splice(0)) task();
    return n;
  };
  return { gate, turns, timers, reasons, runTurns };
}

describe('startup gate', () => {
  it('runs nothing before the first rows', () => {
    const { gate, turns } = harness();
    const ran: string[] = [];
    gate.whenStarted(() => ran.push('sw'));
    expect(turns).toHaveLength(0);
    expect(ran).toEqual([]);
    expect(gate.started).toBe(false);
  });

  it('after the first rows, runs each waiting task once, in order, each in its own turn', () => {
    const { gate, runTurns, reasons } = harness();
    const ran: string[] = [];
    gate.whenStarted(() => ran.push('sw'));
    gate.whenStarted(() => ran.push('badge'));
    gate.firstRowsShown();
    expect(ran).toEqual([]);
    expect(runTurns()).toBe(2);
    expect(ran).toEqual(['sw', 'badge']);
    gate.firstRowsShown();
    expect(runTurns()).toBe(0);
    expect(ran).toEqual(['sw', 'badge']);
    expect(reasons).toEqual(['first-rows']);
  });

  it('a task given after the start runs in a later turn', () => {
    const { gate, runTurns } = harness();
    gate.firstRowsShown();
    const ran: string[] = [];
    gate.whenStarted(() => ran.push('late'));
    expect(ran).toEqual([]);
    runTurns();
    expect(ran).toEqual(['late']);
  });

  it('starts at the deadline when the first rows never come, and only once', () => {
    const { gate, timers, runTurns, reasons } = harness(4000);
    const ran: string[] = [];
    gate.whenStarted(() => ran.push('sw'));
    expect(timers.map((t) => t.at)).toEqual([4000]);
    timers[0]!.run();
    runTurns();
    expect(ran).toEqual(['sw']);
    expect(gate.started).toBe(true);
    gate.firstRowsShown();
    expect(runTurns()).toBe(0);
    expect(reasons).toEqual(['deadline']);
  });
});

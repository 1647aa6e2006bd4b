// The CPU time a piece of work takes, for tests that bound cost: a busy machine stretches the wall clock (another
// process takes the CPU mid-run), not the CPU time of this process (user + system, all its threads).

/** Milliseconds of this process's CPU time that `run` took. */
export function cpuMsOf(run: () => unknown): number {
  const before = process.cpuUsage();
  run();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

/**
 * How the tests that check a cost grows linearly measure it: CPU time of this process (all its threads),
 * which, unlike wall time, hardly changes when other processes are busy, and the best of a few runs, the
 * one least disturbed by garbage collection or a busy sibling core.
 */

/** The least CPU time, in ms, of `runs` calls of `run`. */
export function cpuTime(run: () => unknown, runs = 3): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

/**
 * How many times the CPU time of `small` the larger input takes (`large`). The small input is run twice to
 * warm up (the JIT), then timed best of five; the large one is timed once, and again (up to three times in all) only
 * while the ratio is over `bound` but under twice it: a slow run of a linear cost gets another try, a
 * quadratic one fails at once instead of spending seconds more.
 */
export function costRatio(small: () => unknown, large: () => unknown, bound: number): number {
  small();
  small();
  const one = cpuTime(small, 5);
  let four = cpuTime(large, 1);
  for (let run = 1; run < 3 && four >= bound * one && four < 2 * bound * one; run++) four = Math.min(four, cpuTime(large, 1));
  return four / one;
}

/**
 * How many times the CPU time of `small` the larger input takes (`large`), for a cost expected to grow
 * faster than its input (the published files a patch replaced): the small input is run twice to warm up,
 * then timed best of five, the large one once; tried again (up to three times in all) while the ratio is
 * not over `bound`, keeping the highest. A run can be disturbed either way; a cost that grows only with its
 * input never shows a bound set between linear and quadratic.
 */
export function overRatio(small: () => unknown, large: () => unknown, bound: number): number {
  small();
  small();
  let ratio = 0;
  for (let run = 0; run < 3 && ratio <= bound; run++) ratio = Math.max(ratio, cpuTime(large, 1) / cpuTime(small, 5));
  return ratio;
}

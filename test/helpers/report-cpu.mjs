// Loaded with `node --import` by test/helpers/cli.ts callers that measure a build's cost: on exit, prints
// the CPU time the whole process used (all its threads, in microseconds) as the last line of stderr. CPU
// time, unlike wall time, hardly changes with what else the machine is running.
import { writeSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  process.on('exit', () => {
    const { user, system } = process.cpuUsage();
    writeSync(2, `\necom-cpu-us ${user + system}\n`);
  });
}

// Counts the work a bundled module does, without timing it: the sum of V8's block-coverage counts over the
// bundle's code (every function call and every block entered: loop bodies, branches), read through the
// inspector. Run by countWork (markdown-probe.ts) as a process of its own with the optimizing and baseline
// compilers off, so every count comes from the interpreter and is exact: the same code and input give the
// same number on any machine, however busy.
//
//   node --no-opt --no-maglev --no-sparkplug test/helpers/count-work.mjs < {"bundle": PATH, "jobs": [{kind, doc}]}
// The bundle exports prepare(kind, doc) (not counted) and work(kind, prepared) (counted). Prints the counts
// as a JSON array, one per job.
import { Session } from 'node:inspector';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const request = JSON.parse(readFileSync(0, 'utf8'));
const url = pathToFileURL(request.bundle).href;
const probe = await import(url);
const session = new Session();
session.connect();
/** The inspector answers a session of this thread synchronously. */
function post(method, params) {
  let answer;
  session.post(method, params, (error, result) => {
    if (error) throw error;
    answer = result;
  });
  return answer;
}
post('Profiler.enable');
post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });

function count(job) {
  const prepared = probe.prepare(job.kind, job.doc);
  post('Profiler.takePreciseCoverage'); // resets the counters
  probe.work(job.kind, prepared);
  const { result } = post('Profiler.takePreciseCoverage');
  let work = 0;
  for (const script of result)
    if (script.url === url) for (const fn of script.functions) for (const range of fn.ranges) work += range.count;
  return work;
}

// Each kind once first: a first call also makes what a parser keeps for the next (combined constructs).
for (const kind of new Set(request.jobs.map((job) => job.kind))) count({ kind, doc: 'a *b* [c](d)\n\n- e\n' });
console.log(JSON.stringify(request.jobs.map(count)));

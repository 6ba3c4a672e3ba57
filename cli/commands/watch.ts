/** `ecom-site watch`: build, serve with live reload, rebuild on change (issue 5; not built yet). */
import { formatProblem, problem } from '../core/errors.ts';

/** Runs `watch`; until the dev server lands it says so and exits 1. */
export async function runWatch(): Promise<number> {
  process.stderr.write(`${formatProblem(problem('NOT_IMPLEMENTED', '`ecom-site watch` is not available yet; use `ecom-site build` and any static server.'))}\n`);
  return 1;
}

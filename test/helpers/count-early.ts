/**
 * Which path each build's early index took (cli/core/write/search-early.ts), for tests that mock the
 * module with this: its type alone is imported here, so a mock factory may load this file.
 */
import type * as SearchEarly from '../../cli/core/write/search-early.ts';

/** `original` with `completeEarly` noting into `into` whether each call completed it (true) or threw it away. */
export function countingCompletions(original: typeof SearchEarly, into: boolean[]): typeof SearchEarly {
  return {
    ...original,
    completeEarly: async (...args: Parameters<typeof original.completeEarly>) => {
      const session = await original.completeEarly(...args);
      into.push(session !== undefined);
      return session;
    },
  };
}

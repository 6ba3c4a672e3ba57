/** What each command gets from the program (cli/index.ts), which wires the commands and nothing else. */

/** The project, the global flags and the exit code, as the commands share them. */
export interface CommandEnv {
  /** The project root: where templates/, public/ and client/ are. */
  root: string;
  /** True when `--debug` was given: errors are printed with their stack. */
  debug(): boolean;
  /** Records the exit code of the command that ran, which `main` returns. */
  exit(code: number): void;
}

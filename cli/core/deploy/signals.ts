/**
 * Ctrl-C (or SIGTERM) during a deploy: the first aborts the requests in flight and starts no more (the
 * deploy then releases its lock and ends as the signal would, 130 or 143); a second exits at once.
 */

/** The abort signal the deploy runs under, the exit code a signal asked for, and the release of the handlers. */
export interface SignalStop {
  signal: AbortSignal;
  /** 130 after SIGINT, 143 after SIGTERM, undefined while none came. */
  stoppedBy(): number | undefined;
  release(): void;
}

/**
 * What the handlers need of the process: `process` itself, or a stand-in that lets the tests deliver
 * signals and see the exit without ending the test run.
 */
export interface SignalSource {
  on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
  off(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
  exit(code: number): void;
}

/** Listens for SIGINT and SIGTERM on `source` until `release`. */
export function abortOnSignals(source: SignalSource = process): SignalStop {
  const controller = new AbortController();
  let stoppedBy: number | undefined;
  const stop = (signal: NodeJS.Signals): void => {
    const code = signal === 'SIGINT' ? 130 : 143;
    if (controller.signal.aborted) source.exit(code);
    stoppedBy = code;
    controller.abort();
  };
  source.on('SIGINT', stop);
  source.on('SIGTERM', stop);
  return {
    signal: controller.signal,
    stoppedBy: () => stoppedBy,
    release: () => {
      source.off('SIGINT', stop);
      source.off('SIGTERM', stop);
    },
  };
}

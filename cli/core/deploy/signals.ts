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

/** Listens for SIGINT and SIGTERM until `release`. */
export function abortOnSignals(): SignalStop {
  const controller = new AbortController();
  let stoppedBy: number | undefined;
  const stop = (signal: NodeJS.Signals): void => {
    const code = signal === 'SIGINT' ? 130 : 143;
    if (controller.signal.aborted) process.exit(code);
    stoppedBy = code;
    controller.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return {
    signal: controller.signal,
    stoppedBy: () => stoppedBy,
    release: () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}

/**
 * Ctrl-C during a deploy (cli/core/deploy/signals.ts), with the signals delivered to a stand-in for the
 * process: the first aborts the deploy and sets the exit code it ends with, a second exits at once, and
 * once released the deploy no longer answers signals.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { abortOnSignals } from '../../../../cli/core/deploy/signals.ts';

/** A process that records the exits asked of it instead of exiting. */
function fakeProcess(): EventEmitter & { exits: number[]; exit(code: number): void } {
  const exits: number[] = [];
  return Object.assign(new EventEmitter(), { exits, exit: (code: number) => void exits.push(code) });
}

describe('abortOnSignals', () => {
  it('runs undisturbed until a signal comes', () => {
    const host = fakeProcess();
    const stop = abortOnSignals(host);
    expect(stop.signal.aborted).toBe(false);
    expect(stop.stoppedBy()).toBeUndefined();
    expect(host.exits).toEqual([]);
    stop.release();
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('aborts the deploy on the first %s, which then ends with %i, without exiting', (signal, code) => {
    const host = fakeProcess();
    const stop = abortOnSignals(host);
    host.emit(signal, signal);
    expect(stop.signal.aborted).toBe(true);
    expect(stop.stoppedBy()).toBe(code);
    expect(host.exits).toEqual([]);
    stop.release();
  });

  it('exits at once on a second signal, with its own code', () => {
    const host = fakeProcess();
    const stop = abortOnSignals(host);
    host.emit('SIGINT', 'SIGINT');
    host.emit('SIGTERM', 'SIGTERM');
    expect(host.exits).toEqual([143]);
    stop.release();
  });

  it('stops listening once released, leaving no handler behind', () => {
    const host = fakeProcess();
    const stop = abortOnSignals(host);
    expect([host.listenerCount('SIGINT'), host.listenerCount('SIGTERM')]).toEqual([1, 1]);
    stop.release();
    expect([host.listenerCount('SIGINT'), host.listenerCount('SIGTERM')]).toEqual([0, 0]);
    host.emit('SIGTERM', 'SIGTERM');
    expect(stop.signal.aborted).toBe(false);
    expect(stop.stoppedBy()).toBeUndefined();
  });
});
